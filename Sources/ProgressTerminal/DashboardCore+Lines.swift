//===----------------------------------------------------------------------===//
// ProgressTerminal: the dashboard's lines — each row's fields laid out by its template.
//===----------------------------------------------------------------------===//

import ProgressIndicatorKit

extension DashboardCore {
  /// The texts of a row's fields at `now`, but the bar's.
  ///
  /// The prefix, the label and the message are cut to a little more than
  /// `columns` (TB-18): a line shows no more, and what is cut is never
  /// measured, so a redraw's work is bounded by the width, not by the texts'
  /// length. A text cut is still wider than the line, so it is shortened
  /// (with its "…") exactly as the whole text would have been.
  ///
  /// - Parameters:
  ///   - row: The row, borrowed: a row is large, and a copy retains its parts.
  ///   - now: The time on the dashboard's clock.
  ///   - columns: The line's width.
  /// - Returns: Each field's text; none for a field with nothing to show.
  func values(_ row: borrowing DashboardRow, now: Double, columns: Int) -> [LineTemplate
    .Field: String]
  {
    let unit = row.bar.unit
    let end = row.finishTime ?? now
    let elapsed = max(0, end - row.startTime)
    var values: [LineTemplate.Field: String] = [
      .prefix: TerminalText.cut(row.state.prefix, beyondColumns: columns),
      .label: TerminalText.cut(row.state.label, beyondColumns: columns),
      .message: TerminalText.cut(row.state.message, beyondColumns: columns),
      .count: unit.amount(Double(row.completed)), .elapsed: HumanDuration.text(elapsed),
    ]
    // A running bar's smoothed rate, after 0.5 s; a finished bar's average
    // over its whole run, however short, unless no time passed (TB-19).
    let rate: Double? =
      if row.isRunning {
        elapsed >= Self.minimumRateInterval ? row.estimator.rate : nil
      } else {
        elapsed > 0 ? Double(row.completed) / elapsed : nil
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

  /// How long a running bar runs before its rate and time left are shown:
  /// 0.5 s.
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
    // Each row's template's place in the column widths: rows of one
    // template mostly follow each other, and the last one is compared
    // first (the same text's storage: one comparison, no hashing).
    var rowSlots: [Int] = []
    rowSlots.reserveCapacity(state.rows.count)
    var lastTemplate: String?
    var lastSlot = 0
    // By template slot, the widest message shown now.
    var messages: [Int] = []
    // By index: a row is large (its runtime holds a model), and is not copied.
    for index in state.rows.indices {
      let template = state.rows[index].template
      let slot: Int
      if let lastTemplate, lastTemplate == template.text {
        slot = lastSlot
      } else {
        slot = state.columnWidths.slot(for: template.text)
        lastTemplate = template.text
        lastSlot = slot
      }
      rowSlots.append(slot)
      var values = values(state.rows[index], now: now, columns: columns)
      let reserved = state.rows[index].reservedColumns {
        state.reservedColumnsWorkedOut += 1
      }
      for field in Self.figureFields where template.contains(field) {
        let reservedColumns =
          switch field {
          case .rate: reserved.rate
          case .count: reserved.count
          case .eta: reserved.eta
          case .elapsed, .percent: 4
          default: 0
          }
        state.columnWidths.figures[slot][field.index] = max(
          state.columnWidths.figures[slot][field.index],
          TerminalText.columns(of: values[field] ?? ""), reservedColumns)
      }
      if template.contains(.message) {
        while messages.count <= slot { messages.append(0) }
        messages[slot] = max(messages[slot], TerminalText.columns(of: values[.message] ?? ""))
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
          state.columnWidths.prefix, TerminalText.columns(of: values[.prefix] ?? ""))
      }
      rowValues.append(values)
    }
    let labelColumns = min(state.columnWidths.label, columns * 3 / 10)
    // Each template's columns, made once a draw, not once a row.
    var slotWidths: [[LineTemplate.Field: Int]?] = Array(
      repeating: nil, count: state.columnWidths.figures.count)
    var lines: [String] = []
    lines.reserveCapacity(state.rows.count)
    for index in state.rows.indices {
      let template = state.rows[index].template
      let slot = rowSlots[index]
      let widths: [LineTemplate.Field: Int]
      if let made = slotWidths[slot] {
        widths = made
      } else {
        var made: [LineTemplate.Field: Int] = [:]
        for field in Self.figureFields where template.contains(field) {
          made[field] = state.columnWidths.figures[slot][field.index]
        }
        made[.label] = labelColumns
        made[.prefix] = state.columnWidths.prefix
        if template.contains(.message) { made[.message] = messages[slot] }
        slotWidths[slot] = made
        widths = made
      }
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
}

/// The columns the rows of one block share (TB-6).
///
/// For each template, each field's widest text so far; the labels' and
/// prefixes' across every row. They only grow while the block lives; a new
/// block starts afresh.
struct ColumnWidths {
  /// By template text, the template's place in ``figures``.
  var slots: [String: Int] = [:]
  /// By template, each field's column, by ``LineTemplate/Field/index``.
  var figures: [[Int]] = []
  /// The widest label, its indentation included.
  var label = 0
  /// The widest prefix.
  var prefix = 0

  /// The place of a template's columns, made when the template is new.
  ///
  /// - Parameter template: The template's text.
  /// - Returns: Its index in ``figures``.
  mutating func slot(for template: String) -> Int {
    if let slot = slots[template] { return slot }
    figures.append(Array(repeating: 0, count: LineTemplate.Field.allCases.count))
    slots[template] = figures.count - 1
    return figures.count - 1
  }
}
