//===----------------------------------------------------------------------===//
// ProgressSVG: numbers, escaping and base64 for SVG and HTML text.
//===----------------------------------------------------------------------===//

/// Writing numbers and text into SVG and HTML (the gallery's, the conformance
/// reports').
package enum SVGText {
  /// A coordinate rounded to 1/1000 pt, without trailing zeros: 4 → "4",
  /// 12.34567 → "12.346", −0.0001 → "0".
  static func number(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    // A value too large to have thousandths is written as it is: times 1000
    // it overflowed, and a bar 10³⁰⁸ points long was written "inf".
    let rounded = abs(value) < 1e15 ? (value * 1000).rounded() / 1000 : value
    if rounded == 0 { return "0" }
    if rounded == rounded.rounded(), abs(rounded) < 1e15 { return "\(Int64(rounded))" }
    let text = "\(rounded)"
    // Swift prints small and large magnitudes with an exponent; SVG reads it.
    return text
  }

  /// Escapes `&`, `<`, `>`, `"` and `'` for text and attribute values, and
  /// replaces what XML 1.0 does not allow in a document at all — the C0
  /// controls but tab, newline and carriage return, U+FFFE and U+FFFF — by
  /// U+FFFD, so that a label with an ESC still gives a well-formed SVG.
  package static func escape(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
      default:
        let value = scalar.value
        let allowed = value >= 0x20 && value != 0xFFFE && value != 0xFFFF
        result.unicodeScalars.append(allowed ? scalar : "\u{FFFD}")
      }
    }
    return result
  }

  /// Standard base64 with padding (RFC 4648 §4).
  static func base64(_ bytes: [UInt8]) -> String {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    var output: [UInt8] = []
    output.reserveCapacity((bytes.count + 2) / 3 * 4)
    var index = 0
    while index < bytes.count {
      let remaining = bytes.count - index
      let b0 = UInt32(bytes[index])
      let b1 = remaining > 1 ? UInt32(bytes[index + 1]) : 0
      let b2 = remaining > 2 ? UInt32(bytes[index + 2]) : 0
      let triple = b0 << 16 | b1 << 8 | b2
      output.append(alphabet[Int(triple >> 18 & 63)])
      output.append(alphabet[Int(triple >> 12 & 63)])
      output.append(remaining > 1 ? alphabet[Int(triple >> 6 & 63)] : UInt8(ascii: "="))
      output.append(remaining > 2 ? alphabet[Int(triple & 63)] : UInt8(ascii: "="))
      index += 3
    }
    return String(decoding: output, as: UTF8.self)
  }
}
