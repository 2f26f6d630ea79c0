//===----------------------------------------------------------------------===//
// ProgressTerminal: the one line layout — a template's fields fitted to a
// width, in columns shared with the other rows (spec TB-6, BK-3).
//===----------------------------------------------------------------------===//

extension LineTemplate {
  /// Whether a field's text is aligned right in its column: the numbers.
  static func alignsRight(_ field: Field) -> Bool {
    switch field {
    case .percent, .count, .total, .rate, .elapsed, .eta: true
    case .prefix, .label, .spinner, .bar, .message: false
    }
  }

  /// The line, at most `columns` wide.
  ///
  /// - Parameters:
  ///   - values: Each field's text but the bar's; a missing or empty text is
  ///     a field with nothing to show.
  ///   - bar: Draws the bar in a number of columns.
  ///   - columns: The columns available.
  ///   - minimumBarColumns: The fewest columns for the bar; 10 by default.
  ///   - labelColumns: The columns the label is padded to; its own width
  ///     when `nil`.
  ///   - widths: The columns of the fields shared with other rows: a field's
  ///     text is padded (or shortened) to its column, and a field with
  ///     nothing to show but a column is a blank of that width. The
  ///     template's own widths (`{bar:30}`) come first.
  /// - Returns: The line.
  /// - Complexity: O(*n*) in the length of the line.
  package func render(
    values: [Field: String], bar: (Int) -> String, columns: Int, minimumBarColumns: Int = 10,
    labelColumns: Int? = nil, widths: [Field: Int] = [:]
  ) -> String {
    var widths = widths
    if let labelColumns { widths[.label] = labelColumns }
    return layout(
      values: values, bar: bar, columns: columns, minimumBarColumns: minimumBarColumns,
      widths: widths)
  }

  /// The line laid out in shared columns; see
  /// ``render(values:bar:columns:minimumBarColumns:labelColumns:widths:)``.
  package func layout(
    values: [Field: String], bar: (Int) -> String, columns: Int, minimumBarColumns: Int = 10,
    widths: [Field: Int] = [:]
  ) -> String {
    guard columns > 0 else { return "" }
    // No terminal is wider: a huge width cannot overflow the sums.
    let columns = min(columns, TerminalRenderer.maximumColumns)
    // The fields shown, each with the text that joins it to the one before
    // and its width: a blank stands for a field with a column but no text.
    var leading = ""
    var trailing = ""
    var shown: [(joiner: String, field: Field, text: String, width: Int, fixed: Bool)] = []
    var pendingText = ""
    var seenField = false
    for part in parts {
      switch part {
      case .text(let text):
        pendingText += text
      case .field(let field, let fixed):
        if !seenField {
          leading = pendingText
          pendingText = ""
        }
        seenField = true
        // A text from the program's input cannot steer the terminal (RL-9).
        let text = field == .bar ? "" : TerminalText.printable(values[field] ?? "")
        let column = fixed ?? widths[field].map { min(max($0, 0), TerminalRenderer.maximumColumns) }
        let width = column ?? TerminalText.columns(of: text)
        if field == .bar || width > 0 {
          shown.append((shown.isEmpty ? "" : pendingText, field, text, width, fixed != nil))
        }
        pendingText = ""
      }
    }
    if seenField { trailing = pendingText } else { leading = pendingText }
    let barIndex = shown.firstIndex { $0.field == .bar }
    // The fields kept before the tail is dropped: up to the bar and its percentage.
    let tailStart =
      barIndex.map { index in
        index + 1 < shown.count && shown[index + 1].field == .percent ? index + 2 : index + 1
      } ?? shown.count
    var keepsTail = true
    func width() -> Int {
      var total = TerminalText.columns(of: leading)
      for (index, item) in shown.enumerated() where keepsTail || index < tailStart {
        if index > 0 { total += TerminalText.columns(of: item.joiner) }
        if item.field != .bar { total += item.width }
      }
      if keepsTail { total += TerminalText.columns(of: trailing) }
      return total
    }
    // A bar of a fixed width keeps it while the line can give it room.
    let fixedBar = barIndex.flatMap { shown[$0].fixed ? shown[$0].width : nil }
    let minimum = barIndex == nil ? 0 : fixedBar ?? minimumBarColumns
    let labelIndex = shown.firstIndex { $0.field == .label && !$0.fixed }
    // First the label is shortened to 12 columns.
    if columns - width() < minimum, let index = labelIndex, shown[index].width > 12 {
      shown[index].width = max(12, shown[index].width - (minimum - (columns - width())))
    }
    // Then the message (a message comes and goes; the figures stay).
    if columns - width() < minimum, let index = shown.firstIndex(where: { $0.field == .message }),
      index >= tailStart
    {
      let fitted = shown[index].width - (minimum - (columns - width()))
      if fitted >= 4 {
        shown[index].width = fitted
      } else {
        shown.remove(at: index)
      }
    }
    // Then the fields after the bar and its percentage.
    if columns - width() < minimum, tailStart < shown.count || !trailing.isEmpty {
      keepsTail = false
    }
    // Then the label, further.
    if columns - width() < minimum, let index = labelIndex, shown[index].width > 0 {
      shown[index].width = max(0, shown[index].width - (minimum - (columns - width())))
      if shown[index].width < 2 { shown[index].width = 0 }
    }
    let barColumns = min(fixedBar ?? .max, max(0, columns - width()))
    var line = leading
    for (index, item) in shown.enumerated() where keepsTail || index < tailStart {
      let isBlank = item.field != .bar && item.text.isEmpty
      if index > 0 {
        // A blank field's joining text is blank too: the columns stay in place.
        line +=
          isBlank
          ? String(repeating: " ", count: TerminalText.columns(of: item.joiner)) : item.joiner
      }
      switch item.field {
      case .bar:
        if barColumns > 0 { line += bar(barColumns) }
      default:
        line += TerminalText.pad(
          item.text, toColumns: item.width, alignRight: Self.alignsRight(item.field))
      }
    }
    if keepsTail { line += trailing }
    // Blanks at the end of the line are not drawn.
    while line.last == " " { line.removeLast() }
    guard barIndex == nil || width() > columns else { return line }
    // No bar to give columns back, or the rest is wider than the line by
    // itself (a terminal of a few columns): the line is shortened instead.
    // A bar given no column drew nothing, so no escape code is cut.
    return TerminalText.truncate(line, toColumns: columns)
  }
}
