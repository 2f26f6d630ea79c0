//===----------------------------------------------------------------------===//
// ProgressStateMachine: the accessibility value (spec AX).
//===----------------------------------------------------------------------===//

/// What an assistive technology reads as the indicator's value.
///
/// It is data, not text: the host localises it (AX-2, AX-3).
///
/// ```swift
/// let machine = try ProgressMachine(progress: 0.4)
/// guard let value = machine.state.accessibilityValue else { fatalError("hidden") }
/// let spoken = switch value {
/// case .percent(let n): "\(n) percent"
/// case .inProgress: "In progress"
/// case .halted: "Progress halted"
/// }
/// ```
public enum AccessibilityValue: Hashable, Sendable, CustomStringConvertible {
  /// A determinate indicator at a whole-number percentage (AX-2).
  case percent(Int)
  /// An indeterminate indicator whose loop runs (AX-3).
  case inProgress
  /// An indeterminate indicator whose loop is stopped (AX-3).
  case halted

  /// The value in English, for logs and documents.
  public var description: String {
    switch self {
    case .percent(let percent): return "\(percent)%"
    case .inProgress: return "in progress"
    case .halted: return "halted"
    }
  }
}

// Codable, which Embedded Swift does not have (snapshots, JSON hosts).
#if !hasFeature(Embedded)
  extension AccessibilityValue: Codable {}
#endif
