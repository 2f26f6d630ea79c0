//===----------------------------------------------------------------------===//
// ProgressTerminal: bars stacked in a terminal — the public class; its core
// (DashboardCore*.swift) does the work.
//===----------------------------------------------------------------------===//

/// Progress bars stacked at the bottom of a terminal, redrawn in place, with
/// the program's own lines printed above them (spec TB-1 to TB-14).
///
/// Bars are added with ``addBar(_:total:unit:template:prefix:)`` and updated
/// through their ``ProgressBar`` handles from any thread; the dashboard
/// reads them when a redraw is due: a frame interval (1/20 s by default)
/// after the last draw while a bar runs — its elapsed time, rate and
/// spinner move by themselves — otherwise when a bar's animation next needs
/// a step. The **steady tick**, a thread of the dashboard sleeping on its
/// clock, draws then, whether or not updates arrive. Each bar is an engine
/// indicator run by the engine's host loop, `IndicatorRuntime`, as every
/// host of the engine runs one: its eighth blocks are that runtime's frames,
/// easing to the value. Only the changed cells of a line are rewritten.
///
/// ``println(_:)`` prints a line above the bars without tearing them: the
/// block is cleared, the line written and the block drawn again in one
/// write; the bars are read first, so the order of calls is the order on
/// screen (TB-14). ``log`` is a `TextOutputStream` that does the same for
/// `print`. A bar finished and left (or abandoned) is printed above the
/// block once, as a line, and not drawn again; the block drawn fits the
/// window, and after a resize it waits for the size to stay put (TB-11 to
/// TB-13). When every bar has finished, the dashboard shows the cursor and
/// draws a new block for the next bar.
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
  /// On standard error, colours as the environment asks, with a steady
  /// tick. The `Sequence.progress(_:total:unit:on:)` wrappers use it by
  /// default.
  public static let shared = TerminalDashboard()

  /// Creates a dashboard.
  ///
  /// - Parameters:
  ///   - output: Where to write; standard error by default.
  ///   - style: ``TerminalStyle/plain`` for no colour; by default what the
  ///     output and the environment ask for (`NO_COLOR`, `TERM`,
  ///     `COLORTERM`).
  ///   - frameInterval: The shortest time between redraws: 1/20 s by
  ///     default; a duration that is not positive counts as 1/20 s.
  ///   - clock: The clock the dashboard reads and its steady tick sleeps on:
  ///     `ContinuousClock` by default; a test gives a virtual clock.
  ///   - steadyTick: Whether a background thread redraws on its own; when
  ///     `false`, call ``tick()``.
  public convenience init(
    output: TerminalOutput = .standardError,
    style: TerminalStyle? = nil,
    frameInterval: Duration = .milliseconds(50),
    clock: some Clock<Duration> = ContinuousClock(),
    steadyTick: Bool = true
  ) {
    self.init(
      output: output, style: style, frameInterval: frameInterval, clock: clock,
      steadyTick: steadyTick, recordsFrames: false)
  }

  /// Creates a dashboard that may keep the frames its bars' runtimes
  /// deliver (``deliveredFrames(of:)``), for a test.
  package init(
    output: TerminalOutput, style: TerminalStyle?, frameInterval: Duration,
    clock: some Clock<Duration>, steadyTick: Bool, recordsFrames: Bool
  ) {
    let device = output.device
    core = DashboardCore(
      device: device, style: style ?? TerminalStyle.detect(isTerminal: device.isTerminal),
      frameInterval: frameInterval / .seconds(1), clock: DashboardClock(clock),
      steadyTick: steadyTick, recordsFrames: recordsFrames)
  }

  deinit { core.finish() }

  /// Whether lines are redrawn in place: the output is a terminal.
  public var isInteractive: Bool { core.device.isTerminal }

  /// Adds a bar below the others.
  ///
  /// - Parameters:
  ///   - label: The bar's name.
  ///   - total: The amount of work, or `nil` when unknown.
  ///   - unit: What the work is counted in.
  ///   - template: The line; ``LineTemplate/default`` with a total,
  ///     ``LineTemplate/unknownTotal`` without, when `nil`.
  ///   - prefix: The bar's ``ProgressBar/prefix`` from its first line on,
  ///     such as `"[1/2]"` (set afterwards, a line may be drawn without it).
  /// - Returns: The bar's handle.
  public func addBar(
    _ label: String = "", total: Int?, unit: ProgressUnit = .items, template: LineTemplate? = nil,
    prefix: String = ""
  ) -> ProgressBar {
    addBar(label, total: total, unit: unit, template: template, prefix: prefix, under: nil)
  }

  func addBar(
    _ label: String, total: Int?, unit: ProgressUnit, template: LineTemplate?, prefix: String,
    under parent: ProgressBar?
  ) -> ProgressBar {
    let barCore = core.add(
      label: label, prefix: prefix, total: total, unit: unit, template: template,
      parent: parent?.core)
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
  public func tick() { core.tick() }

  /// Draws the bars' final state and gives the terminal back.
  ///
  /// Shows the cursor, stops the steady tick and removes the signal
  /// handlers. Bars still running are left as they are. Safe to call more
  /// than once.
  public func finish() { core.finish() }
}
