//===----------------------------------------------------------------------===//
// ProgressTerminal: how a terminal draws — colours on or off, ANSI codes.
//===----------------------------------------------------------------------===//

import ProgressIndicator

/// How a terminal backend draws: with 24-bit ANSI colours or without any
/// escape code in the text of a line.
///
/// ```swift
/// let style = TerminalStyle(colors: !environment.noColor)
/// ```
public struct TerminalStyle: Hashable, Sendable {
  /// Whether lines carry ANSI colour codes (SGR 38/48;2).
  public var usesColor: Bool

  /// Creates a style.
  ///
  /// - Parameter usesColor: Whether to colour the bar and texts.
  public init(usesColor: Bool) {
    self.usesColor = usesColor
  }

  /// Colours on.
  public static let color = TerminalStyle(usesColor: true)
  /// No escape code in any line: for `NO_COLOR`, `--no-color` and files.
  public static let plain = TerminalStyle(usesColor: false)
}

/// The ANSI control sequences the backend writes, in one place so that tests
/// can name them.
public enum ANSI {
  /// Control Sequence Introducer.
  public static let csi = "\u{1B}["
  /// Hides the cursor (DECTCEM reset).
  public static let hideCursor = csi + "?25l"
  /// Shows the cursor (DECTCEM set).
  public static let showCursor = csi + "?25h"
  /// Clears the whole current line, leaving the cursor where it is.
  public static let clearLine = csi + "2K"
  /// Clears from the cursor to the end of the screen.
  public static let clearToEndOfScreen = csi + "J"
  /// Resets every graphic attribute.
  public static let reset = csi + "0m"

  /// Moves the cursor up `rows` rows (CUU); empty for 0.
  ///
  /// - Parameter rows: How many rows, ≥ 0.
  /// - Returns: The sequence.
  public static func cursorUp(_ rows: Int) -> String {
    rows > 0 ? csi + "\(rows)A" : ""
  }

  /// Sets the foreground colour to a 24-bit colour (SGR 38;2).
  ///
  /// - Parameter color: The colour; its alpha is ignored.
  /// - Returns: The sequence.
  public static func foreground(_ color: Color) -> String {
    csi + "38;2;" + components(color) + "m"
  }

  /// Sets the background colour to a 24-bit colour (SGR 48;2).
  ///
  /// - Parameter color: The colour; its alpha is ignored.
  /// - Returns: The sequence.
  public static func background(_ color: Color) -> String {
    csi + "48;2;" + components(color) + "m"
  }

  private static func components(_ color: Color) -> String {
    // Clamped to [0, 1]; NaN, which min and max pass through, is 0.
    func byte(_ value: Double) -> Int {
      Int(((value.isNaN ? 0 : min(max(value, 0), 1)) * 255).rounded())
    }
    return "\(byte(color.red));\(byte(color.green));\(byte(color.blue))"
  }
}
