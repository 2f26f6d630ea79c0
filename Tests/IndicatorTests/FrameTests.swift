//===----------------------------------------------------------------------===//
// IndicatorTests: frames (spec FR-1 to FR-3, DA-9, VS-9).
//===----------------------------------------------------------------------===//

import Foundation
import ProgressIndicatorKit
import ProgressStateMachine
import ProgressTesting
import Testing
import Timeline

@Suite("Frames")
struct FrameTests {
  @Test("FR-1 a frame is complete and survives a JSON round trip")
  func completeAndCodable() throws {
    let flag = ProgressImage(
      identifier: "flag", pixelWidth: 10, pixelHeight: 10, encodedData: [1, 2, 3])
    var model = try ProgressIndicatorModel(
      configuration: ProgressConfiguration(
        variant: .linear(size: .medium, style: .percentage), leftLabelText: "Downloading...",
        accessibilityLabel: "Upload"),
      size: FrameSize(width: 320, height: 60))
    model.send(.setProgress(0.5, animated: true), at: 0)
    let frame = model.frame(at: 0.125)
    #expect(frame.time == 0.125)
    #expect(frame.size == FrameSize(width: 320, height: 60))
    #expect(frame.shape == .linear)
    #expect(frame.progress == 0.5 && frame.presentedProgress == 0.25)
    #expect(frame.visibleFraction == 1 && !frame.isHidden)
    #expect(frame.track != nil && frame.segments.count == 1)
    #expect(frame.percentage?.text == "50%" && frame.leftLabel?.text == "Downloading...")
    #expect(frame.accessibilityLabel == "Upload" && frame.accessibilityValue == .percent(50))
    #expect(frame.theme == .light)
    for sample in [
      frame,
      try makeModel(.circular(size: .small, style: .image(flag)), progress: 0.3).frame(at: 0),
      try makeModel(.linear(size: .small, style: .empty), type: .indeterminate, style: .material)
        .frame(at: 0),
    ] {
      let data = try JSONEncoder().encode(sample)
      #expect(try JSONDecoder().decode(ProgressFrame.self, from: data) == sample)
    }
  }

  @Test("FR-5 a text whose Unicode scalars change is another picture; every field counts")
  func samePictureByScalars() throws {
    let line = SegmentGeometry.line(LineGeometry(fromX: 4, toX: 196, centerY: 4, lineWidth: 8))
    let rect = FrameRect(x: 0, y: 0, width: 10, height: 10)
    let label = TextItem(text: "\u{E9}", frame: rect, fontSize: 16, alignment: .left)
    let base = ProgressFrame(
      time: 0, size: FrameSize(width: 200, height: 8), shape: .linear, lineWidth: 8, path: line,
      leftLabel: label, accessibilityLabel: "\u{E9}", accessibilityValue: .percent(0))
    // "é" precomposed, then decomposed: canonically equivalent, drawn from
    // other scalars, so another picture.
    var decomposed = base
    decomposed.leftLabel?.text = "e\u{301}"
    #expect(decomposed != base && !decomposed.showsSamePicture(as: base))
    decomposed = base
    decomposed.accessibilityLabel = "e\u{301}"
    #expect(decomposed != base && !decomposed.showsSamePicture(as: base))
    var later = base
    later.time = 1
    #expect(later != base && later.showsSamePicture(as: base))

    // The equality is written by hand: each field changed alone makes a
    // different frame, and no field is left out.
    let segment = Segment(start: 0, end: 0.5, geometry: line)
    let image = ImageItem(
      image: ProgressImage(identifier: "i", pixelWidth: 1, pixelHeight: 1), frame: rect,
      clipCenter: FramePoint(x: 0, y: 0), clipRadius: 1)
    let changes: [(inout ProgressFrame) -> Void] = [
      { $0.time = 1 }, { $0.size.width = 1 }, { $0.shape = .circular },
      { $0.progressType = .indeterminate }, { $0.isIndeterminateAnimating = true },
      { $0.progress = 1 }, { $0.presentedProgress = 1 }, { $0.visibleFraction = 0.5 },
      { $0.isHidden = true }, { $0.lineWidth = 4 },
      { $0.path = .line(LineGeometry(fromX: 0, toX: 1, centerY: 0, lineWidth: 1)) },
      { $0.track = segment }, { $0.segments = [segment] }, { $0.percentage = label },
      { $0.leftLabel = nil }, { $0.image = image }, { $0.clip = rect }, { $0.theme = .dark },
      { $0.layoutDirection = .rightToLeft }, { $0.accessibilityLabel = nil },
      { $0.accessibilityValue = nil },
      { $0.wave = WaveGeometry(amplitude: 3, wavelength: 40, offset: 0) },
      { $0.stopIndicator = rect },
    ]
    #expect(changes.count == Mirror(reflecting: base).children.count)
    for (index, change) in changes.enumerated() {
      var frame = base
      change(&frame)
      #expect(frame != base && frame == frame, "field \(index)")
    }
    let textChanges: [(inout TextItem) -> Void] = [
      { $0.text = "e\u{301}" }, { $0.frame.origin.x = 1 }, { $0.fontSize = 1 },
      { $0.alignment = .right }, { $0.opacity = 0.5 }, { $0.isTruncated = true },
    ]
    #expect(textChanges.count == Mirror(reflecting: label).children.count)
    for (index, change) in textChanges.enumerated() {
      var item = label
      change(&item)
      #expect(item != label && item == item, "text item field \(index)")
    }
  }

