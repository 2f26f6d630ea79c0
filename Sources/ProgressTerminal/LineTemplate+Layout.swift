//===----------------------------------------------------------------------===//
// ProgressTerminal: the one line layout — a template's fields fitted to a
// width (spec TB-6, BK-3).
//===----------------------------------------------------------------------===//

extension LineTemplate {
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
  /// - Returns: The line.
  /// - Complexity: O(*n*) in the length of the line.
  package func render(
    values: [Field: String], bar: (Int) -> String, columns: Int, minimumBarColumns: Int = 10,
    labelColumns: Int? = nil
  ) -> String {
    layout(
      values: values, bar: bar, columns: columns, minimumBarColumns: minimumBarColumns,
      labelColumns: labelColumns
    ).line
  }

  /// The line and the natural width of what follows the bar; the bar is
  /// shortened so that what follows it may take `tailColumns`.
  package func layout(
    values: [Field: String], bar: (Int) -> String, columns: Int, minimumBarColumns: Int = 10,
    labelColumns: Int? = nil, tailColumns: Int = 0
  ) -> (line: String, tail: Int) {
    guard columns > 0 else { return ("", 0) }
    // No terminal is wider: a huge width or label width cannot overflow the sums.
    let columns = min(columns, TerminalRenderer.maximumColumns)
    let labelColumns = labelColumns.map { min($0, TerminalRenderer.maximumColumns) }
    // The fields shown, each with the text that joins it to the one before.
    var leading = ""
    var trailing = ""
    var shown: [(joiner: String, field: Field, text: String)] = []
    var pendingText = ""
    var seenField = false
    for part in parts {
      switch part {
      case .text(let text):
        pendingText += text
      case .field(let field):
        if !seenField {
          leading = pendingText
          pendingText = ""
        }
        seenField = true
        // A text from the program's input cannot steer the terminal (RL-9).
        let text = field == .bar ? "" : TerminalText.printable(values[field] ?? "")
        if field == .bar || !text.isEmpty {
          shown.append((shown.isEmpty ? "" : pendingText, field, text))
        }
        pendingText = ""
      }
    }
    if seenField { trailing = pendingText } else { leading = pendingText }
    let labelNatural = shown.first { $0.field == .label }.map { TerminalText.columns(of: $0.text) }
    var labelWidth = labelNatural.map { max(labelColumns ?? $0, 0) }
    let barIndex = shown.firstIndex { $0.field == .bar }
    // The fields kept before the tail is dropped: up to the bar and its percentage.
    let tailStart =
      barIndex.map { index in
        index + 1 < shown.count && shown[index + 1].field == .percent ? index + 2 : index + 1
      } ?? shown.count
    var keepsTail = true
    var tail = 0
    if let barIndex {
      // The figures after the bar; a message comes and goes, and is not kept.
      for item in shown[(barIndex + 1)...] where item.field != .message {
        tail += TerminalText.columns(of: item.joiner) + TerminalText.columns(of: item.text)
      }
    }
    func width() -> Int {
      var total = TerminalText.columns(of: leading)
      for (index, item) in shown.enumerated() where keepsTail || index < tailStart {
        if index > 0 { total += TerminalText.columns(of: item.joiner) }
        switch item.field {
        case .bar: break
        case .label: total += labelWidth ?? 0
        default: total += TerminalText.columns(of: item.text)
        }
      }
      if keepsTail { total += TerminalText.columns(of: trailing) }
      return total
    }
    let minimum = barIndex == nil ? 0 : minimumBarColumns
    if columns - width() < minimum, let current = labelWidth, current > 12 {
      labelWidth = max(12, current - (minimum - (columns - width())))
    }
    // Then the message is shortened (a message comes and goes; the figures stay).
    if columns - width() < minimum, let index = shown.firstIndex(where: { $0.field == .message }),
      index >= tailStart
    {
      let fitted = TerminalText.columns(of: shown[index].text) - (minimum - (columns - width()))
      if fitted >= 4 {
        shown[index].text = TerminalText.truncate(shown[index].text, toColumns: fitted)
      } else {
        shown.remove(at: index)
      }
    }
    if columns - width() < minimum, tailStart < shown.count || !trailing.isEmpty {
      keepsTail = false
    }
    if columns - width() < minimum, let current = labelWidth, current > 0 {
      labelWidth = max(0, current - (minimum - (columns - width())))
      if labelWidth ?? 0 < 2 { labelWidth = 0 }
    }
    var barColumns = max(0, columns - width())
    // Room kept for a wider tail, as long as the bar keeps its minimum.
    if keepsTail { barColumns -= min(max(0, tailColumns - tail), max(0, barColumns - minimum)) }
    var line = leading
    for (index, item) in shown.enumerated() where keepsTail || index < tailStart {
      if index > 0 { line += item.joiner }
      switch item.field {
      case .bar: if barColumns > 0 { line += bar(barColumns) }
      case .label: line += TerminalText.pad(item.text, toColumns: labelWidth ?? 0)
      default: line += item.text
      }
    }
    if keepsTail { line += trailing }
    guard barIndex == nil else { return (line, tail) }
    // No bar to give columns back: the line is shortened instead.
    return (TerminalText.truncate(line, toColumns: columns), tail)
  }
}
