//===----------------------------------------------------------------------===//
// ProgressSVG: one frame → one standalone SVG document.
//===----------------------------------------------------------------------===//

public import ProgressIndicatorKit
import ProgressStateMachine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Draws a `ProgressFrame` as SVG with its exact geometry: strokes with
/// round caps, arcs as elliptical-arc path commands, the clip rectangle, the
/// texts and the centre image clipped round.
///
/// The document's `viewBox` is the frame in points and its `width` and
/// `height` are those points times the scale, so the same picture comes out
/// sharp at 1×, 2× and 3×.
///
/// ```swift
/// let model = try ProgressIndicatorModel(progress: 0.5, size: FrameSize(width: 320, height: 40))
/// let svg = SVGRenderer().document(for: model.frame(at: 0), scale: 2)
/// // <svg xmlns="http://www.w3.org/2000/svg" width="640" height="80" viewBox="0 0 320 40" …>
/// ```
public struct SVGRenderer: Sendable {
  /// How colours are written.
  public enum Colors: Hashable, Sendable {
    /// As `#RRGGBB` with an opacity when not opaque: a standalone document.
    case literal
    /// As `var(--track)`, `var(--progress)` and `var(--text)`: for a page
    /// whose style sheet sets the theme.
    case cssVariables
  }

  /// How colours are written.
  public var colors: Colors
  /// The font family of the texts.
  public var fontFamily: String

  /// Creates a renderer.
  ///
  /// - Parameters:
  ///   - colors: Literal colours (the default) or CSS variables.
  ///   - fontFamily: The font family of the texts.
  public init(
    colors: Colors = .literal,
    fontFamily: String = "'DejaVu Sans', Helvetica, Arial, sans-serif"
  ) {
    self.colors = colors
    self.fontFamily = fontFamily
  }

  /// A standalone SVG document for a frame.
  ///
  /// - Parameters:
  ///   - frame: The frame.
  ///   - scale: Device pixels per point: 1, 2 or 3 (any positive value).
  ///   - background: A colour to fill the frame with first, or `nil` for a
  ///     transparent background.
  /// - Returns: The document, UTF-8 text.
  /// - Complexity: O(1) apart from the embedded image, which is O(*n*) in
  ///   its bytes.
  public func document(for frame: ProgressFrame, scale: Double = 1, background: FrameColor? = nil)
    -> String
  {
    let width = frame.size.width
    let height = frame.size.height
    let factor = scale.isFinite && scale > 0 ? scale : 1
    var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\""
    svg +=
      " width=\"\(SVGText.number(width * factor))\" height=\"\(SVGText.number(height * factor))\""
    svg += " viewBox=\"0 0 \(SVGText.number(width)) \(SVGText.number(height))\""
    svg += accessibilityAttributes(frame) + ">\n"
    if let background {
      svg += "<rect width=\"100%\" height=\"100%\"\(paint("fill", background))/>\n"
    }
    svg += elements(for: frame, idPrefix: "p")
    svg += "</svg>\n"
    return svg
  }

  /// The elements of a frame without the `<svg>` element around them: to
  /// place several frames in one page.
  ///
  /// - Parameters:
  ///   - frame: The frame.
  ///   - idPrefix: A prefix for the `id`s of clip paths, unique in the page.
  /// - Returns: The elements; empty for a hidden frame.
  package func elements(for frame: ProgressFrame, idPrefix: String) -> String {
    guard !frame.isHidden, frame.visibleFraction > 0 else { return "" }
    var body = ""
    var defs = ""
    if let track = frame.track {
      body += stroke(track.geometry, role: .track, theme: frame.theme)
    }
    for segment in frame.segments {
      if let wave = frame.wave, wave.amplitude > 0, wave.wavelength > 0 {
        body += waveStroke(segment.geometry, wave: wave, path: frame.path, theme: frame.theme)
      } else {
        body += stroke(segment.geometry, role: .progress, theme: frame.theme)
      }
    }
    if let stop = frame.stopIndicator, stop.size.width > 0 {
      // Material 3's stop indicator: a round dot in the progress colour (MT-15).
      body +=
        "<circle cx=\"\(SVGText.number(stop.center.x))\" cy=\"\(SVGText.number(stop.center.y))\""
        + " r=\"\(SVGText.number(stop.size.width / 2))\""
        + paint("fill", frame.theme.progress, variable: "progress")
        + "/>\n"
    }
    for item in [frame.leftLabel, frame.percentage].compactMap({ $0 }) {
      body += text(item, theme: frame.theme)
    }
    if let image = frame.image {
      let clipID = idPrefix + "-image"
      defs += "<clipPath id=\"\(clipID)\"><circle cx=\"\(SVGText.number(image.clipCenter.x))\""
      defs +=
        " cy=\"\(SVGText.number(image.clipCenter.y))\" r=\"\(SVGText.number(image.clipRadius))\"/></clipPath>"
      body += self.image(image, clipID: clipID)
    }
    guard let clip = frame.clip else {
      return (defs.isEmpty ? "" : "<defs>" + defs + "</defs>\n") + body
    }
    let clipID = idPrefix + "-clip"
    defs +=
      "<clipPath id=\"\(clipID)\"><rect x=\"\(SVGText.number(clip.minX))\" y=\"\(SVGText.number(clip.minY))\""
    defs +=
      " width=\"\(SVGText.number(clip.size.width))\" height=\"\(SVGText.number(clip.size.height))\"/></clipPath>"
    return "<defs>" + defs + "</defs>\n<g clip-path=\"url(#\(clipID))\">\n" + body + "</g>\n"
  }

