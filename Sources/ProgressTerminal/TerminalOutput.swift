//===----------------------------------------------------------------------===//
// ProgressTerminal: where the bytes go — a file descriptor or a test buffer.
//===----------------------------------------------------------------------===//

import CTerminalSupport
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a ``TerminalDashboard`` writes: a terminal, a pipe, a file, or a
/// buffer in a test.
///
/// Writes come from one thread at a time (the dashboard's lock), but from
/// any thread, so an output is `Sendable`.
public protocol TerminalOutput: AnyObject, Sendable {
  /// Whether the output is an interactive terminal: then lines are redrawn
  /// in place; otherwise plain lines are appended.
  var isTerminal: Bool { get }
  /// The width in columns, or 0 when unknown.
  var columns: Int { get }
  /// Writes text.
  ///
  /// - Parameter text: The bytes to write, as UTF-8.
  func write(_ text: String)
  /// Whether the terminal was resized since the last call.
  func takeResize() -> Bool
  /// Installs what restores the terminal if the process is interrupted:
  /// `restore` is written on SIGINT, SIGTERM and SIGHUP.
  ///
  /// - Parameter restore: The bytes that restore the terminal.
  func installInterruptRestore(_ restore: String)
  /// Removes what ``installInterruptRestore(_:)`` installed.
  func removeInterruptRestore()
}

/// A file descriptor: standard output by default.
///
/// ```swift
/// let output = FileDescriptorOutput.standardOutput
/// output.isTerminal   // false when piped into a file
/// ```
public final class FileDescriptorOutput: TerminalOutput {
  /// The descriptor written to.
  public let descriptor: Int32

  /// Creates an output on a descriptor.
  ///
  /// - Parameter descriptor: An open file descriptor.
  public init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  /// Standard output.
  public static var standardOutput: FileDescriptorOutput { FileDescriptorOutput(descriptor: 1) }
  /// Standard error: where progress goes by default, so that standard output
  /// stays the program's own.
  public static var standardError: FileDescriptorOutput { FileDescriptorOutput(descriptor: 2) }

  /// Whether the descriptor is a terminal (`isatty`).
  public var isTerminal: Bool { isatty(descriptor) == 1 }

  /// The terminal's width from `TIOCGWINSZ`, else `$COLUMNS`, else 0.
  public var columns: Int {
    let reported = Int(progress_terminal_columns(descriptor))
    if reported > 0 { return reported }
    if let text = getenv("COLUMNS"), let value = Int(String(cString: text)), value > 0 {
      return value
    }
    return 0
  }

  /// Writes every byte, retrying short writes and interruptions.
  ///
  /// - Parameter text: The text.
  public func write(_ text: String) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeMutableBytes { buffer -> Int in
        guard let base = buffer.baseAddress else { return 0 }
        return systemWrite(descriptor, base + offset, buffer.count - offset)
      }
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else { return }
      offset += written
    }
  }

  /// Whether SIGWINCH arrived since the last call.
  public func takeResize() -> Bool { progress_terminal_take_resize() != 0 }

  /// Installs the signal handlers that write `restore` before the process
  /// ends on SIGINT, SIGTERM or SIGHUP.
  ///
  /// - Parameter restore: At most 63 bytes.
  public func installInterruptRestore(_ restore: String) {
    progress_terminal_install_handlers(descriptor, restore)
  }

  /// Puts the previous signal handlers back.
  public func removeInterruptRestore() {
    progress_terminal_remove_handlers()
  }
}

private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}

/// An output that keeps what is written, for tests.
public final class BufferedTerminalOutput: TerminalOutput {
  private struct State {
    var text = ""
    var isTerminal: Bool
    var columns: Int
    var pendingResize = false
    var installedRestore: String?
    var writes = 0
  }
  private let state: TerminalLock<State>

  /// Everything written so far.
  public var text: String { state.withLock { $0.text } }
  /// How many writes were made.
  public var writeCount: Int { state.withLock { $0.writes } }
  /// Whether to behave as a terminal.
  public var isTerminal: Bool {
    get { state.withLock { $0.isTerminal } }
    set { state.withLock { $0.isTerminal = newValue } }
  }
  /// The width reported.
  public var columns: Int {
    get { state.withLock { $0.columns } }
    set { state.withLock { $0.columns = newValue } }
  }
  /// Set to report a resize once.
  public var pendingResize: Bool {
    get { state.withLock { $0.pendingResize } }
    set { state.withLock { $0.pendingResize = newValue } }
  }
  /// The restore text installed, or `nil`.
  public var installedRestore: String? { state.withLock { $0.installedRestore } }

  /// Creates a buffer.
  ///
  /// - Parameters:
  ///   - isTerminal: Whether it behaves as a terminal.
  ///   - columns: Its width.
  public init(isTerminal: Bool, columns: Int) {
    state = TerminalLock(State(isTerminal: isTerminal, columns: columns))
  }

  /// Appends the text.
  ///
  /// - Parameter text: The text.
  public func write(_ text: String) {
    state.withLock {
      $0.text += text
      $0.writes += 1
    }
  }

  /// Forgets what was written so far.
  public func clearText() { state.withLock { $0.text = "" } }

  /// Reports ``pendingResize`` once.
  public func takeResize() -> Bool {
    state.withLock { state in
      defer { state.pendingResize = false }
      return state.pendingResize
    }
  }

  /// Records the restore text.
  ///
  /// - Parameter restore: The text.
  public func installInterruptRestore(_ restore: String) {
    state.withLock { $0.installedRestore = restore }
  }

  /// Forgets the restore text.
  public func removeInterruptRestore() { state.withLock { $0.installedRestore = nil } }
}

/// An output that throws everything away, as a terminal of a given width:
/// for benchmarks.
public final class DiscardingTerminalOutput: TerminalOutput {
  private let bytes = Atomic<Int>(0)
  /// The width reported.
  public let columns: Int
  /// Always `true`.
  public var isTerminal: Bool { true }
  /// The bytes written so far.
  public var bytesWritten: Int { bytes.load(ordering: .relaxed) }

  /// Creates an output.
  ///
  /// - Parameter columns: The width reported.
  public init(columns: Int = 100) { self.columns = columns }

  /// Counts the bytes and drops them.
  ///
  /// - Parameter text: The text.
  public func write(_ text: String) { bytes.wrappingAdd(text.utf8.count, ordering: .relaxed) }
  /// Never resized.
  public func takeResize() -> Bool { false }
  /// Nothing to restore.
  ///
  /// - Parameter restore: Ignored.
  public func installInterruptRestore(_ restore: String) {}
  /// Nothing to remove.
  public func removeInterruptRestore() {}
}
