//===----------------------------------------------------------------------===//
// ProgressTrace: a small JSON reader and writer (RFC 8259), no Foundation.
//===----------------------------------------------------------------------===//

import Timeline

/// A JSON value, with object members kept in their written order.
///
/// ```swift
/// let value = try JSONValue(parsing: #"{"at": 0.5, "type": "setProgress"}"#)
/// value["type"]          // .string("setProgress")
/// value.serialized()     // {"at":0.5,"type":"setProgress"}
/// ```
public enum JSONValue: Hashable, Sendable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number, as a `Double`.
  case number(Double)
  /// A string.
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object: its members in order; a repeated name is an error.
  case object([Member])

  /// A name and its value in an object.
  public struct Member: Hashable, Sendable {
    /// The name.
    public var name: String
    /// The value.
    public var value: JSONValue

    /// Creates a member.
    ///
    /// - Parameters:
    ///   - name: The name.
    ///   - value: The value.
    public init(_ name: String, _ value: JSONValue) {
      self.name = name
      self.value = value
    }
  }

  /// The value of an object's member, or `nil`.
  ///
  /// Names are compared by their Unicode scalars, as RFC 8259 §8.3 compares
  /// them: `"\u00e9"` and `"e\u0301"` are different names.
  ///
  /// - Parameter name: The member's name.
  public subscript(name: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.name.hasSameScalars(as: name) }?.value
  }

  /// The kind of value, as the error messages name it.
  var kindName: String {
    switch self {
    case .null: return "null"
    case .bool: return "a boolean"
    case .number: return "a number"
    case .string: return "a string"
    case .array: return "an array"
    case .object: return "an object"
    }
  }

  // MARK: - Writing

  /// The value as compact JSON text; numbers in their shortest form that
  /// reads back exactly; non-finite numbers as `null`.
  ///
  /// - Returns: The text.
  /// - Complexity: O(*n*) in the size of the value.
  public func serialized() -> String {
    var output = ""
    write(to: &output)
    return output
  }

  func write(to output: inout String) {
    switch self {
    case .null: output += "null"
    case .bool(let value): output += value ? "true" : "false"
    case .number(let value): output += JSONValue.numberText(value)
    case .string(let value): JSONValue.writeString(value, to: &output)
    case .array(let values):
      output += "["
      for (index, value) in values.enumerated() {
        if index > 0 { output += "," }
        value.write(to: &output)
      }
      output += "]"
    case .object(let members):
      output += "{"
      for (index, member) in members.enumerated() {
        if index > 0 { output += "," }
        JSONValue.writeString(member.name, to: &output)
        output += ":"
        member.value.write(to: &output)
      }
      output += "}"
    }
  }

  /// A number as JSON: integers without a fraction, others in Swift's
  /// shortest round-trip form; `null` when not finite.
  static func numberText(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    if value == 0 { return "0" }
    if value == value.rounded(), abs(value) < 1e15 { return "\(Int64(value))" }
    return "\(value)"
  }

  static func writeString(_ value: String, to output: inout String) {
    output += "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      default:
        if scalar.value < 0x20 {
          let hex = Array("0123456789abcdef")
          output +=
            "\\u00" + String(hex[Int(scalar.value >> 4)]) + String(hex[Int(scalar.value & 15)])
        } else {
          output.unicodeScalars.append(scalar)
        }
      }
    }
    output += "\""
  }
}

extension JSONValue {
  /// Where bytes stop being UTF-8: the line, from 1, and the column in
  /// Unicode scalars, from 1, of the first byte that is not.
  package struct UTF8Position: Error, Hashable, Sendable {
    package var line: Int
    package var column: Int
  }

  /// UTF-8 bytes as text, or where the first byte that is not UTF-8 is.
  ///
  /// - Parameters:
  ///   - bytes: The bytes.
  ///   - firstLine: The number of the bytes' first line.
  /// - Returns: The text, or the position of the first invalid byte.
  package static func text(utf8 bytes: some Collection<UInt8>, firstLine: Int = 1)
    -> Result<String, UTF8Position>
  {
    if let text = String(validating: bytes, as: UTF8.self) { return .success(text) }
    var line = firstLine
    var column = 1
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar):
        if scalar == "\n" {
          line += 1
          column = 1
        } else {
          column += 1
        }
      case .emptyInput, .error:
        return .failure(UTF8Position(line: line, column: column))
      }
    }
  }
}

