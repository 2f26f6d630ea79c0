//===----------------------------------------------------------------------===//
// ProgressTerminal: bars stacked in a terminal, redrawn on a frame schedule.
//===----------------------------------------------------------------------===//

import CTerminalSupport
import ProgressIndicatorKit
import ProgressStateMachine
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Progress bars stacked at the bottom of a terminal, redrawn in place, with
/// the program's own lines printed above them (spec TB-1 to TB-9).
///
/// Bars are added with ``addBar(_:total:unit:template:)`` and updated
/// through their ``ProgressBar`` handles from any thread; the dashboard
/// reads them when a redraw is due. When that is, and when to wake next,
/// comes from one `FrameScheduler`: its `minimumInterval` is the redraw
/// limit (``frameInterval``, 1/20 s by default), and while a bar runs the
/// picture counts as moving (its elapsed time, rate and spinner change by
/// themselves), so the scheduler's `wakeTime` is when the **steady tick** —
/// a background thread on the dashboard's clock — draws next,
/// whether or not updates arrive. Each bar's own animation (its eighth
/// blocks easing to the value) is an engine indicator model with its own
/// scheduler. Only the changed cells of a line are rewritten.
///
/// ``println(_:)`` prints a line above the bars without tearing them: the
/// block is cleared, the line written and the block drawn again in one
/// write. ``log`` is a `TextOutputStream` that does the same for `print`.
/// When every bar has finished, the dashboard leaves the finished lines on
/// screen, shows the cursor, and draws a new block for the next bar.
///
/// When the output is not a terminal nothing is redrawn: one plain line, with
/// no escape code, is appended when a bar starts, passes each tenth of its
/// total and finishes; printed lines go through as they are.
///
/// ```swift
/// let dashboard = TerminalDashboard()
/// let download = dashboard.addBar("archive.zip", total: 48_000_000, unit: .bytes)
/// download.advance(by: 65_536)
/// dashboard.println("connected to mirror 2")
/// download.finish()
/// dashboard.finish()
/// ```
public final class TerminalDashboard: Sendable {
  let core: DashboardCore

  /// The dashboard of the process.
  ///
  /// On standard error, colours as the environment asks, with a steady tick. The `Sequence.progress(_:total:unit:on:)`
  /// wrappers use it by default.
  public static let shared = TerminalDashboard()

  /// Creates a dashboard.
  ///
  /// - Parameters:
  ///   - output: Where to write; standard error by default.
  ///   - style: The colour depth; by default what the environment asks for
  ///     (``TerminalStyle/detect(isTerminal:environment:)``).
  ///   - frameInterval: The shortest time between redraws: 1/20 s by
  ///     default; a duration that is not positive counts as 1/20 s.
  ///   - clock: The clock the dashboard reads and its steady tick sleeps on:
  ///     `ContinuousClock` by default; a test gives a virtual clock.
  ///   - steadyTick: Whether a background thread redraws on its own; when
  ///     `false`, call ``tick()``.
  public init(
    output: any TerminalOutput = FileDescriptorOutput.standardError,
    style: TerminalStyle? = nil,
    frameInterval: Duration = .milliseconds(50),
    clock: some Clock<Duration> = ContinuousClock(),
    steadyTick: Bool = true
  ) {
    let resolved = style ?? TerminalStyle.detect(isTerminal: output.isTerminal)
    core = DashboardCore(
      output: output, style: resolved, frameInterval: frameInterval / .seconds(1),
      clock: DashboardClock(clock), steadyTick: steadyTick)
  }

  deinit { core.finish() }

  /// Whether `NO_COLOR` is set to a non-empty value (no-color.org).
  public static var noColorRequested: Bool {
    guard let value = getenv("NO_COLOR") else { return false }
    return value.pointee != 0
  }

  /// Where lines are written.
  public var output: any TerminalOutput { core.output }
  /// The colour depth.
  public var style: TerminalStyle { core.style }
  /// The shortest time between two redraws, in seconds.
  public var frameInterval: Double { core.frameInterval }
  /// Whether lines are redrawn in place (the output is a terminal).
  public var isInteractive: Bool { core.output.isTerminal }

