//===----------------------------------------------------------------------===//
// CommandTests: the dashboard's block under real use, in tmux, history
// included (TB-11 to TB-14): the TerminalWorkloads program drives it.
//===----------------------------------------------------------------------===//

import CommandLineSupport
import Foundation
import Testing

@Suite("The dashboard's block in tmux", .serialized)
struct TerminalBlockCaptureTests {
  static let available = Tools.find("tmux") != nil

  /// A session running a workload, then printing its status.
  func session(_ workload: String, columns: Int, rows: Int) throws -> TmuxSession {
    let shell = "\(Tools.workloads) \(workload); echo EXIT=$?; sleep 60"
    guard
      let session = try TmuxSession(
        command: shell, columns: columns, rows: rows, historyLimit: 100_000)
    else {
      Issue.record("tmux is required in CI (.ci/run installs it)")
      throw CancellationError()
    }
    return session
  }

  /// The non-empty rows of the history and the screen once the workload
  /// ended with status 0.
  func run(_ workload: String, columns: Int, rows: Int) throws -> [String] {
    let tmux = try session(workload, columns: columns, rows: rows)
    defer { tmux.kill() }
    let end = try tmux.wait(seconds: 20) { $0.contains { $0.hasPrefix("EXIT=") } }
    #expect(end?.contains("EXIT=0") == true, "\(end ?? [])")
    return try tmux.history().filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
  }

  @Test(
    "TB-11 a pool of 40 short-lived bars, cleared before each println: the history holds the 40 lines only",
    .enabled(if: available || Tools.isCI, "tmux is not installed"),
    arguments: [(100, 12), (160, 40)])
  func pool(columns: Int, rows: Int) throws {
    let history = try run("pool 40", columns: columns, rows: rows)
    // Before: 893 non-empty rows at 100×12, "item k … 0 B · 0:00" among the lines.
    #expect(history == (1...40).map { "processed item \($0)" } + ["EXIT=0"], "\(history)")
  }
}