/// Why a text is not JSON: the message, and where.
public struct JSONParseError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong.
  public var message: String {
    get { storage.value.message }
    set { storage = Boxed(Fields(message: newValue, line: line, column: column)) }
  }
  /// The line, from 1.
  public var line: Int {
    get { storage.value.line }
    set { storage = Boxed(Fields(message: message, line: newValue, column: column)) }
  }
  /// The column in Unicode scalars, from 1.
  public var column: Int {
    get { storage.value.column }
    set { storage = Boxed(Fields(message: message, line: line, column: newValue)) }
  }

  /// The message and the position, in one reference: the error is thrown
  /// up through every level of nesting.
  private var storage: Boxed<Fields>

  private struct Fields: Hashable, Sendable {
    let message: String
    let line: Int
    let column: Int
  }

  init(message: String, line: Int, column: Int) {
    storage = Boxed(Fields(message: message, line: line, column: column))
  }

  /// "line 3, column 7: expected ':' after an object member's name".
  public var description: String { "line \(line), column \(column): \(message)" }
}

extension JSONValue {
  /// Parses JSON text (RFC 8259): one value, with whitespace around it.
  ///
  /// The reader works on the text's UTF-8 bytes in place; an object's
  /// repeated member name — the same Unicode scalars (RFC 8259 §8.3) — is
  /// an error, found in constant time per member.
  ///
  /// - Parameter text: The text.
  /// - Throws: ``JSONParseError`` with the line and column of the problem.
  /// - Complexity: O(*n*) in the length of `text`.
  public init(parsing text: String) throws(JSONParseError) {
    var text = text
    let result: Result<JSONValue, JSONParseError> = text.withUTF8 { bytes in
      var parser = JSONParser(bytes)
      do throws(JSONParseError) {
        return .success(try parser.document())
      } catch {
        return .failure(error)
      }
    }
    self = try result.get()
  }
}

struct JSONParser {
  let bytes: UnsafeBufferPointer<UInt8>
  var index = 0
  var depth = 0
  static let maximumDepth = 512
  /// Objects with more members than this find a repeated name with a hash
  /// table.
  static let linearNameSearchLimit = 16

  init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  mutating func document() throws(JSONParseError) -> JSONValue {
    skipWhitespace()
    let value = try parseValue()
    skipWhitespace()
    guard index == bytes.count else { throw error("unexpected text after the JSON value") }
    return value
  }

  /// An error at a byte offset; its column counts Unicode scalars.
  ///
  /// Not inlined: one copy serves every place the reader fails.
  @inline(never)
  func error(_ message: String, at position: Int? = nil) -> JSONParseError {
    let end = min(position ?? index, bytes.count)
    var line = 1
    var column = 1
    for byte in bytes[0..<end] {
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {  // not a UTF-8 continuation byte
        column += 1
      }
    }
    return JSONParseError(message: message, line: line, column: column)
  }

  /// The byte at the index, or `nil` at the end.
  var current: UInt8? { index < bytes.count ? bytes[index] : nil }

  mutating func skipWhitespace() {
    while let byte = current,
      byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
        || byte == UInt8(ascii: "\r")
    {
      index += 1
    }
  }

  /// The Unicode scalar starting at the index, for an error message.
  func scalarText(at position: Int) -> String {
    var end = position + 1
    while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
    return String(decoding: UnsafeBufferPointer(rebasing: bytes[position..<end]), as: UTF8.self)
  }

