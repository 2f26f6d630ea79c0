//===----------------------------------------------------------------------===//
// Timeline: clocks, the only source of time (spec TL-19).
//===----------------------------------------------------------------------===//

/// A source of the current time in seconds.
///
/// Nothing in this module reads a clock by itself: sampling functions take
/// time as an argument. A driver reads a clock and passes its time on, so
/// tests drive the same code with a ``ManualClock``.
public protocol TimelineClock {
  /// The current time in seconds since the clock's origin.
  var now: Double { get }
}

/// A clock that moves only when told to: for tests and replays.
///
/// ```swift
/// var clock = ManualClock()
/// clock.advance(by: 1.0 / 60)
/// clock.now  // 0.016666…
/// ```
public struct ManualClock: TimelineClock, Hashable, Sendable {
  /// The current time.
  public private(set) var now: Double

  /// Creates a clock at a time.
  ///
  /// - Parameter now: The initial time; 0 by default.
  public init(now: Double = 0) {
    self.now = now
  }

  /// Moves the clock forward.
  ///
  /// - Parameter seconds: A finite, non-negative step.
  /// - Throws: ``TimelineError/invalidDuration(seconds:)`` for a negative or
  ///   non-finite step; the clock does not move.
  public mutating func advance(by seconds: Double) throws(TimelineError) {
    guard seconds.isFinite, seconds >= 0 else { throw .invalidDuration(seconds: seconds) }
    now += seconds
  }

  /// Moves the clock to a time at or after the current one.
  ///
  /// - Parameter time: The new time.
  /// - Throws: ``TimelineError/invalidTime(seconds:)`` for an earlier or
  ///   non-finite time; the clock does not move.
  public mutating func advance(to time: Double) throws(TimelineError) {
    guard time.isFinite, time >= now else { throw .invalidTime(seconds: time) }
    now = time
  }
}

// ContinuousClock is not in Embedded Swift: the host gives the time there.
#if !hasFeature(Embedded)
  /// The system's monotonic clock, in seconds since the clock was created.
  ///
  /// Built on the standard library's `ContinuousClock`, so it needs no
  /// Foundation and never goes backwards.
  public struct MonotonicClock: TimelineClock, Sendable {
    private let origin: ContinuousClock.Instant

    /// Creates a clock whose time 0 is now.
    public init() {
      origin = ContinuousClock.now
    }

    /// Seconds since the clock was created.
    public var now: Double {
      let elapsed = ContinuousClock.now - origin
      let (seconds, attoseconds) = elapsed.components
      return Double(seconds) + Double(attoseconds) * 1e-18
    }
  }
#endif
