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

  /// Starts the session; `nil` without tmux.
  ///
  /// - Parameters:
  ///   - command: The shell command the session runs.
  ///   - columns: The window's width.
  ///   - rows: The window's height.
  ///   - historyLimit: The rows the history keeps (tmux's default is 2,000;
  ///     at 1 column each line takes a row per character, and tmux drops
  ///     the oldest rows past the limit, even of `echo`'s lines).
  /// - Throws: Nothing today; callers treat a failure to start as one.
  init?(command: String, columns: Int, rows: Int, historyLimit: Int = 2000) throws {
    guard let tmux = Tools.find("tmux") else { return nil }
    self.tmux = tmux
    self.rows = rows
    _ = shell(
      "start-server \\; set-option -g history-limit \(historyLimit) \\; "
        + "new-session -d -s \(name) -x \(columns) -y \(rows) '\(command)' "
        + "</dev/null >/dev/null 2>&1")
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

  /// The rows the session scrolled out of view, then the screen's.
  func history() throws -> [String] {
    shell("capture-pane -p -S - -t \(name) 2>/dev/null")
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
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

  /// A session running a command (the demo by default), then printing its
  /// status.
  ///
  /// The shell traps SIGINT with a command, so that it survives Ctrl-C to
  /// print the demo's status (its child gets the default disposition back).
  func session(columns: Int = 100, rows: Int = 16, command: String? = nil) throws -> TmuxSession {
    let run = command ?? "\(Tools.progress) demo"
    let shell = "trap true INT; \(run); echo EXIT=$?; sleep 60"
    guard let session = try TmuxSession(command: shell, columns: columns, rows: rows) else {
      Issue.record("tmux is required in CI (.ci/run installs it)")
      throw CancellationError()
    }
    return session
  }

  static let logLines = [
    "✔ fetched docs.pdf (6.0 MB)", "✔ fetched archive.zip (48.0 MB)",
    "✔ fetched assets.tar (30.0 MB)", "  photos/2019: 12 duplicates",
    "  music/live: 3 files unreadable", "✔ scanned 1.3k files",
  ]

  /// Whether a row is a bar of the demo (a label, then eighth blocks).
  static func isBar(_ line: String) -> Bool {
    line.contains("█") || line.hasPrefix("[2/2] ")
  }

  @Test(
    "BK-1 BK-2 BK-5 TB-3 TB-9 the demo: nested bars in place, log lines above them, a bar removed, a scan; the finished bars full",
    .enabled(if: available || Tools.isCI, "tmux is not installed"))
  func demoScreen() throws {
    let tmux = try session()
    defer { tmux.kill() }
    // The downloads: the total, then each file indented below its label,
    // every bar in the same columns (TB-6).
    let download = try tmux.wait(seconds: 8) { lines in
      lines[0].hasPrefix("[1/2] Downloading ") && lines[0].contains("█")
        && lines[0].contains("MB/s")
        && lines[1].hasPrefix("        archive.zip ") && lines[3].hasPrefix("        docs.pdf ")
        && Set(lines[0...3].map { $0.firstIndex { "█▏▎▍▌▋▊▉░".contains($0) }?.utf16Offset(in: $0) })
          .count == 1
    }
    #expect(download != nil, "no download screen: \((try? tmux.screen()) ?? [])")
    #expect(try !tmux.cursorVisible())
    // docs.pdf done: its line logged above, its bar removed.
    let removed = try tmux.wait(seconds: 8) { lines in
      lines[0] == Self.logLines[0] && lines[1].hasPrefix("[1/2] Downloading ")
        && !lines.contains { $0.hasPrefix(" ") && $0.contains(" docs.pdf ") }
    }
    #expect(removed != nil, "docs.pdf not logged and removed: \((try? tmux.screen()) ?? [])")
    // The scan: a spinner (a braille cell), a count and a rate, no total.
    let scan = try tmux.wait(seconds: 10) { lines in
      lines.contains {
        $0.hasPrefix("[2/2] ") && $0.contains(" Scanning ") && $0.contains("files/s")
      }
    }
    #expect(scan != nil, "no scan: \((try? tmux.screen()) ?? [])")
    if let line = scan?.first(where: { $0.hasPrefix("[2/2] ") }) {
      let spinner = line.unicodeScalars.dropFirst(6).first?.value ?? 0
      #expect((0x2800...0x28FF).contains(spinner), "\(line)")
    }
    let end = try tmux.wait(seconds: 10) { $0.contains("EXIT=0") }
    #expect(end != nil, "the demo did not end: \((try? tmux.screen()) ?? [])")
    guard let end else { return }
    // Every log line once and whole; no copy of a bar left among them, on
    // the screen or in the terminal's history.
    let everything = try tmux.history()
    for line in Self.logLines {
      #expect(end.filter { $0 == line }.count == 1, "\(line): \(end)")
      #expect(everything.filter { $0 == line }.count == 1, "\(line): \(everything)")
    }
    #expect(everything.filter { $0.hasPrefix("[1/2] Downloading") }.count == 1, "\(everything)")
    #expect(everything.filter { $0.contains("Scanning") }.count == 1, "\(everything)")
    // The bars left are full: every bar cell a full block, 100 %.
    for line in end where line.contains("█") {
      let cells = line.filter { "█▏▎▍▌▋▊▉░".contains($0) }
      #expect(cells.allSatisfy { $0 == "█" } && line.contains("100%"), "\(line)")
    }
    #expect(end.filter { $0.contains("100%") }.count == 3, "\(end)")
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
    "BK-3 BK-4 TB-9 after a resize the lines fit the new width, stay in place, and log lines stay whole",
    .enabled(if: available || Tools.isCI, "tmux is not installed"))
  func resize() throws {
    // At twice the speed: the resize still lands while the downloads run.
    let tmux = try session(columns: 100, command: "\(Tools.progress) demo --speed 2")
    defer { tmux.kill() }
    _ = try tmux.wait(seconds: 8) { $0[0] == Self.logLines[0] }
    try tmux.resize(columns: 50)
    let narrow = try tmux.wait(seconds: 5) { lines in
      lines.contains { $0.hasPrefix("[1/2] Downloading") && $0.count <= 49 && $0.contains("%") }
    }
    #expect(narrow != nil, "\((try? tmux.screen()) ?? [])")
    if let narrow {
      #expect(narrow.filter { $0.hasPrefix("[1/2] Downloading") }.count == 1, "\(narrow)")
    }
    let end = try tmux.wait(seconds: 12) { $0.contains("EXIT=0") }
    #expect(end != nil, "\((try? tmux.screen()) ?? [])")
    guard let end else { return }
    // Each log line once and whole (a terminal that reflows on a resize, as
    // tmux does, may move the rows above the cursor into its history).
    let everything = try tmux.history()
    for line in Self.logLines {
      #expect(everything.filter { $0 == line }.count == 1, "\(line): \(everything)")
    }
    // No debris on the screen: every row is a log line, a bar, the status or blank.
    for line in end where !line.trimmingCharacters(in: .whitespaces).isEmpty {
      #expect(
        Self.logLines.contains(line) || Self.isBar(line) || line.hasPrefix("EXIT="),
        "debris: \(line)")
    }
  }

  @Test(
    "RL-14 progress pipe on a terminal with no window size and $COLUMNS near Int.max draws and ends with 0",
    .enabled(if: available || Tools.isCI, "tmux is not installed"))
  func hugeColumns() throws {
    // `stty cols 0`: the terminal reports no width, so $COLUMNS is read.
    let command =
      "stty cols 0; head -c 3000000 /dev/zero | COLUMNS=9223372036854775807 "
      + "\(Tools.progress) pipe --size 3000000 --label wide > /dev/null"
    let tmux = try session(columns: 100, rows: 8, command: command)
    defer { tmux.kill() }
    let end = try tmux.wait(seconds: 15) { $0.contains { $0.hasPrefix("EXIT=") } }
    // It trapped (SIGILL, status 132).
    #expect(end?.contains("EXIT=0") == true, "\(end ?? [])")
    // The bar is 65,534 columns wide, wrapped onto many rows.
    let history = try tmux.history()
    #expect(history.contains { $0.hasPrefix("████████") }, "\(history.suffix(10))")
  }

  @Test(
    "TB-5 TB-10 progress pipe under a terminal: the bar shows, moves through a stall, the output is byte-identical",
    .enabled(if: available || Tools.isCI, "tmux is not installed"))
  func pipe() throws {
    let directory = try Tools.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // 24 MiB of every byte value, in a random order.
    var generator = SystemRandomNumberGenerator()
    var bytes = [UInt8](repeating: 0, count: 24 << 20)
    // Eight random bytes a draw (one a draw took 8 s in a debug build).
    bytes.withUnsafeMutableBytes { raw in
      for offset in stride(from: 0, to: raw.count, by: 8) {
        raw.storeBytes(of: generator.next() as UInt64, toByteOffset: offset, as: UInt64.self)
      }
    }
    for value in 0..<256 { bytes[value] = UInt8(value) }
    let input = directory.appendingPathComponent("in.bin")
    let output = directory.appendingPathComponent("out.bin")
    try Data(bytes).write(to: input)
    // Half, a 3 s stall, the rest: the size given, so the bar has a total.
    let command =
      "{ head -c 12582912 \(input.path); sleep 3; tail -c +12582913 \(input.path); } | "
      + "\(Tools.progress) pipe --size \(bytes.count) --label copy > \(output.path)"
    let tmux = try session(columns: 90, rows: 6, command: command)
    defer { tmux.kill() }
    let stalled = try tmux.wait(seconds: 10) { lines in
      lines[0].hasPrefix("copy ") && lines[0].contains(" 50%") && lines[0].contains("MiB")
    }
    #expect(stalled != nil, "no bar at 50 %: \((try? tmux.screen()) ?? [])")
    // During the stall nothing is read, yet the screen changes (the elapsed
    // time and the rate): the steady tick.
    if let stalled {
      let later = try tmux.wait(seconds: 2.5) { $0[0] != stalled[0] && $0[0].contains(" 50%") }
      #expect(later != nil, "the screen froze during the stall: \(stalled[0])")
    }
    let end = try tmux.wait(seconds: 15) { $0.contains { $0.hasPrefix("EXIT=") } }
    #expect(end?.contains("EXIT=0") == true, "\(end ?? [])")
    if let line = end?.first(where: { $0.hasPrefix("copy ") }) {
      #expect(line.contains("100%") && line.contains("24.0 MiB/24.0 MiB"), "\(line)")
    }
    #expect(try Data(contentsOf: output) == Data(bytes), "the output differs from the input")
  }
}
