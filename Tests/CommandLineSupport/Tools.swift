//===----------------------------------------------------------------------===//
// CommandLineSupport: running the `progress` executable and outside tools,
// for the test targets that do (CommandTests, ConformanceTests).
//===----------------------------------------------------------------------===//

public import Foundation

/// The result of running a program.
public struct RunResult: Sendable {
  /// The exit status.
  public var status: Int32
  /// Standard output, as bytes.
  public var outputData: Data
  /// Standard error, as text.
  public var error: String
  /// Standard output, as text.
  public var output: String { String(decoding: outputData, as: UTF8.self) }
}

/// Finding and running programs from the tests.
public enum Tools {
  /// The `progress` executable built next to the test bundle, or the one
  /// `PROGRESS_EXECUTABLE` names: CI runs the command tests again against
  /// the build `Docs/terminal.md` says to install (one static executable).
  public static var progress: String {
    if let chosen = ProcessInfo.processInfo.environment["PROGRESS_EXECUTABLE"], !chosen.isEmpty {
      return chosen
    }
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    return executable.deletingLastPathComponent().appendingPathComponent("progress").path
  }

  /// The `TerminalWorkloads` executable built next to the test bundle: the
  /// dashboard driven as programs drive it, for the tmux tests.
  public static var workloads: String {
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    return executable.deletingLastPathComponent().appendingPathComponent("TerminalWorkloads").path
  }

  /// Whether CI runs the tests: there, tools the tests need are required.
  public static var isCI: Bool { ProcessInfo.processInfo.environment["CI"] != nil }

  /// Whether the long, soak-style cases run in full.
  ///
  /// They do where `PROGRESS_LONG_TESTS` is set, as CI sets it. Without it
  /// they run a tenth of their cases, so that a plain `swift test` ends
  /// within two minutes on two cores (README).
  public static var runsLongTests: Bool {
    ProcessInfo.processInfo.environment["PROGRESS_LONG_TESTS"] != nil
  }

  /// The number of cases of a long test: `full` when ``runsLongTests``, a
  /// tenth of it (at least 1) otherwise.
  ///
  /// - Parameter full: The count CI runs.
  /// - Returns: The count to run here.
  public static func cases(_ full: Int) -> Int {
    runsLongTests ? full : max(1, full / 10)
  }

  /// The full path of a program on `PATH`, or `nil`.
  public static func find(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") {
      let candidate = "\(directory)/\(name)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }

  /// Runs a program to its end and returns its status and output.
  @discardableResult
  ///
  /// - Parameters:
  ///   - executable: The program's path.
  ///   - arguments: Its arguments.
  ///   - input: Its standard input, or `nil` for none.
  ///   - detached: For a program that leaves a daemon behind (tmux): its
  ///     output goes to /dev/null, since the daemon would keep a pipe open.
  public static func run(
    _ executable: String, _ arguments: [String], input: String? = nil, detached: Bool = false
  ) throws -> RunResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let output = Pipe()
    // Standard error goes to a file, so that neither pipe can fill and block.
    let errorURL = FileManager.default.temporaryDirectory.appendingPathComponent(
      "progress-stderr-\(UUID().uuidString)")
    _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
    let error = try FileHandle(forWritingTo: errorURL)
    defer { try? FileManager.default.removeItem(at: errorURL) }
    process.standardOutput = detached ? FileHandle.nullDevice : output
    process.standardError = detached ? FileHandle.nullDevice : error
    let inputPipe = Pipe()
    process.standardInput = input == nil ? FileHandle.nullDevice : inputPipe
    try process.run()
    if let input {
      inputPipe.fileHandleForWriting.write(Data(input.utf8))
      try inputPipe.fileHandleForWriting.close()
    }
    let outputData = detached ? Data() : output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try error.close()
    let errorData = try Data(contentsOf: errorURL)
    return RunResult(
      status: process.terminationStatus, outputData: outputData,
      error: String(decoding: errorData, as: UTF8.self))
  }

  /// A fresh temporary directory.
  public static func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "progress-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}
