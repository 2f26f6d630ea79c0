//===----------------------------------------------------------------------===//
// ProgressTerminal: how a finished bar leaves the dashboard.
//===----------------------------------------------------------------------===//

/// How a finished bar leaves the dashboard (spec TB-3).
public enum FinishStyle: Hashable, Sendable {
  /// The bar stays, drawn at its final value: full when it has a total.
  case leave
  /// The bar is removed from the screen.
  case clear
  /// The bar stays as it is, not filled, with its message.
  case abandon
}
