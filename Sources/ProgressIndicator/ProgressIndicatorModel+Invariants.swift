//===----------------------------------------------------------------------===//
// ProgressIndicator: the invariants of a model and its frames, checked on
// demand by tests, fuzzers and the soak run.
//===----------------------------------------------------------------------===//

import ProgressStateMachine

extension ProgressIndicatorModel {
  /// The invariants the model and its frame at `time` break; empty when all
  /// hold.
  ///
  /// Checked: progress in [0, 1] and 0 while indeterminate (PV-1, PT-3); no
  /// percentage and no percent value while indeterminate (PX-4, AX-3);
  /// nothing drawn and no accessibility value while hidden (FR-3, AX-4);
  /// finite time, visibility in [0, 1], a finite non-negative line width,
  /// and segments with finite fractions, start ≤ end.
  ///
  /// - Parameter time: The time of the frame to check; the model's time by
  ///   default.
  /// - Returns: One description per broken invariant.
  /// - Complexity: O(1): one frame.
  public func invariantViolations(at time: Double? = nil) -> [String] {
    let state = machine.state
    let frame = self.frame(at: time ?? state.time)
    var violations: [String] = []
    func require(_ condition: Bool, _ message: @autoclosure () -> String) {
      if !condition { violations.append(message()) }
    }
    require(state.time.isFinite, "the time \(state.time) is not finite")
    require((0...1).contains(frame.progress), "progress \(frame.progress) is outside [0, 1]")
    require(frame.presentedProgress.isFinite, "the presented progress is not finite")
    require((0...1).contains(frame.visibility), "visibility \(frame.visibility) is outside [0, 1]")
    require(frame.lineWidth.isFinite && frame.lineWidth >= 0, "line width \(frame.lineWidth)")
    if frame.progressType == .indeterminate {
      require(frame.progress == 0, "indeterminate with progress \(frame.progress)")
      require(frame.percentage == nil, "a percentage while indeterminate")
      if case .percent = frame.accessibilityValue {
        violations.append("a percent value while indeterminate")
      }
    }
    if frame.isHidden {
      require(frame.segments.isEmpty && frame.track == nil, "hidden but drawn")
      require(frame.accessibilityValue == nil, "hidden with an accessibility value")
    }
    for segment in frame.segments {
      require(
        segment.start.isFinite && segment.end.isFinite && segment.start <= segment.end,
        "segment [\(segment.start), \(segment.end)]")
    }
    return violations
  }
}
