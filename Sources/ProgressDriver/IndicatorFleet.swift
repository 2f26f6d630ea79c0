//===----------------------------------------------------------------------===//
// ProgressDriver: many indicator models advanced together, each woken only
// when it has something to do (spec RL-4, MS-5).
//===----------------------------------------------------------------------===//

public import ProgressIndicatorKit

/// Many indicator models advanced together: the synchronous core of
/// ``IndicatorDriver``, usable on its own by a host that owns its loop.
///
/// Each indicator has a wake-up time kept in one flat array: while it is
/// idle — nothing queued, nothing moving, no deadline due — a tick costs
/// one comparison, and produces no frame (MS-5, FR-5).
///
/// ```swift
/// var fleet = IndicatorFleet()
/// let id = fleet.add(try ProgressIndicatorModel(size: FrameSize(width: 320, height: 40)))
/// fleet.send(.setProgress(0.5, animated: true), to: id)
/// for tick in 0..<30 {
///   fleet.advance(to: Double(tick) / 60) { id, frame in print(id, frame.presentedProgress) }
/// }
/// ```
public struct IndicatorFleet: Sendable {
  /// An indicator's handle.
  public struct ID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The handle's number, in order of addition; never reused.
    package let rawValue: Int

    /// Orders handles by addition.
    public static func < (a: ID, b: ID) -> Bool { a.rawValue < b.rawValue }

    /// "indicator #3".
    public var description: String { "indicator #\(rawValue)" }
  }

  /// One live indicator: its handle and its runtime (model, schedule, last
  /// frame, queued events).
  private struct Entry: Sendable {
    let id: ID
    var runtime: IndicatorRuntime
  }

  /// The live indicators, densely packed: a removed one's place is taken by
  /// the last, so storage and a tick's cost follow the live count.
  private var entries: [Entry] = []
  /// Each live indicator's wake-up time (its runtime's), in the order of
  /// ``entries``: the idle scan reads only this flat array.
  private var wake: [Double] = []
  /// Where each live indicator is in ``entries``.
  private var positions: [ID: Int] = [:]
  private var nextID = 0
  /// The time of the last advance.
  public private(set) var time = -Double.infinity
  /// The transitions of the last advance, by indicator: every queued event
  /// (applied, ignored or rejected), and the tick when it delivered
  /// completions or announcements.
  public private(set) var lastTransitions: [ID: [ProgressTransition]] = [:]

  /// Creates an empty fleet.
  public init() {}

  /// The number of indicators.
  public var count: Int { entries.count }

  /// Adds an indicator; its first frame comes at the next advance.
  ///
  /// - Parameter model: The indicator.
  /// - Returns: Its handle.
  public mutating func add(_ model: ProgressIndicatorModel) -> ID {
    let id = ID(rawValue: nextID)
    nextID += 1
    positions[id] = entries.count
    let runtime = IndicatorRuntime(model)
    entries.append(Entry(id: id, runtime: runtime))
    wake.append(runtime.wakeTime)
    return id
  }

  /// Removes an indicator; events still queued for it are dropped, and its
  /// storage is reused.
  ///
  /// - Parameter id: Its handle; an unknown or removed one is ignored.
  public mutating func remove(_ id: ID) {
    guard let position = positions.removeValue(forKey: id) else { return }
    let last = entries.count - 1
    if position != last {
      entries.swapAt(position, last)
      wake.swapAt(position, last)
      positions[entries[position].id] = position
    }
    entries.removeLast()
    wake.removeLast()
    lastTransitions[id] = nil
  }

  /// The model of an indicator, as of the last advance.
  ///
  /// - Parameter id: Its handle.
  /// - Returns: The model, or `nil` for an unknown or removed handle.
  public func model(_ id: ID) -> ProgressIndicatorModel? {
    positions[id].map { entries[$0].runtime.model }
  }

  /// Queues an event for an indicator, applied at the next advance.
  ///
  /// - Parameters:
  ///   - event: The event.
  ///   - id: The handle; an unknown or removed one is ignored.
  public mutating func send(_ event: ProgressEvent, to id: ID) {
    guard let position = positions[id] else { return }
    entries[position].runtime.enqueue(event)
    wake[position] = entries[position].runtime.wakeTime
  }

  /// Advances every indicator that needs it and hands over the frames.
  ///
  /// Each frame produced goes to `deliver`. A time before the last advance
  /// is replaced by it (TM-3).
  ///
  /// Each indicator's `IndicatorRuntime` decides, as for the
  /// `ProgressIndicator` facade: it is woken when an event is queued for
  /// it, while it moves, and when its next deadline (an animation's end, an
  /// announcement) falls due; it gets a frame when something drawn changed
  /// or moves, unless the frame repeats the last one (FR-5).
  ///
  /// - Parameters:
  ///   - newTime: The time, in seconds on the host's clock.
  ///   - deliver: Receives each frame with its indicator's handle.
  /// - Returns: The number of frames delivered.
  /// - Complexity: O(*n*) comparisons for *n* live indicators, plus O(1)
  ///   work per woken indicator; an idle indicator costs one comparison and
  ///   allocates nothing.
  @discardableResult
  public mutating func advance(to newTime: Double, _ deliver: (ID, ProgressFrame) -> Void) -> Int {
    guard newTime.isFinite else { return 0 }
    time = max(time, newTime)
    let now = time
    if !lastTransitions.isEmpty { lastTransitions.removeAll(keepingCapacity: true) }
    var delivered = 0
    var next = 0
    // One frame's storage for the whole advance: a step writes its frame
    // here, not into the indicator (FR-5's comparison needs no whole frame).
    var frame: ProgressFrame?
    while let index = firstDue(from: next, at: now) {
      next = index + 1
      // Stepped in place: a runtime is large, and copying it out and back
      // costs more than the step itself.
      let step = entries[index].runtime.step(to: now, into: &frame)
      let id = entries[index].id
      if !step.transitions.isEmpty { lastTransitions[id] = step.transitions }
      if step.hasFrame, let frame {
        deliver(id, frame)
        delivered += 1
      }
      wake[index] = entries[index].runtime.wakeTime
    }
    return delivered
  }

  /// The first position from `start` on whose wake time is `now` or
  /// earlier: the scan an idle fleet is made of, over the flat array alone.
  private func firstDue(from start: Int, at now: Double) -> Int? {
    wake.withUnsafeBufferPointer { times in
      var index = start
      while index < times.count {
        if times[index] <= now { return index }
        index += 1
      }
      return nil
    }
  }
}
