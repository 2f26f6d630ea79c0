//===----------------------------------------------------------------------===//
// ProgressTerminal: one bar on the dashboard — its runtimes, its rate, and
// the bar's state as last read (spec TB-3, FR-8).
//===----------------------------------------------------------------------===//

import ProgressIndicatorKit
import ProgressStateMachine
import Synchronization

/// One bar on the dashboard: the engine indicator its count drives, run by
/// an `IndicatorRuntime` whose frames draw the `{bar}` field; the spinner
/// of a `{spinner}` field; its rate; and the bar's state as last read.
///
/// A row gives its runtime what a program gives a `ProgressIndicator`
/// (FR-8): the fraction done as an animated `setProgress` when the count
/// changed, the type when the total becomes known or unknown (an unknown
/// total runs the indeterminate loop), and, when the bar finishes, its
/// final value without animation — drawn as it is, not mid-animation.
struct DashboardRow {
  /// The bar's indicator: a medium linear bar with its percentage.
  static let configuration = ProgressConfiguration(
    variant: .linear(size: .medium, style: .percentage))
  /// The size of the bar's indicator.
  static let size = FrameSize(width: 320, height: 40)
  /// The colours of the bar's indicator.
  static let theme = ProgressTheme.dark

  let bar: BarCore
  /// How deep the bar is nested: 0 at the top.
  var depth: Int
  /// The bar's own animation: an engine indicator, run by its runtime.
  var runtime: IndicatorRuntime
  /// The spinner of a `{spinner}` field: an indeterminate ring.
  var spinner: IndicatorRuntime?
  /// The smoothed rate of the bar's count (TB-4).
  var estimator = RateEstimator()
  /// When the row was made, on the dashboard's clock.
  let startTime: Double
  /// The bar's state as last read, its texts made printable (RL-9).
  ///
  /// Its lifecycle is the row's: running until the read that sees the
  /// finish, whose time is then kept within the row's life; the state is
  /// not read again once finished.
  var state: BarState
  /// The version of the bar's state last read.
  var version: Int
  /// The work done, as last read.
  var completed = 0
  /// What the runtime was last given; `nil` before the first read.
  private var given: Given?
  /// What the last plain line showed, for an output that is not a terminal.
  var plainMark: PlainMark?
  /// The reserved columns, and the total they were worked out for.
  private var reserved: (total: Int?, columns: ReservedColumns)?

  /// The columns the rate, the count and the time left keep from the first
  /// draw (TB-6): the rate's widest text in the bar's unit, the widest
  /// count up to the total, `0:00` for the time left when there is a total.
  struct ReservedColumns {
    var rate: Int
    var count: Int
    var eta: Int
  }

  /// The total the runtime's type follows, and the work last given to it:
  /// `nil` until given, and again when the total changes.
  private struct Given {
    var total: Int?
    var completed: Int?
  }

  /// What a plain line shows: a new line is written when it changes (BK-6).
  struct PlainMark: Equatable {
    var label: String
    /// The tenths of the total done, when there is a total.
    var tenths: Int?
    var lifecycle: BarLifecycle
  }

  /// Makes the row of a new bar at `time`.
  ///
  /// - Parameters:
  ///   - bar: The bar.
  ///   - depth: How deep it is nested.
  ///   - time: Now, on the dashboard's clock.
  init(bar: BarCore, depth: Int, at time: Double) {
    // Layout sizes are valid constants: the model cannot fail to build.
    let model = try? ProgressIndicatorModel(
      configuration: Self.configuration, size: Self.size, theme: Self.theme, at: time)
    guard let model else { preconditionFailure("the bar model could not be made") }
    self.bar = bar
    self.depth = depth
    runtime = IndicatorRuntime(model)
    startTime = time
    let (state, version) = bar.snapshot()
    self.state = Self.printable(state)
    self.version = version
    estimator.record(count: 0, at: time)
  }

  /// Whether the bar still counts.
  var isRunning: Bool { state.lifecycle.isRunning }
  /// The bar's last frame.
  var frame: ProgressFrame? { runtime.lastFrame }
  /// When the bar finished; `nil` while it runs.
  var finishTime: Double? {
    if case .finished(_, let time) = state.lifecycle { time } else { nil }
  }
  /// The row's line: the bar's template, or the default for a known or
  /// unknown total.
  var template: LineTemplate {
    bar.template ?? (state.total == nil ? .unknownTotal : .default)
  }

