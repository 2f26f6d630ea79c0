//===----------------------------------------------------------------------===//
// ProgressTerminal: where the bytes go — a file descriptor or a test buffer.
//===----------------------------------------------------------------------===//

import CTerminalSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a ``TerminalDashboard`` writes: a terminal, a pipe, a file, or a
/// buffer in a test.
public protocol TerminalOutput: AnyObject {
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
  /// Everything written so far.
  public private(set) var text = ""
  /// Whether to behave as a terminal.
  public var isTerminal: Bool
  /// The width reported.
  public var columns: Int
  /// Set to report a resize once.
  public var pendingResize = false
  /// The restore text installed, or `nil`.
  public private(set) var installedRestore: String?

  /// Creates a buffer.
  ///
  /// - Parameters:
  ///   - isTerminal: Whether it behaves as a terminal.
  ///   - columns: Its width.
  public init(isTerminal: Bool, columns: Int) {
    self.isTerminal = isTerminal
    self.columns = columns
  }

  /// Appends the text.
  ///
  /// - Parameter text: The text.
  public func write(_ text: String) { self.text += text }

  /// Reports ``pendingResize`` once.
  public func takeResize() -> Bool {
    defer { pendingResize = false }
    return pendingResize
  }

  /// Records the restore text.
  ///
  /// - Parameter restore: The text.
  public func installInterruptRestore(_ restore: String) { installedRestore = restore }

  /// Forgets the restore text.
  public func removeInterruptRestore() { installedRestore = nil }
}
