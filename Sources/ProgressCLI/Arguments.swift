//===----------------------------------------------------------------------===//
// progress: command-line arguments, read without a parser library.
//===----------------------------------------------------------------------===//

/// A usage error: the message is printed on one line, followed by a line
/// that points to the command's `--help`, and the tool exits with status 2.
struct UsageError: Error {
  var message: String
}

/// The arguments after the subcommand: options (`--name value`, `--flag`)
/// and positional arguments, consumed by the command that reads them; what
/// is left over is an error.
struct Arguments {
  private var remaining: [String]

  init(_ arguments: [String]) {
    remaining = arguments
  }

  /// Whether `--help` or `-h` was given.
  mutating func wantsHelp() -> Bool {
    flag("--help") || flag("-h")
  }

  /// Removes a flag and answers whether it was there.
  mutating func flag(_ name: String) -> Bool {
    guard let index = remaining.firstIndex(of: name) else { return false }
    remaining.remove(at: index)
    return true
  }

  /// Removes a flag that may be given once.
  mutating func singleFlag(_ name: String) throws(UsageError) -> Bool {
    guard flag(name) else { return false }
    guard !remaining.contains(name) else { throw UsageError(message: "\(name) given twice") }
    return true
  }

  /// Removes an option and its value.
  mutating func option(_ name: String) throws(UsageError) -> String? {
    guard let index = remaining.firstIndex(of: name) else { return nil }
    guard index + 1 < remaining.count else {
      throw UsageError(message: "\(name) needs a value")
    }
    let value = remaining[index + 1]
    remaining.removeSubrange(index...index + 1)
    guard !remaining.contains(name) else { throw UsageError(message: "\(name) given twice") }
    return value
  }

  /// Removes an option whose value is a whole number in `range`.
  mutating func integer(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
    guard let text = try option(name) else { return nil }
    guard let value = Int(text), range.contains(value) else {
      throw UsageError(
        message:
          "\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), got '\(text)'"
      )
    }
    return value
  }

  /// Removes an option whose value is a number in `range`.
  mutating func number(_ name: String, in range: ClosedRange<Double>) throws(UsageError) -> Double?
  {
    guard let text = try option(name) else { return nil }
    guard let value = Double(text), range.contains(value) else {
      throw UsageError(
        message:
          "\(name) must be a number from \(range.lowerBound) to \(range.upperBound), got '\(text)'")
    }
    return value
  }

  /// Removes the next positional argument.
  mutating func positional(_ name: String) throws(UsageError) -> String {
    guard let index = remaining.firstIndex(where: { $0 == "-" || !$0.hasPrefix("-") }) else {
      throw UsageError(message: "missing \(name)")
    }
    return remaining.remove(at: index)
  }

  /// Fails when arguments are left that no one read.
  func finish() throws(UsageError) {
    guard let first = remaining.first else { return }
    throw UsageError(
      message: first.hasPrefix("-") ? "unknown option '\(first)'" : "unexpected argument '\(first)'"
    )
  }
}
