//===----------------------------------------------------------------------===//
// BackendTests: a dashboard's rows deliver the frames a facade given the same
// events delivers (spec FR-8).
//===----------------------------------------------------------------------===//

import ProgressIndicatorKit
import ProgressStateMachine
import ProgressTerminal
import ProgressTesting
import Testing

/// A bar on the dashboard and the facade that shadows it: told, at each
/// redraw, what a program that drew the bar with a `ProgressIndicator` would
/// tell it.
private final class ShadowedBar {
  let bar: ProgressBar
  let facade: ProgressIndicator
  let recording = RecordingFrameSink()
  /// Whether the bar's row was read since the bar finished.
  var finishSeen = false
  /// Whether the bar's row is gone: cleared, removed, or all bars done.
  var isGone = false
  /// How the bar finished, as the program called it.
  var finish: FinishStyle?
  /// The count and total at the last redraw; `nil` before the first.
  var told: Count?

  /// A bar's count and total.
  struct Count: Equatable {
    var completed: Int
    var total: Int?
  }

  init(_ bar: ProgressBar, at time: Double) throws {
    self.bar = bar
    let indicator = TerminalDashboard.barIndicator
    facade = try ProgressIndicator(
      configuration: indicator.configuration, size: indicator.size, theme: indicator.theme,
      sinks: [recording], at: time)
  }

  /// What the facade is told at a redraw at `time`: a program that reads
  /// the bar and shows it on an indicator.
  func redraw(at time: Double) {
    guard !isGone else { return }
    if finish == .clear {
      // Cleared: its row goes at this read, before its runtime steps.
      isGone = true
      return
    }
    // The facade's calls happen at its time: it moves there first.
    facade.advance(to: time)
    if !finishSeen {
      let type: ProgressType = bar.total == nil ? .indeterminate : .determinate
      if facade.progressType != type {
        facade.progressType = type
        if type == .indeterminate { facade.startIndeterminateAnimation() }
      }
      // Told when the count or the total changed — an animated setProgress
      // restarts a running animation (DA-4) — and at the finish, whose
      // final value is drawn as it is, not mid-animation.
      let read = Count(completed: bar.completed, total: bar.total)
      if let total = read.total, read != told || finish != nil {
        let done = min(max(read.completed, 0), total)
        facade.setProgress(
          total == 0 ? 1 : Double(done) / Double(total), animated: finish == nil)
      }
      told = read
      if finish != nil {
        finishSeen = true
        if facade.progressType == .indeterminate { facade.stopIndeterminateAnimation() }
      }
    }
    facade.advance(to: time)
  }

  /// The last frame delivered at each time: what stays on screen.
  static func lastFrames(_ frames: [ProgressFrame]) -> [Double: ProgressFrame] {
    var last: [Double: ProgressFrame] = [:]
    for frame in frames { last[frame.time] = frame }
    return last
  }
}

@Suite("Dashboard rows and the facade")
struct DashboardAgreementTests {
  @Test(
    "FR-8 a dashboard's rows show the frames of a facade given the same events at the same times")
  func rowsAgreeWithTheFacade() throws {
    var random = ReplayableRandom(seed: 0xDA5B_0A2D)
    var compared = 0
    for index in 0..<200 {
      let clock = TestClock()
      let device = BufferedTerminalDevice(isTerminal: random.below(2) == 0, columns: 80)
      let dashboard = TerminalDashboard(
        output: TerminalOutput(device), style: .plain, frameInterval: .nanoseconds(1),
        clock: clock, steadyTick: false, recordsFrames: true)
      var bars: [ShadowedBar] = []
      func now() -> Double { clock.now.offset / .seconds(1) }
      func randomTotal() -> Int? { random.below(4) == 0 ? nil : random.below(5) * 50 }
      func redraw() {
        // Every redraw reads and steps every row: a frame interval of 1 ns.
        dashboard.tick()
        let time = now()
        for shadow in bars { shadow.redraw(at: time) }
        // Every bar done: the rows are released, and no longer step.
        if bars.allSatisfy({ $0.finish != nil || $0.isGone }) {
          for shadow in bars { shadow.isGone = true }
        }
      }
      for _ in 0..<(10 + random.below(40)) {
        let running = bars.filter { $0.finish == nil && !$0.isGone }
        switch random.below(10) {
        case 0 where running.count < 4, _ where running.isEmpty:
          let total = randomTotal()
          bars.append(
            try ShadowedBar(dashboard.addBar("bar \(bars.count)", total: total), at: now()))
        case 1, 2, 3:
          let shadow = running[random.below(running.count)]
          let total = shadow.bar.total ?? 100
          shadow.bar.set(completed: random.below(total + 21) - 10)
        case 4:
          running[random.below(running.count)].bar.advance(by: random.below(30))
        case 5:
          running[random.below(running.count)].bar.total = randomTotal()
        case 6:
          let shadow = running[random.below(running.count)]
          let style = [FinishStyle.leave, .abandon, .leave, .clear][random.below(4)]
          shadow.finish = style
          shadow.bar.finish(style)
        default:
          // Time passes, 1 ms to 0.4 s, and the dashboard redraws.
          clock.advance(by: .milliseconds(1 + random.below(400)))
          redraw()
        }
      }
      clock.advance(by: .milliseconds(1 + random.below(400)))
      redraw()
      for shadow in bars {
        let rows = ShadowedBar.lastFrames(dashboard.deliveredFrames(of: shadow.bar))
        let facade = ShadowedBar.lastFrames(shadow.recording.frames)
        #expect(
          rows == facade, "case \(index), \(shadow.bar.label): \(rows.count) vs \(facade.count)")
        if rows != facade { return }
        compared += rows.count
      }
      dashboard.finish()
    }
    #expect(compared > 2_000, "\(compared) frames compared")
  }
}
