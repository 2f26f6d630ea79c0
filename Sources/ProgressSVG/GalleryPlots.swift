//===----------------------------------------------------------------------===//
// ProgressSVG: charts of the loops and of the easing curves.
//===----------------------------------------------------------------------===//

import ProgressIndicatorKit
import ProgressStateMachine
import Timeline

/// SVG charts that show motion: the tracks of a loop over one period, and
/// easing curves.
enum GalleryPlots {
  /// The CSS easing keywords plotted, read by our own CSS parser.
  static let easingNames = [
    "linear", "ease", "ease-in", "ease-out", "ease-in-out", "step-start", "step-end",
    "steps(4, jump-none)", "cubic-bezier(0.4, 0, 0.2, 1)", "linear(0, 0.25 75%, 1)",
  ]

  static let palette = ["#007DBC", "#E4002B", "#2E9E44", "#8A4FBF"]

  /// The tracks of a loop over one period: fraction of the path against
  /// time.
  static func motionChart(_ motion: IndeterminateMotion) -> String {
    let (width, height, margin) = (360.0, 200.0, 36.0)
    let plotWidth = width - 2 * margin
    let plotHeight = height - 2 * margin
    var svg =
      "<svg class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" width=\"\(SVGText.number(width))\""
    svg +=
      " height=\"\(SVGText.number(height))\" font-size=\"11\" font-family=\"'DejaVu Sans', sans-serif\">"
    svg += "<title>\(motion.family) \(motion.shape) loop</title>"
    svg +=
      "<text x=\"\(SVGText.number(margin))\" y=\"16\" font-size=\"13\">\(motion.family) \(motion.shape)"
    svg += " — period \(SVGText.number(motion.period)) s</text>"
    svg += axes(x: margin, y: margin, width: plotWidth, height: plotHeight)
    svg +=
      "<text x=\"\(SVGText.number(margin + plotWidth))\" y=\"\(SVGText.number(height - 8))\" text-anchor=\"end\">time</text>"
    svg +=
      "<text x=\"4\" y=\"\(SVGText.number(margin + 4))\">1</text><text x=\"4\" y=\"\(SVGText.number(margin + plotHeight))\">0</text>"
    let samples = 240
    for (index, track) in motion.timeline.tracks.enumerated() {
      var points: [String] = []
      for step in 0...samples {
        let time = motion.period * Double(step) / Double(samples)
        let value = motion.timeline.value(ofTrack: index, at: time) ?? 0
        let x = margin + plotWidth * Double(step) / Double(samples)
        let y = margin + plotHeight * (1 - min(max(value, 0), 1))
        points.append(SVGText.number(x) + "," + SVGText.number(y))
      }
      let color = palette[index % palette.count]
      svg +=
        "<polyline fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\" points=\"\(points.joined(separator: " "))\"/>"
      let legendX = margin + 8 + Double(index) * 78
      svg +=
        "<text x=\"\(SVGText.number(legendX))\" y=\"\(SVGText.number(margin - 6))\" fill=\"\(color)\">"
      svg += SVGText.escape(track.name) + "</text>"
    }
    return svg + "</svg>\n"
  }

  /// One easing curve: output against input progress, 0 to 1.
  static func easingChart(_ name: String) -> String {
    let (side, margin) = (150.0, 22.0)
    let plot = side - 2 * margin
    var svg =
      "<svg class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" width=\"\(SVGText.number(side))\""
    svg +=
      " height=\"\(SVGText.number(side + 6))\" font-size=\"10\" font-family=\"'DejaVu Sans', sans-serif\">"
    svg += "<title>\(SVGText.escape(name))</title>"
    svg +=
      "<text x=\"\(SVGText.number(side / 2))\" y=\"14\" text-anchor=\"middle\">\(SVGText.escape(name))</text>"
    svg += axes(x: margin, y: margin, width: plot, height: plot)
    guard let easing = try? Easing(cssText: name) else {
      return svg + "<text x=\"\(SVGText.number(margin))\" y=\"60\">invalid</text></svg>\n"
    }
    var path = ""
    let samples = 200
    for step in 0...samples {
      let input = Double(step) / Double(samples)
      let output = easing.value(at: input)
      let x = margin + plot * input
      let y = margin + plot * (1 - output)
      path += (step == 0 ? "M" : "L") + SVGText.number(x) + " " + SVGText.number(y)
    }
    svg += "<path d=\"\(path)\" fill=\"none\" stroke=\"#007DBC\" stroke-width=\"2\"/>"
    return svg + "</svg>\n"
  }

  static func axes(x: Double, y: Double, width: Double, height: Double) -> String {
    "<rect x=\"\(SVGText.number(x))\" y=\"\(SVGText.number(y))\" width=\"\(SVGText.number(width))\""
      + " height=\"\(SVGText.number(height))\" fill=\"none\" stroke=\"#B0B8C0\" stroke-width=\"1\"/>"
  }
}
