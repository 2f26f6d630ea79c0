//===----------------------------------------------------------------------===//
// Timeline: reading and writing easings as CSS text (spec TL-10).
//===----------------------------------------------------------------------===//

/// An error in the CSS text of an easing: what was wrong and where.
///
/// ```swift
/// do { _ = try Easing(cssText: "cubic-bezier(0.4, 0, 2, 1)") } catch {
///   print(error)  // column 20: x2 must be in [0, 1], got 2
/// }
/// ```
public struct EasingParseError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The offset of the problem in the text, in Unicode scalars from 0 (CSS
  /// reads text as code points).
  public var offset: Int { storage.value.offset }
  /// What was wrong.
  public var message: String { storage.value.message }

  /// The offset and the message, in one reference: the error is thrown up
  /// through the reader's calls.
  private let storage: Boxed<Fields>

  private struct Fields: Hashable, Sendable {
    let offset: Int
    let message: String
  }

  init(offset: Int, message: String) {
    storage = Boxed(Fields(offset: offset, message: message))
  }

  /// `column N: message`, with columns counted from 1.
  public var description: String { "column \(offset + 1): \(message)" }
}

extension Easing {
  /// Reads an easing from its CSS text.
  ///
  /// Accepts the keywords `linear`, `ease`, `ease-in`, `ease-out`,
  /// `ease-in-out`, `step-start`, `step-end`, and the functions
  /// `cubic-bezier(x1, y1, x2, y2)`, `steps(n[, position])` (positions
  /// `jump-start`, `jump-end`, `jump-none`, `jump-both`, `start`, `end`) and
  /// `linear(stop, …)` where a stop is a number with up to two percentages,
  /// in either order. The text is read as CSS reads it, by code points: a
  /// name is made of CSS's ident code points (ASCII letters, digits, `-`,
  /// `_` and every code point from U+0080), and keywords are ASCII
  /// case-insensitive.
  ///
  /// - Parameter cssText: The text, such as `"cubic-bezier(0.4, 0, 0.2, 1)"`.
  /// - Throws: ``EasingParseError`` saying what is wrong and where.
  /// - Complexity: O(n) in the length of the text.
  public init(cssText: String) throws(EasingParseError) {
    var parser = EasingParser(text: cssText)
    self = try parser.parseEasing()
  }

  /// The canonical CSS text of the easing.
  ///
  /// Named cubic curves print as their keyword, `steps` omits the default
  /// `jump-end` (so `step-end` prints `steps(1)`, as CSS serialises it) and
  /// keeps the start keyword as written (`step-start` prints
  /// `steps(1, start)`, `steps(2, jump-start)` stays), and
  /// `linear()` prints every point with its input. Numbers are printed
  /// exactly, so reading the text back gives an equal easing. A spring has
  /// no CSS form and prints as `linear()` samples of its curve.
  public var cssText: String {
    switch self {
    case .linear:
      return "linear"
    case .cubicBezier(let curve):
      switch curve {
      case .ease: return "ease"
      case .easeIn: return "ease-in"
      case .easeOut: return "ease-out"
      case .easeInOut: return "ease-in-out"
      default:
        // Written into one text by one helper, number by number (the
        // module's smallest form; the same text as mapping and joining).
        var text = "cubic-bezier("
        for (index, number) in [curve.x1, curve.y1, curve.x2, curve.y2].enumerated() {
          Self.append(number, after: index == 0 ? "" : ", ", to: &text)
        }
        return text + ")"
      }
    case .steps(let steps):
      if steps.position == .jumpEnd { return "steps(\(steps.count))" }
      return "steps(\(steps.count), \(steps.positionKeyword))"
    case .piecewiseLinear(let curve):
      var text = "linear("
      for (index, point) in curve.points.enumerated() {
        Self.append(point.output, after: index == 0 ? "" : ", ", to: &text)
        Self.append(point.inputPercent, after: " ", to: &text)
        text += "%"
      }
      return text + ")"
    case .spring(let spring):
      // Samples at 0, 1/40, …, 39/40 of the settling time, then the end, 1.
      var text = "linear("
      for index in 0..<40 {
        let input = Double(index) / 40
        Self.append(
          spring.position(at: input * spring.settlingDuration), after: index == 0 ? "" : ", ",
          to: &text)
      }
      return text + ", 1)"
    }
  }

  /// Appends a separator and a number as CSS (``format(_:)``) to a text.
  @inline(never)
  static func append(_ value: Double, after separator: String, to text: inout String) {
    text += separator
    text += format(value)
  }

  /// Formats a number as CSS: the shortest text that reads back exactly,
  /// without a trailing `.0`.
  static func format(_ value: Double) -> String {
    if value == 0 { return "0" }
    var text = "\(value)"
    return text.withUTF8 { bytes in
      guard bytes.count > 2, bytes[bytes.count - 2] == UInt8(ascii: "."),
        bytes[bytes.count - 1] == UInt8(ascii: "0")
      else { return nil }
      return String(decoding: UnsafeBufferPointer(rebasing: bytes.dropLast(2)), as: UTF8.self)
    } ?? text
  }
}

