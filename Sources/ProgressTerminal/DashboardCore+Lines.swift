//===----------------------------------------------------------------------===//
// ProgressTerminal: the dashboard's lines — each row's fields laid out by its template.
//===----------------------------------------------------------------------===//

import ProgressIndicatorKit

extension DashboardCore {
  /// The texts of a row's fields at `now`, but the bar's.
  func values(_ row: DashboardRow, now: Double) -> [LineTemplate.Field: String] {
    let unit = row.bar.unit
    let end = row.finishTime ?? now
    let elapsed = max(0, end - row.startTime)
    var values: [LineTemplate.Field: String] = [
      .prefix: row.state.prefix, .label: row.state.label, .message: row.state.message,
      .count: unit.amount(Double(row.completed)), .elapsed: HumanDuration.text(elapsed),
    ]
    let rate: Double? =
      if row.isRunning {
        elapsed >= Self.minimumRateInterval ? row.estimator.rate : nil
      } else {
        elapsed >= Self.minimumRateInterval ? Double(row.completed) / elapsed : nil
      }
    if let rate, rate > 0 { values[.rate] = unit.rate(rate) }
    if let total = row.state.total {
      values[.total] = unit.amount(Double(total))
      if let percentage = row.frame?.percentage?.text {
        values[.percent] = TerminalText.pad(percentage, toColumns: 4, alignRight: true)
      }
      if row.isRunning, let rate, rate > 0 {
        // In doubles: the work left of a count far below 0 is beyond `Int` (RL-14).
        values[.eta] = HumanDuration.text(max(0, Double(total) - Double(row.completed)) / rate)
      }
    }
    switch row.state.lifecycle {
    case .running:
      if let frame = row.spinner?.lastFrame {
        values[.spinner] = String(renderer.ring(for: frame))
      }
    case .finished(.abandon, _): values[.spinner] = "✘"
    case .finished, .removed: values[.spinner] = "✔"
    }
    return values
  }

  /// How long a bar runs before its rate and time left are shown: 0.5 s.
  static let minimumRateInterval = 0.5

  /// The lines of the block at `now`.
  ///
  /// The rows are laid out as a table (TB-6): rows of one template share
  /// each field's column, as wide as its widest text so far, and labels and
  /// prefixes share theirs across every row (labels at most 30 % of the
  /// width); children are indented within the label's column. The columns
  /// only grow while the block lives, and the rate, the time left and the
  /// count have theirs from the first draw, so the bars start and end in
  /// the same columns and keep their length. The message's column is as
  /// wide as the widest message shown now: while a row of a template shows
  /// one, every bar of that template gives it room alike.
  func lines(_ state: inout State, now: Double) -> [String] {
    let columns = state.screen.columns
    var rowValues: [[LineTemplate.Field: String]] = []
    rowValues.reserveCapacity(state.rows.count)
    var messages: [String: Int] = [:]
    // By index: a row is large (its runtime holds a model), and is not copied.
    for index in state.rows.indices {
      let template = state.rows[index].template
      var values = values(state.rows[index], now: now)
      var widths = state.columnWidths.fields[template.text, default: [:]]
      for field in Self.figureFields where template.contains(field) {
        widths[field] = max(
          widths[field] ?? 0, TerminalText.columns(of: values[field] ?? ""),
          reservedColumns(field, of: state.rows[index]))
      }
      state.columnWidths.fields[template.text] = widths
      if template.contains(.message) {
        messages[template.text] = max(
          messages[template.text] ?? 0, TerminalText.columns(of: values[.message] ?? ""))
      }
      if template.contains(.label) {
        // A child is indented within the label's column.
        let indent = String(repeating: " ", count: min(2 * state.rows[index].depth, columns / 4))
        values[.label] = indent + (values[.label] ?? "")
        state.columnWidths.label = max(
          state.columnWidths.label, TerminalText.columns(of: values[.label] ?? ""))
      }
      if template.contains(.prefix) {
        state.columnWidths.prefix = max(
          state.columnWidths.prefix, TerminalText.columns(of: state.rows[index].state.prefix))
      }
      rowValues.append(values)
    }
    let labelColumns = min(state.columnWidths.label, columns * 3 / 10)
    var lines: [String] = []
    lines.reserveCapacity(state.rows.count)
    for index in state.rows.indices {
      let template = state.rows[index].template
      var widths = state.columnWidths.fields[template.text] ?? [:]
      widths[.label] = labelColumns
      widths[.prefix] = state.columnWidths.prefix
      widths[.message] = messages[template.text]
      // A template without a label indents the whole line.
      let indent =
        template.contains(.label)
        ? "" : String(repeating: " ", count: min(2 * state.rows[index].depth, columns / 4))
      let frame = state.rows[index].frame
      let line = template.layout(
        values: rowValues[index],
        bar: { columns in frame.map { renderer.bar(for: $0, columns: columns) } ?? "" },
        columns: columns - indent.count, widths: widths)
      lines.append(indent + line)
    }
    return lines
  }

  /// The fields whose columns rows of one template share.
  static let figureFields: [LineTemplate.Field] = [
    .spinner, .percent, .count, .total, .rate, .elapsed, .eta,
  ]

  /// The columns a field keeps from the first draw: the rate's widest text
  /// in the bar's unit, the widest count up to the total, `0:00` for the
  /// times and `100%` for the percentage.
  private func reservedColumns(_ field: LineTemplate.Field, of row: DashboardRow) -> Int {
    switch field {
    case .rate: return row.bar.unit.widestRateColumns
    case .count: return row.state.total.map { row.bar.unit.widestAmountColumns(upTo: $0) } ?? 0
    case .eta: return row.state.total == nil ? 0 : 4
    case .elapsed, .percent: return 4
    case .prefix, .label, .spinner, .bar, .total, .message: return 0
    }
  }
}

/// The columns the rows of one block share (TB-6).
///
/// For each template, each field's widest text so far; the labels' and
/// prefixes' across every row. They only grow while the block lives; a new
/// block starts afresh.
struct ColumnWidths {
  /// By template text, each field's column.
  var fields: [String: [LineTemplate.Field: Int]] = [:]
  /// The widest label, its indentation included.
  var label = 0
  /// The widest prefix.
  var prefix = 0
}
