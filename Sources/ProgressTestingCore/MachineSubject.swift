//===----------------------------------------------------------------------===//
// ProgressTesting: the bare state machine as a subject (no frames), for fast
// differential runs.
//===----------------------------------------------------------------------===//

package import ProgressStateMachine

/// This package's state machine as a ``ProgressSubject``, without layout or
/// frames: the fastest subject, for long differential runs.
package struct MachineSubject: ProgressSubject {
  private var machine: ProgressMachine
  private var requests = RequestNumbering()

  /// Creates the subject.
  ///
  /// - Parameters:
  ///   - configuration: The settings.
  ///   - progressType: The initial type.
  /// - Throws: `ProgressError` from the machine.
  package init(configuration: ProgressConfiguration, progressType: ProgressType) throws {
    machine = try ProgressMachine(configuration: configuration, progressType: progressType)
  }

  /// Sends the event and observes the state.
  ///
  /// - Parameters:
  ///   - event: The event.
  ///   - time: The time.
  /// - Returns: The observation.
  package mutating func send(_ event: ProgressEvent, at time: Double) -> ProgressObservation {
    let transition = machine.send(event, at: time)
    requests.record(transition)
    return ProgressObservation(state: machine.state, transition: transition, requests: requests)
  }
}
