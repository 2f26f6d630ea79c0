//===----------------------------------------------------------------------===//
// IndicatorTests: layout and geometry (spec CF-2, CF-3, CF-9, LG, PX-5).
// Expected numbers are computed here from the spec's formulas.
//===----------------------------------------------------------------------===//

import ProgressIndicatorKit
import ProgressStateMachine
import Testing

@Suite("Layout")
struct LayoutTests {
  @Test("CF-2 linear thickness: 4, 8 and 16 pt")
  func linearThickness() throws {
    for (size, width) in [(ProgressVariant.LinearSize.small, 4.0), (.medium, 8), (.large, 16)] {
      let frame = try makeModel(.linear(size: size, style: .empty), progress: 0.5).frame(at: 0)
      #expect(frame.lineWidth == width)
      #expect(frame.line()?.lineWidth == width)
      #expect(frame.trackLine?.lineWidth == width)
    }
  }

  @Test("CF-3 circular: 64 pt with a 4 pt line, 128 pt with 8 pt; radius (D − lw)/2")
  func ringSizes() throws {
    for (size, diameter, width) in [
      (ProgressVariant.CircularSize.small, 64.0, 4.0), (.medium, 128, 8),
    ] {
      let frame = try makeModel(
        .circular(size: size, style: .empty), width: 200, height: 200, progress: 0.5
      ).frame(at: 0)
      let arc = try #require(frame.trackArc)
      #expect(arc.lineWidth == width)
      #expect(arc.radius == (diameter - width) / 2)
      #expect(arc.center == FramePoint(x: 100, y: 100))
    }
  }

  @Test("CF-9 the image is fitted, never stretched, in D − 2(lw + 3) and clipped round")
  func image() throws {
    let flag = ProgressImage(identifier: "flag", pixelWidth: 120, pixelHeight: 80)
    for (size, room) in [(ProgressVariant.CircularSize.small, 50.0), (.medium, 106)] {
      let frame = try makeModel(.circular(size: size, style: .image(flag)), width: 200, height: 200)
        .frame(at: 0)
      let image = try #require(frame.image)
      // 120 × 80 in a square of `room`: the width fills it, the height is 2/3.
      #expect(close(image.frame.size.width, room))
      #expect(close(image.frame.size.height, room * 80 / 120))
      #expect(close(image.frame.center.x, 100) && close(image.frame.center.y, 100))
      #expect(image.clipRadius == room / 2)
      #expect(image.clipCenter == FramePoint(x: 100, y: 100))
      #expect(image.image == flag)
    }
    let empty = ProgressImage(identifier: "none", pixelWidth: 0, pixelHeight: 10)
    #expect(try makeModel(.circular(size: .small, style: .image(empty))).frame(at: 0).image == nil)
  }

  @Test("LG-1 the stroke runs from lw/2 to W − lw/2: p covers p·(W − lw) + lw, 0 draws nothing")
  func linearStroke() throws {
    let width = 320.0
    for size in ProgressVariant.LinearSize.allCases {
      let lw = IndicatorMetrics.lineWidth(size)
      for p in [0.0, 0.01, 0.25, 0.5, 0.97, 1] {
        let frame = try makeModel(.linear(size: size, style: .empty), width: width, progress: p)
          .frame(at: 0)
        let track = try #require(frame.trackLine)
        #expect(track.fromX == lw / 2 && track.toX == width - lw / 2)
        #expect(track.visibleLength == width)
        if p == 0 {
          #expect(frame.segments.isEmpty)
        } else {
          let line = try #require(frame.line())
          #expect(line.fromX == lw / 2)
          #expect(close(line.toX, lw / 2 + p * (width - lw)))
          #expect(close(line.visibleLength, p * (width - lw) + lw))
          #expect(frame.segments[0].start == 0 && frame.segments[0].end == p)
        }
      }
    }
    let narrow = try makeModel(.linear(size: .large, style: .empty), width: 10, progress: 1).frame(
      at: 0)
    #expect(narrow.clip == FrameRect(x: 0, y: 0, width: 10, height: 60))
  }