/// A recursive-descent reader for the CSS easing grammar, over the text's
/// Unicode scalars: CSS reads text as code points, and an error's offset
/// counts them.
struct EasingParser {
  let scalars: [Unicode.Scalar]
  var position = 0

  init(text: String) {
    var scalars: [Unicode.Scalar] = []
    for scalar in text.unicodeScalars { scalars.append(scalar) }
    self.scalars = scalars
  }

  mutating func parseEasing() throws(EasingParseError) -> Easing {
    skipSpaces()
    let start = position
    let name = readIdentifier()
    guard !name.isEmpty else {
      throw error(
        at: start,
        atEnd() ? "expected an easing, found the end of the text" : "expected an easing name")
    }
    let easing: Easing
    skipSpaces()
    if peek() == "(" {
      position += 1
      switch ExactText(name) {
      case "cubic-bezier": easing = try parseCubicBezier(at: start)
      case "steps": easing = try parseSteps()
      case "linear": easing = try parseLinear(at: start)
      default: throw error(at: start, "unknown easing function '\(MessageText.escaped(name))('")
      }
    } else {
      switch ExactText(name) {
      case "linear": easing = .linear
      case "ease": easing = .ease
      case "ease-in": easing = .easeIn
      case "ease-out": easing = .easeOut
      case "ease-in-out": easing = .easeInOut
      // CSS Easing: step-start is steps(1, start), step-end steps(1, end).
      case "step-start":
        easing = .steps(StepEasing(uncheckedCount: 1, position: .jumpStart, spelling: .short))
      case "step-end":
        easing = .steps(StepEasing(uncheckedCount: 1, position: .jumpEnd, spelling: .short))
      default: throw error(at: start, "unknown easing '\(MessageText.escaped(name))'")
      }
    }
    skipSpaces()
    guard atEnd() else {
      throw error(at: position, "unexpected \(found()) after the easing")
    }
    return easing
  }

  private mutating func parseCubicBezier(at start: Int) throws(EasingParseError) -> Easing {
    var numbers: [Double] = []
    // Where x1 and x2 start (two offsets, not an array of four: under
    // Embedded Swift this array of Int had growth code of its own).
    var xOffsets = (0, 0)
    for index in 0..<4 {
      if index > 0 { try expect(",") }
      skipSpaces()
      if index == 0 { xOffsets.0 = position }
      if index == 2 { xOffsets.1 = position }
      numbers.append(try readNumber())
      skipSpaces()
    }
    try expect(")")
    for (index, name) in [(0, "x1"), (2, "x2")] where !(0...1).contains(numbers[index]) {
      throw error(
        at: index == 0 ? xOffsets.0 : xOffsets.1,
        "\(name) must be in [0, 1], got \(Easing.format(numbers[index]))")
    }
    do {
      return .cubicBezier(
        try CubicBezier(x1: numbers[0], y1: numbers[1], x2: numbers[2], y2: numbers[3]))
    } catch {
      throw self.error(at: start, "invalid cubic-bezier()")
    }
  }

  private mutating func parseSteps() throws(EasingParseError) -> Easing {
    skipSpaces()
    let countOffset = position
    let number = try readNumber()
    guard number == number.rounded(), abs(number) < 1e9 else {
      throw error(at: countOffset, "the number of steps must be a whole number")
    }
    skipSpaces()
    var stepPosition = StepEasing.Position.jumpEnd
    var spelling = StepEasing.Spelling.jump
    var positionOffset = position
    if peek() == "," {
      position += 1
      skipSpaces()
      positionOffset = position
      let word = readIdentifier()
      switch ExactText(word) {
      case "jump-start": stepPosition = .jumpStart
      case "jump-end": stepPosition = .jumpEnd
      case "start": (stepPosition, spelling) = (.jumpStart, .short)
      case "end": (stepPosition, spelling) = (.jumpEnd, .short)
      case "jump-none": stepPosition = .jumpNone
      case "jump-both": stepPosition = .jumpBoth
      case "": throw error(at: positionOffset, "expected a step position")
      default:
        throw error(at: positionOffset, "unknown step position '\(MessageText.escaped(word))'")
      }
      skipSpaces()
    }
    try expect(")")
    do {
      return .steps(try StepEasing(count: Int(number), position: stepPosition, spelling: spelling))
    } catch {
      let minimum = stepPosition == .jumpNone ? 2 : 1
      throw self.error(
        at: countOffset,
        "steps() with \(stepPosition.rawValue) needs at least \(minimum) step(s), got \(Int(number))"
      )
    }
  }

