//===----------------------------------------------------------------------===//
// IndicatorTests: the facade and its sinks, as timelines (spec FR-4 to FR-7,
// and the seed behaviours end to end).
//===----------------------------------------------------------------------===//

import ProgressIndicatorKit
import ProgressStateMachine
import Testing

@Suite("Facade")
struct FacadeTests {
  func indicator(
    _ variant: ProgressVariant = .linear(size: .medium, style: .percentage),
    label: String? = nil,
    type: ProgressType = .determinate,
    hidden: Bool = false,
    sink: RecordingFrameSink
  ) throws -> ProgressIndicator {
    try ProgressIndicator(
      configuration: ProgressConfiguration(variant: variant, leftLabelText: label),
      progressType: type,
      isHidden: hidden, size: FrameSize(width: 320, height: 60), sinks: [sink])
  }

  @Test("FR-4 any type can be a sink; the recording sink keeps every frame")
  func sinks() throws {
    struct Counting: FrameSink {
      var count = 0
      mutating func consume(_ frame: ProgressFrame) { count += 1 }
    }
    let recording = RecordingFrameSink()
    let indicator = try indicator(sink: recording)
    indicator.addSink(Counting())
    indicator.advance(to: 0)
    #expect(recording.frames.count == 1)
    recording.removeAll()
    #expect(recording.frames.isEmpty)
  }

