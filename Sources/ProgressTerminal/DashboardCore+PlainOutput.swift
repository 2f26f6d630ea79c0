//===----------------------------------------------------------------------===//
// ProgressTerminal: plain lines for an output that is not a terminal (BK-6).
//===----------------------------------------------------------------------===//

extension DashboardCore {
  /// Plain lines for an output that is not a terminal: one when a bar
  /// starts, passes a tenth of its total, and finishes.
  func plainLines(_ state: inout State, now: Double) -> String {
    var text = ""
    for index in state.rows.indices {
      let row = state.rows[index]
      let tenths = row.state.total.map { Self.tenths(of: row.completed, total: $0) }
      let mark = DashboardRow.PlainMark(
        label: row.state.label, tenths: tenths, lifecycle: row.state.lifecycle)
      guard mark != row.plainMark else { continue }
      state.rows[index].plainMark = mark
      var values = values(row, now: now, columns: Self.plainColumns)
      values[.percent] = values[.percent].map { String($0.drop { $0 == " " }) }
      let template = row.state.total == nil ? Self.plainUnknown : Self.plainKnown
      var line = template.render(values: values, bar: { _ in "" }, columns: Self.plainColumns)
      switch row.state.lifecycle {
      case .finished(.abandon, _): line += " (abandoned)"
      case .finished: line += " (done)"
      case .running, .removed: break
      }
      text += String(repeating: " ", count: 2 * row.depth) + line + "\n"
    }
    return text
  }

  /// The tenths of `total` that `completed` reaches, 0 to 10: worked out in
  /// double width, so that a count above `Int.max / 10` does not overflow
  /// (RL-14).
  ///
  /// - Parameters:
  ///   - completed: The work done; clamped to [0, total].
  ///   - total: The amount of work, ≥ 0; 10 tenths when 0.
  /// - Returns: The whole tenths done.
  static func tenths(of completed: Int, total: Int) -> Int {
    guard total > 0 else { return 10 }
    let done = min(max(0, completed), total)
    let product = done.multipliedFullWidth(by: 10)
    return total.dividingFullWidth(product).quotient
  }

  /// The width of a plain line: its texts are cut beyond it (TB-18).
  static let plainColumns = 10_000

  static let plainKnown = plainTemplate(
    "{prefix} {label}: {percent}  {count}/{total} · {rate} · {elapsed} · ETA {eta}  {message}")
  static let plainUnknown = plainTemplate(
    "{prefix} {label}: {count} · {rate} · {elapsed}  {message}")

  private static func plainTemplate(_ text: String) -> LineTemplate {
    do { return try LineTemplate(text) } catch { preconditionFailure("\(error)") }
  }
}
