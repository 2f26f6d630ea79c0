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
      let tenths = row.state.total.map { total in
        total > 0 ? min(10, max(0, row.completed) * 10 / total) : 10
      }
      let mark = DashboardRow.PlainMark(
        label: row.state.label, tenths: tenths, lifecycle: row.state.lifecycle)
      guard mark != row.plainMark else { continue }
      state.rows[index].plainMark = mark
      var values = values(row, now: now)
      values[.percent] = values[.percent].map { String($0.drop { $0 == " " }) }
      let template = row.state.total == nil ? Self.plainUnknown : Self.plainKnown
      var line = template.render(values: values, bar: { _ in "" }, columns: 10_000)
      switch row.state.lifecycle {
      case .finished(.abandon, _): line += " (abandoned)"
      case .finished: line += " (done)"
      case .running, .removed: break
      }
      text += String(repeating: " ", count: 2 * row.depth) + line + "\n"
    }
    return text
  }

  static let plainKnown = plainTemplate(
    "{prefix} {label}: {percent}  {count}/{total} · {rate} · {elapsed} · ETA {eta}  {message}")
  static let plainUnknown = plainTemplate(
    "{prefix} {label}: {count} · {rate} · {elapsed}  {message}")

  private static func plainTemplate(_ text: String) -> LineTemplate {
    do { return try LineTemplate(text) } catch { preconditionFailure("\(error)") }
  }
}