  private mutating func parseLinear(at start: Int) throws(EasingParseError) -> Easing {
    var stops: [PiecewiseLinearEasing.Stop] = []
    while true {
      skipSpaces()
      let stopOffset = position
      var output: Double?
      var inputs: [Double] = []
      var outputFollowsInputs = false
      // A stop is a number and up to two adjacent percentages, in either
      // order: "N", "N P", "N P P", "P N" or "P P N".
      while let next = peek(), next != ",", next != ")" {
        let offset = position
        let number = try readNumber()
        if peek() == "%" {
          position += 1
          guard inputs.count < 2 else {
            throw error(at: offset, "a stop has at most two percentages")
          }
          guard !outputFollowsInputs else {
            throw error(at: offset, "a stop's percentages must be next to each other")
          }
          inputs.append(number)
        } else {
          guard output == nil else { throw error(at: offset, "a stop has one output number") }
          output = number
          outputFollowsInputs = !inputs.isEmpty
        }
        skipSpaces()
      }
      guard let output else {
        throw error(
          at: stopOffset,
          atEnd() ? "unexpected end of the text in linear()" : "a stop needs an output number")
      }
      stops.append(PiecewiseLinearEasing.Stop(output: output, inputs: inputs))
      if peek() == "," {
        position += 1
        continue
      }
      try expect(")")
      break
    }
    do {
      return .piecewiseLinear(try PiecewiseLinearEasing(stops: stops))
    } catch {
      throw self.error(at: start, "linear() needs at least two stops")
    }
  }

  // MARK: Lexing

  private func atEnd() -> Bool { position >= scalars.count }

  private func peek() -> Unicode.Scalar? { atEnd() ? nil : scalars[position] }

  /// The scalar at the position in quotes, or "the end of the text".
  private func found() -> String {
    peek().map(Self.quoted) ?? "the end of the text"
  }

  /// A scalar in single quotes.
  private static func quoted(_ scalar: Unicode.Scalar) -> String {
    "'" + MessageText.escaped(String(Character(scalar))) + "'"
  }

  private mutating func skipSpaces() {
    while let next = peek(), next == " " || next == "\t" || next == "\n" || next == "\r" {
      position += 1
    }
  }

  private mutating func expect(_ scalar: Unicode.Scalar) throws(EasingParseError) {
    skipSpaces()
    guard peek() == scalar else {
      throw error(at: position, "expected \(Self.quoted(scalar)), found \(found())")
    }
    position += 1
  }

  /// Reads a name, its ASCII letters lowercased (CSS keywords are ASCII
  /// case-insensitive): CSS's ident code points — ASCII letters, `-`, `_`,
  /// every code point from U+0080, and digits after the first.
  private mutating func readIdentifier() -> String {
    let start = position
    var name = ""
    while let next = peek() {
      let value = next.value
      switch value {
      case 0x41...0x5A:  // A-Z
        name.unicodeScalars.append(Unicode.Scalar(UInt8(value + 0x20)))
      case 0x61...0x7A, 0x2D, 0x5F, 0x80...:  // a-z - _ non-ASCII
        name.unicodeScalars.append(next)
      case 0x30...0x39 where position > start:  // 0-9
        name.unicodeScalars.append(next)
      default:
        return name
      }
      position += 1
    }
    return name
  }

  /// Reads a CSS number: an optional sign, digits with an optional
  /// fraction, and an optional exponent.
  private mutating func readNumber() throws(EasingParseError) -> Double {
    let start = position
    var text: [UInt8] = []
    readSign(into: &text)
    var digits = readDigits(into: &text)
    if peek() == "." {
      text.append(UInt8(ascii: "."))
      position += 1
      digits += readDigits(into: &text)
    }
    guard digits > 0 else {
      position = start
      throw error(at: start, "expected a number, found \(found())")
    }
    if let e = peek(), e == "e" || e == "E" {
      let mark = position
      var exponent = [UInt8(ascii: "e")]
      position += 1
      readSign(into: &exponent)
      if readDigits(into: &exponent) > 0 { text += exponent } else { position = mark }
    }
    let value = text.withUnsafeBufferPointer { Double(decimal: $0) }
    guard let value, value.isFinite else {
      throw error(
        at: start,
        "the number '\(MessageText.escaped(String(decoding: text, as: UTF8.self)))' is out of range"
      )
    }
    return value
  }

  /// Appends an optional `+` or `-`.
  private mutating func readSign(into text: inout [UInt8]) {
    if let sign = peek(), sign == "+" || sign == "-" {
      text.append(UInt8(sign.value))
      position += 1
    }
  }

  /// Appends ASCII digits; returns how many.
  private mutating func readDigits(into text: inout [UInt8]) -> Int {
    var count = 0
    while let next = peek(), ("0"..."9").contains(next) {
      text.append(UInt8(next.value))
      position += 1
      count += 1
    }
    return count
  }

  private func error(at offset: Int, _ message: String) -> EasingParseError {
    EasingParseError(offset: offset, message: message)
  }
}
