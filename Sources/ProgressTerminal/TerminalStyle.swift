//===----------------------------------------------------------------------===//
// ProgressTerminal: how a terminal draws — its colour depth.
//===----------------------------------------------------------------------===//

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// How many colours a terminal shows.
package enum ColorDepth: Int, Hashable, Sendable, Comparable, CaseIterable {
  /// No colour: no escape code in the text of a line.
  case none = 0
  /// The 16 ANSI colours (SGR 30–37, 90–97).
  case ansi16 = 16
  /// The xterm 256-colour palette (SGR 38;5).
  case ansi256 = 256
  /// 24-bit colour (SGR 38;2).
  case trueColor = 0x100_0000

  /// Orders depths by the colours they show.
  package static func < (a: ColorDepth, b: ColorDepth) -> Bool { a.rawValue < b.rawValue }
}

/// How a dashboard draws: the colours of its escape codes.
///
/// By default a dashboard reads them from its output and the environment,
/// as terminals document it (TB-8): none when the output is not a terminal
/// or `NO_COLOR` is set and not empty (no-color.org); `COLORTERM` of
/// `truecolor` or `24bit` allows 24-bit colour; a `TERM` naming `256color`
/// the 256-colour palette; `TERM=dumb` none; any other terminal the 16 ANSI
/// colours. ``plain`` turns colours off, for a `--no-color` option.
///
/// ```swift
/// let noColor = CommandLine.arguments.contains("--no-color")
/// let dashboard = TerminalDashboard(style: noColor ? .plain : nil)
/// ```
public struct TerminalStyle: Hashable, Sendable {
  /// The colours escape codes may use.
  package var colorDepth: ColorDepth

  /// Whether lines carry ANSI colour codes.
  var usesColor: Bool { colorDepth != .none }

  /// Creates a style.
  ///
  /// - Parameter colorDepth: The colours escape codes may use.
  package init(colorDepth: ColorDepth) {
    self.colorDepth = colorDepth
  }

  /// 24-bit colours.
  package static let color = TerminalStyle(colorDepth: .trueColor)
  /// No colour: no escape code in the text of a line, for `--no-color`.
  public static let plain = TerminalStyle(colorDepth: .none)

  /// The style a terminal asks for through its environment.
  ///
  /// - Parameters:
  ///   - isTerminal: Whether the output is a terminal; no colour otherwise.
  ///   - environment: The variables to read; the process's own by default.
  /// - Returns: The style.
  package static func detect(isTerminal: Bool, environment: [String: String]? = nil)
    -> TerminalStyle
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
