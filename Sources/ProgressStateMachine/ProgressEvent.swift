//===----------------------------------------------------------------------===//
// ProgressStateMachine: the events a host sends to the machine.
//===----------------------------------------------------------------------===//

/// Something a host asks of an indicator, or the passing of time.
///
/// Every event is sent with the time at which it happens; see
/// ``ProgressMachine/send(_:at:)``.
///
/// ```swift
/// var machine = try ProgressMachine()
/// machine.send(.setProgress(0.4, animated: true), at: 0)
/// machine.send(.tick, at: 0.25)  // the animation ends; its completion is delivered
/// ```
public enum ProgressEvent: Hashable, Sendable {
  /// Sets the determinate progress (PV, DA). Values are clamped to [0, 1];
  /// NaN is rejected. Ignored while indeterminate (PT-4).
  case setProgress(Double, animated: Bool)
  /// Sets the progress type; a different type resets progress to 0 (TS).
  case setProgressType(ProgressType)
  /// Starts the indeterminate loop (IA-1); no effect when determinate.
  case startIndeterminateAnimation
  /// Stops the indeterminate loop at once (IA-4); no effect when determinate.
  case stopIndeterminateAnimation
  /// Hides or shows the indicator, animated or not (VS).
  case setHidden(Bool, animated: Bool)
  /// Replaces the configuration (CF-8).
  ///
  /// Stored indirectly: a configuration is about 340 bytes, and inline it
  /// would make every event — and every transition, which records its
  /// event — that large; boxed, an event is 16 bytes and copies cheaply.
  indirect case configure(ProgressConfiguration)
  /// Lets time pass: animations that end and announcements that fall due by
  /// the event's time take effect (TM-2).
  case tick

  /// The names of the events, without their data.
  public enum Kind: String, Hashable, Sendable, CaseIterable {
    /// ``ProgressEvent/setProgress(_:animated:)``.
    case setProgress
    /// ``ProgressEvent/setProgressType(_:)``.
    case setProgressType
    /// ``ProgressEvent/startIndeterminateAnimation``.
    case startIndeterminateAnimation
    /// ``ProgressEvent/stopIndeterminateAnimation``.
    case stopIndeterminateAnimation
    /// ``ProgressEvent/setHidden(_:animated:)``.
    case setHidden
    /// ``ProgressEvent/configure(_:)``.
    case configure
    /// ``ProgressEvent/tick``.
    case tick
  }

  /// The event's name, without its data.
  public var kind: Kind {
    switch self {
    case .setProgress: return .setProgress
    case .setProgressType: return .setProgressType
    case .startIndeterminateAnimation: return .startIndeterminateAnimation
    case .stopIndeterminateAnimation: return .stopIndeterminateAnimation
    case .setHidden: return .setHidden
    case .configure: return .configure
    case .tick: return .tick
    }
  }
}

extension ProgressEvent: CustomStringConvertible {
  /// The event as it would be written in Swift, for logs and documents.
  public var description: String {
    switch self {
    case .setProgress(let value, let animated):
      return "setProgress(\(value), animated: \(animated))"
    case .setProgressType(let type):
      return "setProgressType(.\(type.rawValue))"
    case .startIndeterminateAnimation:
      return "startIndeterminateAnimation"
    case .stopIndeterminateAnimation:
      return "stopIndeterminateAnimation"
    case .setHidden(let hidden, let animated):
      return "setHidden(\(hidden), animated: \(animated))"
    case .configure:
      return "configure(…)"
    case .tick:
      return "tick"
    }
  }
}

// Codable, which Embedded Swift does not have (snapshots, JSON hosts).
#if !hasFeature(Embedded)
  extension ProgressEvent.Kind: Codable {}
#endif
