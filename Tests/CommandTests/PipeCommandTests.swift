//===----------------------------------------------------------------------===//
// CommandTests: progress pipe, piped (spec TB-10).
//===----------------------------------------------------------------------===//

import CommandLineSupport
import Foundation
import Testing

@Suite("progress pipe")
struct PipeCommandTests {
  @Test(
    "TB-10 progress pipe copies binary data byte for byte, is silent when stderr is not a terminal, and with --force writes plain lines there"
  )
  func copies() throws {
    let directory = try Tools.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    var generator = SystemRandomNumberGenerator()
    var bytes = [UInt8](repeating: 0, count: 3 << 20 + 12_345)
    for index in bytes.indices {
      bytes[index] = UInt8(truncatingIfNeeded: generator.next() as UInt64)
    }
    for value in 0..<256 { bytes[value] = UInt8(value) }
    let input = directory.appendingPathComponent("in.bin")
    try Data(bytes).write(to: input)
    let output = directory.appendingPathComponent("out.bin")
    // A regular file as input (read and write), then a pipe (splice).
    for command in [
      "\(Tools.progress) pipe < \(input.path) > \(output.path)",
      "cat \(input.path) | \(Tools.progress) pipe --size 3M | cat > \(output.path)",
    ] {
      let result = try Tools.run("/bin/sh", ["-c", command])
      #expect(result.status == 0, "\(command): \(result.error)")
      #expect(result.error.isEmpty, "not a terminal: nothing on stderr, got \(result.error)")
      #expect(try Data(contentsOf: output) == Data(bytes), "\(command)")
    }
    // --force shows the progress even when stderr is not a terminal: as
    // plain lines, with no escape code (BK-6).
    let forced = try Tools.run(
      "/bin/sh", ["-c", "\(Tools.progress) pipe --force < \(input.path) > /dev/null"])
    #expect(
      forced.status == 0 && forced.error.contains("100%") && forced.error.contains("MiB"),
      "\(forced.error)")
    #expect(
      !forced.error.contains("\u{1B}"), "escape codes in a file: \(forced.error.debugDescription)")
    #expect(forced.error.hasSuffix("(done)\n"), "\(forced.error.debugDescription)")
  }

  @Test("TB-10 progress pipe: a broken pipe ends by SIGPIPE (141); a bad size is a usage error")
  func brokenPipeAndErrors() throws {
    let broken = try Tools.run(
      "/bin/bash",
      [
        "-c",
        "\(Tools.progress) pipe < /dev/zero | head -c 1000 > /dev/null; echo ${PIPESTATUS[0]}",
      ])
    #expect(broken.output.trimmingCharacters(in: .whitespacesAndNewlines) == "141", "\(broken)")
    for size in ["-1", "4Q", "lots", ""] {
      let result = try Tools.run(Tools.progress, ["pipe", "--size", size])
      #expect(result.status == 2 && result.error.contains("--size"), "\(size): \(result.error)")
    }
  }

  @Test(
    "RL-9 BK-3 progress pipe --label: control characters are written as U+FFFD, no escape passes")
  func labelControlCharacters() throws {
    let result = try Tools.run(
      "/bin/sh",
      [
        "-c",
        "printf abc | \(Tools.progress) pipe --force --label \"$(printf 'a\\033[2Jb\\tc')\" >/dev/null",
      ])
    #expect(result.status == 0, "\(result.error)")
    #expect(
      !result.error.contains("\u{1B}") && !result.error.contains("\t"),
      "\(result.error.debugDescription)")
    #expect(result.error.hasPrefix("a\u{FFFD}[2Jb\u{FFFD}c: "), "\(result.error.debugDescription)")
  }

  @Test(
    "BK-12 TB-10 --size is decimal digits (a fraction only before a unit): 0x10, 1e-9, 1.5, inf are usage errors"
  )
  func strictSizes() throws {
    for size in ["0x10", "1e-9", "1.5", "1E3", "inf", "nan", "+5", " 5", "5 ", "1.", ".5", "0x1p4"]
    {
      let result = try Tools.run(Tools.progress, ["pipe", "--size", size])
      let lines = result.error.split(separator: "\n")
      #expect(result.status == 2, "\(size): accepted, \(result.status)")
      #expect(lines.count == 2 && lines[0].contains("--size"), "\(size): \(result.error)")
    }
    for size in ["4096", "0", "4G", "1.5GB", "2KiB", "1.5k"] {
      let result = try Tools.run(Tools.progress, ["pipe", "--size", size], input: "")
      #expect(result.status == 0, "\(size): \(result.error)")
    }
  }

  @Test("TB-10 progress pipe's last line shows the bytes copied, not the size declared")
  func finalLineShowsCopied() throws {
    let result = try Tools.run(
      "/bin/sh",
      ["-c", "head -c 1048576 /dev/zero | \(Tools.progress) pipe --force --size 1G > /dev/null"])
    #expect(result.status == 0, "\(result.error)")
    let last = result.error.split(separator: "\n").last.map(String.init) ?? ""
    // It ended "100%  1.0 GiB/1.0 GiB".
    #expect(last.contains("1.0 MiB/1.0 MiB") && last.hasSuffix("(done)"), "\(last)")
    // No amount in GiB; the rate (TB-19: a short run's average) may be.
    #expect(!last.replacingOccurrences(of: "GiB/s", with: "").contains("GiB"), "\(last)")
  }

  /// A helper that copies a 32 MiB file with `progress pipe --force`, reads
  /// the first progress line, then 1 MiB of the copy, truncates the file
  /// to 3 MiB, reads the rest, and prints the bytes it read, then the progress lines (standard error).
  static let truncatedRun = #"""
    import os, subprocess, sys, tempfile, time
    progress = sys.argv[1]
    directory = tempfile.mkdtemp()
    path = os.path.join(directory, "input.bin")
    with open(path, "wb") as file:
        file.write(b"x" * (32 << 20))
    errors = open(os.path.join(directory, "errors.txt"), "w+b")
    with open(path, "rb") as source:
        child = subprocess.Popen([progress, "pipe", "--force"], stdin=source,
                                 stdout=subprocess.PIPE, stderr=errors)
    # The copy waits on the full pipe until the first line is written: a
    # busy machine may delay the first redraw, never skip it (BK-6).
    # (A product that never writes one fails the test after 30 s, not hangs.)
    deadline = time.monotonic() + 30
    while not os.path.getsize(os.path.join(directory, "errors.txt")):
        if time.monotonic() > deadline:
            break
        time.sleep(0.01)
    copied = len(child.stdout.read(1 << 20))
    # At most the pipe's buffer and one chunk ahead of the reader: far below 3 MiB.
    os.truncate(path, 3 << 20)
    while True:
        chunk = child.stdout.read(65536)
        if not chunk:
            break
        copied += len(chunk)
    status = child.wait()
    errors.seek(0)
    sys.stdout.write("%d %d\n" % (copied, status))
    sys.stdout.write(errors.read().decode())
    """#

  @Test(
    "TB-10 progress pipe of a file truncated while it is copied: the last line shows the bytes copied, not the file's first size"
  )
  func truncatedInput() throws {
    guard let python = Tools.find("python3") else {
      if Tools.isCI { Issue.record("python3 is required in CI") }
      return
    }
    let result = try Tools.run(python, ["-c", Self.truncatedRun, Tools.progress])
    let lines = result.output.split(separator: "\n").map(String.init)
    // 3 MiB copied of the 32 MiB the file held when the copy started.
    #expect(lines.first == "3145728 0", "\(result.output) \(result.error)")
    // The first line knows the size from the file: 32 MiB.
    #expect(lines.dropFirst().first?.contains("32.0 MiB") == true, "\(lines)")
    let last = lines.last ?? ""
    #expect(last.contains("3.0 MiB/3.0 MiB") && last.hasSuffix("(done)"), "\(last)")
    #expect(!last.contains("32.0 MiB"), "\(last)")
  }

  /// A helper that runs `progress pipe` with a non-blocking standard input
  /// (idle for 2 s) or a non-blocking standard output (unread for 2 s), and
  /// prints the child's CPU seconds, its status and the bytes out.
  static let nonBlockingRun = #"""
    import fcntl, os, subprocess, sys, time
    progress, side = sys.argv[1], sys.argv[2]
    def nonblocking(fd):
        fcntl.fcntl(fd, fcntl.F_SETFL, fcntl.fcntl(fd, fcntl.F_GETFL) | os.O_NONBLOCK)
    in_r, in_w = os.pipe()
    out_r, out_w = os.pipe()
    nonblocking(in_r if side == "input" else out_w)
    child = subprocess.Popen([progress, "pipe"], stdin=in_r, stdout=out_w)
    os.close(in_r)
    os.close(out_w)
    os.write(in_w, b"x" * 1000)
    if side == "output":
        # Fill the output pipe while nobody reads it.
        os.write(in_w, b"y" * 100000)
    time.sleep(2)
    os.write(in_w, b"z" * 1000)
    os.close(in_w)
    copied = 0
    while True:
        chunk = os.read(out_r, 65536)
        if not chunk:
            break
        copied += len(chunk)
    _, status, usage = os.wait4(child.pid, 0)
    print(usage.ru_utime + usage.ru_stime, os.waitstatus_to_exitcode(status), copied)
    """#

  @Test(
    "TB-10 progress pipe waits with poll on a non-blocking standard input or output: no busy loop"
  )
  func nonBlockingDescriptors() throws {
    guard let python = Tools.find("python3") else {
      if Tools.isCI { Issue.record("python3 is required in CI") }
      return
    }
    for (side, bytes) in [("input", 2000), ("output", 102_000)] {
      let result = try Tools.run(python, ["-c", Self.nonBlockingRun, Tools.progress, side])
      let fields = result.output.split(separator: " ").map {
        $0.trimmingCharacters(in: .whitespacesAndNewlines)
      }
      #expect(fields.count == 3, "\(side): \(result.output) \(result.error)")
      guard fields.count == 3, let cpu = Double(fields[0]) else { continue }
      // Waiting costs almost nothing; a loop on EAGAIN costs about the 2 s.
      #expect(cpu < 0.5, "\(side): \(cpu) s of CPU in 2 s of waiting")
      #expect(fields[1] == "0" && fields[2] == "\(bytes)", "\(side): \(fields)")
    }
  }

  @Test(
    "BK-15 progress pipe from a file to a file: from /proc (no size, another file system), to tmpfs, to an output opened to append: the same bytes"
  )
  func fileToFile() throws {
    let directory = try Tools.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    var generator = SystemRandomNumberGenerator()
    let bytes = (0..<(3 << 20 + 7)).map { _ in UInt8.random(in: 0...255, using: &generator) }
    let input = directory.appendingPathComponent("in.bin")
    try Data(bytes).write(to: input)
    let output = directory.appendingPathComponent("out.bin")
    // A regular file whose size says 0, on another file system:
    // copy_file_range refuses it (EXDEV) or copies nothing (before Linux 5.19).
    let expected = try Tools.run("/bin/cat", ["/proc/version"]).outputData
    let proc = try Tools.run(
      "/bin/sh", ["-c", "\(Tools.progress) pipe < /proc/version > \(output.path)"])
    #expect(proc.status == 0, "\(proc.error)")
    let copied = try Data(contentsOf: output)
    #expect(!expected.isEmpty && copied == expected, "/proc/version")
    // An output opened to append: copy_file_range refuses it (EBADF).
    try Data("first\n".utf8).write(to: output)
    let append = try Tools.run(
      "/bin/sh", ["-c", "\(Tools.progress) pipe < \(input.path) >> \(output.path)"])
    #expect(append.status == 0, "\(append.error)")
    #expect(try Data(contentsOf: output) == Data("first\n".utf8) + Data(bytes), "appended")
    // Another file system (tmpfs): copy_file_range refuses it (EXDEV).
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: "/dev/shm", isDirectory: &isDirectory),
      isDirectory.boolValue, FileManager.default.isWritableFile(atPath: "/dev/shm")
    {
      let other = URL(fileURLWithPath: "/dev/shm/progress-pipe-\(UUID().uuidString)")
      defer { try? FileManager.default.removeItem(at: other) }
      let result = try Tools.run(
        "/bin/sh", ["-c", "\(Tools.progress) pipe < \(input.path) > \(other.path)"])
      #expect(result.status == 0, "\(result.error)")
      #expect(try Data(contentsOf: other) == Data(bytes), "to /dev/shm")
    }
  }

  /// A helper that runs `progress pipe` between two pipes, sends 100 single
  /// bytes each read back before the next is written, and prints the input
  /// pipe's capacity, the seconds the 100 round trips took, the status and
  /// the bytes left.
  static let roundTrips = #"""
    import fcntl, os, subprocess, sys, time
    progress = sys.argv[1]
    in_r, in_w = os.pipe()
    out_r, out_w = os.pipe()
    child = subprocess.Popen([progress, "pipe"], stdin=in_r, stdout=out_w)
    os.close(in_r)
    os.close(out_w)
    start = time.monotonic()
    for _ in range(100):
        os.write(in_w, b"x")
        assert os.read(out_r, 1) == b"x"
    elapsed = time.monotonic() - start
    capacity = fcntl.fcntl(in_w, getattr(fcntl, "F_GETPIPE_SZ", 1032))
    os.close(in_w)
    left = os.read(out_r, 10)
    print(capacity, "%.3f" % elapsed, child.wait(), len(left))
    """#

  @Test(
    "BK-16 progress pipe grows its input pipe to 1 MiB; its wait for input before a splice keeps a byte written alone quick: 100 round trips in under 1 s"
  )
  func inputPipeAndRoundTrips() throws {
    guard let python = Tools.find("python3") else {
      if Tools.isCI { Issue.record("python3 is required in CI") }
      return
    }
    let result = try Tools.run(python, ["-c", Self.roundTrips, Tools.progress])
    let fields = result.output.split(separator: " ").map {
      $0.trimmingCharacters(in: .whitespacesAndNewlines)
    }
    #expect(fields.count == 4, "\(result.output) \(result.error)")
    guard fields.count == 4, let seconds = Double(fields[1]) else { return }
    #expect(fields[0] == "\(1 << 20)", "the input pipe holds \(fields[0]) bytes")
    // The wait ends when the byte arrives: a wait that ran to its 90 ms
    // timeout each time would take 9 s.
    #expect(seconds < 1, "100 round trips took \(seconds) s")
    #expect(fields[2] == "0" && fields[3] == "0", "\(fields)")
  }
}