  @Test("FR-2 sampling is pure: same model and time, same frame; the model is unchanged")
  func purity() throws {
    var model = try makeModel(
      .circular(size: .medium, style: .percentage), width: 200, height: 200, type: .indeterminate)
    model.send(.startIndeterminateAnimation, at: 0)
    let copy = model
    for time in stride(from: 0.0, to: 4, by: 0.1) {
      #expect(model.frame(at: time) == model.frame(at: time))
    }
    #expect(model.frame(at: 1.23) == copy.frame(at: 1.23))
  }

  @Test(
    "FR-3 hidden draws nothing; hiding draws strokes at width × visibility, texts at that opacity")
  func hiddenAndHiding() throws {
    var model = try makeModel(
      .linear(size: .large, style: .percentage), height: 60, label: "L", progress: 0.5)
    model.send(.setHidden(true, animated: true), at: 0)
    let half = model.frame(at: 0.125)
    #expect(half.visibleFraction == 0.5)
    #expect(half.lineWidth == 8)
    #expect(half.line()?.lineWidth == 8 && half.trackLine?.lineWidth == 8)
    #expect(half.percentage?.opacity == 0.5 && half.leftLabel?.opacity == 0.5)
    model.send(.tick, at: 0.25)
    let gone = model.frame(at: 0.3)
    #expect(gone.isHidden && gone.visibleFraction == 0)
    #expect(
      gone.track == nil && gone.segments.isEmpty && gone.percentage == nil && gone.leftLabel == nil)
    #expect(gone.accessibilityValue == nil)
  }

  @Test(
    "VS-9 hiding collapses a bar towards its bottom edge and thins a ring around its centreline")
  func collapse() throws {
    var bar = try makeModel(.linear(size: .large, style: .empty), height: 60, progress: 1)
    bar.send(.setHidden(true, animated: true), at: 0)
    for (time, fraction) in [(0.0, 1.0), (0.0625, 0.75), (0.125, 0.5), (0.1875, 0.25)] {
      let line = try #require(bar.frame(at: time).line())
      #expect(line.lineWidth == 16 * fraction)
      // The bottom edge stays at 30 + 8 = 38.
      #expect(line.centerY + line.lineWidth / 2 == 38)
    }
    var ring = try makeModel(
      .circular(size: .medium, style: .empty), width: 200, height: 200, progress: 1)
    ring.send(.setHidden(true, animated: false), at: 0)
    ring.send(.setHidden(false, animated: true), at: 1)
    let arc = try #require(ring.frame(at: 1.0625).arc())
    #expect(arc.lineWidth == 2 && arc.radius == 60)
  }

  @Test(
    "FR-1 segment fractions stay in their documented ranges: [0, 1] on a bar, [−0.125, 1] on a ring"
  )
  func segmentFractionRanges() throws {
    let overshoot = try AnimationTiming(
      duration: 1, easing: .cubicBezier(CubicBezier(x1: 0.3, y1: -0.6, x2: 0.7, y2: 1.6)))
    let variants: [ProgressVariant] =
      ProgressVariant.LinearSize.allCases.flatMap { size in
        ProgressVariant.LinearStyle.allCases.map { ProgressVariant.linear(size: size, style: $0) }
      }
      + ProgressVariant.CircularSize.allCases.filter { !$0.isMaterial3 }.flatMap { size in
        [.circular(size: size, style: .percentage), .circular(size: size, style: .empty)]
      }
    var lowest: [ProgressFrame.Shape: Double] = [:]
    var highest: [ProgressFrame.Shape: Double] = [:]
    for variant in variants {
      for loop in [IndeterminateStyle.vitamin, .material] {
        for reduced in [false, true] {
          for direction in [LayoutDirection.leftToRight, .rightToLeft] {
            var model = try ProgressIndicatorModel(
              configuration: ProgressConfiguration(
                variant: variant, progressAnimation: overshoot, reducesMotion: reduced,
                indeterminateStyle: loop, layoutDirection: direction),
              progressType: .indeterminate, size: FrameSize(width: 320, height: 160))
            // The loop over several periods, then a determinate animation that
            // overshoots both ways, then going back down.
            model.send(.startIndeterminateAnimation, at: 0)
            var times = Array(stride(from: 0.0, through: 8, by: 1.0 / 120))
            for time in times { check(model.frame(at: time)) }
            model.send(.setProgressType(.determinate), at: 8)
            model.send(.setProgress(1, animated: true), at: 8)
            model.send(.setProgress(0.3, animated: true), at: 9.5)
            times = Array(stride(from: 8.0, through: 11, by: 1.0 / 120))
            for time in times { check(model.frame(at: time)) }
          }
        }
      }
    }
    func check(_ frame: ProgressFrame) {
      let floor = frame.shape == .linear ? 0 : -0.125
      for segment in frame.segments {
        #expect(
          segment.start < segment.end && segment.start >= floor && segment.end <= 1,
          "\(frame.shape) at \(frame.time): \(segment.start) to \(segment.end)")
        lowest[frame.shape] = min(lowest[frame.shape] ?? .infinity, segment.start)
        highest[frame.shape] = max(highest[frame.shape] ?? -.infinity, segment.end)
      }
      if let track = frame.track { #expect(track.start == 0 && track.end == 1) }
    }
    // The bounds are reached, so the documented ranges are exact: the
    // reduced-motion ring starts at −0.125, and both shapes fill to 1.
    #expect(lowest[.linear] == 0 && highest[.linear] == 1)
    #expect(lowest[.circular] == -0.125 && highest[.circular] == 1)
  }

  @Test("FR-1 the kit's frame invariant reports a segment outside its documented range")
  func frameInvariantChecksRanges() throws {
    var model = try makeModel(.linear(size: .medium, style: .empty), width: 108)
    let transition = model.send(.setProgress(0.5, animated: false), at: 0)
    var context = InvariantContext(model: model, transition: transition)
    #expect(ProgressInvariant.frameIsWellFormed.check(context) == nil)
    let line = SegmentGeometry.line(LineGeometry(fromX: 4, toX: 54, centerY: 4, lineWidth: 8))
    func frame(_ shape: ProgressFrame.Shape, _ start: Double, _ end: Double) -> ProgressFrame {
      ProgressFrame(
        time: 0, size: FrameSize(width: 108, height: 8), shape: shape, lineWidth: 8, path: line,
        segments: [Segment(start: start, end: end, geometry: line)], accessibilityValue: nil)
    }
    for (shape, start, end, holds) in [
      (ProgressFrame.Shape.linear, -0.125, 0.5, false), (.linear, 0.5, 1.01, false),
      (.circular, -0.125, 0.125, true), (.circular, -0.13, 0.125, false),
    ] {
      context.after.frame = frame(shape, start, end)
      #expect(
        (ProgressInvariant.frameIsWellFormed.check(context) == nil) == holds,
        "\(shape) \(start) to \(end)")
    }
  }

  @Test("DA-9 the presented value drives the stroke; an overshoot is clamped for drawing only")
  func presentedDrivesStroke() throws {
    let overshoot = try AnimationTiming(
      duration: 1, easing: .cubicBezier(CubicBezier(x1: 0.3, y1: 1.6, x2: 0.6, y2: 1.6)))
    var model = try ProgressIndicatorModel(
      configuration: ProgressConfiguration(
        variant: .circular(size: .medium, style: .empty), progressAnimation: overshoot),
      size: FrameSize(width: 200, height: 200))
    model.send(.setProgress(1, animated: true), at: 0)
    let frame = model.frame(at: 0.5)
    #expect(frame.presentedProgress > 1, "the frame reports the overshooting value")
    #expect(frame.arc()?.endAngle == 360, "but draws at most the whole circle")
    var bar = try makeModel(.linear(size: .medium, style: .empty), width: 108)
    bar.send(.setProgress(0.5, animated: true), at: 0)
    #expect(close(bar.frame(at: 0.125).line()?.toX, 4 + 0.25 * 100))
  }
}
