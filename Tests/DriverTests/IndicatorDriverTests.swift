//===----------------------------------------------------------------------===//
// DriverTests: the driver on a virtual timeline, sinks on their own
// isolation, and a concurrency stress run (spec RL-4).
//===----------------------------------------------------------------------===//

import ProgressDriver
import ProgressIndicatorKit
import ProgressStateMachine
import ProgressTesting
import Testing

/// A sink that keeps what it receives, on its own executor.
actor CollectingSink: AsyncFrameSink {
  private(set) var frames: [ProgressFrame] = []

  func consume(_ frame: ProgressFrame) async {
    frames.append(frame)
  }
}

/// A sink isolated to the main actor, as a view would be.
@MainActor
final class MainActorSink: AsyncFrameSink {
  private(set) var frames: [ProgressFrame] = []

  func consume(_ frame: ProgressFrame) async {
    MainActor.assertIsolated("frames reach a main-actor sink on the main actor")
    frames.append(frame)
  }
}

@Suite("Indicator driver")
struct IndicatorDriverTests {
  func model(_ type: ProgressType = .determinate) throws -> ProgressIndicatorModel {
    try ProgressIndicatorModel(progressType: type, size: FrameSize(width: 320, height: 40))
  }

  @Test("RL-4 events apply at the next tick; frames only while something changes or moves")
  func timeline() async throws {
    let driver = IndicatorDriver()
    let sink = CollectingSink()
    let id = await driver.add(try model(), sink: sink)
    #expect(await driver.tick(at: 0) == 1)  // the first frame
    #expect(await driver.tick(at: 0.1) == 0)  // idle: nothing
    await driver.send(.setProgress(0.5, animated: true), to: id)
    #expect(await driver.tick(at: 0.2) == 1)  // the call
    #expect(await driver.tick(at: 0.3) == 1)  // moving
    #expect(await driver.tick(at: 0.45) == 1)  // the animation ends (0.2 + 0.25)
    #expect(await driver.tick(at: 0.5) == 0)  // idle again
    let frames = await sink.frames
    #expect(frames.map(\.time) == [0, 0.2, 0.3, 0.45])
    let expected = [0, 0, 0.2, 0.5]
    #expect(zip(frames.map(\.presentedProgress), expected).allSatisfy { abs($0 - $1) < 1e-12 })
    let completions = await driver.lastTransitions
    #expect(completions.isEmpty)
    #expect(await driver.model(id)?.state.progress == 0.5)
  }

  @Test("RL-4 a time before the last tick is replaced by it: the driver never rewinds")
  func noRewind() async throws {
    let driver = IndicatorDriver()
    let sink = CollectingSink()
    let id = await driver.add(try model(), sink: sink)
    await driver.tick(at: 1)
    await driver.send(.setProgress(1, animated: true), to: id)
    await driver.tick(at: 0.5)
    #expect(await driver.time == 1)
    #expect(await sink.frames.last?.time == 1)
    #expect(await driver.tick(at: .nan) == 0)
  }

  @Test("RL-4 a main-actor sink receives its frames on the main actor")
  func mainActorSink() async throws {
    let driver = IndicatorDriver()
    let sink = MainActorSink()
    let id = await driver.add(try model(.indeterminate), sink: sink)
    await driver.send(.startIndeterminateAnimation, to: id)
    for step in 0..<10 { await driver.tick(at: Double(step) / 60) }
    #expect(await sink.frames.count == 10)
  }

  /// The seconds of a whole number of nanoseconds, as the loop computes them.
  func seconds(nanoseconds: Int64) -> Double { Double(nanoseconds) / 1e9 }

