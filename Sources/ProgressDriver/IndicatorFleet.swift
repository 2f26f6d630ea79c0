//===----------------------------------------------------------------------===//
// ProgressDriver: many indicator models advanced together, each woken only
// when it has something to do (spec RL-4, MS-5).
//===----------------------------------------------------------------------===//

import ProgressIndicator
import ProgressStateMachine

/// Many indicator models advanced together: the synchronous core of
/// ``IndicatorDriver``, usable on its own by a host that owns its loop.
///
/// Each indicator has a wake-up time kept in one flat array: while it is
/// idle — nothing queued, nothing moving, no deadline due — a tick costs
/// one comparison, and produces no frame (MS-5, FR-5).
///
/// ```swift
/// var fleet = IndicatorFleet()
/// let id = fleet.add(try ProgressIndicatorModel(size: size))
/// fleet.send(.setProgress(0.5, animated: true), to: id)
/// fleet.advance(to: now) { id, frame in draw(frame) }
/// ```
public struct IndicatorFleet: Sendable {
  /// An indicator's handle.
  public struct ID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The handle's number, in order of addition.
    public let rawValue: Int

    /// Orders handles by addition.
    public static func < (a: ID, b: ID) -> Bool { a.rawValue < b.rawValue }

    /// "indicator #3".
    public var description: String { "indicator #\(rawValue)" }
  }

  private var models: [ProgressIndicatorModel] = []
  /// Whether each indicator was removed (its slot is kept, asleep forever).
  private var removed: [Bool] = []
  private var pending: [[ProgressEvent]] = []
  /// The earliest time each indicator needs attention: −∞ for every tick,
  /// +∞ for never (until an event arrives).
  private var wake: [Double] = []
  /// The time of the last advance.
  public private(set) var time = -Double.infinity
  /// The transitions of the last advance that did something (events
  /// applied, completions or announcements delivered), by indicator.
  public private(set) var lastTransitions: [ID: [ProgressTransition]] = [:]

  /// Creates an empty fleet.
  public init() {}

  /// The number of indicators.
  public var count: Int { removed.count { !$0 } }

  /// Adds an indicator; its first frame comes at the next advance.
  ///
  /// - Parameter model: The indicator.
  /// - Returns: Its handle.
  public mutating func add(_ model: ProgressIndicatorModel) -> ID {
    models.append(model)
    removed.append(false)
    pending.append([])
    wake.append(-.infinity)
    return ID(rawValue: models.count - 1)
  }

  /// Removes an indicator; events still queued for it are dropped.
  ///
  /// - Parameter id: Its handle.
  public mutating func remove(_ id: ID) {
    guard models.indices.contains(id.rawValue) else { return }
    removed[id.rawValue] = true
    pending[id.rawValue] = []
    wake[id.rawValue] = .infinity
  }

  /// The model of an indicator, as of the last advance.
  ///
  /// - Parameter id: Its handle.
  /// - Returns: The model, or `nil` for an unknown or removed handle.
  public func model(_ id: ID) -> ProgressIndicatorModel? {
    models.indices.contains(id.rawValue) && !removed[id.rawValue] ? models[id.rawValue] : nil
  }

  /// Queues an event for an indicator, applied at the next advance.
  ///
  /// - Parameters:
  ///   - event: The event.
  ///   - id: The handle; an unknown or removed one is ignored.
  public mutating func send(_ event: ProgressEvent, to id: ID) {
    guard models.indices.contains(id.rawValue), !removed[id.rawValue] else { return }
    pending[id.rawValue].append(event)
    wake[id.rawValue] = -.infinity
  }

  /// Advances every indicator that needs it and hands over the frames.
  ///
  /// Each frame produced goes to `deliver`. A time before the last advance
  /// is replaced by it (TM-3).
  ///
  /// An indicator is woken when an event is queued for it, while it moves,
  /// once after it stops moving (so no picture is stale), and when its next
  /// deadline (an animation's end, an announcement) falls due.
  ///
  /// - Parameters:
  ///   - newTime: The time, in seconds on the host's clock.
  ///   - deliver: Receives each frame with its indicator's handle.
  /// - Returns: The number of frames delivered.
  /// - Complexity: O(*n*) comparisons, plus O(1) work per woken indicator;
  ///   an idle indicator costs one comparison and allocates nothing.
  @discardableResult
  public mutating func advance(to newTime: Double, _ deliver: (ID, ProgressFrame) -> Void) -> Int {
    guard newTime.isFinite else { return 0 }
    time = max(time, newTime)
    let now = time
    if !lastTransitions.isEmpty { lastTransitions.removeAll(keepingCapacity: true) }
    var delivered = 0
    for index in wake.indices where wake[index] <= now {
      // The models are mutated in place: a model is large, and copying it
      // out and back costs more than the tick itself.
      guard !removed[index] else { continue }
      let id = ID(rawValue: index)
      var transitions: [ProgressTransition] = []
      let changed = !pending[index].isEmpty
      if changed {
        for event in pending[index] { transitions.append(models[index].send(event, at: now)) }
        pending[index].removeAll(keepingCapacity: true)
      }
      // The machine is asked only when a deadline falls due (or an event
      // came): a moving frame is a function of the state and the time.
      var drawnChange = false
      if changed || (models[index].state.nextDeadline ?? .infinity) <= now {
        let advanced = models[index].send(.tick, at: now)
        if !advanced.effects.isEmpty {
          transitions.append(advanced)
          // An announcement alone changes nothing drawn.
          drawnChange = advanced.effects.contains { effect in
            if case .announce = effect { return false }
            return true
          }
        }
      }
      if !transitions.isEmpty { lastTransitions[id] = transitions }
      let wasMoving = wake[index] == -.infinity
      let isAnimating = models[index].isAnimating
      // A frame when something happened, while moving, and once after.
      if changed || wasMoving || drawnChange || isAnimating {
        deliver(id, models[index].frame(at: now))
        delivered += 1
      }
      wake[index] = isAnimating ? -.infinity : (models[index].state.nextDeadline ?? .infinity)
    }
    return delivered
  }
}
