//===----------------------------------------------------------------------===//
// StateMachineTests: the determinate animation (spec DA), as timelines.
//===----------------------------------------------------------------------===//

import ProgressStateMachine
import Testing
import Timeline

@Suite("Determinate animation")
struct DeterminateAnimationTests {
  @Test("DA-1 an animated set tweens from the shown value to the target")
  func animatesFromShownValue() throws {
    var machine = try makeMachine(progress: 0.2, at: 1)
    let transition = machine.send(.setProgress(0.8, animated: true), at: 1)
    #expect(transition.outcome == .applied)
    let tween = try linearTween(from: 0.2, to: 0.8, start: 1)
    #expect(transition.effects == [.animatePresentedProgress(tween)])
    #expect(
      machine.state.mode
        == .determinateAnimating(ProgressAnimation(tween: tween, completion: CompletionID(0))))
    // Linear over 0.25 s: a quarter of the way at 1.0625, half at 1.125.
    #expect(abs(machine.state.presentedProgress(at: 1.0625) - 0.35) < 1e-12)
    #expect(abs(machine.state.presentedProgress(at: 1.125) - 0.5) < 1e-12)
  }

  @Test("DA-2 the default timing is 0.25 s linear, and it is configurable")
  func defaultAndConfiguredTiming() throws {
    var machine = try makeMachine()
    let first = machine.send(.setProgress(1, animated: true), at: 0)
    #expect(first.effects == [.animatePresentedProgress(try linearTween(from: 0, to: 1, start: 0))])

    let slow = try AnimationTiming(duration: 2, easing: .easeInOut)
    var configured = try makeMachine(ProgressConfiguration(progressAnimation: slow))
    let second = configured.send(.setProgress(1, animated: true), at: 0)
    let tween = try Tween(from: 0, to: 1, start: 0, timing: slow)
    #expect(second.effects == [.animatePresentedProgress(tween)])
    // ease-in-out is symmetric: half-way in time is half-way in value.
    #expect(abs(configured.state.presentedProgress(at: 1) - 0.5) < 1e-9)
  }

  @Test("DA-3 at the end the bar rests at the target and the request completes finished")
  func endCompletesFinished() throws {
    var machine = try makeMachine()
    let id = try #require(machine.send(.setProgress(0.6, animated: true), at: 0).completion)
    let midway = machine.send(.tick, at: 0.2)
    #expect(midway.effects.isEmpty)
    #expect(machine.state.mode.kind == .determinateAnimating)
    let end = machine.send(.tick, at: 0.25)
    #expect(end.effects == [.complete(id, finished: true)])
    #expect(machine.state.mode == .determinateIdle(progress: 0.6))
    #expect(machine.state.presentedProgress(at: 0.25) == 0.6)
  }

  @Test("DA-4 a new animated set mid-way starts from the shown value; the old one is unfinished")
  func retargetWithoutJump() throws {
    var machine = try makeMachine()
    let first = machine.send(.setProgress(1, animated: true), at: 0)
    let second = machine.send(.setProgress(0.75, animated: true), at: 0.125)
    let firstID = try #require(first.completion)
    let secondID = try #require(second.completion)
    #expect(secondID > firstID)
    // Half-way through 0 → 1 the bar shows 0.5; the new tween starts there.
    #expect(
      second.effects == [
        .cancelProgressAnimation,
        .complete(firstID, finished: false),
        .animatePresentedProgress(try linearTween(from: 0.5, to: 0.75, start: 0.125)),
      ])
    #expect(
      machine.state.presentedProgress(at: 0.125) == 0.5, "no jump at the moment of retargeting")
    let end = machine.send(.tick, at: 0.375)
    #expect(end.effects == [.complete(secondID, finished: true)])
  }

  @Test("DA-5 backwards animates down by default; .reset jumps to 0 and animates up")
  func backwardModes() throws {
    var animate = try makeMachine(progress: 0.8)
    let down = animate.send(.setProgress(0.3, animated: true), at: 0)
    #expect(
      down.effects == [.animatePresentedProgress(try linearTween(from: 0.8, to: 0.3, start: 0))])

    var reset = try makeMachine(ProgressConfiguration(backwardAnimation: .reset), progress: 0.8)
    let up = reset.send(.setProgress(0.3, animated: true), at: 0)
    #expect(
      up.effects == [
        .setPresentedProgress(0),
        .animatePresentedProgress(try linearTween(from: 0, to: 0.3, start: 0)),
      ])
    // Forwards, .reset animates from the shown value like .animate.
    reset.send(.tick, at: 1)
    let forward = reset.send(.setProgress(0.5, animated: true), at: 1)
    #expect(
      forward.effects == [.animatePresentedProgress(try linearTween(from: 0.3, to: 0.5, start: 1))])
    // Back to 0 in .reset mode: nothing to animate, it applies at once.
    reset.send(.tick, at: 2)
    let zero = reset.send(.setProgress(0, animated: true), at: 2)
    #expect(
      zero.effects == [
        .setPresentedProgress(0), .complete(try #require(zero.completion), finished: true),
      ])
  }

  @Test("DA-6 a non-animated set applies at once and cancels a running animation")
  func nonAnimatedSet() throws {
    var machine = try makeMachine()
    let quiet = machine.send(.setProgress(0.4, animated: false), at: 0)
    #expect(
      quiet.effects == [.setPresentedProgress(0.4), .complete(CompletionID(0), finished: true)])
    #expect(machine.state.mode == .determinateIdle(progress: 0.4))
    machine.send(.setProgress(1, animated: true), at: 1)
    let cut = machine.send(.setProgress(0.2, animated: false), at: 1.1)
    #expect(
      cut.effects == [
        .cancelProgressAnimation,
        .complete(CompletionID(1), finished: false),
        .setPresentedProgress(0.2),
        .complete(CompletionID(2), finished: true),
      ])
    #expect(!machine.state.isAnimating)
  }

  @Test("DA-7 reduced motion or a zero duration applies animated sets at once")
  func reducedMotion() throws {
    for configuration in [
      ProgressConfiguration(reducesMotion: true),
      ProgressConfiguration(progressAnimation: .immediate),
    ] {
      var machine = try makeMachine(configuration)
      let transition = machine.send(.setProgress(0.7, animated: true), at: 0)
      #expect(
        transition.effects == [
          .setPresentedProgress(0.7), .complete(CompletionID(0), finished: true),
        ])
      #expect(machine.state.mode == .determinateIdle(progress: 0.7))
    }
  }

  @Test("DA-8 a target equal to the shown value completes at once without animation")
  func sameValue() throws {
    var machine = try makeMachine(progress: 0.5)
    let same = machine.send(.setProgress(0.5, animated: true), at: 0)
    #expect(same.effects == [.complete(CompletionID(0), finished: true)])
    #expect(machine.state.mode == .determinateIdle(progress: 0.5))
    // Mid-animation, a target equal to the value shown at that instant.
    machine.send(.setProgress(1, animated: true), at: 1)
    let stop = machine.send(.setProgress(0.75, animated: true), at: 1.125)
    #expect(
      stop.effects == [
        .cancelProgressAnimation, .complete(CompletionID(1), finished: false),
        .complete(CompletionID(2), finished: true),
      ])
    #expect(machine.state.mode == .determinateIdle(progress: 0.75))
  }
}