  // MARK: - Strokes

  enum Role {
    case track
    case progress
  }

  func stroke(_ geometry: SegmentGeometry, role: Role, theme: ProgressTheme) -> String {
    let width: Double
    switch geometry {
    case .line(let line): width = line.lineWidth
    case .arc(let arc): width = arc.lineWidth
    }
    guard width > 0 else { return "" }
    let color = role == .track ? theme.track : theme.progress
    let variable = role == .track ? "track" : "progress"
    return "<path d=\"\(Self.pathData(geometry))\" fill=\"none\""
      + paint("stroke", color, variable: variable)
      + " stroke-width=\"\(SVGText.number(width))\" stroke-linecap=\"round\"/>\n"
  }

  /// A progress stroke that follows Material 3's wave (MT-13, MT-17).
  func waveStroke(
    _ geometry: SegmentGeometry, wave: WaveGeometry, path: SegmentGeometry, theme: ProgressTheme
  ) -> String {
    let width: Double
    switch geometry {
    case .line(let line): width = line.lineWidth
    case .arc(let arc): width = arc.lineWidth
    }
    guard width > 0 else { return "" }
    return "<path d=\"\(Self.wavePathData(geometry, wave: wave, path: path))\" fill=\"none\""
      + paint("stroke", theme.progress, variable: "progress")
      + " stroke-width=\"\(SVGText.number(width))\" stroke-linecap=\"round\""
      + " stroke-linejoin=\"round\"/>\n"
  }

  /// The path data of a wavy stroke's centreline (MT-17).
  ///
  /// The segment's line or arc offset across by the wave, as a polyline of
  /// 16 points a wavelength. Distances run along the frame's path from its
  /// start: from the path's `fromX` on a bar, clockwise from 12 o'clock
  /// turned by the segment's rotation on a ring (MT-26).
  ///
  /// - Parameters:
  ///   - geometry: The segment's geometry.
  ///   - wave: The frame's wave.
  ///   - path: The frame's whole path.
  /// - Returns: SVG path data.
  package static func wavePathData(
    _ geometry: SegmentGeometry, wave: WaveGeometry, path: SegmentGeometry
  ) -> String {
    var data = ""
    func add(_ x: Double, _ y: Double) {
      data += (data.isEmpty ? "M" : "L") + SVGText.number(x) + " " + SVGText.number(y)
    }
    switch geometry {
    case .line(let line):
      var origin = line.fromX
      if case .line(let whole) = path { origin = whole.fromX }
      let direction: Double = line.toX >= line.fromX ? 1 : -1
      let start = abs(line.fromX - origin)
      let length = abs(line.toX - line.fromX)
      let count = wave.segmentCount(alongLength: length)
      for index in 0...count {
        // The fraction first: a length near Double's greatest overflows times the index.
        let along = length * (Double(index) / Double(count))
        add(
          line.fromX + direction * along,
          line.centerY - wave.displacement(atDistance: start + along))
      }
    case .arc(let arc):
      let circumference = 2 * Double.pi * arc.radius
      let startAngle = arc.startAngle + arc.rotation
      let span = min(arc.endAngle - arc.startAngle, 360)
      // A ring whose circumference is not a finite number has no wave to draw.
      guard circumference > 0, circumference.isFinite, span > 0 else { return pathData(geometry) }
      let count = wave.segmentCount(alongLength: circumference * span / 360)
      for index in 0...count {
        let degrees = startAngle + span * Double(index) / Double(count)
        // Measured from 12 o'clock turned with the stroke: the wave turns
        // with a rotating loop, as the sources rotate the whole path (MT-26).
        let radius =
          arc.radius - wave.displacement(atDistance: (degrees - arc.rotation) / 360 * circumference)
        let radians = degrees * Double.pi / 180
        add(arc.center.x + radius * sin(radians), arc.center.y - radius * cos(radians))
      }
    }
    return data
  }

