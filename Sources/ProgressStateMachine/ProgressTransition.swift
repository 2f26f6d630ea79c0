//===----------------------------------------------------------------------===//
// ProgressStateMachine: what one event did.
//===----------------------------------------------------------------------===//

/// The result of sending one event: its outcome and the effects to perform.
///
/// ```swift
/// var machine = try ProgressMachine()   // determinate: a loop does not start
/// let transition = machine.send(.startIndeterminateAnimation, at: 0)
/// if case .ignored(let reason) = transition.outcome { print(reason) }
/// ```
public struct ProgressTransition: Hashable, Sendable {
  /// The event that was sent.
  public var event: ProgressEvent
  /// The time the event took effect: the time sent, or the machine's current
  /// time if the time sent was earlier (TM-3).
  public var time: Double
  /// Whether the event was applied, ignored or rejected.
  public var outcome: Outcome
  /// The work to perform, in order: first what fell due while time passed
  /// (TM-2), then what the event itself caused.
  public var effects: ProgressEffects
  /// The identity given to this request when it awaits a completion
  /// (CP-1): set for applied or ignored `setProgress` and `setHidden`.
  public var completion: CompletionID?
  /// Set when the time sent was earlier than the machine's time (TM-3).
  public var timeRegression: TimeRegression?
  /// Set when a progress value was outside [0, 1] and was clamped (PV-2).
  public var clamping: Clamping?

  /// Whether an event changed the machine, and why not when it did not.
  public enum Outcome: Hashable, Sendable {
    /// The event was applied.
    case applied
    /// The event is valid but has no effect in this state (MS-2).
    case ignored(reason: IgnoreReason)
    /// The event is invalid; the state is unchanged (MS-3).
    case rejected(error: ProgressError)
  }

  /// A time earlier than the machine's time, and the time used instead.
  public struct TimeRegression: Hashable, Sendable {
    /// The time that was sent.
    public var requested: Double
    /// The machine's time, which was used instead.
    public var used: Double

    /// Creates a report of a time earlier than the machine's (TM-3).
    ///
    /// - Parameters:
    ///   - requested: The time that was sent.
    ///   - used: The machine's time, used instead.
    package init(requested: Double, used: Double) {
      self.requested = requested
      self.used = used
    }
  }

  /// A progress value outside [0, 1] and the value it became.
  public struct Clamping: Hashable, Sendable {
    /// The value that was sent.
    public var requested: Double
    /// The value that was applied.
    public var applied: Double
  }
}

/// Why a valid event changed nothing (MS-2).
public enum IgnoreReason: String, Hashable, Sendable, CaseIterable {
  /// `setProgress` while indeterminate (PT-4).
  case indeterminateMode
  /// Start or stop of the indeterminate loop while determinate (IA-6).
  case determinateMode
  /// Start while the loop already runs (IA-3).
  case alreadyRunning
  /// Stop while the loop is not running (IA-5).
  case notRunning
  /// The same progress type or configuration again (TS-5, CF-8).
  case unchanged
  /// `setHidden(true)` while already hidden (VS-6).
  case alreadyHidden
  /// `setHidden(false)` while already shown (VS-6).
  case alreadyShown
}

/// Why an event or a machine was rejected (MS-3).
public enum ProgressError: Error, Hashable, Sendable {
  /// A progress value was NaN (PV-3).
  case progressIsNaN
  /// A time was NaN or infinite (TM-1).
  case invalidTime(Double)
  /// A configuration combines what Material 3 does not offer (MT-28).
  case invalidMaterial3(Material3Error)
}

// Codable, which Embedded Swift does not have (snapshots, JSON hosts).
#if !hasFeature(Embedded)
  extension IgnoreReason: Codable {}
#endif
