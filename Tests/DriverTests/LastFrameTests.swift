//===----------------------------------------------------------------------===//
// DriverTests: the comparison with the last frame delivered, whether that
// frame followed a change of the model or only time (spec FR-5, FR-8).
//===----------------------------------------------------------------------===//

import ProgressDriver
import ProgressIndicatorKit
import ProgressStateMachine
import Testing

@Suite("The last frame")
struct LastFrameTests {
  /// A runtime whose Material ring loops from time 0.
  static func materialRing() throws -> IndicatorRuntime {
    var runtime = IndicatorRuntime(
      try ProgressIndicatorModel(
        configuration: ProgressConfiguration(
          variant: .circular(size: .medium, style: .empty), indeterminateStyle: .material),
        progressType: .indeterminate, size: FrameSize(width: 64, height: 64)))
    runtime.send(.startIndeterminateAnimation, at: 0)
    return runtime
  }

  @Test(
    "FR-5 a frame whose fractions repeat the last frame's but whose ring has turned is delivered")
  func sameFractionsOtherRotation() throws {
    var runtime = try Self.materialRing()
    // Each cycle of Material's ring starts from the same fractions, turned
    // by 576° more: 0°, 216°, 72° at the starts of cycles 0, 1 and 2.
    let period = 4.0 / 3
    var rotations: [Double] = []
    for time in [0, period, 2 * period] {
      let frame = try #require(runtime.advance(to: time).frame)
      #expect(runtime.lastFrame == frame)
      guard case .arc(let arc) = frame.segments.first?.geometry else {
        Issue.record("no arc at \(time)")
        return
      }
      rotations.append(arc.rotation)
    }
    #expect(rotations == [0, 216, 72])
    // The fractions alone would not tell the first two apart.
    let arcs = [0, period].compactMap { runtime.frame(at: $0).segments.first }
    #expect(arcs.count == 2 && arcs[0].start == arcs[1].start && arcs[0].end == arcs[1].end)
  }

  @Test("FR-5 after frames that followed only time, a change is compared with the frame delivered")
  func changeAfterMotion() throws {
    var runtime = try Self.materialRing()
    var delivered: [ProgressFrame] = []
    for tick in 0...6 {
      let frame = try #require(runtime.advance(to: Double(tick) / 60).frame)
      // The last frame is the one delivered, though the runtime kept it only
      // when it followed the loop's start.
      #expect(runtime.lastFrame == frame)
      delivered.append(frame)
    }
    let time = 6.0 / 60
    // A theme there and back: the picture is the last one's, so no frame.
    runtime.setTheme(.dark)
    runtime.setTheme(.light)
    #expect(runtime.advance(to: time).frame == nil)
    #expect(runtime.lastFrame == delivered.last)
    // Another theme: a frame at the same time, with it.
    runtime.setTheme(.dark)
    let dark = try #require(runtime.advance(to: time).frame)
    #expect(dark.theme == .dark && dark.time == time)
    #expect(runtime.lastFrame == dark)
    // An event that draws nothing new (a progress while indeterminate,
    // PT-3): no frame; the loop moves on.
    runtime.send(.setProgress(0.4, animated: false))
    #expect(runtime.advance(to: time).frame == nil)
    let next = try #require(runtime.advance(to: 7.0 / 60).frame)
    #expect(next.theme == .dark && runtime.lastFrame == next)
    // Forgotten: the same picture is delivered again.
    runtime.redeliver()
    #expect(runtime.lastFrame == nil)
    #expect(runtime.advance(to: 7.0 / 60).frame == next)
  }

  @Test("FR-8 the fleet hands over the frames a lone runtime delivers while its indicators move")
  func fleetFramesAreTheRuntimes() throws {
    var runtime = try Self.materialRing()
    var fleet = IndicatorFleet()
    let id = fleet.add(try Self.materialRing().model)
    _ = fleet.add(try Self.materialRing().model)
    for tick in 0...90 {
      let time = Double(tick) / 60
      var frames: [ProgressFrame] = []
      fleet.advance(to: time) { handle, frame in if handle == id { frames.append(frame) } }
      let expected = runtime.advance(to: time).frame
      #expect(frames.count == (expected == nil ? 0 : 1))
      #expect(frames.first == expected)
    }
  }

