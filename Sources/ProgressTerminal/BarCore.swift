//===----------------------------------------------------------------------===//
// ProgressTerminal: what a bar's handle writes and the dashboard reads — the
// count in an atomic, the rest under a lock.
//===----------------------------------------------------------------------===//

public import Synchronization

/// A bar's state but its count: its lifecycle, its total and its texts.
///
/// Changed by the handle under the bar's lock, and read by the dashboard
/// when the bar's version moved.
struct BarState: Hashable, Sendable {
  /// Where the bar is in its life.
  var lifecycle = BarLifecycle.running
  /// The amount of work, or `nil` when unknown; never negative.
  var total: Int?
  /// The text of `{label}`.
  var label: String
  /// The text of `{prefix}`.
  var prefix = ""
  /// The text of `{message}`.
  var message = ""
}

/// The shared state of a bar: what its handle writes and the dashboard reads.
///
/// The count is a relaxed atomic, so that an update is one addition; the
/// rest — lifecycle, total, texts — is a ``BarState`` under a lock, with a
/// version the dashboard compares before it takes the lock.
@usableFromInline
final class BarCore: Sendable {
  /// The work done, as counted: the hot path.
  @usableFromInline let completed = Atomic<Int>(0)
  /// Moves (releasing) after each change of ``state``: the dashboard reads
  /// the state again when it differs from the version it last read.
  let version = Atomic<Int>(0)
  /// The lifecycle, total and texts.
  let state: TerminalLock<BarState>
  let unit: ProgressUnit
  let template: LineTemplate?
  /// Raised when something that should be drawn soon happens (a finish).
  let signal: WakeSignal
  /// The dashboard's clock, read when the bar finishes.
  let clock: DashboardClock

  init(
    label: String, prefix: String = "", total: Int?, unit: ProgressUnit, template: LineTemplate?,
    signal: WakeSignal, clock: DashboardClock
  ) {
    state = TerminalLock(BarState(total: total.map { max(0, $0) }, label: label, prefix: prefix))
    self.unit = unit
    self.template = template
    self.signal = signal
    self.clock = clock
  }

  /// Replaces a count that wrapped past an end of `Int` by that end.
  ///
  /// An update made in between by another thread is taken into the
  /// saturated count: the count was past the end already.
  ///
  /// - Parameters:
  ///   - wrapped: The count the wrapping addition left.
  ///   - upward: Whether it wrapped past `Int.max` (else past `Int.min`).
  @usableFromInline
  func saturate(from wrapped: Int, upward: Bool) {
    let end = upward ? Int.max : Int.min
    var current = wrapped
    while true {
      let (exchanged, original) = completed.compareExchange(
        expected: current, desired: end, ordering: .relaxed)
      if exchanged { return }
      current = original
    }
  }

  /// The state, read under the lock.
  var current: BarState { state.withLock { $0 } }

  /// Changes the state under the lock and moves the version.
  ///
  /// - Parameter body: The change; its result is returned.
  /// - Returns: What `body` returns.
  @discardableResult
  func change<Result>(_ body: (inout BarState) -> Result) -> Result {
    state.withLock { state in
      let result = body(&state)
      version.wrappingAdd(1, ordering: .releasing)
      return result
    }
  }

  /// Finishes the bar if it runs (TB-3): its lifecycle moves on at the
  /// clock's time, its message is set and, left, its count becomes its
  /// total — in one change.
  ///
  /// - Parameters:
  ///   - style: How the bar leaves.
  ///   - message: The message from now on; the current one when `nil`.
  /// - Returns: Whether the bar was running; nothing changes otherwise.
  func finish(_ style: FinishStyle, message: String?) -> Bool {
    state.withLock { state in
      guard state.lifecycle.finish(style, at: clock.now()) else { return false }
      if let message { state.message = message }
      // Full at once: the final value, not the middle of its animation.
      if style == .leave, let total = state.total { completed.store(total, ordering: .relaxed) }
      version.wrappingAdd(1, ordering: .releasing)
      return true
    }
  }

  /// Takes the bar off the dashboard (TB-3).
  func remove() {
    change { $0.lifecycle.remove() }
  }

  /// The state and its version, read together under the lock.
  func snapshot() -> (BarState, version: Int) {
    state.withLock { ($0, version.load(ordering: .relaxed)) }
  }

  /// The state and its version, when the version moved since `seen`.
  ///
  /// - Parameter seen: The version last read.
  /// - Returns: The state and its version, or `nil` when nothing changed:
  ///   then one atomic load and no lock.
  func state(after seen: Int) -> (BarState, version: Int)? {
    guard version.load(ordering: .acquiring) != seen else { return nil }
    return snapshot()
  }
}
