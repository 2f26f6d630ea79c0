//===----------------------------------------------------------------------===//
// ProgressTesting: the facade with a recording sink, to check that frames are
// produced only when something changes (FR-5).
//===----------------------------------------------------------------------===//

import ProgressIndicatorKit
package import ProgressStateMachine

/// This package's `ProgressIndicator` facade as a ``ProgressSubject``,
/// feeding a recording sink: each step first advances to its time (which may
/// send a frame), then makes the call.
///
/// A class inside, so copies are not independent: the time-splitting check is
/// skipped for it.
package struct FacadeSubject: ProgressSubject {
  private let indicator: ProgressIndicator
  private let sink = RecordingFrameSink()
  private var requests = RequestNumbering()

  /// Copies share the indicator.
  package static var hasValueSemantics: Bool { false }

  /// Creates the subject in a 240 × 160 frame.
  ///
  /// - Parameters:
  ///   - configuration: The settings.
  ///   - progressType: The initial type.
  /// - Throws: `IndicatorError` from the facade.
  package init(configuration: ProgressConfiguration, progressType: ProgressType) throws {
    indicator = try ProgressIndicator(
      configuration: configuration, progressType: progressType,
      size: FrameSize(width: 240, height: 160))
    indicator.addSink(sink)
    // What fell due on each advance is part of the step it reports.
    indicator.keepsLastAdvance = true
  }

  /// Advances the facade to the step's time, records what the sink got, then
  /// makes the call.
  ///
  /// - Parameters:
  ///   - event: The event.
  ///   - time: The time.
  /// - Returns: The observation, with its display record.
  package mutating func send(_ event: ProgressEvent, at time: Double) -> ProgressObservation {
    let before = sink.frames.last
    let emitted = indicator.advance(to: time)
    let display = ProgressObservation.Display(
      emitted: emitted, previouslyEmitted: emitted == nil ? nil : before, shown: sink.frames.last,
      truth: indicator.frame(at: indicator.time))
    // What fell due on the advance, then the call itself, as one step.
    let advanced = indicator.lastAdvance
    var transition = event == .tick ? (advanced ?? indicator.send(.tick)) : indicator.send(event)
    if event != .tick, let advanced {
      var effects = advanced.effects
      effects.append(contentsOf: transition.effects)
      transition.effects = effects
    }
    requests.record(transition)
    var observation = ProgressObservation(
      state: indicator.state, transition: transition, requests: requests)
    observation.display = display
    return observation
  }
}
