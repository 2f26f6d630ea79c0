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
    var resizes: UInt32 = 0
    var continues: UInt32 = 0
    /// The restore texts registered and not withdrawn, by registration.
    var registrations: [Int32: String] = [:]
    var nextRegistration: Int32 = 0
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
  /// The restore text of the latest registration still in, or `nil`.
  package var installedRestore: String? {
    state.withLock { state in state.registrations.max { $0.key < $1.key }?.value }
  }
  /// How many registrations are in.
  package var registrationCount: Int { state.withLock { $0.registrations.count } }

  /// Counts a resize, as the SIGWINCH handler does.
  package func signalResize() { state.withLock { $0.resizes &+= 1 } }
  /// Counts a continue, as after Ctrl-Z and `fg` (SIGCONT).
  package func signalContinue() { state.withLock { $0.continues &+= 1 } }

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

  /// The resizes counted (``signalResize()``).
  package var resizeCount: UInt32 { state.withLock { $0.resizes } }

  /// The continues counted (``signalContinue()``).
  package var continueCount: UInt32 { state.withLock { $0.continues } }

  /// Records the restore text.
  ///
  /// - Parameter restore: The text.
  /// - Returns: A new registration.
  package func installInterruptRestore(_ restore: String) -> Int32 {
    state.withLock { state in
      defer { state.nextRegistration += 1 }
      state.registrations[state.nextRegistration] = restore
      return state.nextRegistration
    }
  }

  /// Forgets a registration's restore text.
  ///
  /// - Parameter registration: The registration.
  package func removeInterruptRestore(_ registration: Int32) {
    state.withLock { _ = $0.registrations.removeValue(forKey: registration) }
  }
}
