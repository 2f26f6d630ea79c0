//===----------------------------------------------------------------------===//
// ProgressTerminal: the dashboard's clock, real or virtual, and its wake-ups.
//===----------------------------------------------------------------------===//

import CTerminalSupport
import Synchronization
import Timeline

/// A signal a sleeping thread is woken by: raised by any thread, it ends
/// the current or the next wait.
public final class WakeSignal: @unchecked Sendable {
  // A C mutex, condition variable and flag: safe from any thread.
  private let handle: OpaquePointer

  /// Creates a signal, not raised.
  public init() {
    guard let handle = progress_wake_create() else { preconditionFailure("out of memory") }
    self.handle = handle
  }

  deinit { progress_wake_destroy(handle) }

  /// Raises the signal.
  public func raise() { progress_wake_raise(handle) }

  /// Waits until the signal is raised or `seconds` pass on the monotonic
  /// clock; lowers it.
  ///
  /// - Parameter seconds: The longest wait; at most a day.
  /// - Returns: Whether the signal was raised.
  @discardableResult
  public func wait(seconds: Double) -> Bool { progress_wake_wait(handle, seconds) != 0 }
}

/// The clock a ``TerminalDashboard`` reads and its steady tick sleeps on:
/// the system's monotonic clock, or a virtual clock in tests.
public protocol TerminalClock: Sendable {
  /// The current time in seconds; never goes back.
  var now: Double { get }
  /// Sleeps until ``now`` reaches `deadline` or `signal` is raised.
  ///
  /// - Parameters:
  ///   - deadline: The time to wake at; +∞ for none.
  ///   - signal: The signal that ends the sleep early.
  func sleep(until deadline: Double, orUntil signal: WakeSignal)
}

/// The system's monotonic clock, in seconds since the clock was created.
public struct SystemTerminalClock: TerminalClock {
  private let clock = MonotonicClock()

  /// Creates a clock whose time 0 is now.
  public init() {}

  /// Seconds since the clock was created.
  public var now: Double { clock.now }

  /// Sleeps on the monotonic clock until `deadline` or the signal.
  ///
  /// - Parameters:
  ///   - deadline: The time to wake at.
  ///   - signal: The signal that ends the sleep early.
  public func sleep(until deadline: Double, orUntil signal: WakeSignal) {
    let seconds = deadline - now
    guard seconds > 0 else { return }
    signal.wait(seconds: seconds)
  }
}

/// A clock that moves only when told to, for tests: a dashboard's steady
/// tick sleeping on it wakes when ``advance(by:)`` reaches its deadline.
///
/// ```swift
/// let clock = VirtualTerminalClock()
/// let dashboard = TerminalDashboard(output: output, clock: clock)
/// clock.advance(by: 1)   // the steady tick redraws at 1 s
/// ```
public final class VirtualTerminalClock: TerminalClock {
  private let state = TerminalLock<
    (now: Double, sleepers: [ObjectIdentifier: (WakeSignal, Double)])
  >(
    (0, [:]))

  /// Creates a clock at a time.
  ///
  /// - Parameter now: The initial time; 0 by default.
  public init(now: Double = 0) {
    state.withLock { $0.now = now }
  }

  /// The current time.
  public var now: Double { state.withLock { $0.now } }

  /// Moves the clock forward and wakes the threads whose deadline it
  /// reaches.
  ///
  /// - Parameter seconds: A step; negative and NaN steps do nothing.
  public func advance(by seconds: Double) {
    guard seconds > 0 else { return }
    let due = state.withLock { state in
      state.now += seconds
      let now = state.now
      return state.sleepers.values.filter { $0.1 <= now }.map(\.0)
    }
    for signal in due { signal.raise() }
  }

  /// Sleeps until the clock reaches `deadline` or the signal is raised.
  ///
  /// - Parameters:
  ///   - deadline: The time to wake at.
  ///   - signal: The signal that ends the sleep early.
  public func sleep(until deadline: Double, orUntil signal: WakeSignal) {
    let key = ObjectIdentifier(signal)
    let due = state.withLock { state -> Bool in
      if state.now >= deadline { return true }
      state.sleepers[key] = (signal, deadline)
      return false
    }
    guard !due else { return }
    // One wait: a raise is the deadline reached or an event; the caller
    // looks at the time again either way.
    signal.wait(seconds: 3600)
    state.withLock { _ = $0.sleepers.removeValue(forKey: key) }
  }
}
