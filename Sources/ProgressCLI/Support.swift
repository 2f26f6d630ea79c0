//===----------------------------------------------------------------------===//
// progress: small helpers that keep the tool free of Foundation.
//===----------------------------------------------------------------------===//

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

/// Ends the process with a status.
func exit(status: Int32) -> Never {
  exit(status)
}

/// Standard error as a text stream.
struct StandardError: TextOutputStream {
  mutating func write(_ string: String) {
    writeAll(string, toDescriptor: 2)
  }
}

/// Writes every byte of `string` to a file descriptor, retrying short writes.
func writeAll(_ string: String, toDescriptor descriptor: Int32) {
  let bytes = Array(string.utf8)
  var offset = 0
  while offset < bytes.count {
    let written = bytes.withUnsafeBytes { buffer in
      write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
    }
    guard written > 0 else { return }
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
  var description: String { "\(path): \(reason)" }
}

/// Reads a whole file as UTF-8 text; `-` reads standard input.
func readText(path: String) throws(FileError) -> String {
  let handle: UnsafeMutablePointer<FILE>? = path == "-" ? fdopen(0, "rb") : fopen(path, "rb")
  guard let handle else { throw FileError(path: path, reason: String(cString: strerror(errno))) }
  defer { fclose(handle) }
  var bytes: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 65536)
  while true {
    let count = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, handle) }
    if count > 0 { bytes.append(contentsOf: buffer[0..<count]) }
    if count < buffer.count {
      if ferror(handle) != 0 { throw FileError(path: path, reason: "read error") }
      break
    }
  }
  guard let text = String(validating: bytes, as: UTF8.self) else {
    throw FileError(path: path, reason: "not UTF-8 text")
  }
  return text
}

/// Writes text to a file, replacing it; `-` writes to standard output.
func writeText(_ text: String, path: String) throws(FileError) {
  if path == "-" {
    writeAll(text, toDescriptor: 1)
    return
  }
  guard let handle = fopen(path, "wb") else {
    throw FileError(path: path, reason: String(cString: strerror(errno)))
  }
  let bytes = Array(text.utf8)
  let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, handle) }
  let closed = fclose(handle)
  guard written == bytes.count, closed == 0 else {
    throw FileError(path: path, reason: "write error")
  }
}