  @Test("FR-5 frames only while something changes: none when idle, hidden, stopped or static")
  func noFramesWhileIdle() throws {
    let sink = RecordingFrameSink()
    let indicator = try indicator(sink: sink)
    #expect(indicator.advance(to: 0) != nil, "the first frame")
    for tick in 1...10 { #expect(indicator.advance(to: Double(tick) / 60) == nil) }
    #expect(!indicator.isAnimating && !indicator.needsDisplay)

    indicator.setProgress(0.5, animated: true)
    #expect(indicator.needsDisplay)
    var frames = 0
    for tick in 11...40 where indicator.advance(to: Double(tick) / 60) != nil { frames += 1 }
    // From 10/60 s the animation runs 0.25 s: 14 frames in motion (ticks 11 to
    // 24) and one at rest when it ends (tick 25), then none.
    #expect(frames == 15)
    #expect(sink.frames.last?.presentedProgress == 0.5)
    #expect(indicator.advance(to: 1) == nil)

    // A non-animated change: exactly one frame.
    indicator.setProgress(0.7, animated: false)
    #expect(indicator.advance(to: 1.1)?.presentedProgress == 0.7)
    #expect(indicator.advance(to: 1.2) == nil)

    // Indeterminate, stopped: one frame for the switch, then none.
    indicator.progressType = .indeterminate
    #expect(indicator.advance(to: 1.3) != nil)
    #expect(indicator.advance(to: 1.4) == nil)
    indicator.startIndeterminateAnimation()
    #expect(
      indicator.advance(to: 1.5) != nil && indicator.advance(to: 1.6) != nil, "the loop moves")

    // Hidden: the last frame shows nothing, then no frames even though the loop runs.
    indicator.setHidden(true, animated: false)
    let last = try #require(indicator.advance(to: 1.7))
    #expect(last.isHidden && last.segments.isEmpty)
    for tick in 18...30 { #expect(indicator.advance(to: Double(tick) / 10) == nil) }
    #expect(indicator.state.isIndeterminateAnimating)

    // Resize and theme changes produce one frame each.
    try indicator.resize(to: FrameSize(width: 100, height: 40))
    #expect(indicator.advance(to: 3.1) != nil)
    #expect(indicator.advance(to: 3.2) == nil)
  }

  @Test("FR-6 completion blocks: exactly once, at the right time, rejected ones at once with false")
  func completions() throws {
    let sink = RecordingFrameSink()
    let indicator = try indicator(sink: sink)
    var log: [String] = []
    indicator.setProgress(0.5, animated: true) { log.append("first \($0)") }
    indicator.advance(to: 0.1)
    indicator.setProgress(0.9, animated: true) { log.append("second \($0)") }
    #expect(log == ["first false"], "superseded at once")
    indicator.advance(to: 0.3)
    #expect(log == ["first false"])
    indicator.advance(to: 0.35)
    #expect(log == ["first false", "second true"])
    indicator.setProgress(.nan, animated: true) { log.append("nan \($0)") }
    #expect(log.last == "nan false")
    indicator.setProgress(0.9, animated: true) { log.append("same \($0)") }
    #expect(log.last == "same true")
    indicator.advance(to: 10)
    #expect(log.count == 4)
  }

  @Test("FR-6 MDC's sequence: hide from the completion of set 1 (a completion calls back in)")
  func mdcCompleteAndHide() throws {
    let sink = RecordingFrameSink()
    let indicator = try indicator(.linear(size: .small, style: .empty), hidden: true, sink: sink)
    var hidden = false
    // startAndShowProgressView
    indicator.progress = 0
    indicator.setHidden(false, animated: true)
    indicator.advance(to: 0.25)
    #expect(indicator.state.visibility == .shown)
    // completeAndHideProgressView
    indicator.setProgress(1, animated: true) { finished in
      #expect(finished)
      indicator.setHidden(true, animated: true) { hidden = $0 }
    }
    indicator.advance(to: 0.5)
    #expect(indicator.state.visibility.kind == .hiding)
    indicator.advance(to: 0.75)
    #expect(hidden)
    #expect(indicator.state.isHidden)
    #expect(sink.frames.last?.isHidden == true)
    #expect(indicator.advance(to: 2) == nil)
  }

  @Test("FR-7 announcements reach the handler, debounced by the machine")
  func announcements() throws {
    let sink = RecordingFrameSink()
    let indicator = try indicator(sink: sink)
    var heard: [AccessibilityValue] = []
    indicator.announcementHandler = { heard.append($0) }
    indicator.setProgress(0.3, animated: false)
    indicator.advance(to: 0.5)
    indicator.setProgress(0.6, animated: false)
    indicator.advance(to: 1.4)
    #expect(heard.isEmpty)
    indicator.advance(to: 1.5)
    #expect(heard == [.percent(60)])
  }

  @Test(
    "FR-6 FR-7 what fell due on an advance is kept only for a host that asks; blocks and handlers are called either way"
  )
  func lastAdvanceOnRequest() throws {
    let sink = RecordingFrameSink()
    let indicator = try indicator(sink: sink)
    var log: [String] = []
    indicator.announcementHandler = { log.append("heard \($0)") }
    // A 0.25 s tween; its value announced 1 s after the change (FR-7).
    indicator.setProgress(0.5, animated: true) { log.append("done \($0)") }
    indicator.advance(to: 0.5)
    #expect(log == ["done true"])
    // Not asked: nothing kept (no box for it in an indicator's life).
    #expect(indicator.lastAdvance == nil)
    indicator.advance(to: 1.5)
    #expect(log == ["done true", "heard 50%"])
    #expect(indicator.lastAdvance == nil)

    indicator.keepsLastAdvance = true
    indicator.setProgress(0.8, animated: true) { log.append("done \($0)") }
    indicator.advance(to: 1.8)
    let kept = try #require(indicator.lastAdvance)
    #expect(kept.effects.contains { if case .complete(_, true) = $0 { true } else { false } })
    #expect(log.last == "done true")
    // The next advance with nothing due clears it.
    indicator.advance(to: 1.85)
    #expect(indicator.lastAdvance == nil)
    indicator.advance(to: 3)
    #expect(log.last == "heard 80%")
    #expect(indicator.lastAdvance != nil, "the announcement's tick")
    indicator.keepsLastAdvance = false
    #expect(indicator.lastAdvance == nil)

    // A handler removed is not called.
    indicator.announcementHandler = nil
    indicator.setProgress(0.2, animated: false)
    indicator.advance(to: 10)
    #expect(log.last == "heard 80%")
  }

  @Test("PT-4, PX-1 to PX-4, TS-1 to TS-3, IA-6: the seed's behaviours, end to end, as frames")
  func seedBehaviours() throws {
    let sink = RecordingFrameSink()
    let indicator = try indicator(label: "Downloading...", sink: sink)
    indicator.setProgress(0.29, animated: true)
    let moving = try #require(indicator.advance(to: 0.125))
    #expect(moving.percentage?.text == "29%", "the text jumps at once")
    #expect(moving.presentedProgress == 0.145, "the bar is half-way")
    #expect(moving.leftLabel?.text == "Downloading...")
    indicator.stopIndeterminateAnimation()  // no effect on a determinate bar (IA-6)
    let rest = try #require(indicator.advance(to: 0.25))
    #expect(rest.presentedProgress == 0.29)
    #expect(abs((rest.line()?.visibleLength ?? 0) - (0.29 * 312 + 8)) < 1e-9)

    indicator.progressType = .indeterminate  // reset to 0, no percentage
    let switched = try #require(indicator.advance(to: 0.3))
    #expect(switched.percentage == nil && switched.segments.isEmpty && switched.progress == 0)
    #expect(switched.track != nil, "only the track")
    #expect(switched.accessibilityValue == .halted)
    indicator.setProgress(0.8, animated: true)  // ignored while indeterminate
    indicator.startIndeterminateAnimation()
    let looping = try #require(indicator.advance(to: 0.9))
    #expect(looping.segments.count == 1 && looping.accessibilityValue == .inProgress)
    indicator.progressType = .determinate  // stops the loop, progress 0
    let back = try #require(indicator.advance(to: 1.0))
    #expect(
      !back.isIndeterminateAnimating && back.segments.isEmpty && back.percentage?.text == "0%")
  }
}

