//===----------------------------------------------------------------------===//
// IndicatorTests: frames (spec FR-1 to FR-3, DA-9, VS-9).
//===----------------------------------------------------------------------===//

import Foundation
import ProgressIndicatorKit
import ProgressStateMachine
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
