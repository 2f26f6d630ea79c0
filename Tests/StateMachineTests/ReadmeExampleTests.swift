//===----------------------------------------------------------------------===//
// StateMachineTests: the README's usage example, kept compiling and true.
//===----------------------------------------------------------------------===//

import ProgressStateMachine
import Testing

@Suite("README example")
struct ReadmeExampleTests {
  @Test("the README's usage example runs and says what it claims")
  func readmeExample() throws {
    var machine = try ProgressMachine(
      configuration: ProgressConfiguration(
        variant: .linear(size: .medium, style: .percentage),
        leftLabelText: "Downloading..."))

    var reached: [Bool] = []
    var completions: [CompletionID: (Bool) -> Void] = [:]
    let set = machine.send(.setProgress(0.29, animated: true), at: 0.0)
    if let id = set.completion { completions[id] = { reached.append($0) } }
    #expect(machine.state.percentageText == "29%")
    #expect(abs(machine.state.presentedProgress(at: 0.1) - 0.116) < 1e-12)

    for effect in machine.send(.tick, at: 0.25).effects {
      if case .complete(let id, let finished) = effect { completions[id]?(finished) }
    }
    #expect(reached == [true])
    machine.send(.setProgressType(.indeterminate), at: 1)
    #expect(machine.state.progress == 0)
    machine.send(.startIndeterminateAnimation, at: 1)
    #expect(machine.state.accessibilityValue == .inProgress)
  }
}
