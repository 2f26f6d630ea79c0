//===----------------------------------------------------------------------===//
// ProgressTerminal: the dashboard's clock — any `Clock` with `Duration`, read
// in seconds, and slept on until a deadline or a wake signal.
//===----------------------------------------------------------------------===//

/// The clock a dashboard reads and its steady tick sleeps on: the `Clock`
/// its creator gave, read as the time since the dashboard was made.
///
/// The dashboard works in seconds, as the engine does; ``seconds(_:)`` is
/// the one conversion, the standard library's division. An idle tick
/// compares durations and converts nothing.
///
/// The standard library's clocks are slept on with a timed wait on the wake
/// signal. Any other clock — a test's virtual clock — is slept on by a task
/// that awaits its `sleep(until:)` and raises the signal; the task is
/// cancelled when the thread wakes first. The tick stays on a thread of its
/// own either way: a program that blocks the cooperative pool still sees its
/// bars move.
struct DashboardClock: Sendable {
  /// When the clock was made, when it is the default `ContinuousClock`: then
  /// a reading is a direct call, the cost of an idle tick.
  private let continuousOrigin: ContinuousClock.Instant?
  /// The time since the clock was made, read on any other clock.
  private let reading: @Sendable () -> Duration
  /// Sleeps until `now()` reaches a deadline or the signal is raised.
  private let sleep: @Sendable (_ deadline: Double, _ signal: WakeSignal) -> Void

  /// The time since the clock was made.
  @inline(__always)
  func elapsed() -> Duration {
    if let continuousOrigin { return continuousOrigin.duration(to: .now) }
    return reading()
  }

  /// Seconds since the clock was made.
  func now() -> Double { Self.seconds(elapsed()) }

  /// A duration in seconds: the standard library's division.
  ///
  /// - Parameter duration: A duration.
  /// - Returns: Its length in seconds.
  static func seconds(_ duration: Duration) -> Double { duration / .seconds(1) }

  /// The longest a steady tick sleeps before it looks again: a day.
  static let longestSleep = 86_400.0

  /// Wraps a clock; its time 0 is now.
  ///
  /// - Parameter clock: Any clock that measures in `Duration`.
  init(_ clock: some Clock<Duration>) {
    if let clock = clock as? ContinuousClock {
      self.init(waitingOn: clock)
    } else if let clock = clock as? SuspendingClock {
      self.init(waitingOn: clock)
    } else {
      self.init(sleepingOn: clock)
    }
  }

  /// A clock the wake signal's own wait follows: a timed wait.
  private init<C: Clock<Duration>>(waitingOn clock: C) {
    let origin = clock.now
    let elapsed: @Sendable () -> Duration = { origin.duration(to: clock.now) }
    let now: @Sendable () -> Double = { Self.seconds(elapsed()) }
    continuousOrigin = origin as? ContinuousClock.Instant
    reading = elapsed
    sleep = { deadline, signal in
      let seconds = deadline - now()
      guard seconds > 0 else { return }
      signal.wait(seconds: min(seconds, Self.longestSleep))
    }
  }

  /// Any other clock: a task sleeps on it and raises the signal.
  ///
  /// The task runs on the cooperative pool, which a program — or a test
  /// run — may keep busy, so the thread also looks at the clock every
  /// ``pollInterval`` while it waits: a busy pool delays a tick by that at
  /// most.
  private init<C: Clock<Duration>>(sleepingOn clock: C) {
    let origin = clock.now
    let elapsed: @Sendable () -> Duration = { origin.duration(to: clock.now) }
    let now: @Sendable () -> Double = { Self.seconds(elapsed()) }
    continuousOrigin = nil
    reading = elapsed
    sleep = { deadline, signal in
      guard deadline > now() else { return }
      // No deadline (or none a `Duration` holds): only the signal wakes.
      guard deadline < Self.farthestDeadline else {
        signal.wait(seconds: Self.longestSleep)
        return
      }
      let wake = origin.advanced(by: .seconds(deadline))
      let sleeper = Task {
        try await clock.sleep(until: wake, tolerance: nil)
        signal.raise()
      }
      defer { sleeper.cancel() }
      while now() < deadline {
        if signal.wait(seconds: Self.pollInterval) { return }
      }
    }
  }

  /// How often a thread sleeping on a clock that is not the standard
  /// library's looks at it: every 10 ms.
  static let pollInterval = 0.01

  /// The farthest deadline a sleep on another clock waits for: 10¹⁵ s.
  static let farthestDeadline = 1e15

  /// Sleeps until ``now`` reaches `deadline` or `signal` is raised; at most
  /// a day.
  ///
  /// - Parameters:
  ///   - deadline: The time to wake at, in seconds on this clock; +∞ for none.
  ///   - signal: The signal that ends the sleep early.
  func sleep(until deadline: Double, orUntil signal: WakeSignal) {
    sleep(deadline, signal)
  }
}
