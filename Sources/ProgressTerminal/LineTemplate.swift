//===----------------------------------------------------------------------===//
// ProgressTerminal: the layout of a bar's line, with named fields.
//===----------------------------------------------------------------------===//

/// The layout of a bar's line: text with named fields in braces (spec TB-6).
///
/// Fields: `{prefix}`, `{label}`, `{spinner}`, `{bar}`, `{percent}`,
/// `{count}`, `{total}`, `{rate}`, `{elapsed}`, `{eta}`, `{message}`; `{{`
/// and `}}` are literal braces. A field may fix its width in columns:
/// `{bar:30}` is a bar of 30 columns whatever the terminal's width,
/// `{message:24}` a message padded or shortened to 24 columns.
///
/// On a dashboard, rows that share a template share their columns, as a
/// table's rows do: each field is as wide as its widest text in any of them
/// so far (labels and prefixes across every row), numbers aligned right and
/// texts left, so the bars of those rows start and end in the same columns
/// and keep their length while the figures change. The rate and the time
/// left, which appear after half a second, and the count, which grows, have
/// their columns kept from the first draw. A field with nothing to show is
/// then a blank of its column's width; a field that no row has shown yet is
/// left out with the text that joins it to the field before — so, alone,
/// `"{count} · {rate} · {elapsed}"` reads `"4 · 0:00"` before there is a
/// rate. Text before the first field and after the last is always shown.
///
/// The bar takes the columns the rest leaves, 10 at least, unless its width
/// is fixed: a message, when one is shown, keeps its column and every bar
/// of the template is shortened alike. On a narrow terminal the label is
/// shortened to 12 columns, then the message, then the fields after the bar
/// and percentage are dropped, then the label is shortened further (BK-3).
///
/// ```swift
/// let dashboard = TerminalDashboard()
/// let template = try LineTemplate("{label} [{bar:30}] {count}/{total} {rate}  {message}")
/// let bar = dashboard.addBar("Copying", total: 120, template: template)
/// ```
public struct LineTemplate: Hashable, Sendable {
  /// A named field of a line.
  package enum Field: String, Hashable, Sendable, CaseIterable {
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

    /// The field's place, 0 to 10: its index in a table of the fields.
    var index: Int {
      switch self {
      case .prefix: 0
      case .label: 1
      case .spinner: 2
      case .bar: 3
      case .percent: 4
      case .count: 5
      case .total: 6
      case .rate: 7
      case .elapsed: 8
      case .eta: 9
      case .message: 10
      }
    }

    /// The field's bit in ``LineTemplate/fieldMask``.
    var bit: UInt32 { 1 << UInt32(index) }
  }

  enum Part: Hashable, Sendable {
    case text(String)
    /// A field, and its width in columns when the template fixes it.
    case field(Field, width: Int?)
  }

  /// The parts, in order.
  let parts: [Part]
  /// The fields the parts name, a bit each (``Field/bit``): a row asks
  /// ``contains(_:)`` several times a draw.
  let fieldMask: UInt32
  /// The text as written.
  public let text: String

  /// Reads a template.
  ///
  /// - Parameter text: Text with fields in braces.
  /// - Throws: ``TerminalError/invalidTemplate(_:reason:)`` for a control
  ///   character (a newline, a tab, ESC, DEL, C1), an unknown field, an
  ///   unclosed or stray brace, more than one `{bar}`, or a width that is
  ///   not a whole number from 1 to 1,000.
  /// - Complexity: O(*n*) in the length of `text`.
  public init(_ text: String) throws(TerminalError) {
    self.text = text
    var parts: [Part] = []
    var literal = ""
    var characters = Array(text)
    var index = 0
    var bars = 0
    func fail(_ reason: String) -> TerminalError { .invalidTemplate(text, reason: reason) }
    // A newline or an escape sequence would break the block drawn in place.
    for (offset, character) in characters.enumerated() {
      guard let control = character.unicodeScalars.first(where: Self.isControl) else { continue }
      let code = String(control.value, radix: 16, uppercase: true)
      throw fail(
        "a control character U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code) "
          + "at offset \(offset); a line drawn in place holds none")
    }
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
      let inside = characters[(index + 1)..<close].split(
        separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
      let name = String(inside[0])
      guard let field = Field(rawValue: name) else {
        throw fail(
          "unknown field '{\(name)}'; fields: "
            + Field.allCases.map { "{\($0.rawValue)}" }.joined(separator: " "))
      }
      var width: Int?
      if inside.count == 2 {
        guard let columns = Int(String(inside[1])), (1...Self.maximumFieldColumns).contains(columns)
        else {
          throw fail(
            "the width of {\(name)} is a whole number of columns from 1 to "
              + "\(Self.maximumFieldColumns), got '\(String(inside[1]))'")
        }
        width = columns
      }
      if field == .bar { bars += 1 }
      if bars > 1 { throw fail("more than one {bar}") }
      if !literal.isEmpty { parts.append(.text(literal)) }
      literal = ""
      parts.append(.field(field, width: width))
      index = close + 1
    }
    if !literal.isEmpty { parts.append(.text(literal)) }
    characters = []
    self.parts = parts
    var fieldMask: UInt32 = 0
    for case .field(let field, _) in parts { fieldMask |= field.bit }
    self.fieldMask = fieldMask
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
  /// first release, on a dashboard
  /// `"Copying ███▌░░░  35%   42/120 ·    8.4 items/s · 0:05 · ETA 0:09"` (the
  /// count's and the rate's columns are as wide as they may grow).
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
  package func contains(_ field: Field) -> Bool {
    fieldMask & field.bit != 0
  }

  /// Whether a scalar is a control character a template may not hold: C0
  /// (a newline, a tab, ESC among them), DEL and C1.
  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }

  /// The widest a field may be fixed to: 1,000 columns.
  static let maximumFieldColumns = 1000
}