  @Test("RL-4 run ticks on the grid of the frame interval, from the loop's start")
  func runOnVirtualTime() async throws {
    let driver = IndicatorDriver()
    let sink = CollectingSink()
    let id = await driver.add(try model(.indeterminate), sink: sink)
    await driver.send(.startIndeterminateAnimation, to: id)
    // 120 frames a second: an interval of 8,333,333 ns; 13 ticks fit in 0.1 s.
    let clock = SteppingClock(end: .milliseconds(100))
    await driver.run(framesPerSecond: 120, clock: clock)
    let expected = (0..<13).map { seconds(nanoseconds: $0 * 8_333_333) }
    let times = await sink.frames.map(\.time)
    #expect(times.count == expected.count, "\(times)")
    #expect(zip(times, expected).allSatisfy { abs($0 - $1) < 1e-12 }, "\(times)")
  }

  @Test("RL-4 a run loop that wakes late drops the frames it missed and keeps its phase")
  func runLate() async throws {
    let driver = IndicatorDriver()
    let sink = CollectingSink()
    let id = await driver.add(try model(.indeterminate), sink: sink)
    await driver.send(.startIndeterminateAnimation, to: id)
    // The third sleep (until 25.0 ms) wakes 30 ms late, at 55.0 ms: the
    // ticks due at 33.3, 41.7 and 50.0 ms are dropped; the next is at 58.3 ms.
    let clock = SteppingClock(end: .milliseconds(100), stalls: [2: .milliseconds(30)])
    await driver.run(framesPerSecond: 120, clock: clock)
    let grid = { (index: Int64) in index * 8_333_333 }  // nanoseconds
    let deadlines = [1, 2, 3, 7, 8, 9, 10, 11, 12, 13].map { Duration.nanoseconds(grid($0)) }
    #expect(clock.deadlines == deadlines)
    let ticks = [0, 1, 2].map(grid) + [grid(3) + 30_000_000] + (7...12).map(grid)
    let expected = ticks.map { seconds(nanoseconds: $0) }
    let times = await sink.frames.map(\.time)
    #expect(times.count == expected.count, "\(times)")
    #expect(zip(times, expected).allSatisfy { abs($0 - $1) < 1e-12 }, "\(times)")
  }

  @Test(
    "RL-4 a clock that jumps ahead by 1e16 s at 1,000 fps or 1e19 s at 1 fps neither traps nor stops the frames",
    arguments: [(1000.0, 1e16), (1.0, 1e19)])
  func runJump(framesPerSecond: Double, jump: Double) async throws {
    let driver = IndicatorDriver()
    let sink = CollectingSink()
    let id = await driver.add(try model(.indeterminate), sink: sink)
    await driver.send(.startIndeterminateAnimation, to: id)
    let interval = Duration.nanoseconds(Int64(1e9 / framesPerSecond))
    // The third sleep wakes `jump` seconds late; then three more intervals.
    let clock = SteppingClock(
      end: .seconds(jump) + interval * 6, stalls: [2: .seconds(jump)])
    await driver.run(framesPerSecond: framesPerSecond, clock: clock)
    let deadlines = clock.deadlines
    // A new grid from where it woke: one interval later, then on.
    #expect(deadlines.count >= 5, "\(deadlines)")
    let woke = deadlines[2] + .seconds(jump)
    #expect(deadlines[3] == woke + interval && deadlines[4] == woke + interval * 2)
    let times = await sink.frames.map(\.time)
    #expect(times.count >= 4 && times.last! >= jump * 0.999, "\(times)")
  }

