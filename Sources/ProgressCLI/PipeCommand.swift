//===----------------------------------------------------------------------===//
// progress pipe: standard input to standard output, with progress on stderr.
//===----------------------------------------------------------------------===//

import CTerminalSupport
import ProgressTerminal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `pv`'s job: copies standard input to standard output unchanged, and
/// shows on standard error the bytes, the rate, the time left and a bar when
/// the size is known (`--size`, or a regular file as input), a spinner with
/// the count and rate otherwise (spec TB-10).
enum PipeCommand {
  static let usage = """
    usage: progress pipe [--size SIZE] [--label TEXT] [--force] [--no-color]

    Copies standard input to standard output, byte for byte, and shows the
    progress on standard error: bytes, rate, time left and a bar when the size
    is known (--size, or a regular file as input), a spinner with the count and
    rate otherwise. Silent when standard error is not a terminal, unless --force:
    then it writes plain lines (at the start, at each tenth of a known size, at
    the end), with no escape code.
    On Linux the kernel moves the data: copy_file_range(2) from a regular file
    to a regular file, splice(2) when either side is a pipe (the input pipe
    grown to 1 MiB), 1 MiB reads and writes otherwise.

    options:
      --size SIZE     the input's size: whole bytes, or a decimal number with a
                      suffix k M G T (powers of 1024, as pv reads them), kB MB
                      GB TB, KiB MiB GiB TiB (rounded to the byte)
      --label TEXT    the bar's label
      --force         show the progress even when standard error is not a terminal,
                      as plain lines
      --no-color      no colours (also when NO_COLOR is set)
      -h, --help      print this help

    exit status: 0 when all input was copied; 1 on a read or write error;
    on a broken pipe (the reader went away) it restores the terminal and ends
    by SIGPIPE, as cat does (a shell reports 141).
    """

