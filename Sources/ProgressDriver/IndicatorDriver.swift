//===----------------------------------------------------------------------===//
// ProgressDriver: many indicators ticked from one task, their frames
// delivered to each sink on the sink's own isolation (spec RL-4).
//===----------------------------------------------------------------------===//

public import ProgressIndicatorKit

/// A sink that receives frames across isolation domains: an actor, a
/// main-actor view, or any `Sendable` type.
///
/// The driver awaits ``consume(_:)``, so a main-actor conformer receives its
/// frames on the main actor and an actor on its own executor:
///
/// ```swift
/// @MainActor final class BarView: AsyncFrameSink {
///   func consume(_ frame: ProgressFrame) async { draw(frame) }   // on the main actor
///   func draw(_ frame: ProgressFrame) { /* the view's drawing */ }
/// }
/// ```
public protocol AsyncFrameSink: Sendable {
  /// Receives the next frame of one indicator.
  ///
  /// - Parameter frame: The frame.
  func consume(_ frame: ProgressFrame) async
}

/// Drives many `ProgressIndicatorModel`s from one task: events sent from
/// any task are applied at the next tick, at the tick's time, and each tick
/// samples only the indicators that changed or move, delivering one frame to
/// each one's sink.
///
/// An actor: events may come from any isolation, in any number of tasks,
/// and are applied in the order they reach it. Time is an input —
/// ``tick(at:)`` — and ``run(framesPerSecond:clock:)`` is the loop that
/// supplies it from a clock until its task is cancelled.
///
/// ```swift
/// // fragment: `view` is the app's AsyncFrameSink, such as BarView above
/// let driver = IndicatorDriver()
/// let model = try ProgressIndicatorModel(size: FrameSize(width: 320, height: 40))
/// let id = await driver.add(model, sink: view)  // view: an AsyncFrameSink
/// await driver.send(.setProgress(0.5, animated: true), to: id)
/// let loop = Task { await driver.run(framesPerSecond: 60) }
/// try await Task.sleep(for: .seconds(1))
/// loop.cancel()
/// ```
public actor IndicatorDriver {
  /// An indicator's handle in the driver.
  public typealias ID = IndicatorFleet.ID

  private var fleet = IndicatorFleet()
  private var sinks: [ID: any AsyncFrameSink] = [:]
  /// For each sink being delivered to, the newest frame that came while it
  /// was busy (`nil` when none): one delivery at a time per sink, so frames
  /// reach it in time order whatever the callers of ``tick(at:)`` do.
  private var waiting: [ID: ProgressFrame?] = [:]
  /// Frames delivered since the driver was created.
  package private(set) var framesDelivered = 0

  /// Creates an empty driver.
  public init() {}

  /// The time of the last tick.
  public var time: Double { fleet.time }

  /// The transitions of the last tick that did something (events applied,
  /// completions or announcements delivered), by indicator.
  public var lastTransitions: [ID: [ProgressTransition]] { fleet.lastTransitions }

  /// Adds an indicator; its first frame is delivered at the next tick.
  ///
  /// - Parameters:
  ///   - model: The indicator.
  ///   - sink: Where its frames go.
  /// - Returns: Its handle.
  public func add(_ model: ProgressIndicatorModel, sink: any AsyncFrameSink) -> ID {
    let id = fleet.add(model)
    sinks[id] = sink
    return id
  }

  /// Removes an indicator; events still queued for it are dropped.
  ///
  /// - Parameter id: Its handle.
  public func remove(_ id: ID) {
    fleet.remove(id)
    sinks[id] = nil
    waiting[id] = nil
  }

  /// The number of indicators.
  public var count: Int { fleet.count }

  /// The model of an indicator, as of the last tick.
  ///
  /// - Parameter id: Its handle.
  /// - Returns: The model, or `nil` for an unknown handle.
  public func model(_ id: ID) -> ProgressIndicatorModel? { fleet.model(id) }

  /// Queues an event for an indicator; it is applied at the next tick.
  ///
  /// - Parameters:
  ///   - event: The event.
  ///   - id: The indicator's handle; an unknown handle is ignored.
  public func send(_ event: ProgressEvent, to id: ID) {
    fleet.send(event, to: id)
  }

  /// Applies the queued events at `time`, then delivers the frames.
  ///
  /// A frame goes to the sink of every indicator that changed or moves (see
  /// ``IndicatorFleet/advance(to:_:)``). A time before the last tick is
  /// replaced by it (TM-3): the driver never rewinds.
  ///
  /// Each sink has at most one frame in flight, delivered in a task of its
  /// own, so a slow sink holds up no other. A frame produced while its sink
  /// is still consuming an earlier one waits, and a newer frame replaces a
  /// waiting one: a slow sink (a busy main actor) gets the latest picture
  /// when it is ready, never a backlog, and every sink receives its frames
  /// in non-decreasing time even when several tasks call `tick(at:)` at once
  /// (RL-10).
  ///
  /// - Parameter newTime: The time, in seconds on the host's clock.
  /// - Returns: The number of frames produced for sinks (delivered now, or
  ///   waiting for a busy sink).
  /// - Complexity: O(*n*) comparisons for *n* live indicators, plus the
  ///   indicators woken.
  @discardableResult
  public func tick(at newTime: Double) async -> Int {
    var ready: [(ID, any AsyncFrameSink, ProgressFrame)] = []
    var produced = 0
    fleet.advance(to: newTime) { id, frame in
      guard let sink = sinks[id] else { return }
      produced += 1
      if waiting[id] != nil {
        waiting[id] = .some(frame)  // the sink is busy: keep only the newest
      } else {
        waiting[id] = .some(nil)
        ready.append((id, sink, frame))
      }
    }
    // Deliver after the state has moved, each sink in its own task: a slow
    // sink delays no other, and its await lets other tasks in.
    if ready.count == 1, let (id, sink, first) = ready.first {
      await drain(id, sink, from: first)
    } else if !ready.isEmpty {
      await withTaskGroup(of: Void.self) { group in
        for (id, sink, first) in ready {
          group.addTask { await self.drain(id, sink, from: first) }
        }
      }
    }
    return produced
  }

  /// Delivers `first` to the sink, then each newer frame that came for it
  /// meanwhile, until none is waiting; the sink is free again after.
  private func drain(_ id: ID, _ sink: any AsyncFrameSink, from first: ProgressFrame) async {
    var frame = first
    while true {
      await sink.consume(frame)
      framesDelivered += 1
      // A frame that came while the sink was busy goes next; otherwise the
      // sink is free again. A removed indicator's waiting frame is dropped.
      guard case .some(.some(let next)) = waiting[id] else {
        waiting[id] = nil
        return
      }
      waiting[id] = .some(nil)
      frame = next
    }
  }

  /// Ticks at a frame rate from a clock until the calling task is
  /// cancelled; times are seconds since the loop started.
  ///
  /// Ticks fall on a fixed grid of the frame interval from the start. A
  /// loop that wakes late (a busy machine, a suspended process) ticks once
  /// at once and then at the next point of the grid: the frames it missed
  /// are dropped, not delivered in a burst; a clock that jumps forward by
  /// more than a billion intervals starts a new grid from where it woke. A
  /// clock that goes back moves neither the loop's time nor its frames
  /// back: the time goes on from where it was, and the next tick is one
  /// interval later (RL-4). A clock whose sleep throws ends the loop as
  /// cancellation does.
  ///
  /// - Parameters:
  ///   - framesPerSecond: The rate, from 1 to 1,000.
  ///   - clock: The clock to read and sleep on; `ContinuousClock` by
  ///     default.
  public func run<C: Clock>(framesPerSecond: Double, clock: C = ContinuousClock())
    async where C.Duration == Duration
  {
    let rate = min(max(framesPerSecond.isFinite ? framesPerSecond : 60, 1), 1000)
    let interval = Duration.nanoseconds(Int64(1e9 / rate))
    let start = clock.now
    var next = start
    // What the clock went back by, in all: added to its reading, so that
    // the loop's time never goes back (TM-3).
    var rewound = Duration.zero
    var latest = start
    while !Task.isCancelled {
      let woke = clock.now
      if woke < latest { rewound += woke.duration(to: latest) }
      latest = woke
      await tick(at: (start.duration(to: woke) + rewound) / .seconds(1))
      next = next.advanced(by: interval)
      let now = clock.now
      if next < now {
        // Late (a busy machine, a suspended process): drop the frames
        // missed and keep the phase, rather than deliver them in a burst;
        // a jump of more than a billion intervals starts a new grid.
        let missed = (next.duration(to: now) / interval).rounded(.up)
        next =
          missed <= 1e9
          ? next.advanced(by: interval * Int(missed)) : now.advanced(by: interval)
      } else if now.advanced(by: interval) < next {
        // The clock went back: the next tick is one interval from now.
        next = now.advanced(by: interval)
      }
      do {
        try await clock.sleep(until: next, tolerance: nil)
      } catch {
        return  // cancelled
      }
    }
  }
}
