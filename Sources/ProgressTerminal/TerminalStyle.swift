//===----------------------------------------------------------------------===//
// ProgressTerminal: how a terminal draws — colour depth, ANSI codes.
//===----------------------------------------------------------------------===//

import ProgressIndicatorKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// How many colours a terminal shows.
public enum ColorDepth: Int, Hashable, Sendable, Comparable, CaseIterable {
  /// No colour: no escape code in the text of a line.
  case none = 0
  /// The 16 ANSI colours (SGR 30–37, 90–97).
  case ansi16 = 16
  /// The xterm 256-colour palette (SGR 38;5).
  case ansi256 = 256
  /// 24-bit colour (SGR 38;2).
  case trueColor = 0x100_0000

  /// Orders depths by the colours they show.
  public static func < (a: ColorDepth, b: ColorDepth) -> Bool { a.rawValue < b.rawValue }
}

/// How a terminal backend draws: the colour depth of its escape codes.
///
/// ``detect(isTerminal:environment:)`` reads the environment as terminals
/// document it: `NO_COLOR` set and not empty (no-color.org) turns colours
/// off; `COLORTERM` of `truecolor` or `24bit` allows 24-bit colour; a `TERM`
/// naming `256color` the 256-colour palette; `TERM=dumb` none; any other
/// terminal the 16 ANSI colours.
///
/// ```swift
/// let style = TerminalStyle.detect(isTerminal: true, environment: ["TERM": "xterm-256color"])
/// style.colorDepth   // .ansi256
/// ```
public struct TerminalStyle: Hashable, Sendable {
  /// The colours escape codes may use.
  public var colorDepth: ColorDepth

  /// Whether lines carry ANSI colour codes.
  public var usesColor: Bool { colorDepth != .none }

  /// Creates a style.
  ///
  /// - Parameter colorDepth: The colours escape codes may use.
  public init(colorDepth: ColorDepth) {
    self.colorDepth = colorDepth
  }

  /// Creates a style with 24-bit colours or none.
  ///
  /// - Parameter usesColor: Whether to colour the bar and texts.
  public init(usesColor: Bool) {
    colorDepth = usesColor ? .trueColor : .none
  }

  /// 24-bit colours.
  public static let color = TerminalStyle(colorDepth: .trueColor)
  /// No escape code in any line: for `NO_COLOR`, `--no-color` and files.
  public static let plain = TerminalStyle(colorDepth: .none)

  /// The style a terminal asks for through its environment.
  ///
  /// - Parameters:
  ///   - isTerminal: Whether the output is a terminal; no colour otherwise.
  ///   - environment: The variables to read; the process's own by default.
  /// - Returns: The style.
  public static func detect(isTerminal: Bool, environment: [String: String]? = nil) -> TerminalStyle
  {
    func value(_ name: String) -> String? {
      if let environment { return environment[name] }
      return getenv(name).map { String(cString: $0) }
    }
    guard isTerminal else { return .plain }
    if let noColor = value("NO_COLOR"), !noColor.isEmpty { return .plain }
    let term = value("TERM") ?? ""
    if term == "dumb" { return .plain }
    if let colorTerm = value("COLORTERM")?.lowercased(),
      colorTerm == "truecolor" || colorTerm == "24bit"
    {
      return TerminalStyle(colorDepth: .trueColor)
    }
    if term.contains("256color") { return TerminalStyle(colorDepth: .ansi256) }
    return TerminalStyle(colorDepth: .ansi16)
  }
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
  /// Clears from the cursor to the end of the line.
  public static let clearToEndOfLine = csi + "K"
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

  /// Moves the cursor down `rows` rows (CUD); empty for 0.
  ///
  /// - Parameter rows: How many rows, ≥ 0.
  /// - Returns: The sequence.
  public static func cursorDown(_ rows: Int) -> String {
    rows > 0 ? csi + "\(rows)B" : ""
  }

  /// Moves the cursor to a column of its row, counted from 0 (CHA).
  ///
  /// - Parameter column: The column, ≥ 0.
  /// - Returns: The sequence: a carriage return for column 0.
  public static func column(_ column: Int) -> String {
    column > 0 ? csi + "\(column + 1)G" : "\r"
  }

  /// Sets the foreground colour to a 24-bit colour (SGR 38;2).
  ///
  /// - Parameter color: The colour; its alpha is ignored.
  /// - Returns: The sequence.
  public static func foreground(_ color: FrameColor) -> String {
    foreground(color, depth: .trueColor)
  }

  /// Sets the background colour to a 24-bit colour (SGR 48;2).
  ///
  /// - Parameter color: The colour; its alpha is ignored.
  /// - Returns: The sequence.
  public static func background(_ color: FrameColor) -> String {
    background(color, depth: .trueColor)
  }

  /// Sets the foreground colour at a colour depth: the colour itself in
  /// 24 bits, the nearest of the 256-colour palette or of the 16 colours.
  ///
  /// - Parameters:
  ///   - color: The colour; its alpha is ignored.
  ///   - depth: The terminal's colour depth.
  /// - Returns: The sequence; empty for ``ColorDepth/none``.
  public static func foreground(_ color: FrameColor, depth: ColorDepth) -> String {
    switch depth {
    case .none: return ""
    case .ansi16:
      let index = nearest16(color)
      return csi + "\(index < 8 ? 30 + index : 82 + index)m"
    case .ansi256: return csi + "38;5;\(nearest256(color))m"
    case .trueColor: return csi + "38;2;" + components(color) + "m"
    }
  }

  /// Sets the background colour at a colour depth, as
  /// ``foreground(_:depth:)`` does.
  ///
  /// - Parameters:
  ///   - color: The colour; its alpha is ignored.
  ///   - depth: The terminal's colour depth.
  /// - Returns: The sequence; empty for ``ColorDepth/none``.
  public static func background(_ color: FrameColor, depth: ColorDepth) -> String {
    switch depth {
    case .none: return ""
    case .ansi16:
      let index = nearest16(color)
      return csi + "\(index < 8 ? 40 + index : 92 + index)m"
    case .ansi256: return csi + "48;5;\(nearest256(color))m"
    case .trueColor: return csi + "48;2;" + components(color) + "m"
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
