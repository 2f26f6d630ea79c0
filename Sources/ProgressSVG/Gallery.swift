//===----------------------------------------------------------------------===//
// ProgressSVG: every variant in one offline HTML page, animated from our
// own frames, with plots of the loops and the easing curves.
//===----------------------------------------------------------------------===//

public import ProgressIndicatorKit
import ProgressStateMachine
import Timeline

/// A self-contained HTML page that shows every variant × size × style ×
/// track setting × mode, in the light and dark themes, animated.
///
/// The animations are not CSS: each cell's frames are sampled from the
/// indicator's own timeline at ``framesPerSecond`` and stored in the page as
/// SVG; a few lines of script show the frame of the current time. The page
/// also plots, as SVG charts, the head and tail of every indeterminate loop
/// over one period and every named CSS easing curve. Open it with
/// `?still` to stop the animation (for screenshots).
///
/// ```swift
/// let html = try Gallery().html()
/// ```
public struct Gallery: Sendable {
  /// How many frames a second are sampled for each animated cell.
  public var framesPerSecond: Double

  /// Creates a gallery.
  ///
  /// - Parameter framesPerSecond: The sampling rate of the animations; 20
  ///   by default, from 1 to 60.
  public init(framesPerSecond: Double = 20) {
    self.framesPerSecond = min(max(framesPerSecond, 1), 60)
  }

  /// One cell: an indicator setting and a mode.
  struct Cell {
    var configuration: ProgressConfiguration
    var size: FrameSize
    var indeterminate: Bool
  }

  /// The determinate script every determinate cell plays, and its period.
  static let determinateScript: [(time: Double, progress: Double)] = [
    (0.3, 0.3), (1.3, 0.75), (2.3, 1),
  ]
  static let determinatePeriod = 3.4

  /// The page.
  ///
  /// - Returns: The HTML text.
  /// - Throws: `IndicatorError` if a cell cannot be laid out (not for the
  ///   built-in cells).
  /// - Complexity: O(cells × frames).
  public func html() throws(IndicatorError) -> String {
    let rows = Self.rows()
    // Each cell is sampled once: its animation for the script, and the
    // still frame both themes show before the script runs.
    let renderer = SVGRenderer(colors: .cssVariables)
    var data: [String] = []
    var stills: [String] = []
    for cell in rows.flatMap(\.cells) {
      let sampled = try frames(of: cell)
      data.append(animation(of: sampled.frames, index: data.count))
      stills.append(renderer.elements(for: sampled.still, idPrefix: "c\(stills.count)"))
    }
    var page = Self.head
    for theme in [("Light", "light"), ("Dark", "dark")] {
      page += "<section class=\"theme \(theme.1)\">\n<h2>\(theme.0) theme</h2>\n<table>\n"
      page += "<tr><th>variant</th><th>determinate</th><th>determinate, no track</th>"
      page += "<th>indeterminate</th><th>indeterminate, no track</th></tr>\n"
      var index = 0
      for row in rows {
        page += "<tr><th>\(SVGText.escape(row.title))</th>"
        for cell in row.cells {
          page += "<td><svg data-cell=\"\(index)\" width=\"\(SVGText.number(cell.size.width))\""
          page += " height=\"\(SVGText.number(cell.size.height))\""
          page +=
            " viewBox=\"0 0 \(SVGText.number(cell.size.width)) \(SVGText.number(cell.size.height))\">"
          page += stills[index]
          page += "</svg></td>"
          index += 1
        }
        page += "</tr>\n"
      }
      page += "</table>\n</section>\n"
    }
    page +=
      "<section class=\"plots\">\n<h2>The indeterminate loops: head and tail over one period</h2>\n"
    for family in [IndeterminateMotion.Family.vitamin, .material] {
      for shape in [ProgressFrame.Shape.linear, .circular] {
        page += GalleryPlots.motionChart(IndeterminateMotion.motion(family, shape))
      }
    }
    page += "\n<h2>The named easing curves</h2>\n"
    for name in GalleryPlots.easingNames {
      page += GalleryPlots.easingChart(name)
    }
    page += "\n</section>\n"
    page += "<script>\nconst fps = \(SVGText.number(framesPerSecond));\nconst cells = [\n"
    page += data.joined(separator: ",\n")
    page += "\n];\n" + Self.script + "</script>\n</body>\n</html>\n"
    return page
  }

