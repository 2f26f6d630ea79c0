//===----------------------------------------------------------------------===//
// ProgressTerminal: the ANSI control sequences the terminal writes.
//===----------------------------------------------------------------------===//

package import ProgressIndicatorKit

/// The ANSI control sequences the backend writes, in one place so that tests
/// can name them.
package enum ANSI {
  /// Control Sequence Introducer.
  package static let csi = "\u{1B}["
  /// Hides the cursor (DECTCEM reset).
  package static let hideCursor = csi + "?25l"
  /// Shows the cursor (DECTCEM set).
  package static let showCursor = csi + "?25h"
  /// Clears the whole current line, leaving the cursor where it is.
  package static let clearLine = csi + "2K"
  /// Clears from the cursor to the end of the line.
  static let clearToEndOfLine = csi + "K"
  /// Clears from the cursor to the end of the screen.
  package static let clearToEndOfScreen = csi + "J"
  /// Resets every graphic attribute.
  package static let reset = csi + "0m"

  /// Moves the cursor up `rows` rows (CUU); empty for 0.
  ///
  /// - Parameter rows: How many rows, ≥ 0.
  /// - Returns: The sequence.
  package static func cursorUp(_ rows: Int) -> String {
    rows > 0 ? csi + "\(rows)A" : ""
  }

  /// Moves the cursor down `rows` rows (CUD); empty for 0.
  ///
  /// - Parameter rows: How many rows, ≥ 0.
  /// - Returns: The sequence.
  static func cursorDown(_ rows: Int) -> String {
    rows > 0 ? csi + "\(rows)B" : ""
  }

  /// Moves the cursor to a column of its row, counted from 0 (CHA).
  ///
  /// - Parameter column: The column, ≥ 0.
  /// - Returns: The sequence: a carriage return for column 0.
  package static func column(_ column: Int) -> String {
    column > 0 ? csi + "\(column + 1)G" : "\r"
  }

  /// Sets the foreground colour to a 24-bit colour (SGR 38;2).
  ///
  /// - Parameter color: The colour; its alpha is ignored.
  /// - Returns: The sequence.
  package static func foreground(_ color: FrameColor) -> String {
    foreground(color, depth: .trueColor)
  }

  /// Sets the background colour to a 24-bit colour (SGR 48;2).
  ///
  /// - Parameter color: The colour; its alpha is ignored.
  /// - Returns: The sequence.
  package static func background(_ color: FrameColor) -> String {
    background(color, depth: .trueColor)
  }

  /// Sets the foreground colour at a colour depth: the colour itself in
  /// 24 bits, the nearest of the 256-colour palette or of the 16 colours.
  ///
  /// - Parameters:
  ///   - color: The colour; its alpha is ignored.
  ///   - depth: The terminal's colour depth.
  /// - Returns: The sequence; empty for ``ColorDepth/none``.
  package static func foreground(_ color: FrameColor, depth: ColorDepth) -> String {
    selectGraphicRendition(color, depth: depth, base: 30)
  }

  /// Sets the background colour at a colour depth, as
  /// ``foreground(_:depth:)`` does.
  ///
  /// - Parameters:
  ///   - color: The colour; its alpha is ignored.
  ///   - depth: The terminal's colour depth.
  /// - Returns: The sequence; empty for ``ColorDepth/none``.
  package static func background(_ color: FrameColor, depth: ColorDepth) -> String {
    selectGraphicRendition(color, depth: depth, base: 40)
  }

  /// The SGR sequence of a colour from its layer's base code: 30 for the
  /// foreground, 40 for the background (ECMA-48 §8.3.117).
  ///
  /// The 8 colours are base + 0…7, their bright forms base + 60 + 0…7
  /// (aixterm's 90–97 and 100–107); the extended forms are base + 8
  /// (`38`, `48`) with `5;index` or `2;r;g;b`.
  private static func selectGraphicRendition(
    _ color: FrameColor, depth: ColorDepth, base: Int
  ) -> String {
    switch depth {
    case .none: return ""
    case .ansi16:
      let index = nearest16(color)
      return csi + "\(index < 8 ? base + index : base + 52 + index)m"
    case .ansi256: return csi + "\(base + 8);5;\(nearest256(color))m"
    case .trueColor: return csi + "\(base + 8);2;" + components(color) + "m"
    }
  }

  /// A colour component as a byte: clamped to [0, 1]; NaN, which min and
  /// max pass through, is 0 (a frame no model makes may carry one).
  private static func byte(_ value: Double) -> Int {
    Int(((value.isNaN ? 0 : min(max(value, 0), 1)) * 255).rounded())
  }

  private static func components(_ color: FrameColor) -> String {
    "\(byte(color.red));\(byte(color.green));\(byte(color.blue))"
  }

  /// The xterm palette's 16 colours (its default RGB values).
  static let palette16: [(Int, Int, Int)] = [
    (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205),
    (0, 205, 205), (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0),
    (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
  ]

  private static func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
    let (dr, dg, db) = (a.0 - b.0, a.1 - b.1, a.2 - b.2)
    return 2 * dr * dr + 4 * dg * dg + 3 * db * db
  }

  /// The index, 0–15, of the nearest of the 16 colours (weighted RGB distance).
  static func nearest16(_ color: FrameColor) -> Int {
    let rgb = (byte(color.red), byte(color.green), byte(color.blue))
    var best = 0
    for index in 1..<16 where distance(palette16[index], rgb) < distance(palette16[best], rgb) {
      best = index
    }
    return best
  }

  /// The index, 16–255, of the nearest colour of the 6×6×6 cube or the grey ramp.
  static func nearest256(_ color: FrameColor) -> Int {
    let rgb = (byte(color.red), byte(color.green), byte(color.blue))
    let levels = [0, 95, 135, 175, 215, 255]
    func level(_ value: Int) -> Int {
      var best = 0
      for index in 1..<6 where abs(levels[index] - value) < abs(levels[best] - value) {
        best = index
      }
      return best
    }
    let (r, g, b) = (level(rgb.0), level(rgb.1), level(rgb.2))
    let cube = 16 + 36 * r + 6 * g + b
    let grey = min(23, max(0, ((rgb.0 + rgb.1 + rgb.2) / 3 - 3) / 10))
    let greyValue = 8 + 10 * grey
    let cubeDistance = distance((levels[r], levels[g], levels[b]), rgb)
    let greyDistance = distance((greyValue, greyValue, greyValue), rgb)
    return greyDistance < cubeDistance ? 232 + grey : cube
  }
}