  /// The row's ``ReservedColumns``, worked out once for each total: the
  /// widest rate and count are some sixty texts formatted, too many for
  /// every row of every draw.
  ///
  /// - Parameter workingOut: Called when they are worked out (a count, in tests).
  /// - Returns: The columns.
  mutating func reservedColumns(_ workingOut: () -> Void) -> ReservedColumns {
    if let reserved, reserved.total == state.total { return reserved.columns }
    workingOut()
    let columns = ReservedColumns(
      rate: bar.unit.widestRateColumns,
      count: state.total.map { bar.unit.widestAmountColumns(upTo: $0) } ?? 0,
      eta: state.total == nil ? 0 : 4)
    reserved = (state.total, columns)
    return columns
  }

  /// Reads the bar and gives its runtime what changed, at `now`.
  ///
  /// - Parameter now: The time on the dashboard's clock.
  /// - Returns: Whether the row stays: `false` once the bar was cleared or
  ///   removed.
  mutating func read(at now: Double) -> Bool {
    let wasRunning = isRunning
    if let (latest, latestVersion) = bar.state(after: version) {
      version = latestVersion
      guard latest.lifecycle.isShown else { return false }
      if wasRunning { state = Self.printable(latest) }
    }
    // A finished row is not read again: it shows the bar as it finished.
    guard wasRunning else { return true }
    let completed = bar.completed.load(ordering: .relaxed)
    self.completed = completed
    let total = state.total
    if given.map({ $0.total != total }) ?? true {
      let type: ProgressType = total == nil ? .indeterminate : .determinate
      if runtime.state.progressType != type {
        runtime.send(.setProgressType(type), at: now)
        if type == .indeterminate { runtime.send(.startIndeterminateAnimation, at: now) }
      }
      given = Given(total: total, completed: nil)
    }
    if template.contains(.spinner), spinner == nil { spinner = Self.spinner(at: now) }
    if case .finished(let style, let time) = state.lifecycle {
      // Finished since the last read. The elapsed time stops when finish()
      // was called.
      state.lifecycle = .finished(style, at: min(max(time, startTime), now))
      give(completed: completed, of: total, animated: false, at: now)
      if runtime.state.progressType == .indeterminate {
        runtime.send(.stopIndeterminateAnimation, at: now)
      }
    } else {
      if given?.completed != completed {
        give(completed: completed, of: total, animated: true, at: now)
      }
      estimator.record(count: Double(completed), at: now)
    }
    return true
  }

  /// The state with its texts' control characters written as U+FFFD: a
  /// text from the program's input cannot steer the terminal, and its
  /// width is the width drawn (RL-9).
  private static func printable(_ state: BarState) -> BarState {
    var state = state
    state.label = TerminalText.printable(state.label)
    state.prefix = TerminalText.printable(state.prefix)
    state.message = TerminalText.printable(state.message)
    return state
  }

  /// Gives the runtime the fraction done, when there is a total.
  private mutating func give(completed: Int, of total: Int?, animated: Bool, at now: Double) {
    guard let total else { return }
    given?.completed = completed
    let fraction = total == 0 ? 1 : Double(min(max(completed, 0), total)) / Double(total)
    runtime.send(.setProgress(fraction, animated: animated), at: now)
  }

  /// Moves the row's runtimes to `now`.
  ///
  /// - Parameter now: The time on the dashboard's clock.
  /// - Returns: The bar's frame, when its runtime delivered one.
  mutating func advance(to now: Double) -> ProgressFrame? {
    var frame: ProgressFrame?
    _ = spinner?.step(to: now, into: &frame)
    frame = nil
    return runtime.step(to: now, into: &frame).hasFrame ? frame : nil
  }

  /// A spinner: the engine's indeterminate ring, looping from `time`.
  static func spinner(at time: Double) -> IndicatorRuntime? {
    guard
      let model = try? ProgressIndicatorModel(
        configuration: ProgressConfiguration(
          variant: .circular(size: .small, style: .empty), indeterminateStyle: .material),
        progressType: .indeterminate, size: FrameSize(width: 64, height: 64), theme: .dark,
        at: time)
    else { return nil }
    var runtime = IndicatorRuntime(model)
    runtime.send(.startIndeterminateAnimation, at: time)
    return runtime
  }
}