  static func run(_ arguments: [String]) throws(UsageError) -> CommandFailure? {
    var arguments = Arguments(arguments)
    if arguments.wantsHelp() {
      print(usage)
      return nil
    }
    let force = arguments.flag("--force")
    let noColor = arguments.flag("--no-color")
    let size = try arguments.option("--size").map(parseSize)
    let label = try arguments.option("--label") ?? ""
    try arguments.finish()
    var status = stat()
    let inputSize =
      fstat(0, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
      ? Int(status.st_size) : nil
    let total = size ?? inputSize

    let device = FileDescriptorDevice.standardError
    var dashboard: TerminalDashboard?
    var bar: ProgressBar?
    // Forced onto an output that is not a terminal (a file, a pipe), the
    // dashboard writes plain lines, with no escape code (BK-6).
    if device.isTerminal || force {
      let style =
        noColor ? TerminalStyle.plain : TerminalStyle.detect(isTerminal: device.isTerminal)
      let board = TerminalDashboard(
        output: TerminalOutput(device), style: style, frameInterval: .milliseconds(100))
      bar = board.addBar(label, total: total, unit: .binaryBytes)
      dashboard = board
    }
    // A broken pipe is an EPIPE here, so the terminal can be restored first.
    signal(SIGPIPE, SIG_IGN)
    let result = copy { bar?.advance(by: $0) }
    switch result {
    case .finished:
      // The line ends at what was copied, not at the size declared (TB-10).
      if let bar, let total = bar.total, total != bar.completed { bar.total = bar.completed }
      bar?.finish()
      dashboard?.finish()
      return nil
    case .brokenPipe:
      bar?.finish(.abandon, message: "broken pipe")
      dashboard?.finish()
      signal(SIGPIPE, SIG_DFL)
      raise(SIGPIPE)
      return CommandFailure(message: "broken pipe", status: 141)
    case .failed(let message):
      bar?.finish(.abandon, message: message)
      dashboard?.finish()
      return CommandFailure(message: message, status: 1)
    }
  }

  enum CopyResult {
    case finished
    case brokenPipe
    case failed(String)
  }

  /// How the bytes move: inside the kernel when it can, else through a buffer.
  enum Method {
    /// copy_file_range(2): a regular file to a regular file.
    case copyFileRange
    /// splice(2): either side a pipe.
    case splice
    /// read(2) and write(2), 1 MiB at a time.
    case readWrite
  }

  /// The input pipe's capacity asked for: 1 MiB, Linux's limit for a user
  /// (`/proc/sys/fs/pipe-max-size`).
  static let inputPipeCapacity = 1 << 20

  /// Copies standard input to standard output, reporting each chunk moved.
  ///
  /// Between two regular files the kernel copies (copy_file_range, as
  /// `cat` does); when a side is a pipe it moves pages (splice), the input
  /// pipe grown to 1 MiB. Before each splice it waits until the input is
  /// readable (select, at most ``readinessTimeout`` microseconds, as pv
  /// does): a writer's small writes then gather in the pipe and one splice
  /// takes many of them, where a splice left to block is woken by each.
  static func copy(_ moved: (Int) -> Void) -> CopyResult {
    let chunk = 1 << 20
    var method = bothRegularFiles() ? Method.copyFileRange : .splice
    if method == .splice { _ = progress_pipe_grow(0, inputPipeCapacity) }
    // Made at the first read, not filled: the copy of a file ends by
    // falling back to a read that finds the end, and 1 MiB of zeros written
    // for it cost 256 page faults, a millisecond of every copy.
    var buffer: UnsafeMutableRawBufferPointer?
    defer { buffer?.deallocate() }
    while true {
      switch method {
      case .copyFileRange:
        let count = progress_copy_file_range(0, 1, UInt(chunk))
        if count > 0 {
          moved(count)
          continue
        }
        if count < 0 && errno == EINTR { continue }
        // 0 is the end of the input, or (before Linux 5.19) a file that
        // does not say its size (/proc); an error, a pair of files it does
        // not copy (EXDEV, EINVAL, an output opened to append): read and
        // write find out which, and report a real error themselves.
        method = .readWrite
      case .splice:
        progress_wait_readable(0, readinessTimeout)
        let count = progress_splice(0, 1, UInt(chunk))
        if count > 0 {
          moved(count)
          continue
        }
        if count == 0 { return .finished }
        if errno == EINTR { continue }
        if errno == EAGAIN {
          // A non-blocking side: wait for input, then for room, not in a loop.
          waitUntilReady(0, for: Int16(POLLIN))
          waitUntilReady(1, for: Int16(POLLOUT))
          continue
        }
        if errno == EPIPE { return .brokenPipe }
        // Neither side is a pipe (or splice is not there): read and write.
        guard errno == EINVAL || errno == ENOSYS || errno == EBADF else {
          return .failed("splice: " + String(cString: strerror(errno)))
        }
        method = .readWrite
      case .readWrite:
        let bytes = buffer ?? .allocate(byteCount: chunk, alignment: 64)
        buffer = bytes
        let count = read(0, bytes.baseAddress, chunk)
        if count == 0 { return .finished }
        if count < 0 {
          if errno == EINTR { continue }
          if errno == EAGAIN {
            waitUntilReady(0, for: Int16(POLLIN))
            continue
          }
          return .failed("read: " + String(cString: strerror(errno)))
        }
        var offset = 0
        while offset < count {
          let written = write(1, bytes.baseAddress.map { $0 + offset }, count - offset)
          if written < 0 {
            if errno == EINTR { continue }
            if errno == EAGAIN {
              waitUntilReady(1, for: Int16(POLLOUT))
              continue
            }
            if errno == EPIPE { return .brokenPipe }
            return .failed("write: " + String(cString: strerror(errno)))
          }
          offset += written
        }
        moved(count)
      }
    }
  }

  /// Whether standard input and standard output are both regular files.
  static func bothRegularFiles() -> Bool {
    var input = stat()
    var output = stat()
    return fstat(0, &input) == 0 && fstat(1, &output) == 0
      && (input.st_mode & S_IFMT) == S_IFREG && (output.st_mode & S_IFMT) == S_IFREG
  }

  /// The longest wait for input before a splice, in microseconds (pv's).
  ///
  /// 90 ms. The wait ends as soon as the input is readable; its timeout
  /// matters all the same — on Linux 6.18 a select with it took 0.75 s for
  /// 4 GiB from `head -c`, one without it 1.6 s, poll with 90 ms 1.3 s
  /// (Docs/performance.md, issue 22).
  static let readinessTimeout = 90_000

  /// Waits until a non-blocking descriptor is ready (or in error, or
  /// hung up: the next call says which), with `poll`: a descriptor that
  /// answers `EAGAIN` is waited on, not retried in a loop.
  ///
  /// - Parameters:
  ///   - descriptor: 0 or 1.
  ///   - events: `POLLIN` or `POLLOUT`.
  static func waitUntilReady(_ descriptor: Int32, for events: Int16) {
    var entry = pollfd(fd: descriptor, events: events, revents: 0)
    while poll(&entry, 1, -1) < 0, errno == EINTR {}
  }

  /// Reads a size: a whole number of bytes, or a decimal number with a
  /// unit (`1.5GB`), rounded to the nearest byte.
  ///
  /// Only decimal digits and one point are read: hexadecimal (`0x10`), an
  /// exponent (`1e-9`), a sign or `inf` are usage errors (Swift's `Double`
  /// would read them), as is a fraction of a byte (`1.5`).
  static func parseSize(_ text: String) throws(UsageError) -> Int {
    let units: [(String, Double)] = [
      ("KiB", 1024), ("MiB", 1_048_576), ("GiB", 1_073_741_824), ("TiB", 1_099_511_627_776),
      ("kB", 1e3), ("KB", 1e3), ("MB", 1e6), ("GB", 1e9), ("TB", 1e12),
      ("k", 1024), ("K", 1024), ("M", 1_048_576), ("G", 1_073_741_824), ("T", 1_099_511_627_776),
      ("B", 1),
    ]
    var number = Substring(text)
    var factor = 1.0
    for (suffix, value) in units where number.hasSuffix(suffix) {
      number = number.dropLast(suffix.count)
      factor = value
      break
    }
    let usage = UsageError(
      message: "--size must be a size such as 4096, 4G or 1.5GB, got '\(text)'")
    let parts = number.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    let isDigits = { (part: Substring) in
      !part.isEmpty && part.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }
    // A fraction only before a unit: 1.5 bytes is not a size.
    guard parts.allSatisfy(isDigits), parts.count == 1 || factor > 1 else { throw usage }
    guard let value = Double(number), value * factor < 9e18 else { throw usage }
    return Int((value * factor).rounded())
  }
}
