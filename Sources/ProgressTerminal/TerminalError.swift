//===----------------------------------------------------------------------===//
// ProgressTerminal: the errors of the terminal API.
//===----------------------------------------------------------------------===//

/// Why a terminal bar or template could not be made.
public enum TerminalError: Error, Hashable, Sendable {
  /// A line template is not valid: the template and what is wrong.
  case invalidTemplate(String, reason: String)
}
