//===----------------------------------------------------------------------===//
// Timeline: text from the input made safe to quote in a one-line message
// (spec RL-9), for every reader of the package.
//===----------------------------------------------------------------------===//

/// Text quoted in messages: the one escaping every reader uses.
package enum MessageText {
  /// Text from the input made safe for a one-line message: control
  /// characters (ESC, a newline, DEL, C1) and the line and paragraph
  /// separators written as `\u{…}` escapes, so that an error never breaks
  /// its line or passes a terminal sequence on; longer than `limit`
  /// scalars, it is shortened with "…".
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - limit: The most Unicode scalars kept; 200 by default.
  /// - Returns: The escaped text.
  /// - Complexity: O(min(*n*, `limit`)) in the length of `text`.
  package static func escaped(_ text: String, limit: Int = 200) -> String {
    var output = ""
    var count = 0
    for scalar in text.unicodeScalars {
      if count == limit {
        output += "…"
        break
      }
      count += 1
      let value = scalar.value
      if value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029 {
        let hex = String(value, radix: 16, uppercase: true)
        output += "\\u{" + hex + "}"
      } else {
        output.unicodeScalars.append(scalar)
      }
    }
    return output
  }
}