  /// The path data of a stroke's centreline: a line, or arcs clockwise from
  /// 12 o'clock, split in two when they make a full turn.
  ///
  /// - Parameter geometry: The segment's geometry.
  /// - Returns: SVG path data.
  package static func pathData(_ geometry: SegmentGeometry) -> String {
    switch geometry {
    case .line(let line):
      let y = SVGText.number(line.centerY)
      return "M\(SVGText.number(line.fromX)) \(y)L\(SVGText.number(line.toX)) \(y)"
    case .arc(let arc):
      let start = arc.startAngle + arc.rotation
      let span = min(arc.endAngle - arc.startAngle, 360)
      let radius = SVGText.number(arc.radius)
      func point(_ degrees: Double) -> String {
        let radians = degrees * Double.pi / 180
        let x = arc.center.x + arc.radius * sin(radians)
        let y = arc.center.y - arc.radius * cos(radians)
        return SVGText.number(x) + " " + SVGText.number(y)
      }
      guard span > 0 else { return "M\(point(start))L\(point(start))" }
      if span >= 360 {
        return "M\(point(start))A\(radius) \(radius) 0 1 1 \(point(start + 180))"
          + "A\(radius) \(radius) 0 1 1 \(point(start + 360))"
      }
      let large = span > 180 ? 1 : 0
      return "M\(point(start))A\(radius) \(radius) 0 \(large) 1 \(point(start + span))"
    }
  }

  // MARK: - Texts and image

  func text(_ item: TextItem, theme: ProgressTheme) -> String {
    let x: Double
    let anchor: String
    switch item.alignment {
    case .left: (x, anchor) = (item.frame.minX, "start")
    case .center: (x, anchor) = (item.frame.center.x, "middle")
    case .right: (x, anchor) = (item.frame.maxX, "end")
    }
    var element = "<text x=\"\(SVGText.number(x))\" y=\"\(SVGText.number(item.frame.center.y))\""
    element +=
      " font-family=\"\(SVGText.escape(fontFamily))\" font-size=\"\(SVGText.number(item.fontSize))\""
    element += " text-anchor=\"\(anchor)\" dominant-baseline=\"central\""
    element += paint("fill", theme.text, variable: "text")
    if item.opacity < 1 { element += " opacity=\"\(SVGText.number(item.opacity))\"" }
    return element + ">" + SVGText.escape(item.text) + "</text>\n"
  }

  func image(_ item: ImageItem, clipID: String) -> String {
    let frame = item.frame
    var element = ""
    let opacity = item.opacity < 1 ? " opacity=\"\(SVGText.number(item.opacity))\"" : ""
    if let data = item.image.encodedData {
      element += "<image x=\"\(SVGText.number(frame.minX))\" y=\"\(SVGText.number(frame.minY))\""
      element +=
        " width=\"\(SVGText.number(frame.size.width))\" height=\"\(SVGText.number(frame.size.height))\""
      element += " preserveAspectRatio=\"xMidYMid meet\" clip-path=\"url(#\(clipID))\"" + opacity
      element += " href=\"data:\(Self.mediaType(data));base64,\(SVGText.base64(data))\"/>\n"
    } else {
      // No bytes to embed: a placeholder in the image's rectangle, named.
      element += "<rect x=\"\(SVGText.number(frame.minX))\" y=\"\(SVGText.number(frame.minY))\""
      element +=
        " width=\"\(SVGText.number(frame.size.width))\" height=\"\(SVGText.number(frame.size.height))\""
      element += " fill=\"#C0C6CC\" clip-path=\"url(#\(clipID))\"" + opacity + ">"
      element += "<title>" + SVGText.escape(item.image.identifier) + "</title></rect>\n"
    }
    return element
  }

  /// The media type of encoded image bytes, from their signature.
  static func mediaType(_ data: [UInt8]) -> String {
    if data.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "image/png" }
    if data.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
    if data.starts(with: Array("GIF8".utf8)) { return "image/gif" }
    if data.starts(with: Array("<svg".utf8)) || data.starts(with: Array("<?xml".utf8)) {
      return "image/svg+xml"
    }
    return "application/octet-stream"
  }

  // MARK: - Attributes

  func paint(_ attribute: String, _ color: FrameColor, variable: String? = nil) -> String {
    if colors == .cssVariables, let variable {
      return " \(attribute)=\"var(--\(variable))\""
    }
    var text = " \(attribute)=\"" + String(color.description.prefix(7)) + "\""
    if color.alpha < 1 { text += " \(attribute)-opacity=\"\(SVGText.number(color.alpha))\"" }
    return text
  }

  func accessibilityAttributes(_ frame: ProgressFrame) -> String {
    var text = " role=\"progressbar\""
    if let label = frame.accessibilityLabel { text += " aria-label=\"\(SVGText.escape(label))\"" }
    if let value = frame.accessibilityValue {
      if case .percent(let percent) = value {
        text += " aria-valuemin=\"0\" aria-valuemax=\"100\" aria-valuenow=\"\(percent)\""
      }
      text += " aria-valuetext=\"\(SVGText.escape(value.description))\""
    }
    return text
  }
}
