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
    // At twice the speed (4.75 s): the stop lands while the bars draw, and
    // after fg the demo still has its bars to draw again.
    try tmux.send("'\(Tools.progress) demo --speed 2' Enter")
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

  /// The demo on a pseudo-terminal 200 columns wide, as a shell's job, and
  /// what the scripts of these tests share: `python3 -c SCRIPT PROGRESS
  /// SPEED [SHIM]` runs it at SPEED, with the library SHIM preloaded.
  static let demoOnPseudoTerminal = #"""
    import ctypes, fcntl, os, platform, select, signal, struct, subprocess, sys, termios, time
    progress, speed = sys.argv[1], sys.argv[2]
    shim = sys.argv[3] if len(sys.argv) > 3 else None
    # write(2) and tgkill(2), as this machine numbers them.
    WRITE, TGKILL = {"x86_64": (1, 234), "aarch64": (64, 131)}[platform.machine()]
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 200, 0, 0))
    # SIGTSTP and SIGCONT as a shell leaves them to its jobs, whatever the
    # test runner ignores or blocks.
    def as_a_shell_job():
        signal.signal(signal.SIGTSTP, signal.SIG_DFL)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGTSTP, signal.SIGCONT])
    environment = dict(os.environ, LD_PRELOAD=shim) if shim else None
    child = subprocess.Popen([progress, "demo", "--speed", speed], stdin=slave, stdout=slave,
                             stderr=slave, close_fds=True, preexec_fn=as_a_shell_job,
                             env=environment)
    os.close(slave)
    # Reads for `seconds`, or until `until` is read or `enough(data)` holds.
    def read_for(seconds, until=None, enough=None):
        data = b""
        end = time.monotonic() + seconds
        while (time.monotonic() < end and (until is None or until not in data)
               and (enough is None or not enough(data))):
            ready, _, _ = select.select([master], [], [], 0.02)
            if ready:
                try:
                    data += os.read(master, 65536)
                except OSError:
                    break
        return data
    def state():
        with open(f"/proc/{child.pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0]
    # The restore a stop writes.
    restore = b"\x1b[0m\x1b[?25h\r\n"
    # Stops the demo (`send_stop()`), reads for `seconds`, notes its state,
    # continues it, reads 1 s more (or `after_bytes`, when given, as soon as
    # they are in) and ends it: what was read, both sides.
    def stop_and_continue(send_stop, seconds, after_bytes=None):
        send_stop()
        during = read_for(seconds)
        stopped = state()
        os.kill(child.pid, signal.SIGCONT)
        after = read_for(1, enough=after_bytes and (lambda data: len(data) >= after_bytes))
        child.kill()
        child.wait()
        return during, stopped, after
    # Prints the first problem (a pair of whether and what), else `fresh`
    # when the block was drawn anew after fg.
    def report(stopped, after, *problems):
        found = [text for bad, text in problems if bad]
        if stopped != "T":
            print("not stopped:", stopped)
        elif found:
            print(found[0])
        elif not after.startswith(b"\x1b[?25l"):
            print("stale after fg:", repr(after[:80]))
        else:
            print("fresh")

    """#

  /// A helper that runs `progress demo` on a pseudo-terminal 200 columns
  /// wide, stops reading until a thread of the demo is blocked writing a
  /// frame, sends SIGTSTP to that very thread (what Ctrl-Z does when it lands
  /// there), reads on, continues the demo, and prints `fresh` when what
  /// follows the terminal's restore is a block drawn anew (the cursor hidden
  /// first), `stale …` when it is the rest of the frame worked out before
  /// the stop.
  static let stopDuringFrame =
    demoOnPseudoTerminal + #"""
      # The block is drawn; then nobody reads, until a thread of the demo is
      # blocked writing a frame (the terminal's buffer full).
      before = read_for(10, until=b"\x1b[?25l")
      def blocked_writer():
          for tid in os.listdir(f"/proc/{child.pid}/task"):
              try:
                  with open(f"/proc/{child.pid}/task/{tid}/syscall") as f:
                      fields = f.read().split()
                  with open(f"/proc/{child.pid}/task/{tid}/stat") as f:
                      state = f.read().rsplit(")", 1)[1].split()[0]
              except OSError:
                  continue
              if fields and fields[0] == str(WRITE) and state == "S":
                  return int(tid)
          return None
      tid = None
      deadline = time.monotonic() + 60
      while tid is None and time.monotonic() < deadline:
          time.sleep(0.05)
          tid = blocked_writer()
      if tid is None:
          print("no blocked writer")
          child.kill()
          sys.exit(0)
      # Ctrl-Z lands on the thread that is writing the frame.
      libc = ctypes.CDLL(None, use_errno=True)
      libc.syscall(TGKILL, child.pid, tid, signal.SIGTSTP)
      # The restore a stop writes (a finished stage writes it without the line break).
      restore = b"\x1b[0m\x1b[?25h\r\n"
      after = read_for(20, until=restore)
      time.sleep(0.3)
      after += read_for(0.2)
      os.kill(child.pid, signal.SIGCONT)
      # Until the 40 bytes after the restore are in (at most 3 s).
      def followed(data):
          index = data.find(restore)
          return index >= 0 and len(data) >= index + len(restore) + 40
      after += read_for(3, enough=lambda more: followed(after + more))
      child.kill()
      child.wait()
      index = after.find(restore)
      if index < 0:
          print("no restore", repr(after[-200:]))
      else:
          following = after[index + len(restore):index + len(restore) + 40]
          # A block drawn anew: the cursor hidden first.
          print("fresh" if following.startswith(b"\x1b[?25l") else "stale " + repr(following))
      """#

  @Test(
    "TB-15 Ctrl-Z while a frame is being written: the frame goes out whole, then the terminal is restored; after fg the block is drawn anew, nothing of the old frame"
  )
  func stopWhileWriting() throws {
    #if os(Linux) && (arch(x86_64) || arch(arm64))
      guard let python = Tools.find("python3") else {
        if Tools.isCI { Issue.record("python3 is required in CI") }
        return
      }
      // At half speed the demo (19 s) outlasts the 4 to 6 s that fill the
      // terminal's buffer.
      let result = try Tools.run(python, ["-c", Self.stopDuringFrame, Tools.progress, "0.5"])
      #expect(result.output.hasPrefix("fresh"), "\(result.output) \(result.error)")
    #endif
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
