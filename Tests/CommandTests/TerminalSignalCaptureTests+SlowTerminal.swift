//===----------------------------------------------------------------------===//
// CommandTests: Ctrl-Z on a slow terminal, and several frames against one
// stop (TB-15). A shim preloaded into the demo (LD_PRELOAD, compiled here with
// the toolchain's clang) makes one write slow at the moment that matters, so
// the test sees what a user on a slow link would: nothing of a frame between
// the terminal's restore and the stop, and nothing of an old frame after
// `fg`. The C-level cases compile the package's own terminal support into a
// small harness whose threads draw "frames".
//===----------------------------------------------------------------------===//

import CommandLineSupport
import Foundation
import Testing

extension TerminalScreenCaptureTests {
  /// What the shims and harnesses share: headers, a sleep and a write.
  static let cSupport = #"""
    #define _GNU_SOURCE
    #include <dlfcn.h>
    #include <pthread.h>
    #include <signal.h>
    #include <string.h>
    #include <sys/syscall.h>
    #include <time.h>
    #include <unistd.h>
    __attribute__((unused)) static void pause_for(long ms) {
      struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
      while (nanosleep(&t, &t) != 0) {}
    }
    __attribute__((unused)) static void say(const char *text) {
      (void)!syscall(SYS_write, 1, text, strlen(text));
    }
    // Starts `body` on a thread that blocks SIGTSTP: the main thread takes it.
    __attribute__((unused)) static pthread_t start_frame_thread(void *(*body)(void *)) {
      sigset_t stop, old;
      sigemptyset(&stop);
      sigaddset(&stop, SIGTSTP);
      pthread_sigmask(SIG_BLOCK, &stop, &old);
      pthread_t thread;
      pthread_create(&thread, NULL, body, NULL);
      pthread_sigmask(SIG_SETMASK, &old, NULL);
      return thread;
    }
    // Unblocks SIGTSTP and SIGCONT on this thread, whatever the test runner blocked.
    __attribute__((unused)) static void unblock_stop_and_continue(void) {
      sigset_t signals;
      sigemptyset(&signals);
      sigaddset(&signals, SIGTSTP);
      sigaddset(&signals, SIGCONT);
      pthread_sigmask(SIG_UNBLOCK, &signals, NULL);
    }
    // Writes half, a marker, and after `ms` the rest: a frame split in two.
    __attribute__((unused)) static ssize_t write_split(int fd, const void *buf, size_t count, long ms) {
      size_t half = count / 2;
      syscall(SYS_write, fd, buf, half);
      syscall(SYS_write, fd, "<<FRAME-SPLIT>>", 15);
      pause_for(ms);
      syscall(SYS_write, fd, (const char *)buf + half, count - half);
      return count;
    }