  /// Adds a bar below the others.
  ///
  /// - Parameters:
  ///   - label: The bar's name.
  ///   - total: The amount of work, or `nil` when unknown.
  ///   - unit: What the work is counted in.
  ///   - template: The line; ``LineTemplate/default`` with a total,
  ///     ``LineTemplate/unknownTotal`` without, when `nil`.
  /// - Returns: The bar's handle.
  public func addBar(
    _ label: String = "", total: Int?, unit: ProgressUnit = .items, template: LineTemplate? = nil
  ) -> ProgressBar {
    addBar(label, total: total, unit: unit, template: template, under: nil)
  }

  func addBar(
    _ label: String, total: Int?, unit: ProgressUnit, template: LineTemplate?,
    under parent: ProgressBar?
  ) -> ProgressBar {
    let barCore = core.add(
      label: label, total: total, unit: unit, template: template, parent: parent?.core)
    return ProgressBar(core: barCore, dashboard: self)
  }

  /// Removes a bar and its children at once; later updates are ignored.
  ///
  /// - Parameter bar: A bar of this dashboard.
  public func remove(_ bar: ProgressBar) { core.remove(bar.core) }

  /// Prints a line above the bars: the bars are cleared, the line written
  /// and the bars drawn again, in one write.
  ///
  /// - Parameter line: The text; a trailing newline is added, and a text of
  ///   several lines prints them all.
  public func println(_ line: String) { core.println(line) }

  /// Clears the bars, runs `body` — which may write to the terminal
  /// freely — and draws the bars again.
  ///
  /// - Parameter body: The work to run with the bars off the screen.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  public func suspend<Result, Failure: Error>(
    _ body: () throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try core.suspend(body)
  }

  /// A stream that prints its lines above the bars: `print(…, to: &log)`.
  public var log: DashboardLog { DashboardLog(dashboard: self) }

  /// Reads the bars and redraws if a redraw is due; with the steady tick
  /// on, the dashboard does this by itself.
  ///
  /// Costs one lock and one comparison when no redraw is due.
  public func tick() { core.tick(force: false) }

  /// Draws the bars' final state and gives the terminal back.
  ///
  /// Shows the cursor, stops the steady tick and removes the signal handlers. Bars still running are left as they
  /// are. Safe to call more than once.
  public func finish() { core.finish() }

  /// The lines last drawn on a terminal (escape codes included); they stay
  /// readable after the bars finished and the block was left on screen.
  public var lines: [String] { core.state.withLock { $0.lastLines } }
}

/// A `TextOutputStream` that prints whole lines above a dashboard's bars.
///
/// ```swift
/// var log = dashboard.log
/// print("fetched", name, to: &log)
/// ```
public struct DashboardLog: TextOutputStream, Sendable {
  let dashboard: TerminalDashboard
  private var partial = ""

  init(dashboard: TerminalDashboard) { self.dashboard = dashboard }

  /// Buffers text; each complete line is printed above the bars.
  ///
  /// - Parameter string: The text.
  public mutating func write(_ string: String) {
    partial += string
    while let newline = partial.firstIndex(of: "\n") {
      dashboard.println(String(partial[..<newline]))
      partial = String(partial[partial.index(after: newline)...])
    }
  }
}

// MARK: - The core

/// The dashboard's state and its steady tick; the public class's `deinit`
/// stops the tick thread, which holds only the core.
final class DashboardCore: Sendable {
  struct Row {
    let bar: BarCore
    var depth: Int
    let parent: Int?
    /// The bar's own animation: an engine indicator, run by its runtime.
    var runtime: IndicatorRuntime
    /// The spinner of a `{spinner}` field: an indeterminate ring.
    var spinner: IndicatorRuntime?
    var estimator = RateEstimator()
    let startTime: Double
    var finishTime: Double?
    var seenCompleted = Int.min
    var seenTotal = Int.min
    var seenTextVersion = -1
    var status = BarCore.Status.running
    var texts = BarCore.Texts(label: "")
    var completed = 0
    var total: Int?
    var plainKey: String?
    /// The widest text after the bar so far: bars keep their width while
    /// the figures after them change.
    var tailColumns = 0

