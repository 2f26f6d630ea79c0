//===----------------------------------------------------------------------===//
// ProgressTerminal: a device that keeps what is written, for tests.
//===----------------------------------------------------------------------===//

/// A device that keeps what is written, for tests: a terminal or not, of a
/// width the test sets.
package final class BufferedTerminalDevice: TerminalDevice {
  private struct State {
    var text = ""
    var isTerminal: Bool
    var columns: Int
    var rows: Int
    var pendingResize = false
    var pendingContinue = false
    var installedRestore: String?
    var writes = 0
  }
  private let state: TerminalLock<State>

  /// Everything written so far.
  package var text: String { state.withLock { $0.text } }
  /// How many writes were made.
  package var writeCount: Int { state.withLock { $0.writes } }
  /// Whether to behave as a terminal.
  package var isTerminal: Bool {
    get { state.withLock { $0.isTerminal } }
    set { state.withLock { $0.isTerminal = newValue } }
  }
  /// The width reported.
  package var columns: Int {
    get { state.withLock { $0.columns } }
    set { state.withLock { $0.columns = newValue } }
  }
  /// The height reported; 0 (unknown) unless the test sets it.
  package var rows: Int {
    get { state.withLock { $0.rows } }
    set { state.withLock { $0.rows = newValue } }
  }
  /// Set to report a resize once.
  package var pendingResize: Bool {
    get { state.withLock { $0.pendingResize } }
    set { state.withLock { $0.pendingResize = newValue } }
  }
  /// Set to report a continue (SIGCONT) once.
  package var pendingContinue: Bool {
    get { state.withLock { $0.pendingContinue } }
    set { state.withLock { $0.pendingContinue = newValue } }
  }
  /// The restore text installed, or `nil`.
  package var installedRestore: String? { state.withLock { $0.installedRestore } }

  /// Creates a buffer.
  ///
  /// - Parameters:
  ///   - isTerminal: Whether it behaves as a terminal.
  ///   - columns: Its width.
  ///   - rows: Its height; 0, unknown, by default.
  package init(isTerminal: Bool, columns: Int, rows: Int = 0) {
    state = TerminalLock(State(isTerminal: isTerminal, columns: columns, rows: rows))
  }

  /// Appends the text.
  ///
  /// - Parameter text: The text.
  package func write(_ text: String) {
    state.withLock {
      $0.text += text
      $0.writes += 1
    }
  }

  /// Forgets what was written so far.
  package func clearText() { state.withLock { $0.text = "" } }

  /// Reports ``pendingResize`` once.
  package func takeResize() -> Bool {
    state.withLock { state in
      defer { state.pendingResize = false }
      return state.pendingResize
    }
  }

  /// Reports ``pendingContinue`` once.
  package func takeContinue() -> Bool {
    state.withLock { state in
      defer { state.pendingContinue = false }
      return state.pendingContinue
    }
  }

  /// Records the restore text.
  ///
  /// - Parameter restore: The text.
  package func installInterruptRestore(_ restore: String) {
    state.withLock { $0.installedRestore = restore }
  }

  /// Forgets the restore text.
  package func removeInterruptRestore() { state.withLock { $0.installedRestore = nil } }
}