  // MARK: - Cells

  struct Row {
    var title: String
    var cells: [Cell]
  }

  static func rows() -> [Row] {
    var rows: [Row] = []
    var variants: [(String, ProgressVariant, FrameSize)] = []
    for size in ProgressVariant.LinearSize.allCases {
      for style in ProgressVariant.LinearStyle.allCases {
        variants.append(
          (
            "linear \(size.rawValue) \(style.rawValue)", .linear(size: size, style: style),
            FrameSize(width: 260, height: 48)
          ))
      }
    }
    let image = ProgressImage(
      identifier: "mountain", pixelWidth: 96, pixelHeight: 64, encodedData: Array(mountainSVG.utf8))
    for size in ProgressVariant.CircularSize.allCases where !size.isMaterial3 {
      let side = size == .small ? 72.0 : 136.0
      for (name, style) in [
        ("percentage", ProgressVariant.CircularStyle.percentage), ("image", .image(image)),
        ("empty", .empty),
      ] {
        variants.append(
          (
            "circular \(size.rawValue) \(name)", .circular(size: size, style: style),
            FrameSize(width: side, height: side)
          ))
      }
    }
    for (title, variant, size) in variants {
      rows.append(Row(title: title, cells: cells(variant, size, style: .vitamin)))
    }
    // The Material loops, on one size of each shape.
    rows.append(
      Row(
        title: "linear medium empty, material loop",
        cells: cells(
          .linear(size: .medium, style: .empty), FrameSize(width: 260, height: 48), style: .material
        )))
    rows.append(
      Row(
        title: "circular medium empty, material loop",
        cells: cells(
          .circular(size: .medium, style: .empty), FrameSize(width: 136, height: 136),
          style: .material))
    )
    // Material 3, flat and wavy, on its bar and its three ring sizes (MT-13
    // to MT-15, MT-27).
    for shape in Material3Style.Shape.allCases {
      rows.append(
        Row(
          title: "linear small empty, Material 3 \(shape.rawValue)",
          cells: cells(
            .linear(size: .small, style: .empty), FrameSize(width: 260, height: 48),
            style: .material, material3: Material3Style(shape: shape))))
      for size in ProgressVariant.CircularSize.allCases where size.isMaterial3 {
        rows.append(
          Row(
            title: "circular \(size.rawValue) empty, Material 3 \(shape.rawValue)",
            cells: cells(
              .circular(size: size, style: .empty), FrameSize(width: 72, height: 72),
              style: .material, material3: Material3Style(shape: shape))))
      }
    }
    return rows
  }

  static func cells(
    _ variant: ProgressVariant, _ size: FrameSize, style: IndeterminateStyle,
    material3: Material3Style? = nil
  ) -> [Cell] {
    var cells: [Cell] = []
    for indeterminate in [false, true] {
      for track in [true, false] {
        let configuration = ProgressConfiguration(
          variant: variant, showsTrack: track,
          leftLabelText: variant.showsLeftLabel ? "Uploading" : nil, indeterminateStyle: style,
          material3: material3)
        cells.append(
          Cell(configuration: configuration, size: size, indeterminate: indeterminate))
      }
    }
    return cells
  }

  /// A cell's frames over one period, and the frame the page shows before
  /// its script runs (mid-animation, so a screenshot shows the motion).
  func frames(of cell: Cell) throws(IndicatorError) -> (
    frames: [ProgressFrame], still: ProgressFrame
  ) {
    var model = try ProgressIndicatorModel(
      configuration: cell.configuration,
      progressType: cell.indeterminate ? .indeterminate : .determinate,
      size: cell.size, at: 0)
    let period: Double
    if cell.indeterminate {
      _ = model.send(.startIndeterminateAnimation, at: 0)
      period =
        IndeterminateMotion.motion(for: cell.configuration, model.frame(at: 0).shape).period
    } else {
      period = Self.determinatePeriod
    }
    let count = max(1, Int((period * framesPerSecond).rounded()))
    var frames: [ProgressFrame] = []
    var next = 0
    for index in 0..<count {
      let time = Double(index) * period / Double(count)
      if !cell.indeterminate {
        while next < Self.determinateScript.count, Self.determinateScript[next].time <= time {
          _ = model.send(
            .setProgress(Self.determinateScript[next].progress, animated: true), at: time)
          next += 1
        }
      }
      _ = model.send(.tick, at: time)
      frames.append(model.frame(at: time))
    }
    return (frames, frames[min(frames.count - 1, Int(Double(count) * 0.45))])
  }