    var isRunning: Bool { status == .running }
    /// The bar's last frame.
    var frame: ProgressFrame? { runtime.lastFrame }
    var template: LineTemplate {
      bar.template ?? (total == nil ? .unknownTotal : .default)
    }
  }

  struct State {
    var rows: [Row] = []
    var screen: TerminalScreen
    /// When the block was last drawn; −∞ before the first draw.
    var lastDraw = -Double.infinity
    /// Whether something outside the rows changed (a bar added or removed)
    /// since the last draw.
    var needsDraw = true
    var started = false
    var finished = false
    var nextIdentifier = 0
    var tickerThread: UInt?
    var stopTicker = false
    /// The lines last drawn on a terminal, kept once the block is released.
    var lastLines: [String] = []
  }

  let output: any TerminalOutput
  let style: TerminalStyle
  let frameInterval: Double
  let clock: DashboardClock
  let steadyTick: Bool
  let signal = WakeSignal()
  let renderer: TerminalRenderer
  let state: TerminalLock<State>

  /// The restore sequence: attributes reset, cursor shown.
  static let restore = ANSI.reset + ANSI.showCursor

  init(
    output: any TerminalOutput, style: TerminalStyle, frameInterval: Double,
    clock: DashboardClock, steadyTick: Bool
  ) {
    self.output = output
    self.style = style
    self.frameInterval = frameInterval > 0 && frameInterval.isFinite ? frameInterval : 1.0 / 20
    self.clock = clock
    self.steadyTick = steadyTick
    renderer = TerminalRenderer(style: style)
    state = TerminalLock(
      State(
        screen: TerminalScreen(
          columns: Self.usableColumns(output.columns),
          terminalColumns: output.columns > 0 ? output.columns : 80)))
  }

  /// The columns lines may use: one less than the terminal, so the cursor
  /// never waits at the right margin; 80 when the width is unknown.
  static func usableColumns(_ reported: Int) -> Int {
    max(1, (reported > 0 ? reported : 80) - 1)
  }

  // MARK: Bars

  func add(
    label: String, total: Int?, unit: ProgressUnit, template: LineTemplate?, parent: BarCore?
  ) -> BarCore {
    let now = clock.now()
    let startTicker = state.withLock { state -> (BarCore, Bool) in
      state.nextIdentifier += 1
      let bar = BarCore(
        identifier: state.nextIdentifier, label: label, total: total, unit: unit,
        template: template, signal: signal, clock: clock)
      var index = state.rows.count
      var depth = 0
      var parentIndex: Int?
      if let parent, let found = state.rows.firstIndex(where: { $0.bar === parent }) {
        parentIndex = found
        depth = state.rows[found].depth + 1
        index = found + 1
        while index < state.rows.count, state.rows[index].depth >= depth { index += 1 }
      }
      let row = Self.makeRow(bar: bar, depth: depth, parent: parentIndex, at: now)
      state.rows.insert(row, at: index)
      if state.finished {
        bar.status.store(BarCore.Status.removed.rawValue, ordering: .relaxed)
      }
      state.needsDraw = true
      let start = steadyTick && state.tickerThread == nil && !state.finished
      if start { state.tickerThread = 0 }  // reserved; set below
      return (bar, start)
    }
    if startTicker.1 { startTickerThread() }
    signal.raise()
    return startTicker.0
  }

  static func makeRow(bar: BarCore, depth: Int, parent: Int?, at time: Double) -> Row {
    // Layout sizes are valid constants: the models cannot fail to build.
    let model = try? ProgressIndicatorModel(
      configuration: ProgressConfiguration(variant: .linear(size: .medium, style: .percentage)),
      size: FrameSize(width: 320, height: 40), theme: .dark, at: time)
    guard let model else { preconditionFailure("the bar model could not be made") }
    var row = Row(
      bar: bar, depth: depth, parent: parent, runtime: IndicatorRuntime(model), startTime: time)
    row.estimator.record(count: 0, at: time)
    return row
  }

