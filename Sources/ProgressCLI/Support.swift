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