  /// A cell's animation as a script literal: the distinct frames as SVG
  /// strings and the sequence of their indices.
  func animation(of frames: [ProgressFrame], index: Int) -> String {
    let renderer = SVGRenderer(colors: .cssVariables)
    var unique: [String] = []
    var positions: [String: Int] = [:]
    var sequence: [Int] = []
    for frame in frames {
      let markup = renderer.elements(for: frame, idPrefix: "c\(index)")
      if let position = positions[markup] {
        sequence.append(position)
      } else {
        positions[markup] = unique.count
        sequence.append(unique.count)
        unique.append(markup)
      }
    }
    let strings = unique.map { "\"" + Self.javaScriptEscape($0) + "\"" }.joined(separator: ",")
    return "{u:[\(strings)],s:[\(sequence.map(String.init).joined(separator: ","))]}"
  }

  static func javaScriptEscape(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "\\": result += "\\\\"
      case "\"": result += "\\\""
      case "\n": result += "\\n"
      case "<": result += "\\x3C"  // never "</script>" inside the script
      default: result.append(character)
      }
    }
    return result
  }

  /// A small picture for the image cells: mountains under a sun.
  static let mountainSVG = """
    <svg xmlns="http://www.w3.org/2000/svg" width="96" height="64" viewBox="0 0 96 64">\
    <rect width="96" height="64" fill="#7AB8E0"/><circle cx="70" cy="18" r="9" fill="#FFD23F"/>\
    <path d="M0 64L30 22L50 46L64 32L96 64Z" fill="#2E6B3A"/></svg>
    """

  // MARK: - Page

  static let head = """
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <title>ProgressEngine gallery</title>
    <style>
    body { font-family: 'DejaVu Sans', Helvetica, Arial, sans-serif; margin: 24px; color: #001018; background: #FFFFFF; }
    h1 { font-size: 22px; margin: 0 0 4px; } h2 { font-size: 17px; margin: 24px 0 8px; }
    p { margin: 0 0 12px; max-width: 72em; }
    .theme { padding: 8px 16px 16px; border-radius: 8px; background: var(--bg); color: var(--fg); }
    .light { --bg: #FFFFFF; --fg: #001018; --track: \(ProgressTheme.light.track); --progress: \(ProgressTheme.light.progress); --text: \(ProgressTheme.light.text); }
    .dark { --bg: #001018; --fg: #FFFFFF; --track: \(ProgressTheme.dark.track); --progress: \(ProgressTheme.dark.progress); --text: \(ProgressTheme.dark.text); }
    table { border-collapse: collapse; } th { font-size: 12px; font-weight: normal; text-align: left; padding: 4px 12px 4px 0; }
    td { padding: 4px 12px; vertical-align: middle; } svg { display: block; }
    .plots svg.chart { display: inline-block; margin: 0 16px 16px 0; }
    </style>
    </head>
    <body>
    <h1>ProgressEngine gallery</h1>
    <p>Every variant, size, style and track setting, determinate and indeterminate, in both themes.
    The motion is the engine's own: each cell's frames were sampled from its timeline and drawn by the
    SVG backend; the page only shows the frame of the current time. Determinate cells play 0 → 30 % → 75 % → 100 %.</p>

    """

  static let script = """
    const svgs = Array.from(document.querySelectorAll("svg[data-cell]"));
    function show(now) {
      const frame = Math.floor(now / 1000 * fps);
      for (const svg of svgs) {
        const cell = cells[svg.dataset.cell];
        const index = cell.s[frame % cell.s.length];
        if (svg.shown !== index) { svg.shown = index; svg.innerHTML = cell.u[index]; }
      }
      requestAnimationFrame(show);
    }
    if (!location.search.includes("still")) requestAnimationFrame(show);

    """
}
