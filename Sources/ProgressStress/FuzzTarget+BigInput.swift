//===----------------------------------------------------------------------===//
// ProgressStress: big and wide inputs — objects of many members, long
// arrays, nesting near the limit, huge numbers, long strings, scenarios of
// many events and samples, long traces — each read within a time budget
// linear in its size, so that a quadratic reader is a crash, not a finding
// left to a person.
//===----------------------------------------------------------------------===//

import ProgressTrace

extension FuzzTarget {
  /// Big and wide inputs, each read within a time budget linear in its size.
  ///
  /// The first byte picks a shape, the next two its
  /// size (up to 262,140 members, elements or events), the rest the content; the text built is
  /// read by the JSON reader, the scenario reader, the trace player and
  /// the conformance check. Each must answer as its contract says (a
  /// value, or the typed error for a repeated name, a nesting past 512,
  /// a number out of range, more than 1,000,000 samples) and within a
  /// budget of time linear in the work: 0.25 s, plus 3 µs a byte of text,
  /// plus 100 µs a trace line played (a reader that is quadratic in members
  /// took 6 s for 0.87 MB), in a release build.
  ///
  /// - Parameters:
  ///   - bytes: The input.
  ///   - budgetFactor: Multiplies the time budget: 1 for the fuzzer's
  ///     release build; the tests' debug and sanitizer builds pass more.
  public static func bigInput(_ bytes: UnsafeRawBufferPointer, budgetFactor: Double = 1) {
    guard bytes.count >= 3 else { return }
    let shape = bytes[0] % 8
    let size = Int(bytes[1]) << 8 | Int(bytes[2])
    var content = Array(bytes.dropFirst(3))
    if content.isEmpty { content = [0] }
    var generator = BigInputGenerator(content: content)
    let (text, expectation) = generator.build(shape: shape, size: size)
    let clock = ContinuousClock()
    let start = clock.now
    expectation.check(text)
    let taken = start.duration(to: clock.now) / .seconds(1)
    let budget =
      budgetFactor * (0.25 + 3e-6 * Double(text.utf8.count) + 1e-4 * Double(expectation.lines))
    guard taken <= budget else {
      fatalError(
        "shape \(shape), \(text.utf8.count) bytes: \(taken) s, over the budget of \(budget) s")
    }
  }
}

/// What reading a generated text must give.
enum BigInputExpectation {
  /// JSON that parses.
  case json
  /// JSON the reader rejects with a message containing the text.
  case jsonError(String)
  /// A scenario that reads, and whose trace (at most `lines` lines of it)
  /// the check finds conformant.
  case scenario(lines: Int)
  /// A scenario the reader rejects with a message containing the text.
  case scenarioError(String)

  /// The most trace lines played.
  var lines: Int {
    if case .scenario(let lines) = self { return lines }
    return 0
  }

  func check(_ text: String) {
    switch self {
    case .json:
      do {
        _ = try JSONValue(parsing: text)
      } catch {
        fatalError("valid JSON of \(text.utf8.count) bytes rejected: \(error)")
      }
    case .jsonError(let expected):
      do {
        _ = try JSONValue(parsing: text)
        fatalError("invalid JSON of \(text.utf8.count) bytes accepted; expected \(expected)")
      } catch {
        guard error.message.contains(expected) else {
          fatalError("expected an error about \(expected), got \(error)")
        }
      }
    case .scenario(let limit):
      let scenario: TraceScenario
      do {
        scenario = try TraceScenario(json: text)
      } catch {
        fatalError("a valid scenario of \(text.utf8.count) bytes rejected: \(error)")
      }
      var lines: [String] = []
      do {
        try scenario.forEachTraceLine { line in
          lines.append(line.serialized())
          return lines.count < limit
        }
      } catch {
        fatalError("the scenario did not play: \(error)")
      }
      // A whole trace (not one stopped at the limit) checks conformant
      // against itself, line by line, within the same budget.
      guard lines.count < limit else { return }
      var index = 0
      do {
        let report = try TraceCheck.check(
          scenario: scenario,
          nextLine: { () -> Substring? in
            defer { index += 1 }
            return index < lines.count ? lines[index][...] : nil
          }, maximumKept: 5)
        guard report.isConformant else {
          fatalError("a reference trace does not check conformant: \(report.divergences)")
        }
      } catch {
        fatalError("the check could not read the reference's own lines: \(error)")
      }
    case .scenarioError(let expected):
      do {
        _ = try TraceScenario(json: text)
        fatalError("an invalid scenario was accepted; expected \(expected)")
      } catch {
        guard error.description.contains(expected) else {
          fatalError("expected an error about \(expected), got \(error)")
        }
      }
    }
  }
}

