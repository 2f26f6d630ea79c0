//===----------------------------------------------------------------------===//
// ProgressTerminal: a bar's handle — updated from any thread, cheaply.
//===----------------------------------------------------------------------===//

public import Synchronization

/// A progress bar on a ``TerminalDashboard``: the handle a program updates,
/// from any thread or task (spec TB-1).
///
/// ``advance(by:)`` and ``set(completed:)`` are one relaxed atomic
/// operation each — no lock, no clock, no allocation — and draw nothing:
/// the dashboard reads the bar when a redraw is due. The rest — the texts
/// (``label``, ``prefix``, ``message``), the ``total``, ``finish(_:message:)``
/// — takes the bar's lock. A handle that goes away while its bar runs
/// abandons the bar (a loop left by `break`).
///
/// ```swift
/// let files = ["a.txt", "b.txt", "c.txt"]
/// let dashboard = TerminalDashboard()
/// let bar = dashboard.addBar("Indexing", total: files.count)
/// var log = dashboard.log
/// for file in files {
///   print("indexed", file, to: &log)
///   bar.advance()
/// }
/// bar.finish()
/// ```
public final class ProgressBar: Sendable {
  @usableFromInline let core: BarCore
  /// The dashboard the bar is on.
  public let dashboard: TerminalDashboard

  init(core: BarCore, dashboard: TerminalDashboard) {
    self.core = core
    self.dashboard = dashboard
  }

  deinit {
    // A loop left early: the bar is abandoned (TB-2).
    finish(.abandon)
  }

  /// Adds work done.
  ///
  /// The count saturates: past `Int.max` it stays at `Int.max`, below
  /// `Int.min` at `Int.min`, where it would have wrapped (RL-14).
  ///
  /// - Parameter amount: The work done since the last call; 1 by default.
  ///   A negative amount takes work back.
  /// - Complexity: O(1): one relaxed atomic addition (and, only when the
  ///   sum wrapped, a compare-and-exchange).
  @inlinable
  public func advance(by amount: Int = 1) {
    let (old, new) = core.completed.wrappingAdd(amount, ordering: .relaxed)
    if amount > 0 ? new < old : new > old { core.saturate(from: new, upward: amount > 0) }
  }

  /// Sets the work done so far.
  ///
  /// - Parameter completed: The work done; shown clamped to [0, total].
  /// - Complexity: O(1): one relaxed atomic store.
  @inlinable
  public func set(completed: Int) {
    core.completed.store(completed, ordering: .relaxed)
  }

  /// The work done so far, as counted.
  public var completed: Int { core.completed.load(ordering: .relaxed) }

  /// The amount of work, or `nil` when unknown.
  ///
  /// Without a total the line shows a spinner with the count and rate
  /// instead of a bar. A negative total counts as 0.
  public var total: Int? {
    get { core.current.total }
    set { core.change { $0.total = newValue.map { max(0, $0) } } }
  }

  /// The bar's name, shown by `{label}`.
  public var label: String {
    get { core.current.label }
    set { core.change { $0.label = newValue } }
  }

  /// A short text shown by `{prefix}`, before the label: `"[2/5]"`.
  public var prefix: String {
    get { core.current.prefix }
    set { core.change { $0.prefix = newValue } }
  }

  /// A text shown by `{message}`, after the figures: what is happening now.
  public var message: String {
    get { core.current.message }
    set { core.change { $0.message = newValue } }
  }

  /// Whether the bar was finished or removed.
  public var isFinished: Bool { !core.current.lifecycle.isRunning }

  /// Finishes the bar; later updates are ignored.
  ///
  /// - Parameters:
  ///   - style: ``FinishStyle/leave`` (the default) fills a bar that has a
  ///     total and leaves it; ``FinishStyle/clear`` removes it;
  ///     ``FinishStyle/abandon`` leaves it as it is.
  ///   - message: A message to show from now on; the current one when `nil`.
  public func finish(_ style: FinishStyle = .leave, message: String? = nil) {
    if core.finish(style, message: message) { core.signal.raise() }
  }

  /// Adds a bar nested under this one: drawn below it (after its other
  /// children), indented, and removed with it.
  ///
  /// - Parameters:
  ///   - label: The child's name.
  ///   - total: Its amount of work, or `nil` when unknown.
  ///   - unit: What its work is counted in.
  ///   - template: Its line; the default for a known or unknown total when `nil`.
  /// - Returns: The child's handle.
  public func addChild(
    _ label: String = "", total: Int?, unit: ProgressUnit = .items, template: LineTemplate? = nil
  ) -> ProgressBar {
    dashboard.addBar(label, total: total, unit: unit, template: template, under: self)
  }

  /// Removes the bar (and its children) from the dashboard at once.
  public func remove() { dashboard.remove(self) }
}
