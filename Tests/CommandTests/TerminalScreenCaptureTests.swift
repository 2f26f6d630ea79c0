//===----------------------------------------------------------------------===//
// CommandTests: the demo in a real pseudo-terminal, read as a screen (tmux).
//===----------------------------------------------------------------------===//

import CommandLineSupport
import Foundation
import Testing

/// A tmux session running one command, read with capture-pane.
///
/// tmux is run through `popen`, not `Process`: the tmux server it starts
/// inherits descriptors, and Foundation's `Process` waits on a pipe that the
/// server would keep open.
struct TmuxSession {
  let name = "progress-\(UUID().uuidString.prefix(8))"
  let tmux: String
  let rows: Int

  init?(command: String, columns: Int, rows: Int) throws {
    guard let tmux = Tools.find("tmux") else { return nil }
    self.tmux = tmux
    self.rows = rows
    _ = shell(
      "new-session -d -s \(name) -x \(columns) -y \(rows) '\(command)' </dev/null >/dev/null 2>&1")
  }

  /// Runs `tmux -L name ARGUMENTS` through the shell and returns its output.
  func shell(_ arguments: String) -> String {
    guard let pipe = popen("\(tmux) -L \(name) \(arguments)", "r") else { return "" }
    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = fread(&buffer, 1, buffer.count, pipe)
      if count <= 0 { break }
      output += buffer[0..<count]
    }
    pclose(pipe)
    return String(decoding: output, as: UTF8.self)
  }

  /// The screen's rows; always at least `rows` of them, empty ones before
  /// the session has drawn.
  func screen() throws -> [String] {
    var lines = shell("capture-pane -p -t \(name) 2>/dev/null")
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    while lines.count < rows { lines.append("") }
    return lines
  }

  func cursorVisible() throws -> Bool {
    shell("display-message -p -t \(name) '#{cursor_flag}' 2>/dev/null").hasPrefix("1")
  }

  func send(_ keys: String) throws {
    _ = shell("send-keys -t \(name) \(keys)")
  }

  func resize(columns: Int) throws {
    _ = shell("resize-window -t \(name) -x \(columns)")
  }

  /// Polls the screen until `condition` holds, for at most `seconds`.
  func wait(seconds: Double, until condition: ([String]) -> Bool) throws -> [String]? {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      let lines = try screen()
      if condition(lines) { return lines }
      Thread.sleep(forTimeInterval: 0.05)
    }
    return nil
  }

  func kill() {
    _ = shell("kill-server 2>/dev/null")
  }
}

@Suite("The demo on a terminal screen", .serialized)
struct TerminalScreenCaptureTests {
  static let available = Tools.find("tmux") != nil

  /// A session running the demo.
  ///
  /// The shell traps SIGINT with a command, so that it survives Ctrl-C to
  /// print the demo's status (its child gets the default disposition back).
  func session(columns: Int = 100) throws -> TmuxSession {
    let command = "trap true INT; \(Tools.progress) demo; echo EXIT=$?; sleep 60"
    guard let session = try TmuxSession(command: command, columns: columns, rows: 12) else {
      Issue.record("tmux is required in CI (.ci/run installs it)")
      throw CancellationError()
    }
    return session
  }

  @Test(
    "BK-1 BK-2 BK-5 the demo draws bars in place, switches type, restores the cursor",
    .enabled(if: available || Tools.isCI, "tmux is not installed"))
  func demoScreen() throws {
    let tmux = try session()
    defer { tmux.kill() }
    // Mid-download: the bar, its percentage, the rate; the ring below.
    let download = try tmux.wait(seconds: 8) { lines in
      lines[0].hasPrefix("Downloading archive.zip ") && lines[0].contains("█")
        && lines[0].contains("MB/s") && lines[2].contains("%")
        && lines[2].unicodeScalars.first.map { (0x2800...0x28FF).contains($0.value) } == true
    }
    #expect(download != nil, "no download screen: \((try? tmux.screen()) ?? [])")
    #expect(try !tmux.cursorVisible())
    // Waiting for a lock: indeterminate, no percentage on the install row.
    let waiting = try tmux.wait(seconds: 8) {
      $0[1].hasPrefix("Installing: waiting") && $0[1].contains("█")
    }
    #expect(
      waiting.map { !$0[1].contains("%") && !$0[2].contains("%") } == true, "\(waiting ?? [])")
    // Back to determinate: the bar starts again from 0 %.
    let reset = try tmux.wait(seconds: 8) {
      $0[1].hasPrefix("Installing ") && $0[1].hasSuffix(" 0%")
    }
    #expect(reset != nil, "no reset to 0 %: \((try? tmux.screen()) ?? [])")
    // The end: the install rows hidden, the download done, the cursor back.
    let end = try tmux.wait(seconds: 10) { $0.contains("EXIT=0") }
    #expect(end != nil, "the demo did not end: \((try? tmux.screen()) ?? [])")
    if let end {
      #expect(
        end[0].hasPrefix("Downloading archive.zip ") && end[0].contains("100%")
          && end[0].contains("done"))
      #expect(end[1].trimmingCharacters(in: .whitespaces).isEmpty)
      #expect(
        end.filter { $0.hasPrefix("Downloading") }.count == 1, "redrawn in place, not appended")
    }
    #expect(try tmux.cursorVisible())
  }

  @Test(
    "BK-5 Ctrl-C restores the cursor and ends with the signal's status",
    .enabled(if: available || Tools.isCI, "tmux is not installed"))
  func interrupt() throws {
    let tmux = try session()
    defer { tmux.kill() }
    _ = try tmux.wait(seconds: 8) { $0[0].contains("█") }
    #expect(try !tmux.cursorVisible())
    try tmux.send("C-c")
    let end = try tmux.wait(seconds: 5) { $0.contains { $0.hasPrefix("EXIT=") } }
    #expect(end?.contains("EXIT=130") == true, "\(end ?? [])")
    #expect(try tmux.cursorVisible())
  }

  @Test(
    "BK-3 BK-4 after a resize the lines fit the new width and stay in place",
    .enabled(if: available || Tools.isCI, "tmux is not installed"))
  func resize() throws {
    let tmux = try session(columns: 100)
    defer { tmux.kill() }
    _ = try tmux.wait(seconds: 8) { $0[0].contains("MB/s") }
    try tmux.resize(columns: 50)
    let narrow = try tmux.wait(seconds: 5) { lines in
      lines[0].hasPrefix("Downloading") && lines[0].count <= 49 && lines[0].contains("%")
    }
    #expect(narrow != nil, "\((try? tmux.screen()) ?? [])")
    if let narrow {
      #expect(narrow.filter { $0.hasPrefix("Downloading") }.count == 1, "\(narrow)")
    }
  }
}
