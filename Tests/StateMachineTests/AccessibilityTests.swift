//===----------------------------------------------------------------------===//
// StateMachineTests: accessibility value and announcements (spec AX).
//===----------------------------------------------------------------------===//

import ProgressStateMachine
import Testing

@Suite("Accessibility")
struct AccessibilityTests {
  @Test("AX-2 determinate: the whole percentage, whatever the style")
  func determinateValue() throws {
    for variant in [
      ProgressVariant.linear(size: .small, style: .empty), .circular(size: .medium, style: .empty),
      .linear(size: .large, style: .percentage),
    ] {
      var machine = try makeMachine(ProgressConfiguration(variant: variant), progress: 0.497)
      #expect(machine.state.accessibilityValue == .percent(50), "MDC: 0.497 reads fifty per cent")
      machine.send(.setProgress(0.29, animated: true), at: 0)
      #expect(machine.state.accessibilityValue == .percent(29), "the model value, at once")
    }
  }

  @Test("AX-3 indeterminate: in progress while running, halted when stopped, never 0%")
  func indeterminateValue() throws {
    var machine = try makeMachine(progress: 0.5)
    machine.send(.setProgressType(.indeterminate), at: 0)
    #expect(machine.state.accessibilityValue == .halted)
    machine.send(.startIndeterminateAnimation, at: 0)
    #expect(machine.state.accessibilityValue == .inProgress)
    machine.send(.stopIndeterminateAnimation, at: 1)
    #expect(machine.state.accessibilityValue == .halted)
  }

  @Test("AX-4 a hidden indicator has no value; one that is hiding still has one")
  func hiddenHasNoValue() throws {
    var machine = try makeMachine(progress: 0.2)
    machine.send(.setHidden(true, animated: true), at: 0)
    #expect(machine.state.accessibilityValue == .percent(20))
    machine.send(.tick, at: 0.25)
    #expect(machine.state.accessibilityValue == nil)
  }

  @Test("AX-5 announcements are debounced: one, 1 s after the last change")
  func trailingDebounce() throws {
    var machine = try makeMachine()
    let steps = machine.run([
      (0, .setProgress(0.5, animated: false)),
      (0.5, .setProgress(0.6, animated: false)),
      (1.2, .tick),  // 1 s after the first change, but not after the last
      (1.5, .tick),  // 1 s after the last change
      (3, .tick),
    ])
    #expect(steps.map(\.announcements) == [[], [], [], [.percent(60)], []])
    #expect(machine.state.nextDeadline == nil)
  }

  @Test("AX-5 the announcement is made at its due time even when the tick is late")
  func lateTick() throws {
    var machine = try makeMachine(type: .indeterminate)
    machine.send(.startIndeterminateAnimation, at: 0)
    #expect(machine.state.nextDeadline == 1)
    let late = machine.send(.stopIndeterminateAnimation, at: 5)
    // The announcement of "in progress" fell due at 1, before the stop at 5.
    #expect(late.effects == [.announce(.inProgress), .stopIndeterminateAnimation])
    #expect(machine.state.nextDeadline == 6)
  }

  @Test("AX-6 nothing is announced when the value is back to the last one, or hidden")
  func onlyChangedValues() throws {
    var back = try makeMachine()
    let steps = back.run([
      (0, .setProgress(0.5, animated: false)), (0.5, .setProgress(0, animated: false)), (2, .tick),
    ])
    #expect(steps.flatMap(\.announcements).isEmpty, "0% was the value at creation")

    var hidden = try makeMachine()
    let hiddenSteps = hidden.run([
      (0, .setProgress(0.5, animated: false)), (0.5, .setHidden(true, animated: false)), (3, .tick),
    ])
    #expect(hiddenSteps.flatMap(\.announcements).isEmpty)

    var repeated = try makeMachine()
    let repeatedSteps = repeated.run([
      (0, .setProgress(0.5, animated: false)), (2, .tick),
      (3, .setProgress(0.501, animated: false)), (5, .tick),
    ])
    #expect(repeatedSteps.flatMap(\.announcements) == [.percent(50)], "0.501 still reads 50%")
  }
}
