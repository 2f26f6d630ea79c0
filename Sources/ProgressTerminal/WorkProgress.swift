//===----------------------------------------------------------------------===//
// ProgressTerminal: work done of a total, with elapsed time, rate and ETA.
//===----------------------------------------------------------------------===//

import ProgressIndicator
import ProgressStateMachine

/// Why a terminal task could not be created.
public enum TerminalError: Error, Hashable, Sendable {
  /// The total of a task is not positive and finite.
  case invalidTotal(Double)
  /// The indicator could not be created.
  case indicator(IndicatorError)
}

/// What a task's work is counted in.
public enum WorkUnit: Hashable, Sendable {
  /// Plain counts: "1.2k items/s".
  case items
  /// Bytes, with SI prefixes: "4.2 MB", "1.3 MB/s".
  case bytes
}

/// A task that reports work done of a total: drives a linear indicator and
/// tells the time elapsed, the rate and the time remaining.
///
/// The rate is the average since the task started; the time remaining is
/// the work left at that rate; neither is shown before half a second has
/// passed and some work is done.
///
/// ```swift
/// let task = try WorkProgress(label: "Copying", total: 10, at: 0)
/// task.report(completed: 4, at: 2)
/// task.summary(at: 2)   // "4/10 · 2.0 items/s · 0:02 · ETA 0:03"
/// ```
public final class WorkProgress {
  /// The indicator the task drives.
  public let indicator: ProgressIndicator
  /// The amount of work.
  public let total: Double
  /// What the work is counted in.
  public let unit: WorkUnit
  /// The work done so far, in [0, total].
  public private(set) var completed = 0.0
  /// When the task started.
  public let startTime: Double
  /// When the work was all done, or `nil`.
  public private(set) var finishTime: Double?
  /// The dashboard row, when the task is on one.
  var row = 0

  /// Creates a task.
  ///
  /// - Parameters:
  ///   - label: The left label.
  ///   - total: The amount of work, positive and finite.
  ///   - unit: What the work is counted in.
  ///   - time: The start time.
  ///   - variant: The indicator's variant: linear medium with a percentage
  ///     by default.
  /// - Throws: ``TerminalError/invalidTotal(_:)`` when `total` is not
  ///   positive and finite.
  public init(
    label: String?, total: Double, unit: WorkUnit = .items, at time: Double,
    variant: ProgressVariant = .linear(size: .medium, style: .percentage)
  ) throws(TerminalError) {
    guard total.isFinite, total > 0 else { throw TerminalError.invalidTotal(total) }
    self.total = total
    self.unit = unit
    startTime = time
    do {
      indicator = try ProgressIndicator(
        configuration: ProgressConfiguration(variant: variant, leftLabelText: label),
        size: Size(width: 320, height: 40), theme: .dark, at: time)
    } catch {
      throw TerminalError.indicator(error)
    }
  }

  /// Reports the work done so far; the bar animates to it.
  ///
  /// - Parameters:
  ///   - completed: The work done; clamped to [0, total]; NaN is ignored.
  ///   - time: The time of the report; must not be before the indicator's.
  public func report(completed: Double, at time: Double) {
    guard !completed.isNaN else { return }
    self.completed = min(max(completed, 0), total)
    if self.completed >= total, finishTime == nil { finishTime = time }
    indicator.update(to: max(time, indicator.time))
    indicator.setProgress(self.completed / total, animated: true)
  }

  /// How long a task runs before its rate and time left are shown: 0.5 s.
  public static let minimumRateInterval = 0.5

  /// The text shown after the bar: the work done of the total, the rate,
  /// the time elapsed and the time left (or "done").
  ///
  /// - Parameter time: The current time.
  /// - Returns: The summary, such as `"4/10 · 2.0 items/s · 0:02 · ETA 0:03"`.
  public func summary(at time: Double) -> String {
    let elapsed = max(0, (finishTime ?? time) - startTime)
    var parts = [amount(completed) + "/" + amount(total)]
    // An average over less than half a second says little: wait for one.
    let rate = elapsed >= WorkProgress.minimumRateInterval ? completed / elapsed : 0
    if rate > 0 { parts.append(amount(rate, fractionDigits: 1) + "/s") }
    parts.append(WorkProgress.clock(elapsed))
    if completed >= total {
      parts.append("done")
    } else if rate > 0 {
      parts.append("ETA " + WorkProgress.clock((total - completed) / rate))
    }
    return parts.joined(separator: " · ")
  }

  private func amount(_ value: Double, fractionDigits: Int = 0) -> String {
    switch unit {
    case .items:
      if value < 1000 {
        return WorkProgress.fixed(value, fractionDigits: fractionDigits)
          + (fractionDigits > 0 ? " items" : "")
      }
      return WorkProgress.scaled(value) + (fractionDigits > 0 ? " items" : "")
    case .bytes:
      return WorkProgress.scaled(value) + "B"
    }
  }

  /// `value` with an SI prefix and one decimal: 1234 → "1.2k", 999 → "999 ".
  static func scaled(_ value: Double) -> String {
    let prefixes = ["", "k", "M", "G", "T", "P"]
    var scaled = value
    var index = 0
    while abs(scaled) >= 999.95, index < prefixes.count - 1 {
      scaled /= 1000
      index += 1
    }
    if index == 0 { return fixed(scaled, fractionDigits: 0) + " " }
    return fixed(scaled, fractionDigits: 1) + " " + prefixes[index]
  }

  /// `value` rounded to `fractionDigits` decimals, without Foundation.
  static func fixed(_ value: Double, fractionDigits: Int) -> String {
    guard value.isFinite else { return "–" }
    var factor = 1.0
    for _ in 0..<fractionDigits { factor *= 10 }
    let rounded = (abs(value) * factor).rounded()
    guard rounded < 9e15 else { return value < 0 ? "-∞" : "∞" }
    let units = Int64(rounded)
    let whole = units / Int64(factor)
    var text = (value < 0 && units != 0 ? "-" : "") + "\(whole)"
    if fractionDigits > 0 {
      let fraction = "\(units % Int64(factor))"
      text += "." + String(repeating: "0", count: fractionDigits - fraction.count) + fraction
    }
    return text
  }

  /// A duration as `m:ss`, or `h:mm:ss` from an hour.
  static func clock(_ seconds: Double) -> String {
    guard seconds.isFinite, seconds < 360_000 else { return "–:––" }
    let total = Int(seconds.rounded(.down))
    let (hours, minutes, secs) = (total / 3600, total / 60 % 60, total % 60)
    let twoDigits = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
    return hours > 0
      ? "\(hours):\(twoDigits(minutes)):\(twoDigits(secs))" : "\(minutes):\(twoDigits(secs))"
  }
}
