//===----------------------------------------------------------------------===//
// ProgressTerminal: a bar's handle — updated from any thread, cheaply.
//===----------------------------------------------------------------------===//

import Synchronization

/// Why a terminal bar or template could not be made.
public enum TerminalError: Error, Hashable, Sendable {
  /// A line template is not valid: the template and what is wrong.
  case invalidTemplate(String, reason: String)
}

/// How a finished bar leaves the dashboard (spec TB-3).
public enum FinishStyle: Hashable, Sendable {
  /// The bar stays, drawn at its final value: full when it has a total.
  case leave
  /// The bar is removed from the screen.
  case clear
  /// The bar stays as it is, not filled, with its message.
  case abandon
}

/// The shared state of a bar: what its handle writes and the dashboard reads.
///
/// The hot fields are relaxed atomics.
@usableFromInline
final class BarCore: Sendable {
  /// A text field changed: the dashboard reads ``texts`` again.
  struct Texts: Sendable {
    var label: String
    var prefix = ""
    var message = ""
  }
  enum Status: Int {
    case running = 0
    case left = 1
    case cleared = 2
    case abandoned = 3
    case removed = 4
  }

  let identifier: Int
  @usableFromInline let completed = Atomic<Int>(0)
  /// The total, or −1 when unknown.
  let total: Atomic<Int>
  let status = Atomic<Int>(Status.running.rawValue)
  let textVersion = Atomic<Int>(0)
  let texts: TerminalLock<Texts>
  let unit: ProgressUnit
  let template: LineTemplate?
  /// Raised when something that should be drawn soon happens (a finish).
  let signal: WakeSignal
  /// The dashboard's clock, read when the bar finishes.
  let clock: DashboardClock
  /// When the bar finished, as the bits of a `Double`; NaN before.
  let finishTime = Atomic<UInt64>(Double.nan.bitPattern)

  init(
    identifier: Int, label: String, total: Int?, unit: ProgressUnit, template: LineTemplate?,
    signal: WakeSignal, clock: DashboardClock
  ) {
    self.clock = clock
    self.identifier = identifier
    self.total = Atomic(total.map { max(0, $0) } ?? -1)
    texts = TerminalLock(Texts(label: label))
    self.unit = unit
    self.template = template
    self.signal = signal
  }

  var currentStatus: Status { Status(rawValue: status.load(ordering: .acquiring)) ?? .running }

  func setText(_ body: (inout Texts) -> Void) {
    texts.withLock { body(&$0) }
    textVersion.wrappingAdd(1, ordering: .releasing)
  }
}

/// A progress bar on a ``TerminalDashboard``: the handle a program updates,
/// from any thread or task (spec TB-1).
///
/// ``advance(by:)`` and ``set(completed:)`` are one relaxed atomic
/// operation each — no lock, no clock, no allocation — and draw nothing:
/// the dashboard reads the bar when a redraw is due. Texts (``label``,
/// ``prefix``, ``message``) take a lock. A handle that goes away while its
/// bar runs abandons the bar (a loop left by `break`).
///
/// ```swift
/// let dashboard = TerminalDashboard()
/// let bar = dashboard.addBar("Indexing", total: files.count)
/// for file in files {
///   index(file)
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
    if core.currentStatus == .running { finish(.abandon) }
  }

  /// Adds work done.
  ///
  /// - Parameter amount: The work done since the last call; 1 by default.
  ///   A negative amount takes work back.
  /// - Complexity: O(1): one relaxed atomic addition.
  @inlinable
  public func advance(by amount: Int = 1) {
    core.completed.wrappingAdd(amount, ordering: .relaxed)
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

  /// The amount of work, or `nil` when unknown: the line then shows a
  /// spinner with the count and rate instead of a bar.
  public var total: Int? {
    get {
      let value = core.total.load(ordering: .relaxed)
      return value < 0 ? nil : value
    }
    set { core.total.store(newValue.map { max(0, $0) } ?? -1, ordering: .relaxed) }
  }

  /// The bar's name, shown by `{label}`.
  public var label: String {
    get { core.texts.withLock { $0.label } }
    set { core.setText { $0.label = newValue } }
  }

  /// A short text shown by `{prefix}`, before the label: `"[2/5]"`.
  public var prefix: String {
    get { core.texts.withLock { $0.prefix } }
    set { core.setText { $0.prefix = newValue } }
  }

  /// A text shown by `{message}`, after the figures: what is happening now.
  public var message: String {
    get { core.texts.withLock { $0.message } }
    set { core.setText { $0.message = newValue } }
  }

  /// Whether the bar was finished or removed.
  public var isFinished: Bool { core.currentStatus != .running }

  /// Finishes the bar; later updates are ignored.
  ///
  /// - Parameters:
  ///   - style: ``FinishStyle/leave`` (the default) fills a bar that has a
  ///     total and leaves it; ``FinishStyle/clear`` removes it;
  ///     ``FinishStyle/abandon`` leaves it as it is.
  ///   - message: A message to show from now on; the current one when `nil`.
  public func finish(_ style: FinishStyle = .leave, message: String? = nil) {
    guard core.currentStatus == .running else { return }
    if let message { self.message = message }
    if style == .leave, let total { set(completed: total) }
    let status: BarCore.Status =
      switch style {
      case .leave: .left
      case .clear: .cleared
      case .abandon: .abandoned
      }
    core.finishTime.store(core.clock.now().bitPattern, ordering: .relaxed)
    core.status.store(status.rawValue, ordering: .releasing)
    core.signal.raise()
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