  func remove(_ bar: BarCore) {
    state.withLock { state in
      guard let index = state.rows.firstIndex(where: { $0.bar === bar }) else { return }
      var end = index + 1
      while end < state.rows.count, state.rows[end].depth > state.rows[index].depth { end += 1 }
      for row in state.rows[index..<end] {
        row.bar.status.store(BarCore.Status.removed.rawValue, ordering: .releasing)
      }
      state.rows.removeSubrange(index..<end)
      state.needsDraw = true
    }
    signal.raise()
  }

  // MARK: Printing

  func println(_ line: String) {
    let now = clock.now()
    state.withLock { state in
      guard output.isTerminal, !state.finished else {
        output.write(line + "\n")
        return
      }
      // The line where the block was, the block again below: one write.
      var bytes = ""
      for part in line.split(separator: "\n", omittingEmptySubsequences: false) {
        bytes += state.screen.print(String(part))
      }
      bytes += draw(&state, now: now, sample: false)
      output.write(bytes)
    }
  }

  func suspend<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure)
    -> Result
  {
    let cleared = state.withLock { state -> Bool in
      guard output.isTerminal, !state.finished else { return false }
      let bytes = state.screen.clear()
      if !bytes.isEmpty { output.write(bytes) }
      return true
    }
    defer {
      if cleared {
        let now = clock.now()
        state.withLock { state in
          let bytes = draw(&state, now: now, sample: false)
          if !bytes.isEmpty { output.write(bytes) }
        }
      }
    }
    return try body()
  }

  // MARK: Ticking

  func tick(force: Bool) {
    let now = clock.now()
    state.withLock { state in step(&state, now: now, force: force) }
  }

  /// Reads the bars and redraws when a redraw is due.
  func step(_ state: inout State, now: Double, force: Bool) {
    guard !state.finished else { return }
    guard force || now >= wakeTime(state) else { return }
    let bytes = draw(&state, now: now, sample: true)
    if !bytes.isEmpty { output.write(bytes) }
  }

  /// When the block is next drawn: at the frame interval after the last
  /// draw while a bar runs (its elapsed time, rate and spinner move) or
  /// something changed; otherwise when a bar's runtime next needs a step
  /// (the end of its animation), but never sooner than the interval; +∞
  /// when nothing is on screen.
  func wakeTime(_ state: State) -> Double {
    let next = state.lastDraw + frameInterval
    if state.needsDraw || state.rows.contains(where: \.isRunning) { return next }
    var earliest = Double.infinity
    for row in state.rows { earliest = min(earliest, row.runtime.wakeTime) }
    return max(next, earliest)
  }

  /// Samples the bars (when `sample`), builds the lines and answers the
  /// bytes that draw them; records the draw with the scheduler.
  func draw(_ state: inout State, now: Double, sample: Bool) -> String {
    if sample { read(&state, now: now) }
    var bytes = ""
    if output.isTerminal {
      if !state.started, !state.rows.isEmpty {
        state.started = true
        output.installInterruptRestore(Self.restore + "\n")
        bytes += ANSI.hideCursor
      }
      if output.takeResize() {
        let reported = output.columns
        state.screen.resize(
          columns: Self.usableColumns(reported), terminalColumns: reported > 0 ? reported : 80)
      }
      bytes += state.screen.update(to: lines(&state, now: now))
      state.lastLines = state.screen.lines
      if state.started, !state.rows.contains(where: \.isRunning) {
        // Every bar is done: leave the lines, give the cursor back.
        state.screen.release()
        state.rows.removeAll()
        state.started = false
        bytes += Self.restore
        output.removeInterruptRestore()
      }
    } else {
      bytes += plainLines(&state, now: now)
      if !state.rows.contains(where: \.isRunning) { state.rows.removeAll() }
    }
    state.lastDraw = now
    state.needsDraw = false
    return bytes
  }

  /// Reads each bar's atomics and texts, and moves its models to `now`.
  func read(_ state: inout State, now: Double) {
    var index = 0
    while index < state.rows.count {
      var row = state.rows[index]
      let bar = row.bar
      let status = bar.currentStatus
      if status == .cleared || status == .removed {
        state.rows.remove(at: index)
        continue
      }
      if row.isRunning {
        let version = bar.textVersion.load(ordering: .acquiring)
        if version != row.seenTextVersion {
          row.seenTextVersion = version
          row.texts = bar.texts.withLock { $0 }
        }
        let total = bar.total.load(ordering: .relaxed)
        let completed = bar.completed.load(ordering: .relaxed)
        row.completed = completed
        row.total = total < 0 ? nil : total
        if total != row.seenTotal {
          let type: ProgressType = total < 0 ? .indeterminate : .determinate
          if row.runtime.state.progressType != type {
            row.runtime.send(.setProgressType(type), at: now)
            if type == .indeterminate {
              row.runtime.send(.startIndeterminateAnimation, at: now)
            }
          }
          row.seenTotal = total
          row.seenCompleted = Int.min
        }
        if row.template.contains(.spinner), row.spinner == nil {
          row.spinner = Self.spinnerModel(at: now)
        }
        let finishing = status != .running
        if completed != row.seenCompleted || finishing, total >= 0 {
          row.seenCompleted = completed
          let fraction = total == 0 ? 1 : Double(min(max(completed, 0), total)) / Double(total)
          // The final value is drawn as it is, not mid-animation.
          row.runtime.send(.setProgress(fraction, animated: !finishing), at: now)
        }
        if finishing {
          row.status = status
          // The elapsed time stops when finish() was called.
          let finished = Double(bitPattern: bar.finishTime.load(ordering: .relaxed))
          row.finishTime = finished.isNaN ? now : min(max(finished, row.startTime), now)
          row.texts = bar.texts.withLock { $0 }
          if row.runtime.state.progressType == .indeterminate {
            row.runtime.send(.stopIndeterminateAnimation, at: now)
          }
        } else {
          row.estimator.record(count: Double(completed), at: now)
        }
      }
      // The bar's own runtime: its animation's deadline, its frame.
      _ = row.runtime.advance(to: now)
      _ = row.spinner?.advance(to: now)
      state.rows[index] = row
      index += 1
    }
  }

  static func spinnerModel(at time: Double) -> IndicatorRuntime? {
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

  // MARK: Lines

  /// The texts of a row's fields at `now`, but the bar's.
  func values(_ row: Row, now: Double) -> [LineTemplate.Field: String] {
    let unit = row.bar.unit
    let end = row.finishTime ?? now
    let elapsed = max(0, end - row.startTime)
    var values: [LineTemplate.Field: String] = [
      .prefix: row.texts.prefix, .label: row.texts.label, .message: row.texts.message,
      .count: unit.amount(Double(row.completed)), .elapsed: HumanDuration.text(elapsed),
    ]
    let rate: Double? =
      if row.isRunning {
        elapsed >= Self.minimumRateInterval ? row.estimator.rate : nil
      } else {
        elapsed >= Self.minimumRateInterval ? Double(row.completed) / elapsed : nil
      }
    if let rate, rate > 0 { values[.rate] = unit.rate(rate) }
    if let total = row.total {
      values[.total] = unit.amount(Double(total))
      if let percentage = row.frame?.percentage?.text {
        values[.percent] = TerminalText.pad(percentage, toColumns: 4, alignRight: true)
      }
      if row.isRunning, let rate, rate > 0 {
        values[.eta] = HumanDuration.text(Double(max(0, total - row.completed)) / rate)
      }
    }
    switch row.status {
    case .running:
      if let frame = row.spinner?.lastFrame {
        values[.spinner] = String(renderer.ring(for: frame))
      }
    case .abandoned: values[.spinner] = "✘"
    default: values[.spinner] = "✔"
    }
    return values
  }

  /// How long a bar runs before its rate and time left are shown: 0.5 s.
  static let minimumRateInterval = 0.5

  /// The lines of the block at `now`.
  ///
  /// Labels are padded to the widest (at most 30 % of the width) so that
  /// bars line up; children are indented. The widest text after a bar is
  /// kept (all rows' widest), so that the bars end in one column and keep
  /// their length.
  func lines(_ state: inout State, now: Double) -> [String] {
    let columns = state.screen.columns
    var labelColumns = 0
    var tailColumns = 0
    for row in state.rows where row.template.contains(.label) {
      labelColumns = max(labelColumns, TerminalText.columns(of: row.texts.label) + 2 * row.depth)
    }
    for row in state.rows { tailColumns = max(tailColumns, row.tailColumns) }
    labelColumns = min(labelColumns, columns * 3 / 10)
    var lines: [String] = []
    for index in state.rows.indices {
      let row = state.rows[index]
      let indent = String(repeating: " ", count: min(2 * row.depth, columns / 4))
      let frame = row.frame
      let (line, tail) = row.template.layout(
        values: values(row, now: now),
        bar: { columns in frame.map { renderer.bar(for: $0, columns: columns) } ?? "" },
        columns: columns - indent.count, labelColumns: max(0, labelColumns - indent.count),
        tailColumns: tailColumns)
      state.rows[index].tailColumns = max(row.tailColumns, tail)
      lines.append(indent + line)
    }
    return lines
  }

  /// Plain lines for an output that is not a terminal: one when a bar
  /// starts, passes a tenth of its total, and finishes.
  func plainLines(_ state: inout State, now: Double) -> String {
    var text = ""
    for index in state.rows.indices {
      let row = state.rows[index]
      var key = row.texts.label
      if let total = row.total {
        let tenth = total > 0 ? min(10, max(0, row.completed) * 10 / total) : 10
        key += " \(tenth)"
      }
      key += " \(row.status.rawValue)"
      guard key != row.plainKey else { continue }
      state.rows[index].plainKey = key
      var values = values(row, now: now)
      values[.percent] = values[.percent].map { String($0.drop { $0 == " " }) }
      let template = row.total == nil ? Self.plainUnknown : Self.plainKnown
      var line = template.render(values: values, bar: { _ in "" }, columns: 10_000)
      switch row.status {
      case .abandoned: line += " (abandoned)"
      case .left, .cleared: line += " (done)"
      default: break
      }
      text += String(repeating: " ", count: 2 * row.depth) + line + "\n"
    }
    return text
  }

  static let plainKnown = plainTemplate(
    "{prefix} {label}: {percent}  {count}/{total} · {rate} · {elapsed} · ETA {eta}  {message}")
  static let plainUnknown = plainTemplate(
    "{prefix} {label}: {count} · {rate} · {elapsed}  {message}")

  private static func plainTemplate(_ text: String) -> LineTemplate {
    do { return try LineTemplate(text) } catch { preconditionFailure("\(error)") }
  }

  // MARK: Finishing

  func finish() {
    let now = clock.now()
    let thread = state.withLock { state -> UInt? in
      if !state.finished {
        let bytes = draw(&state, now: now, sample: true)
        if !bytes.isEmpty { output.write(bytes) }
        state.finished = true
        if state.started, output.isTerminal {
          output.write(Self.restore)
          output.removeInterruptRestore()
          state.started = false
        }
      }
      state.stopTicker = true
      defer { state.tickerThread = nil }
      return state.tickerThread
    }
    signal.raise()
    if let thread, thread != 0, thread != UInt(progress_current_thread()) {
      progress_thread_join(thread)
    }
  }

  // MARK: The steady tick

  private func startTickerThread() {
    let context = Unmanaged.passRetained(self).toOpaque()
    var thread: UInt = 0
    let status = progress_thread_start(
      &thread,
      { context in
        guard let context else { return }
        let core = Unmanaged<DashboardCore>.fromOpaque(context).takeRetainedValue()
        core.runTicker()
      }, context)
    if status != 0 {
      Unmanaged<DashboardCore>.fromOpaque(context).release()
      state.withLock { $0.tickerThread = nil }
      return
    }
    let stopped = state.withLock { state -> Bool in
      if state.stopTicker { return true }
      state.tickerThread = thread
      return false
    }
    if stopped { progress_thread_join(thread) }
  }

  /// The steady tick: draw when due, sleep until the scheduler's wake time
  /// or a signal (a bar added, finished or removed).
  func runTicker() {
    while true {
      let now = clock.now()
      let (wake, stop) = state.withLock { state -> (Double, Bool) in
        if state.stopTicker { return (0, true) }
        step(&state, now: now, force: false)
        return (wakeTime(state), false)
      }
      if stop { return }
      // Woken early (a bar added, finished or removed) or not, look again.
      clock.sleep(until: wake, orUntil: signal)
    }
  }
}
