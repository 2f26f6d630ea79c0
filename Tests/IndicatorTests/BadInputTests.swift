//===----------------------------------------------------------------------===//
// IndicatorTests: every row of Docs/reliability.md's bad-input table that
// no rule's own tests cover (spec RL-1, RL-2).
//===----------------------------------------------------------------------===//

import ProgressIndicatorKit
import ProgressStateMachine
import ProgressTesting
import Testing
import Timeline

@Suite("Bad input")
struct BadInputTests {
  func model(
    _ variant: ProgressVariant = .linear(size: .medium, style: .percentage), label: String? = nil,
    type: ProgressType = .determinate, size: FrameSize = FrameSize(width: 320, height: 60)
  ) throws -> ProgressIndicatorModel {
    try ProgressIndicatorModel(
      configuration: ProgressConfiguration(variant: variant, leftLabelText: label),
      progressType: type,
      size: size)
  }

  @Test("RL-1 a NaN, infinite or negative frame size is a typed error that changes nothing")
  func frameSizes() throws {
    var indicator = try model()
    indicator.send(.setProgress(0.4, animated: false), at: 0)
    let before = indicator.frame(at: 0)
    for size in [
      FrameSize(width: .nan, height: 10), FrameSize(width: 10, height: .infinity),
      FrameSize(width: -1, height: 10),
      FrameSize(width: 10, height: -.infinity),
    ] {
      // (NaN never equals itself: compare the case, then the numbers that are.)
      #expect(throws: IndicatorError.self) { try indicator.resize(to: size) }
      do {
        try indicator.resize(to: size)
      } catch {
        guard case .invalidSize(let width, let height) = error else {
          Issue.record("\(error)")
          continue
        }
        #expect(width.isNaN ? size.width.isNaN : width == size.width)
        #expect(height.isNaN ? size.height.isNaN : height == size.height)
      }
      #expect(indicator.frame(at: 0) == before)
      #expect(throws: IndicatorError.self) { try ProgressIndicatorModel(size: size) }
    }
    // A zero size is valid: nothing visible, every invariant holds.
    try indicator.resize(to: .zero)
    #expect(indicator.frame(at: 0).clip == FrameRect(x: 0, y: 0, width: 0, height: 0))
    #expect(ProgressInvariant.standard.violations(of: indicator).isEmpty)
  }

  @Test("RL-1 negative, NaN and infinite durations and invalid easings are typed errors")
  func timings() {
    for duration in [-1.0, .nan, .infinity, -.infinity] {
      #expect(throws: TimelineError.self, "\(duration)") { try AnimationTiming(duration: duration) }
    }
    #expect(throws: TimelineError.self) { try CubicBezier(x1: -0.1, y1: 0, x2: 1, y2: 1) }
    #expect(throws: TimelineError.self) { try CubicBezier(x1: 0, y1: 0, x2: 1.5, y2: 1) }
    for text in [
      "", "cubic-bezier(2, 0, 1, 1)", "steps(0)", "ease-in-out-ish", "linear(",
      "spring(-1, 1, 1, 0)",
    ] {
      #expect(throws: EasingParseError.self, "\(text)") { try Easing(cssText: text) }
    }
  }

