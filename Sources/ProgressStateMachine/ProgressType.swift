//===----------------------------------------------------------------------===//
// ProgressStateMachine: the two progress types (spec PT).
//===----------------------------------------------------------------------===//

/// Whether an indicator knows how far its task has gone.
///
/// See rules PT-1 to PT-3 of `Docs/spec.md`.
public enum ProgressType: String, Hashable, Sendable, CaseIterable {
  /// The progress is known: the indicator shows a value in [0, 1] (PT-1).
  case determinate
  /// The progress is unknown: the indicator can run a looping animation
  /// instead of a value (PT-1).
  case indeterminate
}

// Codable, which Embedded Swift does not have (snapshots, JSON hosts).
#if !hasFeature(Embedded)
  extension ProgressType: Codable {}
#endif
