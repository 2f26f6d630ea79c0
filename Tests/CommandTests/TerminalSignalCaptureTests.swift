//===----------------------------------------------------------------------===//
// CommandTests: Ctrl-Z, fg and Ctrl-\ on the demo, as a user sees them (TB-15).
//===----------------------------------------------------------------------===//

import CommandLineSupport
import Foundation
import Testing

extension TerminalScreenCaptureTests {
  @Test(
    "TB-15 Ctrl-Z at an interactive shell: the cursor shown at the prompt while stopped; fg hides it and draws the bars again below",
    .enabled(if: available || Tools.isCI, "tmux is not installed"))
  func stopAndContinue() throws {
    guard let bash = Tools.find("bash") else {
      if Tools.isCI { Issue.record("bash is required in CI") }
      return
    }
    guard
      let tmux = try TmuxSession(
        command: "\(bash) --norc --noprofile -i", columns: 100, rows: 30)
    else {
      Issue.record("tmux is required in CI (.ci/run installs it)")
      return
    }
    defer { tmux.kill() }
    let prompt = try tmux.wait(seconds: 5) { $0.contains { $0.hasPrefix("bash") } }
    #expect(prompt != nil, "no prompt: \((try? tmux.screen()) ?? [])")
    try tmux.send("'\(Tools.progress) demo --speed 0.5' Enter")
    let drawing = try tmux.wait(seconds: 8) { $0.contains { $0.contains("█") } }
    #expect(drawing != nil, "no bars: \((try? tmux.screen()) ?? [])")
    #expect(try !tmux.cursorVisible())
    try tmux.send("C-z")
    let stopped = try tmux.wait(seconds: 5) { $0.contains { $0.contains("Stopped") } }
    #expect(stopped != nil, "not stopped: \((try? tmux.screen()) ?? [])")
    // At the shell's prompt, the cursor is the shell's: shown.
    #expect(try tmux.cursorVisible())
    let barsBefore = try tmux.screen().filter { $0.contains("█") }.count
    try tmux.send("'fg; echo DONE=$?' Enter")
    // The block drawn again below the shell's lines, the cursor hidden.
    let continued = try tmux.wait(seconds: 5) { lines in
      guard let command = lines.lastIndex(where: { $0.contains("fg; echo DONE") }) else {
        return false
      }
      return lines[(command + 1)...].contains { $0.contains("█") }
    }
    #expect(continued != nil, "no block after fg: \((try? tmux.screen()) ?? [])")
    if try tmux.screen().contains(where: { $0.contains("DONE=") }) == false {
      #expect(try !tmux.cursorVisible())
    }
    #expect(barsBefore > 0)
    let end = try tmux.wait(seconds: 30) { $0.contains { $0.hasPrefix("DONE=") } }
    #expect(end?.contains("DONE=0") == true, "\(end ?? (try? tmux.screen()) ?? [])")
    #expect(try tmux.cursorVisible())
  }

  @Test(
    "TB-15 Ctrl-\\ (SIGQUIT) restores the terminal and quits at once with status 131, no crash report",
    .enabled(if: available || Tools.isCI, "tmux is not installed"))
  func quit() throws {
    // The shell survives the quit to print the status; no core file.
    let tmux = try session(command: "trap true QUIT; ulimit -c 0; \(Tools.progress) demo")
    defer { tmux.kill() }
    _ = try tmux.wait(seconds: 8) { $0[0].contains("█") }
    #expect(try !tmux.cursorVisible())
    try tmux.send("'C-\\'")
    // The runtime's crash report waited 30 s at "Press space to interact".
    let end = try tmux.wait(seconds: 5) { $0.contains { $0.hasPrefix("EXIT=") } }
    #expect(end?.contains("EXIT=131") == true, "\(end ?? (try? tmux.screen()) ?? [])")
    #expect(try tmux.cursorVisible())
    let history = try tmux.history()
    #expect(
      !history.contains {
        $0.contains("Crash") || $0.contains("Press space") || $0.contains("Thread 0")
      },
      "\(history.suffix(20))")
  }
}
