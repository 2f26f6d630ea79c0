//===----------------------------------------------------------------------===//
// ProgressTesting: a `Clock` that moves only when a test moves it.
//===----------------------------------------------------------------------===//

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A `Clock` with `Duration` that moves only when a test moves it, for any
/// host that takes a clock: a sleep on it ends when ``advance(by:)`` reaches
/// its deadline.
///
/// Its time starts at 0 (``Instant/offset``). A sleep whose deadline has
/// passed returns at once, and a cancelled sleep throws `CancellationError`
/// at once, so a host that sleeps on it never waits on a clock that a test
/// has already moved.
///
/// ```swift
/// let clock = TestClock()
/// let wake = clock.now.advanced(by: .seconds(1))
/// let sleeper = Task { try await clock.sleep(until: wake) }
/// clock.advance(by: .seconds(1))   // the sleep ends
/// clock.now.offset / .seconds(1)   // 1.0
/// ```
public final class TestClock: Clock, @unchecked Sendable {
  /// A time on a test clock: the time since the clock's start.
  public struct Instant: InstantProtocol {
    /// The time since the clock's start.
    public var offset: Duration

    /// Creates an instant.
    ///
    /// - Parameter offset: The time since the clock's start.
    package init(offset: Duration) {
      self.offset = offset
    }

    /// The instant `duration` later.
    ///
    /// - Parameter duration: The time to add; negative goes back.
    /// - Returns: The instant.
    public func advanced(by duration: Duration) -> Instant {
      Instant(offset: offset + duration)
    }

    /// The time from this instant to another.
    ///
    /// - Parameter other: The other instant.
    /// - Returns: The duration, negative when `other` is earlier.
    public func duration(to other: Instant) -> Duration { other.offset - offset }

    /// Orders instants by their offsets.
    ///
    /// - Parameters:
    ///   - lhs: An instant.
    ///   - rhs: Another instant.
    /// - Returns: Whether `lhs` is earlier.
    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  /// A sleeping task: its deadline and how to wake it.
  private struct Sleeper {
    var deadline: Instant
    var continuation: CheckedContinuation<Void, any Error>
  }

  // A POSIX mutex, as the terminal's lock: ThreadSanitizer sees it.
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private var current = Instant(offset: .zero)
  private var sleepers: [Int: Sleeper] = [:]
  private var nextSleeper = 0

  /// Creates a clock at time 0.
  public init() {
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  private func withLock<Result>(_ body: () -> Result) -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return body()
  }

  /// The current time.
  public var now: Instant { withLock { current } }

  /// One nanosecond.
  public var minimumResolution: Duration { .nanoseconds(1) }

  /// Moves the clock forward and wakes, in the order of their deadlines,
  /// the sleeps it reaches.
  ///
  /// - Parameter duration: The step; a negative or zero step does nothing.
  public func advance(by duration: Duration) {
    guard duration > .zero else { return }
    let due = withLock { () -> [Sleeper] in
      current = current.advanced(by: duration)
      let due = sleepers.filter { $0.value.deadline <= current }
      for key in due.keys { sleepers.removeValue(forKey: key) }
      return due.values.sorted { $0.deadline < $1.deadline }
    }
    for sleeper in due { sleeper.continuation.resume() }
  }

  /// Suspends until ``advance(by:)`` reaches `deadline`.
  ///
  /// - Parameters:
  ///   - deadline: When to wake; a deadline that has passed returns at once.
  ///   - tolerance: Ignored: the clock wakes exactly at its deadlines.
  /// - Throws: `CancellationError` when the task is cancelled.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    let key = withLock { () -> Int in
      nextSleeper += 1
      return nextSleeper
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        // Under the lock: a cancellation either finds the sleeper or is seen here.
        let outcome = withLock { () -> Result<Bool, CancellationError> in
          if Task.isCancelled { return .failure(CancellationError()) }
          if deadline <= current { return .success(true) }
          sleepers[key] = Sleeper(deadline: deadline, continuation: continuation)
          return .success(false)
        }
        switch outcome {
        case .failure(let error): continuation.resume(throwing: error)
        case .success(true): continuation.resume()
        case .success(false): break
        }
      }
    } onCancel: {
      let sleeper = withLock { sleepers.removeValue(forKey: key) }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }
}