  @Test("FR-9 a copy of a runtime keeps its own last frame when either keeps another")
  func copiesKeepTheirOwnFrames() throws {
    var runtime = IndicatorRuntime(
      try ProgressIndicatorModel(progress: 0.1, size: FrameSize(width: 200, height: 8)))
    _ = try #require(runtime.advance(to: 0).frame)
    // A change after a frame: from now on the runtime keeps frames whole.
    runtime.send(.setProgress(0.25, animated: false))
    let first = try #require(runtime.advance(to: 0.5).frame)
    var copy = runtime
    runtime.send(.setProgress(0.75, animated: false))
    let second = try #require(runtime.advance(to: 1).frame)
    #expect(second.progress == 0.75 && first.progress == 0.25)
    #expect(runtime.lastFrame == second)
    #expect(copy.lastFrame == first)
    // And the other way: the copy keeps a frame of its own.
    copy.send(.setProgress(0.5, animated: false))
    let third = try #require(copy.advance(to: 2).frame)
    #expect(third.progress == 0.5 && copy.lastFrame == third)
    #expect(runtime.lastFrame == second)
  }

  @Test("FR-9 a runtime stores inline what a moving step reads, and a word for what it does not")
  func inlineStorage() {
    // Before issue 22 §4: 1,905 bytes (the kept frame inline), 321 for the
    // state (the wave inline).
    #expect(MemoryLayout<IndicatorRuntime>.size <= 768)
    #expect(MemoryLayout<ProgressIndicatorModel>.size <= 640)
    #expect(MemoryLayout<ProgressState>.size <= 272)
  }

  @Test(
    "FR-9 a tick at which no animation ends leaves every frame as it was; an animation's end does not"
  )
  func ticksThatLeaveFrames() throws {
    var model = try ProgressIndicatorModel(size: FrameSize(width: 200, height: 8))
    model.send(.setProgress(0.5, animated: true), at: 0)  // 0.25 s, announced 1 s later (AX-5)
    let early = [0.0, 0.1, 0.2]
    // The progress animation ends at 0.25: a tick then changes the frames
    // before it (the bar no longer moves there).
    #expect(model.state.tickLeavesFrames(at: 0.2))
    #expect(!model.state.tickLeavesFrames(at: 0.3))
    var ended = model
    ended.send(.tick, at: 0.3)
    #expect(early.map(ended.frame(at:)) != early.map(model.frame(at:)))
    // Then only the announcement is due: its tick announces, and every
    // frame is as it was.
    let times = [0.0, 0.3, 1.0, 2.0]
    #expect(ended.state.nextDeadline == 1)
    #expect(ended.state.tickLeavesFrames(at: 2))
    var announced = ended
    let tick = announced.send(.tick, at: 2)
    #expect(tick.effects.contains { if case .announce = $0 { true } else { false } })
    #expect(times.map(announced.frame(at:)) == times.map(ended.frame(at:)))
    // A hide's end changes them too.
    announced.send(.setHidden(true, animated: true), at: 3)
    #expect(announced.state.tickLeavesFrames(at: 3.2))
    #expect(!announced.state.tickLeavesFrames(at: 3.3))
  }

  @Test(
    "FR-9 FR-11 an animation's end and an announcement between two still frames leave the last frame the one delivered"
  )
  func ticksBetweenFrames() throws {
    // The effects cadence: no frame while the bar moves, so both ticks fall
    // between two frames.
    var runtime = IndicatorRuntime(
      try ProgressIndicatorModel(size: FrameSize(width: 200, height: 8)), cadence: .effects)
    runtime.send(.setProgress(0.5, animated: true), at: 0)
    let first = try #require(runtime.advance(to: 0).frame)
    #expect(first.presentedProgress == 0 && first.accessibilityValue == .percent(50))
    // The animation's end (0.25), then the announcement (1 s after the
    // change, AX-5): ticks, no frame.
    let end = runtime.advance(to: 0.3)
    #expect(end.frame == nil && end.transitions.count == 1)
    #expect(runtime.lastFrame == first)
    let announcement = runtime.advance(to: 1.1)
    #expect(announcement.frame == nil)
    #expect(
      announcement.transitions.first?.effects.contains {
        if case .announce = $0 { true } else { false }
      } == true)
    #expect(runtime.lastFrame == first)
    runtime.send(.setProgress(0.75, animated: false), at: 2)
    let next = try #require(runtime.advance(to: 2).frame)
    #expect(next.accessibilityValue == .percent(75) && runtime.lastFrame == next)
  }
}