  mutating func parseValue() throws(JSONParseError) -> JSONValue {
    guard let byte = current else { throw error("unexpected end of the text: expected a value") }
    switch byte {
    case UInt8(ascii: "{"): return try parseObject()
    case UInt8(ascii: "["): return try parseArray()
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"):
      try literal("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try literal("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try literal("null")
      return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
    default:
      throw error(
        "unexpected character '\(MessageText.escaped(scalarText(at: index)))': expected a value"
      )
    }
  }

  mutating func literal(_ word: StaticString) throws(JSONParseError) {
    for expected in UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount) {
      guard current == expected else {
        throw error("invalid literal: expected '\(word)'")
      }
      index += 1
    }
  }

  mutating func nest() throws(JSONParseError) {
    depth += 1
    guard depth <= Self.maximumDepth else {
      throw error("nested more than \(Self.maximumDepth) deep")
    }
  }

  mutating func parseObject() throws(JSONParseError) -> JSONValue {
    try nest()
    index += 1
    var members: [JSONValue.Member] = []
    var names = MemberNames()
    skipWhitespace()
    if current == UInt8(ascii: "}") {
      index += 1
      depth -= 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard current == UInt8(ascii: "\"") else {
        throw error("expected a member name in double quotes")
      }
      let namePosition = index
      let name = try parseString()
      // A short object is searched; a long one keeps a table of its names,
      // so that n members cost O(n), not O(n²).
      let isRepeated: Bool
      if members.count < Self.linearNameSearchLimit {
        isRepeated = members.contains { $0.name.hasSameScalars(as: name) }
      } else {
        isRepeated = !names.insert(name, of: members)
      }
      if isRepeated {
        throw error(
          "duplicate member '\(MessageText.escaped(name))'", at: namePosition)
      }
      skipWhitespace()
      guard current == UInt8(ascii: ":") else {
        throw error("expected ':' after the member name '\(MessageText.escaped(name))'")
      }
      index += 1
      skipWhitespace()
      members.append(JSONValue.Member(name, try parseValue()))
      skipWhitespace()
      guard let byte = current else {
        throw error("unexpected end of the text inside an object")
      }
      if byte == UInt8(ascii: ",") {
        index += 1
        continue
      }
      guard byte == UInt8(ascii: "}") else { throw error("expected ',' or '}' in an object") }
      index += 1
      depth -= 1
      return .object(members)
    }
  }

  mutating func parseArray() throws(JSONParseError) -> JSONValue {
    try nest()
    index += 1
    var values: [JSONValue] = []
    skipWhitespace()
    if current == UInt8(ascii: "]") {
      index += 1
      depth -= 1
      return .array(values)
    }
    while true {
      skipWhitespace()
      values.append(try parseValue())
      skipWhitespace()
      guard let byte = current else {
        throw error("unexpected end of the text inside an array")
      }
      if byte == UInt8(ascii: ",") {
        index += 1
        continue
      }
      guard byte == UInt8(ascii: "]") else { throw error("expected ',' or ']' in an array") }
      index += 1
      depth -= 1
      return .array(values)
    }
  }