    """#

  /// The stop's restore (reset, cursor shown, line break) takes 0.3 s to go
  /// out; a frame written meanwhile is written in two halves with a marker
  /// between them, 0.6 s apart.
  static let slowRestoreShim =
    cSupport + #"""
      static volatile int phase = 0;
      ssize_t write(int fd, const void *buf, size_t count) {
        static const char restore[] = "\x1b[0m\x1b[?25h\n";
        if (fd <= 2 && phase == 0 && count == sizeof restore - 1 && memcmp(buf, restore, count) == 0) {
          phase = 1;
          pause_for(300);
          ssize_t written = syscall(SYS_write, fd, buf, count);
          phase = 2;
          return written;
        }
        if (fd <= 2 && phase == 1 && count > 20) {
          phase = 3;
          return write_split(fd, buf, count, 600);
        }
        return syscall(SYS_write, fd, buf, count);
      }
      """#

  /// The first frame that gives the terminal back (it ends with the
  /// restore, no line break) is written in two halves, a second apart.
  static let slowLastFrameShim =
    cSupport + #"""
      static int done = 0;
      ssize_t write(int fd, const void *buf, size_t count) {
        static const char restore[] = "\x1b[0m\x1b[?25h";
        size_t tail = sizeof restore - 1;
        if (!done && fd <= 2 && count > tail
            && memcmp((const char *)buf + count - tail, restore, tail) == 0) {
          done = 1;
          return write_split(fd, buf, count, 1000);
        }
        return syscall(SYS_write, fd, buf, count);
      }
      """#

  /// Ctrl-Z on the main thread (idle), while the ticker may begin a frame.
  ///
  /// The handler performs the stop. Prints `fresh` when no frame went out
  /// between the restore and the stop and the block is drawn anew after
  /// `fg`.
  static let stopBeforeFrame =
    demoOnPseudoTerminal + #"""
      before = read_for(10, until=b"\x1b[?25l")
      before += read_for(1)
      # To the main thread (idle in its sleep), as Ctrl-Z lands most often.
      during, stopped, after = stop_and_continue(
          lambda: ctypes.CDLL(None).syscall(TGKILL, child.pid, child.pid, signal.SIGTSTP), 1.5)
      split = (during + after).find(b"<<FRAME-SPLIT>>")
      report(stopped, after,
             (split >= 0, f"a frame written across the stop: {(during + after)[split - 40:split + 40]!r}"),
             (restore not in during, f"no restore before the stop: {during[-120:]!r}"))
      """#

  /// Ctrl-Z while the frame that gives the terminal back (a stage's end)
  /// is half written.
  ///
  /// The stop waits for it. Prints `fresh` when the process stopped with
  /// the cursor shown and, after `fg`, drew anew.
  static let stopDuringLastFrame =
    demoOnPseudoTerminal + #"""
      data = read_for(30, until=b"<<FRAME-SPLIT>>")
      if b"<<FRAME-SPLIT>>" not in data:
          print("the last frame was not seen")
          child.kill()
          sys.exit(0)
      during, stopped, after = stop_and_continue(
          lambda: os.kill(child.pid, signal.SIGTSTP), 2, after_bytes=6)
      data += during
      shown_last = data.rfind(b"\x1b[?25h") > data.rfind(b"\x1b[?25l")
      report(stopped, after,
             (not shown_last, f"stopped with the cursor hidden: {data[-120:]!r}"))
      """#

  /// Frame A is in progress (half written, then 0.6 s later the rest) when
  /// SIGTSTP arrives on the main thread; then frame B begins.
  static let twoFramesHarness =
    cSupport + #"""
      #include "terminal_support.h"
      static void *frame_a(void *unused) {
        (void)unused;
        progress_terminal_begin_frame();
        say("[A1]");
        pause_for(600);
        say("[A2]");
        progress_terminal_end_frame();
        return NULL;
      }
      static void *frame_b(void *unused) {
        (void)unused;
        progress_terminal_begin_frame();
        say("[B]");
        progress_terminal_end_frame();
        return NULL;
      }
      int main(void) {
        progress_terminal_install_handlers(1, "<RESTORE>");
        pthread_t a = start_frame_thread(frame_a);
        pause_for(100);
        say("[TSTP]");
        kill(getpid(), SIGTSTP);
        pause_for(100);
        pthread_t b = start_frame_thread(frame_b);
        pthread_join(b, NULL);
        pthread_join(a, NULL);
        say("[END]");
        return 0;
      }
      """#

  /// A frame's end performs a stop that arrived during it (on the main
  /// thread); when the process is continued, putting the handler back is
  /// made slow (0.3 s), and a second SIGTSTP arrives meanwhile.
  static let againHarness =
    cSupport + #"""
      #include "terminal_support.h"
      // The second time a SIGTSTP handler is put in (after the first stop),
      // it takes 0.3 s.
      int sigaction(int number, const struct sigaction *action, struct sigaction *old) {
        static int (*real)(int, const struct sigaction *, struct sigaction *);
        static int installs = 0;
        if (!real) real = (int (*)(int, const struct sigaction *, struct sigaction *))dlsym(RTLD_NEXT, "sigaction");
        int result = real(number, action, old);
        if (number == SIGTSTP && action && action->sa_handler != SIG_DFL
            && action->sa_handler != SIG_IGN && ++installs == 2) {
          say("[BACK]");
          pause_for(300);
        }
        return result;
      }
      static void *frame(void *unused) {
        (void)unused;
        progress_terminal_begin_frame();
        say("[F1]");
        pause_for(300);
        say("[F2]");
        progress_terminal_end_frame();
        say("[F-END]");
        return NULL;
      }
      int main(void) {
        progress_terminal_install_handlers(1, "<RESTORE>");
        pthread_t thread = start_frame_thread(frame);
        pause_for(100);
        say("[TSTP]");
        kill(getpid(), SIGTSTP);
        pthread_join(thread, NULL);
        say("[END]");
        return 0;
      }
      """#

  /// Two dashboards on terminals (registrations A and B): a stop gives
  /// both terminals back and both see the continue; when A finishes, B's
  /// terminal is still given back on SIGTERM.
  static let twoDashboardsHarness =
    cSupport + #"""
      #include "terminal_support.h"
      int main(void) {
        // Neither ignored nor blocked, whatever the test runner's were.
        signal(SIGTERM, SIG_DFL);
        sigset_t term;
        sigemptyset(&term);
        sigaddset(&term, SIGTERM);
        pthread_sigmask(SIG_UNBLOCK, &term, NULL);
        int a = progress_terminal_install_handlers(1, "<RESTORE-A>");
        int b = progress_terminal_install_handlers(1, "<RESTORE-B>");
        unsigned seen = progress_terminal_continue_count();
        say("[TSTP]");
        kill(getpid(), SIGTSTP);
        pause_for(100);
        say(progress_terminal_continue_count() == seen + 1 ? "[CONT]" : "[CONT?]");
        progress_terminal_remove_handlers(a);
        say("[A-DONE]");
        kill(getpid(), SIGTERM);
        pause_for(1000);
        progress_terminal_remove_handlers(b);
        say("[NOT-ENDED]");
        return 0;
      }
      """#

  /// Twenty times: a child process whose dashboard draws on a thread of its
  /// own (SIGCONT's handler runs on the busy main thread) is stopped while
  /// drawing (the drawing thread performs the stop) and continued; the
  /// child reports how many changes of the continue count it saw.
  static let oneContinueHarness =
    cSupport + #"""
      #include <fcntl.h>
      #include <stdatomic.h>
      #include <stdio.h>
      #include <sys/wait.h>
      #include "terminal_support.h"
      static atomic_int quit = 0, changes = 0, drawing = 0;
      static void *drawer(void *unused) {
        (void)unused;
        sigset_t cont;
        sigemptyset(&cont);
        sigaddset(&cont, SIGCONT);
        pthread_sigmask(SIG_BLOCK, &cont, NULL);
        unsigned last = progress_terminal_continue_count();
        atomic_store(&drawing, 1);
        while (!atomic_load(&quit)) {
          progress_terminal_begin_frame();
          unsigned now = progress_terminal_continue_count();
          if (now != last) atomic_fetch_add(&changes, 1);
          last = now;
          struct timespec writing = {0, 20000};
          nanosleep(&writing, NULL);
          progress_terminal_end_frame();
        }
        return NULL;
      }
      int main(void) {
        alarm(60);
        int twice = 0, none = 0;
        for (int run = 0; run < 20; run++) {
          int channel[2];
          if (pipe(channel) != 0) return 1;
          pid_t child = fork();
          if (child == 0) {
            unblock_stop_and_continue();
            progress_terminal_install_handlers(open("/dev/null", O_WRONLY), "R");
            pthread_t thread;
            pthread_create(&thread, NULL, drawer, NULL);
            sigset_t signals;
            sigemptyset(&signals);
            sigaddset(&signals, SIGTSTP);
            pthread_sigmask(SIG_BLOCK, &signals, NULL);  // the drawer takes the stop
            // Ready: the handlers in and the drawer drawing. (Stopped before
            // that, on a loaded machine, no handler was there to count.)
            while (!atomic_load(&drawing)) {}
            (void)!write(channel[1], "R", 1);
            volatile unsigned long spin = 0;
            for (long k = 0; k < 60000000L; k++) spin++;  // busy, not in a call
            atomic_store(&quit, 1);
            pthread_join(thread, NULL);
            char count = (char)('0' + atomic_load(&changes));
            (void)!write(channel[1], &count, 1);
            _exit(0);
          }
          close(channel[1]);
          char ready = '?';
          (void)!read(channel[0], &ready, 1);
          pause_for(20);
          kill(child, SIGTSTP);
          int status;
          waitpid(child, &status, WUNTRACED);
          pause_for(5);
          kill(child, SIGCONT);
          char count = '?';
          (void)!read(channel[0], &count, 1);
          close(channel[0]);
          waitpid(child, &status, 0);
          if (count == '0') none++;
          if (count != '0' && count != '1') twice++;
        }
        char verdict[64];
        snprintf(verdict, sizeof verdict, "[NONE %d][TWICE %d]", none, twice);
        say(verdict);
        return 0;
      }
      """#

  /// A child alone in its session is sent Ctrl-Z, then SIGSTOP and SIGCONT.
  ///
  /// Its process group is orphaned, so the kernel discards the stop. Each
  /// is one continue: the restore was written at the first, and the block
  /// is drawn anew after each.
  static let orphanedStopHarness =
    cSupport + #"""
      #include <fcntl.h>
      #include <stdio.h>
      #include <sys/wait.h>
      #include "terminal_support.h"
      int main(void) {
        alarm(30);
        int ready[2], report[2];
        if (pipe(ready) != 0 || pipe(report) != 0) return 1;
        pid_t child = fork();
        if (child == 0) {
          setsid();
          unblock_stop_and_continue();
          progress_terminal_install_handlers(open("/dev/null", O_WRONLY), "R");
          unsigned start = progress_terminal_continue_count();
          kill(getpid(), SIGTSTP);  // discarded: nothing stops
          unsigned discarded = progress_terminal_continue_count() - start;
          (void)!write(ready[1], "r", 1);
          pause_for(300);  // meanwhile stopped and continued by the parent
          unsigned continued = progress_terminal_continue_count() - start - discarded;
          char verdict[32];
          int length = snprintf(verdict, sizeof verdict, "[+%u][+%u]", discarded, continued);
          (void)!write(report[1], verdict, (size_t)length);
          _exit(0);
        }
        char byte;
        (void)!read(ready[0], &byte, 1);
        kill(child, SIGSTOP);
        int status;
        waitpid(child, &status, WUNTRACED);
        kill(child, SIGCONT);
        char verdict[32] = {0};
        close(report[1]);
        (void)!read(report[0], verdict, sizeof verdict - 1);
        waitpid(child, &status, 0);
        say(verdict);
        return 0;
      }
      """#

  /// Nine blocks registered (the restores of eight are kept): the handlers
  /// stay while the ninth is, and go with it.
  static let ninthHarness =
    cSupport + #"""
      #include <stdio.h>
      #include "terminal_support.h"
      static void disposition(void) {
        struct sigaction now;
        sigaction(SIGINT, NULL, &now);
        say(now.sa_handler == SIG_DFL ? "[DEFAULT]" : "[HANDLER]");
      }
      int main(void) {
        signal(SIGINT, SIG_DFL);
        int registrations[9];
        for (int k = 0; k < 9; k++) registrations[k] = progress_terminal_install_handlers(2, "R");
        for (int k = 0; k < 8; k++) progress_terminal_remove_handlers(registrations[k]);
        progress_terminal_remove_handlers(registrations[0]);  // twice: ignored
        disposition();
        progress_terminal_remove_handlers(registrations[8]);
        disposition();
        // Again, the ninth withdrawn first and twice: the eighth keeps them.
        for (int k = 0; k < 9; k++) registrations[k] = progress_terminal_install_handlers(2, "R");
        progress_terminal_remove_handlers(registrations[8]);
        progress_terminal_remove_handlers(registrations[8]);  // twice: ignored
        for (int k = 0; k < 7; k++) progress_terminal_remove_handlers(registrations[k]);
        disposition();
        progress_terminal_remove_handlers(registrations[7]);
        disposition();
        return 0;
      }
      """#

  /// Runs a harness as a shell's job (`python3 -c DRIVER HARNESS [again]`)
  /// and prints its output, `<STOPPED>` where it was seen stopped: each stop
  /// is continued 0.3 s later; with `again`, the first is followed 0.1 s
  /// after by another SIGTSTP (`[TSTP2]`).
  static let harnessDriver = #"""
    import os, select, signal, subprocess, sys, time
    again = len(sys.argv) > 2 and sys.argv[2] == "again"
    read_end, write_end = os.pipe()
    def as_a_shell_job():
        signal.signal(signal.SIGTSTP, signal.SIG_DFL)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGTSTP, signal.SIGCONT])
    child = subprocess.Popen([sys.argv[1]], stdout=write_end, preexec_fn=as_a_shell_job)
    os.close(write_end)
    data = b""
    stops = 0
    end = time.monotonic() + 10
    while time.monotonic() < end:
        ready, _, _ = select.select([read_end], [], [], 0.01)
        if ready:
            chunk = os.read(read_end, 4096)
            if not chunk:
                break
            data += chunk
        try:
            with open(f"/proc/{child.pid}/stat") as f:
                state = f.read().rsplit(")", 1)[1].split()[0]
        except OSError:
            state = "?"
        if state == "T":
            stops += 1
            time.sleep(0.3)
            data += b"<STOPPED>"
            os.kill(child.pid, signal.SIGCONT)
            if again and stops == 1:
                time.sleep(0.1)
                data += b"[TSTP2]"
                os.kill(child.pid, signal.SIGTSTP)
    child.kill()
    child.wait()
    print(data.decode())
    """#

  /// Whether the C-level and slow-terminal tests can run here.
  static let hasCompiler =
    Tools.find("python3") != nil && (Tools.find("clang") != nil || Tools.find("cc") != nil)

  /// The C-level and slow-terminal tests run where a C compiler and python3
  /// are, and always in CI (where a missing one fails them).
  static var needsCompiler: ConditionTrait {
    .enabled(if: hasCompiler || Tools.isCI, "no C compiler (clang or cc) and python3")
  }

  /// Compiles C `source` into a temporary directory and hands `body`
  /// python3 and the product's path.
  ///
  /// `arguments` are the compiler's (`-shared`, more sources). Answers
  /// `nil` where python3 or a C compiler is missing (outside CI).
  func withCompiled(
    _ source: String, arguments: [String], _ body: (String, String) throws -> String
  ) throws -> String? {
    guard let python = Tools.find("python3"),
      let compiler = Tools.find("clang") ?? Tools.find("cc")
    else {
      if Tools.isCI { Issue.record("python3 and clang are required in CI") }
      return nil
    }
    let directory = try Tools.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("source.c")
    let product = directory.appendingPathComponent("product").path
    try source.write(to: file, atomically: true, encoding: .utf8)
    let build = try Tools.run(compiler, ["-o", product, file.path] + arguments)
    try #require(build.status == 0, "did not compile: \(build.error)")
    return try body(python, product)
  }

  /// Runs `script` on the demo at `speed` with `shim` preloaded, and
  /// expects it to print `fresh` (where the tests' syscall numbers are
  /// known).
  func expectFreshOnSlowTerminal(shim: String, script: String, speed: String) throws {
    #if os(Linux) && (arch(x86_64) || arch(arm64))
      let output = try withCompiled(shim, arguments: ["-shared", "-fPIC"]) { python, library in
        let result = try Tools.run(python, ["-c", script, Tools.progress, speed, library])
        return result.output + result.error
      }
      if let output { #expect(output.hasPrefix("fresh"), "\(output)") }
    #endif
  }

  /// Runs `harness`, built with the package's terminal support, under the
  /// driver.
  func runHarness(
    _ harness: String, driverArguments: [String] = [], driven: Bool = true
  ) throws -> String? {
    let support = RepositoryTests.root.appendingPathComponent("Sources/CTerminalSupport")
    return try withCompiled(
      harness,
      arguments: [
        "-I", support.appendingPathComponent("include").path,
        support.appendingPathComponent("terminal_support.c").path, "-lpthread", "-ldl",
      ]
    ) { python, program in
      guard driven else { return try Tools.run(program, []).output }
      return try Tools.run(python, ["-c", Self.harnessDriver, program] + driverArguments).output
    }
  }

  /// Runs `harness` on its own (it starts, stops and continues its own
  /// children) and expects it to print `expected`.
  func expectUndriven(_ harness: String, prints expected: String) throws {
    #if os(Linux)
      guard let output = try runHarness(harness, driven: false) else { return }
      #expect(output == expected)
    #endif
  }

  @Test(
    "TB-15 Ctrl-Z while the terminal is slow to take the restore: no frame begins until the process is stopped; after fg the block is drawn anew",
    needsCompiler
  )
  func stopOnSlowTerminal() throws {
    try expectFreshOnSlowTerminal(
      shim: Self.slowRestoreShim, script: Self.stopBeforeFrame, speed: "0.5")
  }

  @Test(
    "TB-15 Ctrl-Z while the frame that gives the terminal back is written: the stop waits for it, the cursor shown; after fg the block is drawn anew",
    needsCompiler
  )
  func stopDuringRestoringFrame() throws {
    try expectFreshOnSlowTerminal(
      shim: Self.slowLastFrameShim, script: Self.stopDuringLastFrame, speed: "2")
  }

  @Test(
    "TB-15 two dashboards' frames: a stop that arrives during one waits for it, and no other frame begins before the stop",
    needsCompiler
  )
  func stopWithTwoFrames() throws {
    #if os(Linux)
      guard let output = try runHarness(Self.twoFramesHarness) else { return }
      // A's frame whole, then the restore and the stop, then B's frame.
      #expect(output.hasPrefix("[A1][TSTP][A2]<RESTORE><STOPPED>[B][END]"), "\(output)")
    #endif
  }

  @Test(
    "TB-15 two dashboards on terminals: a stop gives both back and counts one continue; when one finishes, the other's terminal is still given back on SIGTERM",
    needsCompiler
  )
  func twoDashboards() throws {
    #if os(Linux)
      guard let output = try runHarness(Self.twoDashboardsHarness) else { return }
      // The driver marks the stop where it saw it, which may be between two
      // writes it had not read yet: the order of the writes is checked
      // without the mark, the mark before the continue.
      let written = output.replacingOccurrences(of: "<STOPPED>", with: "")
      #expect(
        written.hasPrefix("[TSTP]<RESTORE-A><RESTORE-B>[CONT][A-DONE]<RESTORE-B>")
          && !written.contains("[NOT-ENDED]"), "\(output)")
      let stopped = output.range(of: "<STOPPED>")
      let continued = output.range(of: "[CONT]")
      #expect(
        stopped != nil && continued != nil
          && stopped!.lowerBound < continued!.lowerBound, "\(output)")
    #endif
  }

  @Test(
    "TB-15 a stop performed by a drawing thread while SIGCONT's handler runs on another: one continue counted, never two (a block drawn anew twice) nor none",
    needsCompiler
  )
  func oneContinuePerStop() throws {
    try expectUndriven(Self.oneContinueHarness, prints: "[NONE 0][TWICE 0]")
  }

  @Test(
    "TB-15 a Ctrl-Z the kernel discards (an orphaned process group) is one continue, and a SIGSTOP and SIGCONT after it one more",
    needsCompiler
  )
  func orphanedStop() throws {
    try expectUndriven(Self.orphanedStopHarness, prints: "[+1][+1]")
  }

  @Test(
    "TB-15 a ninth block on terminals keeps the handlers in until it is released, though its restore is not kept; a registration withdrawn twice is withdrawn once",
    needsCompiler
  )
  func ninthBlock() throws {
    try expectUndriven(Self.ninthHarness, prints: "[HANDLER][DEFAULT][HANDLER][DEFAULT]")
  }

  @Test(
    "TB-15 Ctrl-Z again at once after fg, while the handler is being put back: the process stops again, the terminal restored first",
    needsCompiler
  )
  func stopAgainAfterContinue() throws {
    #if os(Linux)
      guard let output = try runHarness(Self.againHarness, driverArguments: ["again"]) else {
        return
      }
      // The driver's mark of the second SIGTSTP and the harness's of the
      // handler put back may come in either order.
      let stopped = "[F1][TSTP][F2]<RESTORE><STOPPED>"
      let again = "<RESTORE><STOPPED>[F-END][END]"
      #expect(
        output.hasPrefix(stopped + "[TSTP2][BACK]" + again)
          || output.hasPrefix(stopped + "[BACK][TSTP2]" + again), "\(output)")
    #endif
  }
}
