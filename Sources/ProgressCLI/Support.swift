//===----------------------------------------------------------------------===//
// progress: small helpers that keep the tool free of Foundation.
//===----------------------------------------------------------------------===//

import ProgressTrace
import Timeline

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(ucrt)
  import ucrt
#endif

/// Writes a line to standard error.
func printError(_ message: String) {
  var standardError = StandardError()
  print(message, to: &standardError)
}

/// The first failed write to standard output, if any.
nonisolated(unsafe) var outputFailure: FileError?

/// Writes to standard output, as the standard library's `print` does, but
/// with every write checked: the first failure is kept in `outputFailure`
/// and reported when the tool exits.
func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
  guard outputFailure == nil else { return }
  let text = items.map { "\($0)" }.joined(separator: separator) + terminator
  do {
    try writeAll(Array(text.utf8)[...], toDescriptor: 1, path: "standard output")
  } catch {
    outputFailure = error
  }
}

/// Ends the process with a status, after checking that everything printed
/// to standard output was written: a failed write (a full disk, a closed
/// output) is an error, with a message and status 1 (2 for `progress
/// check`, whose 1 means "not conformant").
func exit(status: Int32) -> Never {
  guard let failure = outputFailure else { exit(status) }
  printError("progress: \(failure)")
  exit(status == 0 || status == 1 ? outputFailureStatus : status)
}

/// The status of a failed write: 1, or 2 for `progress check`.
nonisolated(unsafe) var outputFailureStatus: Int32 = 1

/// Standard error as a text stream.
struct StandardError: TextOutputStream {
  mutating func write(_ string: String) {
    _ = try? writeAll(Array(string.utf8)[...], toDescriptor: 2, path: "standard error")
  }
}

/// Writes every byte to a file descriptor, retrying short and interrupted
/// writes.
///
/// - Throws: ``FileError`` with the system's reason when a write fails.
func writeAll(_ bytes: ArraySlice<UInt8>, toDescriptor descriptor: Int32, path: String)
  throws(FileError)
{
  var offset = bytes.startIndex
  while offset < bytes.endIndex {
    let written = bytes[offset...].withUnsafeBytes { buffer in
      write(descriptor, buffer.baseAddress, buffer.count)
    }
    if written < 0 && errno == EINTR { continue }
    guard written > 0 else {
      throw FileError(
        path: path, reason: written < 0 ? String(cString: strerror(errno)) : "write error")
    }
    offset += written
  }
}

extension String {
  /// Pads the string with spaces on the right to `width` characters.
  func padding(to width: Int) -> String {
    count >= width ? self + " " : self + String(repeating: " ", count: width - count)
  }
}

extension Double {
  /// The number right-aligned in `width` characters.
  func formatted(width: Int) -> String {
    let text = "\(self)"
    return text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
  }
}

/// Why a file could not be read or written.
struct FileError: Error, CustomStringConvertible {
  var path: String
  var reason: String
  /// Whether the file's content is at fault (too large, not UTF-8): invalid
  /// input, exit status 2; otherwise the system failed, status 1.
  var isInvalidInput = false
  var description: String { "\(escapedForMessage(path)): \(reason)" }
}

/// Text from the user (a path, an argument) made safe for a one-line message.
func escapedForMessage(_ text: String) -> String {
  MessageText.escaped(text, limit: 1000)
}

/// Opens a file for reading; `-` is standard input.
func openForReading(_ path: String) throws(FileError) -> UnsafeMutablePointer<FILE> {
  let handle: UnsafeMutablePointer<FILE>? = path == "-" ? fdopen(dup(0), "rb") : fopen(path, "rb")
  guard let handle else { throw FileError(path: path, reason: String(cString: strerror(errno))) }
  return handle
}

