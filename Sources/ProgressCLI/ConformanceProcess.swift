//===----------------------------------------------------------------------===//
// progress conformance run: the implementation as a child process, spoken to
// a line at a time through pipes, every reply awaited with a time limit and
// read with a length limit (CS-5, CS-7).
//===----------------------------------------------------------------------===//

import Timeline

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// An implementation running as a child process in its own process group:
/// its standard input and output are pipes, its standard error the
/// runner's.
struct ImplementationProcess {
  let pid: pid_t
  let input: Int32
  let output: Int32
  var lines: DescriptorLines
  var status: Int32?

  /// Starts `command` (searched on `PATH`) with `arguments`.
  ///
  /// - Throws: ``FileError`` with the system's reason when it cannot start.
  init(command: String, arguments: [String]) throws(FileError) {
    var toChild: [Int32] = [0, 0]
    var fromChild: [Int32] = [0, 0]
    guard pipe(&toChild) == 0, pipe(&fromChild) == 0 else {
      throw FileError(path: command, reason: String(cString: strerror(errno)))
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
    posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
    for descriptor in toChild + fromChild {
      posix_spawn_file_actions_addclose(&actions, descriptor)
    }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // Its own process group, so that ending it ends what it started (a
    // browser, a node process) and only that.
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF))
    posix_spawnattr_setpgroup(&attributes, 0)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    sigaddset(&defaults, SIGPIPE)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    let argv = ([command] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var child: pid_t = 0
    let result = posix_spawnp(&child, command, &actions, &attributes, argv, environ)
    _ = closeDescriptor(toChild[0])
    _ = closeDescriptor(fromChild[1])
    guard result == 0 else {
      _ = closeDescriptor(toChild[1])
      _ = closeDescriptor(fromChild[0])
      throw FileError(path: command, reason: String(cString: strerror(result)))
    }
    pid = child
    input = toChild[1]
    output = fromChild[0]
    lines = DescriptorLines(descriptor: fromChild[0])
  }

  /// Writes a request line; `false` when the process no longer reads.
  func send(_ line: String) -> Bool {
    // Writing to a process that has exited is an error to report, not a
    // signal that ends the runner; the runner's own output keeps SIGPIPE
    // (RL-8), so it is ignored for this write only.
    let previous = signal(SIGPIPE, SIG_IGN)
    defer { signal(SIGPIPE, previous) }
    do {
      try writeAll(Array((line + "\n").utf8)[...], toDescriptor: input, path: "the implementation")
      return true
    } catch {
      return false
    }
  }

  /// Reads the next non-blank line, waiting at most `seconds` for it whole.
  mutating func readLine(within seconds: Double, limit: Int) throws(DescriptorLines.Failure)
    -> String
  {
    guard let line = try lines.next(within: seconds, limit: limit) else { throw .ended }
    return line
  }

  /// Waits at most `seconds` for the process to exit; its exit status
  /// (128 + the signal for one ended by a signal), or `nil` if it has not.
  mutating func waitForExit(within seconds: Double) -> Int32? {
    if let status { return status }
    let deadline = monotonicSeconds() + seconds
    while true {
      var raw: Int32 = 0
      let result = waitpid(pid, &raw, WNOHANG)
      if result == pid {
        let signal = raw & 0x7f
        status = signal == 0 ? (raw >> 8) & 0xff : 128 + signal
        return status
      }
      if result < 0 && errno != EINTR { return nil }
      guard monotonicSeconds() < deadline else { return nil }
      usleep(10_000)
    }
  }

  /// Ends the process and its group at once (SIGKILL), and reaps it.
  mutating func kill() {
    if status == nil {
      _ = killpg(pid, SIGKILL)
      _ = waitForExit(within: 5)
    }
    closePipes()
  }

  /// Closes the runner's ends of the pipes.
  func closePipes() {
    _ = closeDescriptor(input)
    _ = closeDescriptor(output)
  }
}

/// The lines read from a file descriptor (a pipe) with read(2), each as soon
/// as its newline arrives: blank lines skipped, a CR before the LF dropped.
struct DescriptorLines {
  /// Why a line could not be read.
  enum Failure: Error {
    /// No complete line within the time limit.
    case timedOut
    /// The input ended (the writer exited or closed it) inside a line.
    case ended
    /// A line longer than the limit, which is not read further.
    case tooLong
    /// The bytes are not UTF-8.
    case notText
  }

  let descriptor: Int32
  var buffer: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 1 << 16)

  init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  /// The next non-blank line, or `nil` at the end of the input; waits at
  /// most `seconds` (for ever when `nil`) for it whole.
  ///
  /// At most `limit` bytes are kept: a longer line is an error as soon as
  /// it is, so an endless line costs no more memory than the limit.
  mutating func next(within seconds: Double?, limit: Int) throws(Failure) -> String? {
    let deadline = seconds.map { monotonicSeconds() + $0 }
    var scanned = 0
    while true {
      while let newline = buffer[scanned...].firstIndex(of: UInt8(ascii: "\n")) {
        guard newline <= limit else { throw .tooLong }
        var line = Array(buffer[..<newline])
        buffer.removeSubrange(...newline)
        scanned = 0
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        if line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) { continue }
        guard let text = String(validating: line, as: UTF8.self) else { throw .notText }
        return text
      }
      scanned = buffer.count
      guard buffer.count <= limit else { throw .tooLong }
      if let deadline {
        let left = deadline - monotonicSeconds()
        guard left > 0 else { throw .timedOut }
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&poller, 1, Int32(min(left * 1000, 1_000_000).rounded(.up)))
        if ready < 0 && errno == EINTR { continue }
        guard ready > 0 else { continue }
      }
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else {
        if buffer.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) {
          return nil
        }
        // A last line without its newline.
        buffer.append(UInt8(ascii: "\n"))
        continue
      }
      buffer += chunk[0..<count]
    }
  }
}

/// Seconds on the monotonic clock.
func monotonicSeconds() -> Double {
  var now = timespec()
  clock_gettime(CLOCK_MONOTONIC, &now)
  return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}
