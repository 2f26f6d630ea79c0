//===----------------------------------------------------------------------===//
// ProgressTerminal: where a dashboard writes — standard error, standard
// output, or another open file descriptor.
//===----------------------------------------------------------------------===//

/// Where a ``TerminalDashboard`` writes: standard error (the default),
/// standard output, or another open file descriptor.
///
/// When it is a terminal, the bars are redrawn in place; otherwise — a pipe,
/// a file — plain lines are appended.
///
/// ```swift
/// let dashboard = TerminalDashboard(output: .standardOutput)
/// ```
public struct TerminalOutput: Sendable {
  /// What is written to.
  package let device: any TerminalDevice

  /// An output on a device.
  ///
  /// - Parameter device: A terminal, a pipe, a file or a test's buffer.
  package init(_ device: any TerminalDevice) {
    self.device = device
  }

  /// An output on an open file descriptor.
  ///
  /// - Parameter fileDescriptor: The descriptor; the dashboard does not
  ///   close it.
  public init(fileDescriptor: Int32) {
    self.init(FileDescriptorDevice(descriptor: fileDescriptor))
  }

  /// Standard error: where progress goes by default, so that standard output
  /// stays the program's own.
  public static var standardError: TerminalOutput {
    TerminalOutput(FileDescriptorDevice.standardError)
  }

  /// Standard output.
  public static var standardOutput: TerminalOutput {
    TerminalOutput(FileDescriptorDevice.standardOutput)
  }
}
