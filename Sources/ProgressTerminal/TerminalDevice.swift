//===----------------------------------------------------------------------===//
// ProgressTerminal: what a dashboard writes to — a terminal, a pipe, a file.
//===----------------------------------------------------------------------===//

import CTerminalSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a ``TerminalDashboard`` writes to: a terminal, a pipe, a file, or a
/// buffer in a test; a ``TerminalOutput`` holds one.
///
/// Writes come from one thread at a time (the dashboard's lock), but from
/// any thread, so a device is `Sendable`.
package protocol TerminalDevice: AnyObject, Sendable {
  /// Whether the output is an interactive terminal: then lines are redrawn
  /// in place; otherwise plain lines are appended.
  var isTerminal: Bool { get }
  /// The width in columns, or 0 when unknown.
  var columns: Int { get }
  /// The height in rows, or 0 when unknown: the dashboard then draws the
  /// whole block, however tall (TB-12).
  var rows: Int { get }
  /// Writes text.
  ///
  /// - Parameter text: The bytes to write, as UTF-8.
  func write(_ text: String)
  /// How many times the terminal was resized so far: a dashboard compares
  /// it with the count it saw last, so that each of several sees each
  /// resize (TB-13).
  var resizeCount: UInt32 { get }
  /// How many times the process was continued after a stop so far (SIGCONT,
  /// as after Ctrl-Z and `fg`): a dashboard that sees it change draws its
  /// block anew (TB-15).
  var continueCount: UInt32 { get }
  /// Registers what restores the terminal if the process is interrupted,
  /// quit or stopped: `restore` is written on SIGINT, SIGTERM, SIGHUP,
  /// SIGQUIT and SIGTSTP (TB-15). One registration per block; the handlers
  /// stay while any is registered.
  ///
  /// - Parameter restore: The bytes that restore the terminal.
  /// - Returns: The registration, for ``removeInterruptRestore(_:)``.
  func installInterruptRestore(_ restore: String) -> Int32
  /// Withdraws a registration ``installInterruptRestore(_:)`` answered.
  ///
  /// - Parameter registration: The registration.
  func removeInterruptRestore(_ registration: Int32)
  /// A frame is being worked out and written: a stop (SIGTSTP) that
  /// arrives before ``endFrame()`` waits for it (TB-15).
  func beginFrame()
  /// The frame is written: a stop that arrived meanwhile happens now.
  func endFrame()
}

extension TerminalDevice {
  /// Unknown: 0, for a device that has no height.
  package var rows: Int { 0 }
  /// Nothing to hold back: a device with no signal handlers.
  package func beginFrame() {}
  /// Nothing held back.
  package func endFrame() {}
}

/// A file descriptor.
///
/// ```swift
/// let device = FileDescriptorDevice.standardOutput
/// device.isTerminal   // false when piped into a file
/// ```
package final class FileDescriptorDevice: TerminalDevice {
  /// The descriptor written to.
  package let descriptor: Int32

  /// Creates an output on a descriptor.
  ///
  /// - Parameter descriptor: An open file descriptor.
  init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  /// Standard output.
  package static var standardOutput: FileDescriptorDevice { FileDescriptorDevice(descriptor: 1) }
  /// Standard error: where progress goes by default, so that standard output
  /// stays the program's own.
  package static var standardError: FileDescriptorDevice { FileDescriptorDevice(descriptor: 2) }

  /// Whether the descriptor is a terminal (`isatty`).
  package var isTerminal: Bool { isatty(descriptor) == 1 }

  /// The terminal's width from `TIOCGWINSZ`, else `$COLUMNS`, else 0.
  package var columns: Int {
    Self.size(reported: progress_terminal_columns(descriptor), environment: "COLUMNS")
  }

  /// The terminal's height from `TIOCGWINSZ`, else `$LINES`, else 0.
  package var rows: Int {
    Self.size(reported: progress_terminal_rows(descriptor), environment: "LINES")
  }

  /// A size the terminal reported when > 0, else the environment
  /// variable's positive value, else 0.
  private static func size(reported: Int32, environment name: String) -> Int {
    if reported > 0 { return Int(reported) }
    if let text = getenv(name), let value = Int(String(cString: text)), value > 0 {
      return value
    }
    return 0
  }

  /// Writes every byte, retrying short writes and interruptions.
  ///
  /// While a non-blocking descriptor is full it waits (poll(2)): a slow
  /// reader slows the writer down, as with a blocking one, and loses no
  /// line (TB-9). Only an error that ends the output (a closed pipe, a bad
  /// descriptor) stops it.
  ///
  /// - Parameter text: The text.
  package func write(_ text: String) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeMutableBytes { buffer -> Int in
        guard let base = buffer.baseAddress else { return 0 }
        return systemWrite(descriptor, base + offset, buffer.count - offset)
      }
      if written < 0 && errno == EINTR { continue }
      if written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
        var entry = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        while poll(&entry, 1, -1) < 0, errno == EINTR {}
        continue
      }
      guard written > 0 else { return }
      offset += written
    }
  }

  /// The resizes counted by the signal handlers (SIGWINCH).
  package var resizeCount: UInt32 { progress_terminal_resize_count() }

  /// The continues counted by the signal handlers.
  package var continueCount: UInt32 { progress_terminal_continue_count() }

  /// Registers `restore` with the signal handlers.
  ///
  /// The handlers are installed with the process's first registration:
  /// `restore` is written before the process ends on SIGINT, SIGTERM,
  /// SIGHUP or SIGQUIT, or stops on SIGTSTP; SIGCONT and SIGWINCH are
  /// counted.
  ///
  /// - Parameter restore: At most 63 bytes.
  /// - Returns: The registration.
  package func installInterruptRestore(_ restore: String) -> Int32 {
    progress_terminal_install_handlers(descriptor, restore)
  }

  /// Withdraws a registration; the previous signal handlers come back with
  /// the process's last one.
  ///
  /// - Parameter registration: What ``installInterruptRestore(_:)`` answered.
  package func removeInterruptRestore(_ registration: Int32) {
    progress_terminal_remove_handlers(registration)
  }

  package func beginFrame() { progress_terminal_begin_frame() }

  package func endFrame() { progress_terminal_end_frame() }
}

private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