@Suite("README facade example")
struct ReadmeFacadeExampleTests {
  @Test("FR-5 the README's facade example: 15 frames, then none")
  func readmeExample() throws {
    let sink = RecordingFrameSink()
    let bar = try ProgressIndicator(
      configuration: ProgressConfiguration(variant: .linear(size: .medium, style: .percentage)),
      size: FrameSize(width: 320, height: 40), sinks: [sink])
    var arrived: Bool?
    bar.setProgress(0.6, animated: true) { arrived = $0 }
    for tick in 1...30 { bar.advance(to: Double(tick) / 60) }
    #expect(sink.frames.count == 15)
    #expect(sink.frames.last?.presentedProgress == 0.6)
    #expect(arrived == true)
  }
}

/// A sink that advances the indicator it is fed by, from inside consume:
/// half a step on, after each frame on the tenths.
final class AdvancingSink: FrameSink {
  weak var indicator: ProgressIndicator?
  func consume(_ frame: ProgressFrame) {
    let hundredths = Int((frame.time * 100).rounded())
    if hundredths % 10 == 0 { indicator?.advance(to: frame.time + 0.05) }
  }
}

@Suite("Facade re-entrancy")
struct FacadeReentrancyTests {
  @Test(
    "FR-6 a sink that advances the indicator from consume: every sink's frames stay in time order")
  func sinkAdvancesFromConsume() throws {
    let first = AdvancingSink()
    let second = RecordingFrameSink()
    let indicator = try ProgressIndicator(
      configuration: ProgressConfiguration(variant: .linear(size: .medium, style: .empty)),
      progressType: .indeterminate, size: FrameSize(width: 320, height: 40),
      sinks: [first, second])
    first.indicator = indicator
    indicator.startIndeterminateAnimation()
    for step in 0...6 { indicator.advance(to: Double(step) / 10) }
    let times = second.frames.map(\.time)
    // Before, the nested advance fed the second sink first: [0, 0.05, 0.1, 0.15, 0.1, …].
    #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 }, "\(times)")
    #expect(times.contains(0.05) && times.last == 0.65)
  }

  @Test(
    "FR-4, FR-6 sinks are fed in the order they were added, each keeps what it changes as it consumes, and one added while they are fed gets the next frame"
  )
  func sinksInOrder() throws {
    let log = SinkLog()
    let indicator = try ProgressIndicator(
      configuration: ProgressConfiguration(variant: .linear(size: .medium, style: .empty)),
      progressType: .indeterminate, size: FrameSize(width: 320, height: 40),
      sinks: [TallySink(name: "a", log: log), TallySink(name: "b", log: log)])
    indicator.addSink(TallySink(name: "c", log: log))
    // The first sink adds a fourth from its first consume: not fed that frame.
    log.onFirstFrame = { [weak indicator] in indicator?.addSink(TallySink(name: "d", log: log)) }
    indicator.startIndeterminateAnimation()
    indicator.advance(to: 0)
    indicator.advance(to: 0.1)
    #expect(log.entries == ["a1", "b1", "c1", "a2", "b2", "c2", "d1"])

    // An indicator made without sinks feeds the ones added later, in order.
    let later = SinkLog()
    let bare = try ProgressIndicator(size: FrameSize(width: 320, height: 40))
    bare.addSink(TallySink(name: "x", log: later))
    bare.addSink(TallySink(name: "y", log: later))
    bare.setProgress(0.5, animated: false)
    bare.advance(to: 0)
    bare.setProgress(0.7, animated: false)
    bare.advance(to: 0.1)
    #expect(later.entries == ["x1", "y1", "x2", "y2"])
  }
}

/// Where ``TallySink``s write what they were fed.
final class SinkLog {
  /// Each frame fed, as the sink's name and its own count so far.
  var entries: [String] = []
  /// Called once, from the first frame fed to sink "a".
  var onFirstFrame: (() -> Void)?
}

/// A value sink that counts the frames it consumes in its own state: the
/// count goes on only if the indicator keeps the sink as it changed.
struct TallySink: FrameSink {
  let name: String
  let log: SinkLog
  var count = 0

  mutating func consume(_ frame: ProgressFrame) {
    count += 1
    log.entries.append("\(name)\(count)")
    if name == "a", count == 1, let action = log.onFirstFrame {
      log.onFirstFrame = nil
      action()
    }
  }
}