  @Test("RL-4 a clock that goes back moves neither the loop's time nor its frames back")
  func runRewound() async throws {
    let driver = IndicatorDriver()
    let sink = CollectingSink()
    let id = await driver.add(try model(.indeterminate), sink: sink)
    await driver.send(.startIndeterminateAnimation, to: id)
    // The third sleep (until 25.0 ms) wakes 50 ms earlier than it went to
    // sleep: at −25.0 ms on the clock.
    let clock = SteppingClock(end: .milliseconds(100), stalls: [2: .milliseconds(-50)])
    await driver.run(framesPerSecond: 120, clock: clock)
    let grid = { (index: Int64) in index * 8_333_333 }  // nanoseconds
    let woke = grid(3) - 50_000_000
    // The next tick is one interval after the clock's reading, not 58 ms
    // later at the grid point the loop would have reached.
    #expect(clock.deadlines[3] == .nanoseconds(woke + grid(1)))
    // The time goes on from the last reading (16.7 ms, the third tick): the
    // tick on waking repeats it (no frame: the same picture), the next are
    // one interval apart again — 18 distinct ticks, grid(0) to grid(17).
    let times = await sink.frames.map(\.time)
    let expected = (0...17).map { seconds(nanoseconds: grid($0)) }
    #expect(times.count == expected.count, "\(times)")
    #expect(zip(times, expected).allSatisfy { abs($0 - $1) < 1e-12 }, "\(times)")
  }

