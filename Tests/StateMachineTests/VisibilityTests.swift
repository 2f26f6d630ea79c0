//===----------------------------------------------------------------------===//
// StateMachineTests: show and hide (spec VS), as timelines.
//===----------------------------------------------------------------------===//

import ProgressStateMachine
import Testing
import Timeline

@Suite("Visibility")
struct VisibilityTests {
  @Test("VS-1 shown unless created hidden")
  func initialVisibility() throws {
    #expect(try makeMachine().state.visibility == .shown)
    let hidden = try makeMachine(hidden: true)
    #expect(hidden.state.visibility == .hidden)
    #expect(hidden.state.isHidden)
    #expect(hidden.state.visibleFraction(at: 0) == 0)
  }

  @Test("VS-2 an animated hide runs the visible fraction 1 → 0 over 0.25 s linear")
  func animatedHide() throws {
    var machine = try makeMachine()
    let transition = machine.send(.setHidden(true, animated: true), at: 3)
    let tween = try linearTween(from: 1, to: 0, start: 3)
    #expect(transition.outcome == .applied)
    #expect(transition.effects == [.animateVisibility(tween)])
    #expect(
      machine.state.visibility
        == .hiding(VisibilityAnimation(tween: tween, completion: CompletionID(0))))
    #expect(machine.state.visibleFraction(at: 3.0625) == 0.75)
    #expect(!machine.state.isHidden, "still drawn while it collapses")

    let slow = try AnimationTiming(duration: 1, easing: .easeOut)
    var configured = try makeMachine(ProgressConfiguration(visibilityAnimation: slow), hidden: true)
    let show = configured.send(.setHidden(false, animated: true), at: 0)
    #expect(show.effects == [.animateVisibility(try Tween(from: 0, to: 1, start: 0, timing: slow))])
  }

  @Test("VS-3 when the animation ends the state settles and the request completes finished")
  func animationEnd() throws {
    var machine = try makeMachine()
    let hide = try #require(machine.send(.setHidden(true, animated: true), at: 0).completion)
    #expect(machine.send(.tick, at: 0.25).effects == [.complete(hide, finished: true)])
    #expect(machine.state.visibility == .hidden)
    let show = try #require(machine.send(.setHidden(false, animated: true), at: 1).completion)
    #expect(machine.state.visibility.kind == .showing)
    #expect(machine.send(.tick, at: 1.25).effects == [.complete(show, finished: true)])
    #expect(machine.state.visibility == .shown)
  }

  @Test("VS-4 reversing mid-way starts from the current fraction at the same speed")
  func reversal() throws {
    var machine = try makeMachine()
    let hide = try #require(machine.send(.setHidden(true, animated: true), at: 0).completion)
    // A quarter of the way through the hide the fraction is 0.75; a quarter
    // of the distance is left to go back, so the show lasts 0.0625 s.
    let show = machine.send(.setHidden(false, animated: true), at: 0.0625)
    let showID = try #require(show.completion)
    #expect(
      show.effects == [
        .cancelVisibilityAnimation,
        .complete(hide, finished: false),
        .animateVisibility(try linearTween(from: 0.75, to: 1, start: 0.0625, duration: 0.0625)),
      ])
    #expect(machine.send(.tick, at: 0.125).effects == [.complete(showID, finished: true)])
    #expect(machine.state.visibility == .shown)
  }

  @Test("VS-5 a hidden indicator needs no frames even while its loop runs")
  func hiddenNeedsNoFrames() throws {
    var machine = try makeMachine(type: .indeterminate)
    machine.send(.startIndeterminateAnimation, at: 0)
    #expect(machine.state.isAnimating)
    machine.send(.setHidden(true, animated: false), at: 1)
    #expect(machine.state.isIndeterminateAnimating, "the loop still runs")
    #expect(!machine.state.isAnimating, "but nothing is drawn")
    machine.send(.setHidden(false, animated: false), at: 2)
    #expect(machine.state.isAnimating)
  }

  @Test("VS-6 asking for the current visibility is ignored and completes finished at once")
  func alreadyThere() throws {
    var shown = try makeMachine()
    let show = shown.send(.setHidden(false, animated: true), at: 0)
    #expect(show.outcome == .ignored(reason: .alreadyShown))
    #expect(show.effects == [.complete(CompletionID(0), finished: true)])
    var hidden = try makeMachine(hidden: true)
    let hide = hidden.send(.setHidden(true, animated: false), at: 0)
    #expect(hide.outcome == .ignored(reason: .alreadyHidden))
    #expect(hide.effects == [.complete(CompletionID(0), finished: true)])
  }

  @Test("VS-7 non-animated, reduced-motion or zero-duration changes apply at once")
  func immediateChanges() throws {
    var plain = try makeMachine()
    #expect(
      plain.send(.setHidden(true, animated: false), at: 0).effects == [
        .setVisibility(0), .complete(CompletionID(0), finished: true),
      ])
    #expect(plain.state.visibility == .hidden)
    for configuration in [
      ProgressConfiguration(reducesMotion: true),
      ProgressConfiguration(visibilityAnimation: .immediate),
    ] {
      var machine = try makeMachine(configuration, hidden: true)
      let show = machine.send(.setHidden(false, animated: true), at: 0)
      #expect(show.effects == [.setVisibility(1), .complete(CompletionID(0), finished: true)])
      #expect(machine.state.visibility == .shown)
    }
  }

  @Test("VS-8 progress, type and loop events apply while hidden")
  func independentOfMode() throws {
    var machine = try makeMachine(
      ProgressConfiguration(variant: .linear(size: .small, style: .percentage)), hidden: true)
    #expect(machine.send(.setProgress(0.5, animated: true), at: 0).outcome == .applied)
    #expect(machine.state.percentageText == "50%")
    #expect(machine.send(.setProgressType(.indeterminate), at: 0.1).outcome == .applied)
    #expect(machine.send(.startIndeterminateAnimation, at: 0.2).outcome == .applied)
    #expect(machine.state.visibility == .hidden)
  }
}
