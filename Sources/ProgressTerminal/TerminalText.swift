//===----------------------------------------------------------------------===//
// ProgressTerminal: the width of text in terminal columns.
//===----------------------------------------------------------------------===//

/// Measures and shortens text in terminal columns.
///
/// A character (a grapheme cluster) takes 2 columns when it is East Asian
/// wide or an emoji shown as a picture, 0 when it is only combining marks,
/// and 1 otherwise — what `wcwidth` answers for the common cases, without
/// the C locale.
package enum TerminalText {
  /// The number of columns `text` takes.
  ///
  /// - Parameter text: The text.
  /// - Returns: Its width in columns.
  /// - Complexity: O(*n*) in the length of `text`.
  package static func columns(of text: String) -> Int {
    // Printable ASCII, most of what a bar line holds: a column a byte, and
    // no grapheme breaking or property lookup.
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
    var total = 0
    for character in text { total += columns(of: character) }
    return total
  }

  /// The number of columns one character takes: 0, 1 or 2.
  ///
  /// - Parameter character: The character.
  /// - Returns: Its width in columns.
  package static func columns(of character: Character) -> Int {
    var width = 0
    for scalar in character.unicodeScalars {
      width = max(width, columns(of: scalar))
    }
    return width
  }

  /// `text` cut just beyond `limit` columns: whole when it is at most
  /// `limit` columns wide, otherwise its shortest start wider than `limit`.
  ///
  /// A line of `limit` columns shows no more of a text, and shortens the
  /// start exactly as it would shorten the whole text (both are too wide),
  /// so what is cut needs no measuring (TB-18).
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - limit: The columns of the line, ≥ 0.
  /// - Returns: The text, or its start.
  /// - Complexity: O(`limit`), whatever the length of `text`.
  package static func cut(_ text: String, beyondColumns limit: Int) -> String {
    // A character takes at most 2 columns and at least 1 byte per column
    // it takes (a wide one 3 or 4 bytes): a text of at most `limit` bytes
    // is at most `limit` columns wide.
    if text.utf8.count <= limit { return text }
    var used = 0
    var end = text.startIndex
    while end < text.endIndex, used <= limit {
      used += columns(of: text[end])
      end = text.index(after: end)
    }
    return end == text.endIndex ? text : String(text[..<end])
  }

  /// Shortens `text` to at most `width` columns, ending it with "…" when
  /// something was cut.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - width: The columns available, ≥ 0.
  /// - Returns: The text, whole or shortened.
  /// - Complexity: O(*n*) in the length of `text`.
  package static func truncate(_ text: String, toColumns width: Int) -> String {
    guard width > 0 else { return "" }
    if columns(of: text) <= width { return text }
    var result = ""
    var used = 0
    for character in text {
      let next = columns(of: character)
      if used + next > width - 1 { break }
      result.append(character)
      used += next
    }
    return result + "…"
  }

  /// `text` with its control characters (C0 but tab, DEL, C1: ESC among
  /// them) replaced by U+FFFD, so that a label or a trailing text from the
  /// host's input cannot move the cursor, clear the screen or change a
  /// colour.
  ///
  /// - Parameter text: The text.
  /// - Returns: The text, safe to write between the renderer's own
  ///   sequences.
  /// - Complexity: O(*n*).
  static func printable(_ text: String) -> String {
    func isControl(_ scalar: Unicode.Scalar) -> Bool {
      scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      result.append(isControl(scalar) ? "\u{FFFD}" : scalar)
    }
    return String(result)
  }

  /// Pads `text` with spaces to exactly `width` columns (or truncates it).
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - width: The columns wanted.
  ///   - alignRight: Whether the padding goes on the left.
  /// - Returns: The padded text.
  static func pad(_ text: String, toColumns width: Int, alignRight: Bool = false) -> String {
    let fitted = truncate(text, toColumns: width)
    let padding = String(repeating: " ", count: max(0, width - columns(of: fitted)))
    return alignRight ? padding + fitted : fitted + padding
  }

  private static func columns(of scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    // Printable ASCII, box drawing and block elements (the bar's cells):
    // one column, without a property lookup.
    if (0x20..<0x7F).contains(value) || (0x2500...0x259F).contains(value) { return 1 }
    if value == 0 || value == 0x200B || value == 0x200D { return 0 }
    if value < 0x20 || (value >= 0x7F && value < 0xA0) { return 0 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    if scalar.properties.isEmojiPresentation { return 2 }
    if isWide(value) { return 2 }
    return 1
  }

  private static func isWide(_ value: UInt32) -> Bool {
    switch value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
      return true
    default:
      return false
    }
  }
}