/// Reads a scenario file (`-` reads standard input) as every host reads one.
///
/// At most `TraceScenario.maximumBytes` of UTF-8 JSON text; an endless input
/// such as `/dev/zero` stops at the limit.
///
/// - Throws: ``FileError`` with the system's reason, or `ScenarioError`.
func readScenario(path: String) throws -> TraceScenario {
  let limit = TraceScenario.maximumBytes
  let handle = try openForReading(path)
  defer { fclose(handle) }
  var bytes: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 65536)
  while bytes.count <= limit {
    let count = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, handle) }
    if count > 0 { bytes.append(contentsOf: buffer[0..<count]) }
    if count < buffer.count {
      if ferror(handle) != 0 { throw FileError(path: path, reason: "read error") }
      break
    }
  }
  return try TraceScenario(utf8: bytes)
}

/// UTF-8 bytes as text, or an error giving the line and column (in
/// characters) of the first byte that is not UTF-8.
func text(_ bytes: ArraySlice<UInt8>, path: String, firstLine: Int) throws(FileError) -> String {
  switch JSONValue.text(utf8: bytes, firstLine: firstLine) {
  case .success(let text): return text
  case .failure(let position):
    throw FileError(
      path: path, reason: "line \(position.line), column \(position.column): not UTF-8 text",
      isInvalidInput: true)
  }
}

/// The lines of a file, read a buffer at a time: memory for one line, not
/// the file.
struct LineFile {
  /// The longest line read: 16 MiB, far longer than any trace line.
  static let maximumLineBytes = 16 << 20

  let path: String
  let handle: UnsafeMutablePointer<FILE>
  var buffer = [UInt8](repeating: 0, count: 65536)
  var start = 0
  var end = 0
  var isAtEnd = false
  var lineNumber = 0

  init(path: String) throws(FileError) {
    self.path = path
    handle = try openForReading(path)
  }

  func close() { fclose(handle) }

  /// The next line without its newline, or `nil` at the end.
  mutating func next() throws(FileError) -> Substring? {
    var line: [UInt8] = []
    while true {
      if let newline = buffer[start..<end].firstIndex(of: UInt8(ascii: "\n")) {
        line += buffer[start..<newline]
        start = newline + 1
        break
      }
      line += buffer[start..<end]
      start = 0
      end = 0
      if line.count > Self.maximumLineBytes {
        throw FileError(
          path: path,
          reason: "line \(lineNumber + 1) is longer than \(Self.maximumLineBytes >> 20) MiB",
          isInvalidInput: true)
      }
      if isAtEnd {
        if line.isEmpty { return nil }
        break
      }
      end = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, handle) }
      if end < buffer.count {
        if ferror(handle) != 0 { throw FileError(path: path, reason: "read error") }
        isAtEnd = true
      }
    }
    lineNumber += 1
    return try text(line[...], path: path, firstLine: lineNumber)[...]
  }
}

/// A file written a buffer at a time, every write checked; `-` is standard
/// output.
struct OutputFile {
  let path: String
  let descriptor: Int32
  var buffer: [UInt8] = []
  static let bufferSize = 65536

  /// Opens (creates or replaces) the file.
  init(path: String) throws(FileError) {
    self.path = path == "-" ? "standard output" : path
    if path == "-" {
      descriptor = 1
    } else {
      descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
      guard descriptor >= 0 else {
        throw FileError(path: path, reason: String(cString: strerror(errno)))
      }
    }
    buffer.reserveCapacity(Self.bufferSize)
  }

  /// Adds text, writing the buffer out once it is full.
  mutating func write(_ text: String) throws(FileError) {
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= Self.bufferSize { try flush() }
  }

  /// Writes out what is buffered.
  mutating func flush() throws(FileError) {
    defer { buffer.removeAll(keepingCapacity: true) }
    try writeAll(buffer[...], toDescriptor: descriptor, path: path)
  }

  /// Writes out what is buffered and closes the file.
  mutating func close() throws(FileError) {
    try flush()
    if descriptor != 1, closeDescriptor(descriptor) != 0 {
      throw FileError(path: path, reason: String(cString: strerror(errno)))
    }
  }
}

/// Closes a file descriptor (the C library's `close`, named apart from the
/// methods called `close`).
func closeDescriptor(_ descriptor: Int32) -> Int32 {
  close(descriptor)
}

/// Writes text to a file, replacing it; `-` writes to standard output.
func writeText(_ text: String, path: String) throws(FileError) {
  var file = try OutputFile(path: path)
  try file.write(text)
  try file.close()
}
