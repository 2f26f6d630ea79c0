//===----------------------------------------------------------------------===//
// ProgressTrace: a small JSON reader and writer (RFC 8259), no Foundation.
//===----------------------------------------------------------------------===//

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
  /// - Parameter name: The member's name.
  public subscript(name: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.name == name }?.value
  }

  /// The kind of value, as the error messages name it.
  public var kindName: String {
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
  public static func numberText(_ value: Double) -> String {
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

/// Why a text is not JSON: the message, and where.
public struct JSONParseError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong.
  public var message: String
  /// The line, from 1.
  public var line: Int
  /// The column in Unicode scalars, from 1.
  public var column: Int

  /// "line 3, column 7: expected ':' after an object member's name".
  public var description: String { "line \(line), column \(column): \(message)" }
}

extension JSONValue {
  /// Parses JSON text (RFC 8259): one value, with whitespace around it.
  ///
  /// - Parameter text: The text.
  /// - Throws: ``JSONParseError`` with the line and column of the problem.
  /// - Complexity: O(*n*) in the length of `text`.
  public init(parsing text: String) throws(JSONParseError) {
    var parser = JSONParser(Array(text.unicodeScalars))
    self = try parser.document()
  }
}

struct JSONParser {
  let scalars: [Unicode.Scalar]
  var index = 0
  var depth = 0
  static let maximumDepth = 512

  init(_ scalars: [Unicode.Scalar]) {
    self.scalars = scalars
  }

  mutating func document() throws(JSONParseError) -> JSONValue {
    skipWhitespace()
    let value = try parseValue()
    skipWhitespace()
    guard index == scalars.count else { throw error("unexpected text after the JSON value") }
    return value
  }

  func error(_ message: String, at position: Int? = nil) -> JSONParseError {
    let end = min(position ?? index, scalars.count)
    var line = 1
    var column = 1
    for scalar in scalars[0..<end] {
      if scalar == "\n" {
        line += 1
        column = 1
      } else {
        column += 1
      }
    }
    return JSONParseError(message: message, line: line, column: column)
  }

  mutating func skipWhitespace() {
    while index < scalars.count, [" ", "\t", "\n", "\r"].contains(scalars[index]) { index += 1 }
  }

  mutating func parseValue() throws(JSONParseError) -> JSONValue {
    guard index < scalars.count else { throw error("unexpected end of the text: expected a value") }
    switch scalars[index] {
    case "{": return try parseObject()
    case "[": return try parseArray()
    case "\"": return .string(try parseString())
    case "t":
      try literal("true")
      return .bool(true)
    case "f":
      try literal("false")
      return .bool(false)
    case "n":
      try literal("null")
      return .null
    case "-", "0"..."9": return .number(try parseNumber())
    default: throw error("unexpected character '\(scalars[index])': expected a value")
    }
  }

  mutating func literal(_ word: String) throws(JSONParseError) {
    for expected in word.unicodeScalars {
      guard index < scalars.count, scalars[index] == expected else {
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
    skipWhitespace()
    if index < scalars.count, scalars[index] == "}" {
      index += 1
      depth -= 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard index < scalars.count, scalars[index] == "\"" else {
        throw error("expected a member name in double quotes")
      }
      let namePosition = index
      let name = try parseString()
      if members.contains(where: { $0.name == name }) {
        throw error("duplicate member '\(name)'", at: namePosition)
      }
      skipWhitespace()
      guard index < scalars.count, scalars[index] == ":" else {
        throw error("expected ':' after the member name '\(name)'")
      }
      index += 1
      skipWhitespace()
      members.append(JSONValue.Member(name, try parseValue()))
      skipWhitespace()
      guard index < scalars.count else {
        throw error("unexpected end of the text inside an object")
      }
      if scalars[index] == "," {
        index += 1
        continue
      }
      guard scalars[index] == "}" else { throw error("expected ',' or '}' in an object") }
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
    if index < scalars.count, scalars[index] == "]" {
      index += 1
      depth -= 1
      return .array(values)
    }
    while true {
      skipWhitespace()
      values.append(try parseValue())
      skipWhitespace()
      guard index < scalars.count else { throw error("unexpected end of the text inside an array") }
      if scalars[index] == "," {
        index += 1
        continue
      }
      guard scalars[index] == "]" else { throw error("expected ',' or ']' in an array") }
      index += 1
      depth -= 1
      return .array(values)
    }
  }

  mutating func parseString() throws(JSONParseError) -> String {
    index += 1
    var result = String.UnicodeScalarView()
    while true {
      guard index < scalars.count else { throw error("unterminated string") }
      let scalar = scalars[index]
      index += 1
      switch scalar {
      case "\"":
        return String(result)
      case "\\":
        guard index < scalars.count else { throw error("unterminated string") }
        let escape = scalars[index]
        index += 1
        switch escape {
        case "\"": result.append("\"")
        case "\\": result.append("\\")
        case "/": result.append("/")
        case "b": result.append("\u{08}")
        case "f": result.append("\u{0C}")
        case "n": result.append("\n")
        case "r": result.append("\r")
        case "t": result.append("\t")
        case "u":
          var code = try hex4()
          if (0xD800...0xDBFF).contains(code) {
            guard index + 1 < scalars.count, scalars[index] == "\\", scalars[index + 1] == "u"
            else {
              throw error("a high surrogate must be followed by a low surrogate")
            }
            index += 2
            let low = try hex4()
            guard (0xDC00...0xDFFF).contains(low) else { throw error("invalid low surrogate") }
            code = 0x10000 + (code - 0xD800) << 10 + (low - 0xDC00)
          }
          guard let decoded = Unicode.Scalar(code) else { throw error("invalid Unicode escape") }
          result.append(decoded)
        default:
          throw error("invalid escape '\\\(escape)'", at: index - 1)
        }
      default:
        guard scalar.value >= 0x20 else {
          throw error("control character in a string", at: index - 1)
        }
        result.append(scalar)
      }
    }
  }

  mutating func hex4() throws(JSONParseError) -> UInt32 {
    guard index + 4 <= scalars.count else { throw error("expected four hexadecimal digits") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let digit = Int(String(scalars[index]), radix: 16) else {
        throw error("expected four hexadecimal digits")
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
      while index < scalars.count, ("0"..."9").contains(scalars[index]) { index += 1 }
      return index - begin
    }
    if scalars[index] == "-" { index += 1 }
    guard index < scalars.count else { throw error("invalid number") }
    if scalars[index] == "0" {
      index += 1
    } else if digits() == 0 {
      throw error("invalid number", at: start)
    }
    if index < scalars.count, scalars[index] == "." {
      index += 1
      guard digits() > 0 else { throw error("invalid number: expected a digit after '.'") }
    }
    if index < scalars.count, scalars[index] == "e" || scalars[index] == "E" {
      index += 1
      if index < scalars.count, scalars[index] == "+" || scalars[index] == "-" { index += 1 }
      guard digits() > 0 else { throw error("invalid number: expected a digit in the exponent") }
    }
    var text = ""
    text.unicodeScalars.append(contentsOf: scalars[start..<index])
    guard let value = Double(text), value.isFinite else {
      throw error("number out of range", at: start)
    }
    return value
  }
}
