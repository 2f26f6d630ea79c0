//===----------------------------------------------------------------------===//
// DriverTests: a `Clock` on virtual time, for the driver's run loop.
//===----------------------------------------------------------------------===//

import Synchronization

/// A clock on virtual time: a sleep moves its time to the deadline at once.
///
/// A loop on it runs as fast as the machine lets it, whatever else the
/// machine is doing, and wakes exactly at its deadlines. Time ends at `end`:
/// a sleep past it throws `CancellationError`, which ends the loop the way
/// cancelling its task would. `stalls` makes chosen sleeps wake late, as on
/// a busy machine.
final class SteppingClock: Clock, Sendable {
  struct Instant: InstantProtocol {
    var offset: Duration

    func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    func duration(to other: Instant) -> Duration { other.offset - offset }
    static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  private struct State {
    var now = Instant(offset: .zero)
    var deadlines: [Duration] = []
  }

  private let state = Mutex(State())
  private let end: Duration
  private let stalls: [Int: Duration]

  /// - Parameters:
  ///   - end: The last instant a sleep may wake at.
  ///   - stalls: For a sleep's index (from 0), how late it wakes.
  init(end: Duration, stalls: [Int: Duration] = [:]) {
    self.end = end
    self.stalls = stalls
  }

  var now: Instant { state.withLock { $0.now } }
  var minimumResolution: Duration { .nanoseconds(1) }

  /// The deadlines the loop asked to sleep until, in order.
  var deadlines: [Duration] { state.withLock { $0.deadlines } }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    let ended = state.withLock { state -> Bool in
      let late = stalls[state.deadlines.count] ?? .zero
      state.deadlines.append(deadline.offset)
      let wake = max(state.now, deadline).advanced(by: late)
      guard wake.offset <= end else { return true }
      state.now = wake
      return false
    }
    if ended { throw CancellationError() }
    await Task.yield()
  }
}