  @Test("RL-1 NaN progress and times: rejected, the state before the call kept intact")
  func rejectedKeepsState() throws {
    var indicator = try model()
    indicator.send(.setProgress(0.3, animated: true), at: 0)
    let before = indicator.state
    for (event, time) in [
      (ProgressEvent.setProgress(.nan, animated: true), 0.1), (.tick, .nan),
      (.setHidden(true, animated: true), .infinity),
      (.startIndeterminateAnimation, -.infinity),
    ] {
      let transition = indicator.send(event, at: time)
      guard case .rejected = transition.outcome else {
        Issue.record("\(event) at \(time) was not rejected")
        continue
      }
      #expect(
        indicator.state == before && transition.effects.isEmpty && transition.completion == nil)
    }
  }

  @Test("RL-2 a jump of days: animations complete, the loop keeps its phase to 1e-9")
  func hugeJumps() throws {
    var bar = try model()
    bar.send(.setProgress(0.8, animated: true), at: 0)
    let days = bar.send(.tick, at: 3 * 86_400)
    #expect(days.effects.contains(.complete(CompletionID(0), finished: true)))
    #expect(bar.frame(at: 3 * 86_400).presentedProgress == 0.8)
    var loop = try model(type: .indeterminate)
    loop.send(.startIndeterminateAnimation, at: 0)
    // 3 days is a whole number of 1.2 s periods: the phase at 3 days + 0.5 s is 0.5 s.
    let near = loop.frame(at: 0.5).segments
    let far = loop.frame(at: 3 * 86_400 + 0.5).segments
    #expect(near.count == far.count && near.count == 1)
    for (a, b) in zip(near, far) {
      #expect(abs(a.start - b.start) < 1e-9 && abs(a.end - b.end) < 1e-9, "\(a) vs \(b)")
    }
    #expect(ProgressInvariant.standard.violations(of: loop, at: 1e9).isEmpty)
  }

  @Test(
    "RL-1 labels: empty, 10,000 characters, mixed direction with emoji — laid out, truncated, never crash",
    arguments: [
      "", String(repeating: "x", count: 10_000), "שלום hello مرحبا 🚀👩‍👩‍👧 done",
      String(repeating: "🚀", count: 5_000),
    ])
  func labels(label: String) throws {
    let indicator = try model(label: label)
    let frame = indicator.frame(at: 0)
    if label.isEmpty {
      #expect(frame.leftLabel == nil)
    } else {
      let item = try #require(frame.leftLabel)
      #expect(item.frame.maxX <= 320 - 8 && item.frame.minX >= 0)
      #expect(item.isTruncated == (label.count > 30))
      #expect(item.text.count <= label.count)
    }
    #expect(ProgressInvariant.standard.violations(of: indicator).isEmpty)
  }

  @Test("RL-1 LG-3 a character of 500,000 combining marks is cut to a stream-safe 31 scalars")
  func combiningMarks() throws {
    let zalgo = "a" + String(repeating: "\u{301}", count: 500_000)
    #expect(zalgo.count == 1)
    for label in [zalgo, "ok " + zalgo + " tail", String(repeating: "e\u{301}\u{302}", count: 50)] {
      let frame = try model(label: label).frame(at: 0)
      let item = try #require(frame.leftLabel)
      // Every character keeps at most 31 scalars (a base and the 30
      // combining marks of Unicode's stream-safe format, UAX #15).
      #expect(item.text.allSatisfy { $0.unicodeScalars.count <= 31 })
      #expect(item.text.unicodeScalars.count < 200)
      #expect(item.isTruncated)
    }
    // Ordinary accents are kept as they are.
    let accented = try model(label: "café crème").frame(at: 0)
    #expect(accented.leftLabel?.text == "café crème" && accented.leftLabel?.isTruncated == false)
  }

  @Test("RL-1 an image of zero or huge size: none drawn, or fitted inside the ring, never NaN")
  func images() throws {
    for (width, height) in [(0, 0), (0, 100), (-5, 10)] {
      let image = ProgressImage(identifier: "i", pixelWidth: width, pixelHeight: height)
      let indicator = try model(
        .circular(size: .medium, style: .image(image)), size: FrameSize(width: 140, height: 140))
      #expect(indicator.frame(at: 0).image == nil, "\(width)×\(height): nothing to draw")
    }
    for (width, height) in [(1_000_000, 1), (1, 1_000_000), (Int.max, Int.max)] {
      let image = ProgressImage(identifier: "i", pixelWidth: width, pixelHeight: height)
      let indicator = try model(
        .circular(size: .medium, style: .image(image)), size: FrameSize(width: 140, height: 140))
      let item = try #require(indicator.frame(at: 0).image)
      let rect = item.frame
      let finite = [rect.minX, rect.minY, rect.size.width, rect.size.height].allSatisfy {
        $0.isFinite
      }
      #expect(finite, "\(width)×\(height)")
      #expect(
        rect.size.width <= 2 * item.clipRadius + 1e-9
          && rect.size.height <= 2 * item.clipRadius + 1e-9)
    }
  }
}