  mutating func parseString() throws(JSONParseError) -> String {
    index += 1
    let start = index
    // Most strings have no escape: their bytes are the string (the text is
    // valid UTF-8), made at once.
    while let byte = current, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\"), byte >= 0x20 {
      index += 1
    }
    if current == UInt8(ascii: "\"") {
      index += 1
      return String(
        decoding: UnsafeBufferPointer(rebasing: bytes[start..<index - 1]), as: UTF8.self)
    }
    // Otherwise the bytes are decoded into a buffer, escapes replaced.
    var decoded = Array(bytes[start..<index])
    while true {
      guard let byte = current else { throw error("unterminated string") }
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        return String(decoding: decoded, as: UTF8.self)
      case UInt8(ascii: "\\"):
        index += 1
        guard let escape = current else { throw error("unterminated string") }
        index += 1
        let unescaped: UInt8
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): unescaped = escape
        case UInt8(ascii: "b"): unescaped = 0x08
        case UInt8(ascii: "f"): unescaped = 0x0C
        case UInt8(ascii: "n"): unescaped = 0x0A
        case UInt8(ascii: "r"): unescaped = 0x0D
        case UInt8(ascii: "t"): unescaped = 0x09
        case UInt8(ascii: "u"):
          var code = try hex4()
          if (0xD800...0xDBFF).contains(code) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
              bytes[index + 1] == UInt8(ascii: "u")
            else {
              throw error("a high surrogate must be followed by a low surrogate")
            }
            index += 2
            let low = try hex4()
            guard (0xDC00...0xDFFF).contains(low) else { throw error("invalid low surrogate") }
            code = 0x10000 + (code - 0xD800) << 10 + (low - 0xDC00)
          }
          guard let scalar = Unicode.Scalar(code) else { throw error("invalid Unicode escape") }
          UTF8.encode(scalar) { decoded.append($0) }
          continue
        default:
          throw error(
            "invalid escape '\\\(MessageText.escaped(scalarText(at: index - 1)))'",
            at: index - 1)
        }
        decoded.append(unescaped)
      default:
        guard byte >= 0x20 else {
          throw error("control character in a string", at: index)
        }
        decoded.append(byte)
        index += 1
      }
    }
  }

  mutating func hex4() throws(JSONParseError) -> UInt32 {
    guard index + 4 <= bytes.count else { throw error("expected four hexadecimal digits") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw error("expected four hexadecimal digits")
      }
      value = value * 16 + UInt32(digit)
      index += 1
    }
    return value
  }

  mutating func parseNumber() throws(JSONParseError) -> Double {
    let start = index
    func digits() -> Int {
      let begin = index
      while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { index += 1 }
      return index - begin
    }
    if current == UInt8(ascii: "-") { index += 1 }
    guard let first = current else { throw error("invalid number") }
    if first == UInt8(ascii: "0") {
      index += 1
    } else if digits() == 0 {
      throw error("invalid number", at: start)
    }
    if current == UInt8(ascii: ".") {
      index += 1
      guard digits() > 0 else { throw error("invalid number: expected a digit after '.'") }
    }
    if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
      index += 1
      if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
      guard digits() > 0 else { throw error("invalid number: expected a digit in the exponent") }
    }
    guard let value = Double(decimal: UnsafeBufferPointer(rebasing: bytes[start..<index])),
      value.isFinite
    else {
      throw error("number out of range", at: start)
    }
    return value
  }
}

/// The names of a long object's members, by a hash of their UTF-8 bytes:
/// open addressing with linear probing, at most half full.
struct MemberNames {
  /// Per slot, the index of a member + 1, or 0 when free.
  private var slots: [Int] = []
  /// The number of members in the table.
  private var count = 0

  /// Adds the name of the member about to follow `members`; answers `false`
  /// when a member has the same name (the same Unicode scalars).
  ///
  /// - Parameters:
  ///   - name: The new member's name.
  ///   - members: The members before it (a new name is in the table
  ///     once its member follows them).
  /// - Returns: Whether the name is new.
  /// - Complexity: Amortised O(1) per member, for names of bounded length.
  mutating func insert(_ name: String, of members: [JSONValue.Member]) -> Bool {
    if (members.count + 1) * 2 > slots.count {
      var capacity = max(slots.count, 64)
      while (members.count + 1) * 2 > capacity { capacity *= 2 }
      slots = [Int](repeating: 0, count: capacity)
      count = 0
    }
    while count < members.count {
      _ = place(members[count].name, index: count, members: members)
      count += 1
    }
    guard place(name, index: members.count, members: members) else { return false }
    count += 1
    return true
  }

  /// Puts a name's index in its slot; answers `false`, putting nothing,
  /// when the slot chain holds the same name.
  private mutating func place(_ name: String, index: Int, members: [JSONValue.Member]) -> Bool {
    let mask = slots.count - 1
    var slot = Self.hash(name) & mask
    while slots[slot] != 0 {
      if members[slots[slot] - 1].name.hasSameScalars(as: name) { return false }
      slot = (slot + 1) & mask
    }
    slots[slot] = index + 1
    return true
  }

  /// FNV-1a over the UTF-8 bytes.
  private static func hash(_ name: String) -> Int {
    var name = name
    return name.withUTF8 { bytes in
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325
      for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
      return Int(truncatingIfNeeded: hash ^ hash >> 32)
    }
  }
}
