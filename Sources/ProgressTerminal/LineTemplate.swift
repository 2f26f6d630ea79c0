//===----------------------------------------------------------------------===//
// ProgressTerminal: the layout of a bar's line, with named fields.
//===----------------------------------------------------------------------===//

/// The layout of a bar's line: text with named fields in braces (spec TB-6).
///
/// Fields: `{prefix}`, `{label}`, `{spinner}`, `{bar}`, `{percent}`,
/// `{count}`, `{total}`, `{rate}`, `{elapsed}`, `{eta}`, `{message}`; `{{`
/// and `}}` are literal braces. A field with nothing to show (no message
/// yet, no rate in the first half second, no time left once done) is left
/// out with the text that joins it to the field before it — so `"{count} ·
/// {rate} · {elapsed}"` reads `"4 · 0:00"` before there is a rate. Text
/// before the first field and after the last is always shown. The bar
/// takes the columns the rest leaves, 10 at least: on a narrow terminal the
/// label is shortened to 12 columns, then the message, then the fields after
/// the bar and percentage are dropped, then the label is shortened further
/// (BK-3).
///
/// ```swift
/// let template = try LineTemplate("{label} [{bar}] {count}/{total} {rate}")
/// let bar = dashboard.addBar("Copying", total: 120, template: template)
/// ```
public struct LineTemplate: Hashable, Sendable {
  /// A named field of a line.
  public enum Field: String, Hashable, Sendable, CaseIterable {
    /// A short text before the label (``ProgressBar/prefix``).
    case prefix
    /// The bar's name (``ProgressBar/label``), padded so stacked bars align.
    case label
    /// A spinner: the braille ring of the engine's indeterminate loop while
    /// the bar runs, ✔ once finished, ✘ once abandoned.
    case spinner
    /// The bar in eighth blocks; the indeterminate loop when the total is
    /// unknown.
    case bar
    /// The percentage done, right-aligned in 4 columns.
    case percent
    /// The work done, in the bar's unit.
    case count
    /// The total, in the bar's unit; empty when unknown.
    case total
    /// The smoothed rate per second; empty in the first half second.
    case rate
    /// The time since the bar started; it stops when the bar finishes.
    case elapsed
    /// The time left at the smoothed rate; empty when unknown or done.
    case eta
    /// The bar's message (``ProgressBar/message``).
    case message
  }

  enum Part: Hashable, Sendable {
    case text(String)
    case field(Field)
  }

  /// The parts, in order.
  let parts: [Part]
  /// The text as written.
  public let text: String

  /// Reads a template.
  ///
  /// - Parameter text: Text with fields in braces.
  /// - Throws: ``TerminalError/invalidTemplate(_:reason:)`` for an unknown
  ///   field, an unclosed or stray brace, or more than one `{bar}`.
  /// - Complexity: O(*n*) in the length of `text`.
  public init(_ text: String) throws(TerminalError) {
    self.text = text
    var parts: [Part] = []
    var literal = ""
    var characters = Array(text)
    var index = 0
    var bars = 0
    func fail(_ reason: String) -> TerminalError { .invalidTemplate(text, reason: reason) }
    while index < characters.count {
      let character = characters[index]
      let next = index + 1 < characters.count ? characters[index + 1] : nil
      if character == "{" && next == "{" || character == "}" && next == "}" {
        literal.append(character)
        index += 2
        continue
      }
      if character == "}" { throw fail("a '}' without its '{' at offset \(index)") }
      guard character == "{" else {
        literal.append(character)
        index += 1
        continue
      }
      guard let close = characters[index...].firstIndex(of: "}") else {
        throw fail("a '{' without its '}' at offset \(index)")
      }
      let name = String(characters[(index + 1)..<close])
      guard let field = Field(rawValue: name) else {
        throw fail(
          "unknown field '{\(name)}'; fields: "
            + Field.allCases.map { "{\($0.rawValue)}" }.joined(separator: " "))
      }
      if field == .bar { bars += 1 }
      if bars > 1 { throw fail("more than one {bar}") }
      if !literal.isEmpty { parts.append(.text(literal)) }
      literal = ""
      parts.append(.field(field))
      index = close + 1
    }
    if !literal.isEmpty { parts.append(.text(literal)) }
    characters = []
    self.parts = parts
  }

  private init(validated text: String) {
    // The built-in templates are valid; a failure here is a programming error.
    do {
      self = try LineTemplate(text)
    } catch {
      preconditionFailure("built-in template: \(error)")
    }
  }

  /// The default line of a bar with a total: the layout of the terminal's
  /// first release, `"Copying ███▌░░░  35%  42/120 · 8.4 items/s · 0:05 · ETA 0:09"`.
  public static let `default` = LineTemplate(
    validated:
      "{prefix} {label} {bar} {percent}  {count}/{total} · {rate} · {elapsed} · ETA {eta}  {message}"
  )

  /// The default line of a bar without a total: a labelled spinner, the
  /// count, the rate and the elapsed time, `"⠹ Scanning 1.2k files · 410.0 files/s · 0:03"`.
  public static let unknownTotal = LineTemplate(
    validated: "{prefix} {spinner} {label} {count} · {rate} · {elapsed}  {message}")

  /// Whether the template shows a field.
  ///
  /// - Parameter field: The field.
  /// - Returns: Whether it appears.
  public func contains(_ field: Field) -> Bool { parts.contains(.field(field)) }

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
  public func render(
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
  func layout(
    values: [Field: String], bar: (Int) -> String, columns: Int, minimumBarColumns: Int = 10,
    labelColumns: Int? = nil, tailColumns: Int = 0
  ) -> (line: String, tail: Int) {
    guard columns > 0 else { return ("", 0) }
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
        let text = field == .bar ? "" : values[field] ?? ""
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
