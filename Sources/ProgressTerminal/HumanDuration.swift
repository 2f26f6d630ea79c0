//===----------------------------------------------------------------------===//
// ProgressTerminal: durations as a clock reads them (spec TB-7).
//===----------------------------------------------------------------------===//

/// Durations as a clock reads them: `m:ss`, `h:mm:ss` from an hour, and
/// days from 100 hours (`"4d 07h"`).
///
/// ```swift
/// HumanDuration.text(62)       // "1:02"
/// HumanDuration.text(3_723)    // "1:02:03"
/// ```
package enum HumanDuration {
  /// A duration's text.
  ///
  /// - Parameter seconds: The duration; rounded down to whole seconds.
  /// - Returns: `"1:02"`, `"1:02:03"`, `"4d 07h"`; `"–:––"` for a negative,
  ///   NaN or infinite duration, or one of 10,000 days or more.
  package static func text(_ seconds: Double) -> String {
    guard seconds.isFinite, seconds >= 0, seconds < 864_000_000 else { return "–:––" }
    let total = Int(seconds.rounded(.down))
    let (hours, minutes, secs) = (total / 3600, total / 60 % 60, total % 60)
    func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    if hours >= 100 { return "\(hours / 24)d \(twoDigits(hours % 24))h" }
    return hours > 0
      ? "\(hours):\(twoDigits(minutes)):\(twoDigits(secs))" : "\(minutes):\(twoDigits(secs))"
  }
}