  @Test("RL-4 run ticks from a real clock until cancelled")
  func run() async throws {
    let driver = IndicatorDriver()
    let sink = CollectingSink()
    let id = await driver.add(try model(.indeterminate), sink: sink)
    await driver.send(.startIndeterminateAnimation, to: id)
    let loop = Task { await driver.run(framesPerSecond: 120) }
    // Wait for five frames. Synchronous tests running in parallel may hold
    // every thread of the pool for a long time (under ThreadSanitizer this
    // test waited 26 s for its five frames), so the limit is five minutes,
    // longer than the whole suite takes there (about 100 s).
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: .seconds(300))
    while await sink.frames.count < 5, clock.now < deadline {
      try await Task.sleep(for: .milliseconds(10))
    }
    loop.cancel()
    await loop.value
    let count = await sink.frames.count
    #expect(count >= 5, "frames delivered: \(count)")
    // Cancelled: no frame comes after the loop has ended.
    try await Task.sleep(for: .milliseconds(50))
    #expect(await sink.frames.count == count)
    let times = await sink.frames.map(\.time)
    #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
  }

  @Test("RL-4 stress: many tasks send to and tick many indicators at once; every invariant holds")
  func stress() async throws {
    let drivers = (0..<4).map { _ in IndicatorDriver() }
    let sink = CollectingSink()
    var ids: [[IndicatorDriver.ID]] = []
    for driver in drivers {
      var handles: [IndicatorDriver.ID] = []
      for index in 0..<25 {
        handles.append(
          await driver.add(try model(index % 2 == 0 ? .determinate : .indeterminate), sink: sink))
      }
      ids.append(handles)
    }
    let events: [ProgressEvent] = [
      .setProgress(0.3, animated: true), .setProgress(.nan, animated: false),
      .setProgressType(.indeterminate),
      .startIndeterminateAnimation, .setHidden(true, animated: true),
      .setHidden(false, animated: true),
      .setProgressType(.determinate), .stopIndeterminateAnimation, .setProgress(2, animated: true),
    ]
    let handles = ids
    await withTaskGroup(of: Void.self) { group in
      // Senders: 16 tasks, each sending 200 events across every driver.
      for task in 0..<16 {
        group.addTask {
          for step in 0..<200 {
            let driver = (task + step) % drivers.count
            let id = handles[driver][(task * 7 + step) % handles[driver].count]
            await drivers[driver].send(events[(task + step * 3) % events.count], to: id)
          }
        }
      }
      // Tickers: one task a driver, 300 ticks at 60 frames a second.
      for driver in drivers {
        group.addTask {
          for frame in 0..<300 { await driver.tick(at: Double(frame) / 60) }
        }
      }
    }
    var delivered = 0
    for (driver, handles) in zip(drivers, ids) {
      await driver.tick(at: 10)
      delivered += await driver.framesDelivered
      for id in handles {
        let model = try #require(await driver.model(id))
        let broken = ProgressInvariant.standard.violations(of: model)
        #expect(broken.isEmpty, "\(id): \(broken)")
      }
    }
    #expect(await sink.frames.count == delivered)
    #expect(delivered > 1000)
  }

  @Test(
    "RL-10 concurrent tick callers and sinks that yield: each sink's frames never go back in time")
  func orderUnderConcurrentTicks() async throws {
    let driver = IndicatorDriver()
    var sinks: [YieldingSink] = []
    for index in 0..<4 {
      let sink = YieldingSink()
      sinks.append(sink)
      let id = await driver.add(try model(.indeterminate), sink: sink)
      await driver.send(.startIndeterminateAnimation, to: id)
      if index % 2 == 1 { await driver.send(.setHidden(true, animated: true), to: id) }
    }
    // Four tasks tick the same driver at once, each with its own times: the
    // driver's time is the maximum seen, and a sink suspends in every
    // consume, letting the other tickers in.
    await withTaskGroup(of: Void.self) { group in
      for task in 0..<4 {
        group.addTask {
          for step in 0..<1_000 { await driver.tick(at: Double(step * 4 + task) / 240) }
        }
      }
    }
    // The newest picture always arrives: a last tick reaches every moving
    // indicator's sink.
    await driver.tick(at: 100)
    var received = 0
    for (index, sink) in sinks.enumerated() {
      let times = await sink.times
      received += times.count
      let rewinds = zip(times, times.dropFirst()).filter { $0 > $1 }.count
      #expect(rewinds == 0, "\(rewinds) of \(times.count) frames went back in time")
      if index % 2 == 0 { #expect(times.last == 100) }
    }
    #expect(await driver.framesDelivered == received)
  }

  @Test("RL-10 a slow sink holds up no other: a fast sink gets its frames while the slow one works")
  func slowSinkDelaysNoOther() async throws {
    let driver = IndicatorDriver()
    let gate = Gate()
    let slow = GatedSink(gate: gate)
    let fast = CollectingSink()
    for sink in [slow as any AsyncFrameSink, fast] {
      let id = await driver.add(try model(.indeterminate), sink: sink)
      await driver.send(.startIndeterminateAnimation, to: id)
    }
    // The first tick's frame for the slow sink blocks until the gate opens.
    let first = Task { await driver.tick(at: 0) }
    var waited = 0
    while await fast.frames.isEmpty, waited < 100_000 {
      await Task.yield()
      waited += 1
    }
    guard await !fast.frames.isEmpty else {
      Issue.record("the fast sink got no frame while the slow one was stuck")
      await gate.open()
      _ = await first.value
      return
    }
    // Meanwhile every tick reaches the fast sink; the slow one keeps only
    // the newest frame for when it is free. Before, the fast sink waited
    // behind the slow one and got nothing until the gate opened.
    for step in 1...20 { await driver.tick(at: Double(step) / 60) }
    #expect(await fast.frames.count == 21)
    #expect(await slow.times.isEmpty)
    await gate.open()
    _ = await first.value
    #expect(await slow.times == [0, 20.0 / 60])
  }
}

/// A gate that holds its waiters until it is opened.
actor Gate {
  private var isOpen = false
  private var waiters: [CheckedContinuation<Void, Never>] = []

  func wait() async {
    if isOpen { return }
    await withCheckedContinuation { waiters.append($0) }
  }

  func open() {
    isOpen = true
    for waiter in waiters { waiter.resume() }
    waiters = []
  }
}

/// A sink whose every consume waits for a gate: a renderer that is stuck.
actor GatedSink: AsyncFrameSink {
  let gate: Gate
  private(set) var times: [Double] = []

  init(gate: Gate) { self.gate = gate }

  func consume(_ frame: ProgressFrame) async {
    await gate.wait()
    times.append(frame.time)
  }
}

/// A sink that yields inside every consume, as a sink that hops to another
/// executor or awaits its own work does.
actor YieldingSink: AsyncFrameSink {
  private(set) var times: [Double] = []

  func consume(_ frame: ProgressFrame) async {
    await Task.yield()
    times.append(frame.time)
  }
}
