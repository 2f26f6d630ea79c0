//===----------------------------------------------------------------------===//
// ProgressTesting: what a test sees of an indicator after each step.
//===----------------------------------------------------------------------===//

public import ProgressIndicatorKit
public import ProgressStateMachine
import Timeline

/// What an indicator shows after one step, in terms any implementation can
/// report: the facts the spec constrains, not its internals.
public struct ProgressObservation: Hashable, Sendable {
  /// How the event was taken.
  public enum Outcome: String, Hashable, Sendable {
    /// Applied.
    case applied
    /// Valid, but changed nothing.
    case ignored
    /// Invalid; nothing changed.
    case rejected
  }

  /// A completion delivered during the step.
  public struct Completion: Hashable, Sendable, CustomStringConvertible {
    /// The request: the index of the `setProgress` or `setHidden` step among
    /// all such steps of the scenario, from 0.
    public var request: Int
    /// Whether the request reached its end.
    public var finished: Bool

    /// Creates a completion record.
    ///
    /// - Parameters:
    ///   - request: The request's index.
    ///   - finished: Whether it finished.
    public init(request: Int, finished: Bool) {
      self.request = request
      self.finished = finished
    }

    /// `#request finished|unfinished`.
    public var description: String { "#\(request) \(finished ? "finished" : "unfinished")" }
  }

  /// How the step's event was taken.
  public var outcome: Outcome
  /// The progress type.
  public var progressType: ProgressType
  /// The model progress.
  public var progress: Double
  /// Whether a determinate animation runs.
  public var isAnimatingProgress: Bool
  /// Whether the indeterminate loop runs.
  public var isIndeterminateAnimating: Bool
  /// The visibility state.
  public var visibility: ProgressVisibility.Kind
  /// The percentage text, or `nil`.
  public var percentageText: String?
  /// The accessibility value, or `nil`.
  public var accessibilityValue: AccessibilityValue?
  /// The completions delivered during the step, in order.
  public var completions: [Completion]
  /// The announcements made during the step, in order.
  public var announcements: [AccessibilityValue]
  /// The frame at the step's time, when the implementation draws.
  public var frame: ProgressFrame? {
    get { boxedFrame?.value }
    set { boxedFrame = newValue.map(Boxed.init) }
  }
  /// ``frame``, boxed.
  ///
  /// An observation is copied into every invariant's context and kept as
  /// the next step's "before"; with the frame inline each copy was 900
  /// bytes (the fuzzers' time went to AddressSanitizer checking them). The
  /// invariants read the frame in its box: ``frame`` copies it out.
  var boxedFrame: Boxed<ProgressFrame>?
  /// What the implementation's sinks received, when it feeds sinks.
  var display: Display? {
    get { displayBox?.value }
    set { displayBox = newValue.map(Boxed.init) }
  }
  /// ``display``, boxed: four frames inline would make every observation
  /// (and every invariant's context, two of them) kilobytes to copy.
  private var displayBox: Boxed<Display>?

  /// What an implementation that feeds sinks did on the step's advance,
  /// before the step's event (FR-5).
  struct Display: Hashable, Sendable {
    /// The frame sent to the sinks on this advance, or `nil`.
    var emitted: ProgressFrame?
    /// The frame sent before it, or `nil`.
    var previouslyEmitted: ProgressFrame?
    /// The last frame the sinks hold after the advance.
    package var shown: ProgressFrame?
    /// The true picture at the advance's time.
    var truth: ProgressFrame

    /// Creates a display record.
    ///
    /// - Parameters:
    ///   - emitted: The frame sent on this advance.
    ///   - previouslyEmitted: The frame sent before.
    ///   - shown: What the sinks hold now.
    ///   - truth: The true picture now.
    package init(
      emitted: ProgressFrame?, previouslyEmitted: ProgressFrame?, shown: ProgressFrame?,
      truth: ProgressFrame
    ) {
      self.emitted = emitted
      self.previouslyEmitted = previouslyEmitted
      self.shown = shown
      self.truth = truth
    }
  }

  /// Creates an observation.
  ///
  /// - Parameters:
  ///   - outcome: How the event was taken.
  ///   - progressType: The type.
  ///   - progress: The model progress.
  ///   - isAnimatingProgress: Whether a determinate animation runs.
  ///   - isIndeterminateAnimating: Whether the loop runs.
  ///   - visibility: The visibility state.
  ///   - percentageText: The percentage text.
  ///   - accessibilityValue: The accessibility value.
  ///   - completions: The completions delivered.
  ///   - announcements: The announcements made.
  ///   - frame: The frame, if any.
  public init(
    outcome: Outcome, progressType: ProgressType, progress: Double, isAnimatingProgress: Bool,
    isIndeterminateAnimating: Bool, visibility: ProgressVisibility.Kind, percentageText: String?,
    accessibilityValue: AccessibilityValue?, completions: [Completion],
    announcements: [AccessibilityValue],
    frame: ProgressFrame? = nil
  ) {
    self.outcome = outcome
    self.progressType = progressType
    self.progress = progress
    self.isAnimatingProgress = isAnimatingProgress
    self.isIndeterminateAnimating = isIndeterminateAnimating
    self.visibility = visibility
    self.percentageText = percentageText
    self.accessibilityValue = accessibilityValue
    self.completions = completions
    self.announcements = announcements
    self.frame = frame
  }
}

/// An implementation under test: anything that takes progress events at
/// times and reports what it shows.
///
/// Conform a renderer's own indicator to test it with the kit; a value type
/// (or a type whose copies are independent) also enables the time-splitting
/// check.
public protocol ProgressSubject {
  /// Creates the implementation in its initial state.
  ///
  /// - Parameters:
  ///   - configuration: The settings.
  ///   - progressType: The initial type.
  /// - Throws: When the implementation cannot be created.
  init(configuration: ProgressConfiguration, progressType: ProgressType) throws

  /// Whether a copy of the subject is independent of the original, which the
  /// time-splitting check (TM-4) needs; `true` by default.
  static var hasValueSemantics: Bool { get }

  /// Sends one event at a time and reports what the implementation shows.
  ///
  /// - Parameters:
  ///   - event: The event.
  ///   - time: The time, in seconds.
  /// - Returns: The observation after the event.
  mutating func send(_ event: ProgressEvent, at time: Double) -> ProgressObservation
}

extension ProgressSubject {
  /// `true`: most subjects are value types.
  public static var hasValueSemantics: Bool { true }
}

/// This package's own indicator as a ``ProgressSubject``: the model, with
/// frames.
public struct IndicatorSubject: ProgressSubject {
  private var model: ProgressIndicatorModel
  private var requests = RequestNumbering()

  /// Creates the subject in a 240 × 160 frame.
  ///
  /// - Parameters:
  ///   - configuration: The settings.
  ///   - progressType: The initial type.
  /// - Throws: `IndicatorError` from the model.
  public init(configuration: ProgressConfiguration, progressType: ProgressType) throws {
    model = try ProgressIndicatorModel(
      configuration: configuration, progressType: progressType,
      size: FrameSize(width: 240, height: 160))
  }

  /// Sends the event to the model and observes the state and the frame.
  ///
  /// - Parameters:
  ///   - event: The event.
  ///   - time: The time.
  /// - Returns: The observation.
  public mutating func send(_ event: ProgressEvent, at time: Double) -> ProgressObservation {
    let transition = model.send(event, at: time)
    requests.record(transition)
    return ProgressObservation(
      state: model.state, transition: transition, requests: requests,
      frame: model.frame(at: transition.time))
  }
}