/// Builds big texts from a few bytes.
struct BigInputGenerator {
  let content: [UInt8]
  var position = 0

  init(content: [UInt8]) {
    self.content = content
  }

  mutating func next() -> UInt8 {
    defer { position = (position + 1) % content.count }
    return content[position]
  }

  /// A short name from the content, made unique by its index.
  mutating func name(_ index: Int) -> String {
    let letters = Array("abcdefghijklmnopqrstuvwxyz\u{E9}\u{1F680}")
    return String(letters[Int(next()) % letters.count]) + String(index)
  }

  /// A number from the content: small, huge or tiny.
  mutating func number() -> String {
    let byte = next()
    switch byte % 4 {
    case 0: return String(Int(byte) - 128)
    case 1: return "1e\(Int(byte % 100) + 208)"  // up to 1e307
    case 2: return "-\(Int(byte) + 1).5e-\(Int(byte % 50) + 250)"
    default: return "0.\(byte)\(byte)"
    }
  }

  mutating func build(shape: UInt8, size: Int) -> (String, BigInputExpectation) {
    // Sizes up to 65,535 units, each a handful of bytes, at most 2 MiB.
    let count = max(size, 1) * 4
    switch shape {
    case 0:  // a wide object, perhaps with a repeated name at the end
      var members = (0..<count).map { "\"\(name($0))\":\(number())" }
      let repeats = next() % 2 == 0
      if repeats, let first = members.first {
        members.append(first)
      }
      let text = "{" + members.joined(separator: ",") + "}"
      return (text, repeats ? .jsonError("duplicate member") : .json)
    case 1:  // a long array of numbers and strings
      let items = (0..<count).map { $0 % 3 == 0 ? "\"\(name($0))\"" : number() }
      return ("[" + items.joined(separator: ",") + "]", .json)
    case 2:  // nesting at or just past the limit
      let depth = 500 + Int(next() % 20)
      let open = next() % 2 == 0 ? "[" : "{\"a\":"
      let close = open == "[" ? "]" : "}"
      let text =
        String(repeating: open, count: depth) + "0" + String(repeating: close, count: depth)
      return (text, depth > 512 ? .jsonError("nested more than 512 deep") : .json)
    case 3:  // huge and out-of-range numbers
      let numbers = (0..<count).map { _ in number() }
      let outOfRange = next() % 2 == 0
      let text = "[" + numbers.joined(separator: ",") + (outOfRange ? ",1e309" : "") + "]"
      return (text, outOfRange ? .jsonError("number out of range") : .json)
    case 4:  // one long string with escapes
      var text = "\""
      for index in 0..<count * 4 {
        let byte = next()
        text += byte % 7 == 0 ? "\\u00e9" : byte % 5 == 0 ? "\\n" : String(name(index).prefix(1))
      }
      return (text + "\"", .json)
    case 5:  // a scenario of many events
      let events = (0..<count).map { index in
        #"{"at":\#(Double(index) / 1000),"type":"setProgress","value":\#(Double(next()) / 255),"animated":\#(next() % 2 == 0)}"#
      }
      let text =
        #"{"version":1,"configuration":{"variant":"linear"},"events":["#
        + events.joined(separator: ",") + #"],"sample":{"from":0,"to":1,"every":0.25}}"#
      return (text, .scenario(lines: 2_000))
    case 6:  // a long list of sample times, perhaps past the cap
      let past = next() % 4 == 0
      let times = past ? TraceScenario.maximumSamples + 1 : count
      let list = (0..<times).map { String($0) }.joined(separator: ",")
      let text =
        #"{"configuration":{},"events":[],"sample":{"at":["# + list + "]}}"
      return (text, past ? .scenarioError("at most 1000000") : .scenario(lines: 2_000))
    default:  // a grid of samples asking for far too many, or many
      let every = ["1", "1e-300", "5e-324", "0.001"][Int(next() % 4)]
      let to = ["1e300", "9.3e18", "1e308", "999"][Int(next() % 4)]
      let text =
        #"{"configuration":{},"events":[],"sample":{"from":0,"to":\#(to),"every":\#(every)}}"#
      let asks = (Double(to) ?? 0) / (Double(every) ?? 1)
      return (text, asks > 1e6 ? .scenarioError("at most 1000000") : .scenario(lines: 5_000))
    }
  }
}
