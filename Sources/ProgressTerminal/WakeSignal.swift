//===----------------------------------------------------------------------===//
// ProgressTerminal: the signal the steady tick's thread sleeps on.
//===----------------------------------------------------------------------===//

import CTerminalSupport

/// A signal a sleeping thread is woken by: raised by any thread, it ends
/// the current or the next wait.
final class WakeSignal: @unchecked Sendable {
  // A C mutex, condition variable and flag: safe from any thread.
  private let handle: OpaquePointer

  /// Creates a signal, not raised.
  init() {
    guard let handle = progress_wake_create() else { preconditionFailure("out of memory") }
    self.handle = handle
  }

  deinit { progress_wake_destroy(handle) }

  /// Raises the signal.
  func raise() { progress_wake_raise(handle) }

  /// Waits until the signal is raised or `seconds` pass on the monotonic
  /// clock; lowers it.
  ///
  /// - Parameter seconds: The longest wait; at most a day.
  /// - Returns: Whether the signal was raised.
  @discardableResult
  func wait(seconds: Double) -> Bool { progress_wake_wait(handle, seconds) != 0 }
}