  @Test("LG-2 vertical centring: alone at H/2, with labels the group is centred")
  func verticalCentring() throws {
    let height = 60.0
    let alone = try makeModel(.linear(size: .medium, style: .empty), height: height, progress: 0.5)
      .frame(at: 0)
    #expect(alone.line()?.centerY == height / 2)
    let measurer = EstimatedTextMeasurer()
    for size in ProgressVariant.LinearSize.allCases {
      for style in [ProgressVariant.LinearStyle.percentage, .labelOnly] {
        let lw = IndicatorMetrics.lineWidth(size)
        let spacing = size == .small ? 4.0 : 8
        let lineHeight = measurer.lineHeight(fontSize: size == .small ? 14 : 16)
        let group = lineHeight + spacing + lw
        let top = (height - group) / 2
        // With and without a label: the row is kept.
        for label in [nil, "Downloading..."] {
          let frame = try makeModel(
            .linear(size: size, style: style), height: height, label: label, progress: 0.5
          )
          .frame(at: 0)
          #expect(
            close(frame.line()?.centerY, height / 2 + (lineHeight + spacing) / 2),
            "\(size) \(style)")
          #expect(close(frame.line()?.centerY, top + lineHeight + spacing + lw / 2))
          if let text = frame.leftLabel { #expect(close(text.frame.minY, top)) }
          if let text = frame.percentage { #expect(close(text.frame.minY, top)) }
          #expect(frame.clip == nil)
        }
      }
    }
    let cramped = try makeModel(
      .linear(size: .large, style: .percentage), height: 20, progress: 0.5
    ).frame(at: 0)
    #expect(cramped.clip == FrameRect(x: 0, y: 0, width: 320, height: 20))
  }

  @Test("LG-8 LG-3 the estimate and the truncation count characters: a cluster of scalars is one")
  func charactersAreClusters() {
    let measurer = EstimatedTextMeasurer()
    let em = 0.55 * 16
    // Each text's number of characters, as a reader sees them.
    for (text, characters) in [
      ("", 0), ("abc", 3), ("e\u{301}", 1), ("a\u{301}\u{302}b", 2), ("\r\n", 1),
      ("\u{1F1EB}\u{1F1F7}\u{1F1E9}\u{1F1EA}", 2),  // two flags
      ("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}", 1),  // a family joined by ZWJ
    ] {
      #expect(measurer.width(of: text, fontSize: 16) == Double(characters) * em, "\(text)")
    }
    // Twenty flags in five characters' width: four whole flags and "…".
    let flag = "\u{1F1EB}\u{1F1F7}"
    let shown = measurer.truncate(
      String(repeating: flag, count: 20), fontSize: 16, toWidth: 5.5 * em)
    #expect(shown == String(repeating: flag, count: 4) + "…")
  }

  @Test(
    "LG-3 label top left, percentage top right; a long label is truncated before the percentage")
  func labels() throws {
    let measurer = EstimatedTextMeasurer()
    let frame = try makeModel(
      .linear(size: .medium, style: .percentage), width: 320, label: "Downloading...",
      progress: 0.29
    )
    .frame(at: 0)
    let label = try #require(frame.leftLabel)
    let percentage = try #require(frame.percentage)
    #expect(label.text == "Downloading..." && !label.isTruncated)
    #expect(label.frame.minX == 0 && label.alignment == .left)
    #expect(percentage.text == "29%")
    #expect(percentage.frame.maxX == 320 && percentage.alignment == .right)
    #expect(close(percentage.frame.size.width, measurer.width(of: "100%", fontSize: 16)))
    #expect(percentage.fontSize == 16 && label.fontSize == 16)

    let long = String(repeating: "Downloading a very large file ", count: 10)
    let cramped = try makeModel(
      .linear(size: .medium, style: .percentage), width: 200, label: long, progress: 0.5
    )
    .frame(at: 0)
    let truncated = try #require(cramped.leftLabel)
    let box = try #require(cramped.percentage).frame
    #expect(truncated.isTruncated)
    #expect(truncated.text.hasSuffix("…"))
    #expect(
      truncated.frame.maxX <= box.minX - IndicatorMetrics.labelGap + 1e-9,
      "never overlaps the percentage")
    #expect(measurer.width(of: truncated.text, fontSize: 16) <= 200 - box.size.width - 8 + 1e-9)
    // labelOnly keeps the whole width for the label.
    let labelOnly = try makeModel(.linear(size: .small, style: .labelOnly), width: 200, label: long)
      .frame(at: 0)
    #expect(
      close(
        labelOnly.leftLabel?.frame.size.width,
        measurer.width(of: labelOnly.leftLabel?.text ?? "", fontSize: 14)))
    #expect((labelOnly.leftLabel?.frame.maxX ?? 999) <= 200)
    #expect(labelOnly.percentage == nil)
  }

  @Test("LG-4 circular: centred, cropped by a smaller frame, arc from 12 o'clock clockwise")
  func circularGeometry() throws {
    let big = try makeModel(
      .circular(size: .medium, style: .empty), width: 300, height: 200, progress: 0.25
    ).frame(at: 0)
    let arc = try #require(big.arc())
    #expect(arc.center == FramePoint(x: 150, y: 100))
    #expect(arc.startAngle == 0 && arc.endAngle == 90 && arc.rotation == 0)
    #expect(big.clip == nil)
    let small = try makeModel(
      .circular(size: .medium, style: .empty), width: 100, height: 100, progress: 0.25
    ).frame(at: 0)
    #expect(small.clip == FrameRect(x: 0, y: 0, width: 100, height: 100))
    #expect(small.trackArc?.center == FramePoint(x: 50, y: 50))
  }

  @Test("LG-5 layout follows every change of size and configuration; bad sizes are refused")
  func layoutFollows() throws {
    var model = try makeModel(.linear(size: .medium, style: .empty), width: 320, progress: 0.5)
    try model.resize(to: FrameSize(width: 100, height: 60))
    #expect(model.frame(at: 0).trackLine?.toX == 96)
    model.send(
      .configure(ProgressConfiguration(variant: .linear(size: .large, style: .empty))), at: 0)
    #expect(model.frame(at: 0).trackLine?.toX == 92)
    #expect(model.frame(at: 0).lineWidth == 16)
    for bad in [
      FrameSize(width: -1, height: 10), FrameSize(width: .nan, height: 10),
      FrameSize(width: 10, height: .infinity),
    ] {
      #expect(throws: IndicatorError.self) { try model.resize(to: bad) }
    }
    #expect(model.size == FrameSize(width: 100, height: 60), "a refused size changes nothing")
    try model.resize(to: .zero)
    let empty = model.frame(at: 0)
    #expect(empty.clip == FrameRect(x: 0, y: 0, width: 0, height: 0))
    #expect(throws: IndicatorError.self) {
      try ProgressIndicatorModel(size: FrameSize(width: -5, height: 5))
    }
  }

  @Test("LG-6 right to left mirrors the bar, the label and the percentage")
  func rightToLeft() throws {
    let frame = try makeModel(
      .linear(size: .medium, style: .percentage), width: 320, label: "Téléchargement",
      direction: .rightToLeft,
      progress: 0.25
    ).frame(at: 0)
    let line = try #require(frame.line())
    #expect(line.fromX == 316)
    #expect(close(line.toX, 316 - 0.25 * 312))
    #expect(frame.leftLabel?.frame.maxX == 320 && frame.leftLabel?.alignment == .right)
    #expect(frame.percentage?.frame.minX == 0 && frame.percentage?.alignment == .left)
    #expect(frame.layoutDirection == .rightToLeft)
  }

  @Test("LG-7 the original's light and dark colours, and MDC's desaturated track tint")
  func theme() throws {
    #expect(ProgressTheme.light.track.description == "#EFF1F3")
    #expect(ProgressTheme.light.progress.description == "#007DBC")
    #expect(ProgressTheme.light.text.description == "#001018")
    #expect(ProgressTheme.dark.track.description == "#1A2A34")
    #expect(ProgressTheme.dark.progress.description == "#3D9ACC")
    #expect(ProgressTheme.dark.text.description == "#FFFFFF")
    // Pure red at saturation 1 → saturation 0.3: (1, 0.7, 0.7).
    let tinted = ProgressTheme.tinted(FrameColor(red: 1, green: 0, blue: 0))
    #expect(tinted.progress == FrameColor(red: 1, green: 0, blue: 0))
    #expect(
      close(tinted.track.red, 1) && close(tinted.track.green, 0.7) && close(tinted.track.blue, 0.7))
    var model = try makeModel(.linear(size: .small, style: .empty))
    model.theme = .dark
    #expect(model.frame(at: 0).theme == .dark)
  }

  @Test("LG-8 font sizes and the default line heights (75/64 em)")
  func fonts() throws {
    let measurer = EstimatedTextMeasurer()
    #expect(measurer.lineHeight(fontSize: 14) == 16.40625)
    #expect(measurer.lineHeight(fontSize: 16) == 18.75)
    #expect(measurer.lineHeight(fontSize: 17) == 19.921875)
    #expect(measurer.lineHeight(fontSize: 28) == 32.8125)
    let small = try makeModel(.linear(size: .small, style: .percentage), progress: 0.5).frame(at: 0)
    #expect(small.percentage?.fontSize == 14 && small.percentage?.frame.size.height == 16.40625)
    let ring = try makeModel(
      .circular(size: .small, style: .percentage), width: 100, height: 100, progress: 0.5
    )
    .frame(at: 0)
    #expect(ring.percentage?.fontSize == 17)
    let big = try makeModel(
      .circular(size: .medium, style: .percentage), width: 200, height: 200, progress: 0.5
    )
    .frame(at: 0)
    #expect(big.percentage?.fontSize == 28 && big.percentage?.frame.size.height == 32.8125)
  }

  @Test("LG-8 a renderer's own measurer drives the layout")
  func customMeasurer() throws {
    struct Monospace: TextMeasurer {
      func width(of text: String, fontSize: Double) -> Double { Double(text.count) * 10 }
      func lineHeight(fontSize: Double) -> Double { 20 }
    }
    var model = try makeModel(
      .linear(size: .medium, style: .percentage), width: 100, label: "abcdefghijklmnop", progress: 1
    )
    model.setMeasurer(Monospace())
    let frame = model.frame(at: 0)
    // "100%" is 40 wide; 100 − 40 − 8 = 52 left: five characters and "…" (60) do not fit, four and "…" (50) do.
    #expect(
      frame.percentage?.frame == FrameRect(x: 60, y: (60 - (20 + 8 + 8)) / 2, width: 40, height: 20)
    )
    #expect(frame.leftLabel?.text == "abcd…")
    #expect(frame.leftLabel?.frame.size.width == 50)
  }

  @Test(
    "LG-8 a measurer answering NaN, negative or infinite widths and heights gives finite frames")
  func correctedMeasurer() throws {
    struct Broken: TextMeasurer {
      let width: Double
      let height: Double
      func width(of text: String, fontSize: Double) -> Double { width }
      func lineHeight(fontSize: Double) -> Double { height }
    }
    /// The Doubles of a value, found by reflection, with their paths.
    func numbers(_ value: Any, _ path: String = "frame") -> [(String, Double)] {
      if let number = value as? Double { return [(path, number)] }
      return Mirror(reflecting: value).children.flatMap { child in
        numbers(child.value, "\(path).\(child.label ?? "?")")
      }
    }
    let answers = [Double.nan, -1, .infinity, -.infinity, 12]
    let variants: [ProgressVariant] = [
      .linear(size: .medium, style: .percentage), .linear(size: .small, style: .labelOnly),
      .circular(size: .medium, style: .percentage),
    ]
    for width in answers {
      for height in answers {
        for variant in variants {
          var model = try makeModel(
            variant, width: 200, height: 120, label: "Upload", progress: 0.4)
          model.setMeasurer(Broken(width: width, height: height))
          let frame = model.frame(at: 0)
          for (path, number) in numbers(frame) where !number.isFinite {
            Issue.record("\(variant), width \(width), height \(height): \(path) is \(number)")
          }
          for item in [frame.percentage, frame.leftLabel].compactMap({ $0 }) {
            #expect(item.frame.size.width >= 0 && item.frame.size.height >= 0)
          }
        }
      }
    }
  }

  @Test("LG-9 and PX-5: the circular percentage is centred; the linear one sits top right")
  func percentagePlacement() throws {
    let frame = try makeModel(
      .circular(size: .medium, style: .percentage), width: 160, height: 160, progress: 0.4
    )
    .frame(at: 0)
    let text = try #require(frame.percentage)
    #expect(text.text == "40%" && text.alignment == .center)
    #expect(close(text.frame.center.x, 80) && close(text.frame.center.y, 80))
    let linear = try makeModel(.linear(size: .large, style: .percentage), width: 300, progress: 0.4)
      .frame(at: 0)
    #expect(linear.percentage?.frame.maxX == 300)
    #expect((linear.percentage?.frame.minY ?? 0) < (linear.line()?.centerY ?? 0), "above the bar")
  }

  @Test(
    "CF-2, CF-3, LG-1, LG-4, LG-6: every variant × size × style × track × direction is consistent")
  func geometrySweep() throws {
    let image = ProgressImage(identifier: "i", pixelWidth: 30, pixelHeight: 60)
    var variants: [ProgressVariant] = []
    for size in ProgressVariant.LinearSize.allCases {
      for style in ProgressVariant.LinearStyle.allCases {
        variants.append(.linear(size: size, style: style))
      }
    }
    for size in ProgressVariant.CircularSize.allCases where !size.isMaterial3 {
      for style in [ProgressVariant.CircularStyle.percentage, .image(image), .empty] {
        variants.append(.circular(size: size, style: style))
      }
    }
    var checked = 0
    for variant in variants {
      for showsTrack in [true, false] {
        for direction in LayoutDirection.allCases {
          let frame = try makeModel(
            variant, width: 240, height: 160, label: "Label", showsTrack: showsTrack,
            direction: direction,
            progress: 0.5
          ).frame(at: 0)
          #expect((frame.track != nil) == showsTrack, "\(variant) track \(showsTrack)")
          #expect(frame.segments.count == 1)
          switch variant {
          case .linear(let size, let style):
            let lw = IndicatorMetrics.lineWidth(size)
            let line = try #require(frame.line())
            #expect(line.lineWidth == lw)
            #expect(close(line.visibleLength, 0.5 * (240 - lw) + lw))
            #expect(line.fromX == (direction == .leftToRight ? lw / 2 : 240 - lw / 2))
            #expect((frame.percentage != nil) == (style == .percentage))
            #expect((frame.leftLabel != nil) == (style != .empty))
            #expect(frame.image == nil)
          case .circular(let size, let style):
            let ring = IndicatorMetrics.ring(size)
            let arc = try #require(frame.arc())
            #expect(arc.radius == (ring.diameter - ring.lineWidth) / 2)
            #expect(arc.startAngle == 0 && arc.endAngle == 180)
            #expect(arc.center == FramePoint(x: 120, y: 80))
            #expect((frame.percentage != nil) == (style == .percentage))
            #expect((frame.image != nil) == (style != .percentage && style != .empty))
            #expect(frame.leftLabel == nil)
            #expect((frame.clip != nil) == (ring.diameter > 160))
          }
          checked += 1
        }
      }
    }
    #expect(checked == (9 + 6) * 4)
  }
}
