//===----------------------------------------------------------------------===//
// TimelineTests: reading and writing CSS easing text (spec TL-10).
//===----------------------------------------------------------------------===//

import Foundation
import ProgressTestingCore
import Testing
import Timeline

@Suite("Easing text")
struct EasingTextTests {
  @Test("TL-10 keywords and functions read as the spec defines them")
  func reading() throws {
    #expect(try Easing(cssText: "linear") == .linear)
    #expect(try Easing(cssText: "ease") == .ease)
    #expect(try Easing(cssText: "  EASE-IN-OUT ") == .easeInOut)
    #expect(
      try Easing(cssText: "ease-in") == .cubicBezier(CubicBezier(x1: 0.42, y1: 0, x2: 1, y2: 1)))
    #expect(
      try Easing(cssText: "ease-out") == .cubicBezier(CubicBezier(x1: 0, y1: 0, x2: 0.58, y2: 1)))
    #expect(
      try Easing(cssText: "cubic-bezier(0.4, 0, 0.2, 1)")
        == .cubicBezier(CubicBezier(x1: 0.4, y1: 0, x2: 0.2, y2: 1)))
    #expect(
      try Easing(cssText: "cubic-bezier(0,1.5,1,1.5)")
        == .cubicBezier(CubicBezier(x1: 0, y1: 1.5, x2: 1, y2: 1.5)))
    #expect(
      try Easing(cssText: "cubic-bezier(.5, -1e1, 0.5, 2E-1)")
        == .cubicBezier(CubicBezier(x1: 0.5, y1: -10, x2: 0.5, y2: 0.2)))
    #expect(try Easing(cssText: "steps(4, jump-end)") == .steps(StepEasing(count: 4)))
    #expect(try Easing(cssText: "steps(4)") == .steps(StepEasing(count: 4)))
    #expect(
      try Easing(cssText: "steps(2, start)") == .steps(StepEasing(count: 2, position: .jumpStart)))
    #expect(try Easing(cssText: "step-start") == .steps(StepEasing(count: 1, position: .jumpStart)))
    #expect(try Easing(cssText: "step-end") == .steps(StepEasing(count: 1, position: .jumpEnd)))
    #expect(try Easing(cssText: "linear(0, 0.25 50%, 1)").value(at: 0.25) == 0.125)
  }

  @Test("TL-10 the canonical text, as CSS serialises it")
  func writing() throws {
    #expect(Easing.linear.cssText == "linear")
    #expect(Easing.ease.cssText == "ease")
    #expect(Easing.easeInOut.cssText == "ease-in-out")
    #expect(
      Easing.cubicBezier(try CubicBezier(x1: 0.4, y1: 0, x2: 0.2, y2: 1)).cssText
        == "cubic-bezier(0.4, 0, 0.2, 1)")
    #expect(try Easing(cssText: "step-start").cssText == "steps(1, start)")
    #expect(try Easing(cssText: "step-end").cssText == "steps(1)")
    #expect(try Easing(cssText: "steps(2, end)").cssText == "steps(2)")
    #expect(try Easing(cssText: "steps(3, jump-both)").cssText == "steps(3, jump-both)")
    #expect(try Easing(cssText: "linear(0, 0.25, 1)").cssText == "linear(0 0%, 0.25 50%, 1 100%)")
    #expect(
      try Easing(cssText: "linear(0 20%, 0.5 10%, 1)").cssText == "linear(0 20%, 0.5 20%, 1 100%)")
  }

  @Test("TL-10 TL-9 a spring, which has no CSS form, writes as linear() samples of its curve")
  func springText() throws {
    let spring = try Spring(mass: 1, stiffness: 180, damping: 12, initialVelocity: -2)
    let text = Easing.spring(spring).cssText
    #expect(text.hasPrefix("linear(0, ") && text.hasSuffix(", 1)"), "\(text)")
    // Read back: 40 samples at k/40 of the settling time, each exact (the
    // shortest text of a number reads back to it), then the target, 1.
    guard case .piecewiseLinear(let curve) = try Easing(cssText: text) else {
      Issue.record("\(text) is not linear()")
      return
    }
    #expect(curve.points.count == 41)
    for (index, point) in curve.points.enumerated() {
      let expected =
        index == 40 ? 1 : spring.position(at: Double(index) / 40 * spring.settlingDuration)
      #expect(point.output == expected, "sample \(index)")
      #expect(abs(point.inputPercent - Double(index) * 2.5) < 1e-9, "sample \(index)")
    }
  }

  /// The cases of web-platform-tests' css-easing
  /// step-timing-functions-syntax.html (and the steps cases of
  /// web-animations' effect-easing tests): the text and how it serialises.
  static let wptValidSteps: [(String, String)] = [
    ("step-start", "steps(1, start)"), ("step-end", "steps(1)"),
    ("steps(1, start)", "steps(1, start)"), ("steps(1, end)", "steps(1)"),
    ("steps(1, jump-start)", "steps(1, jump-start)"), ("steps(1, jump-end)", "steps(1)"),
    ("steps(1, jump-both)", "steps(1, jump-both)"), ("steps(2, jump-none)", "steps(2, jump-none)"),
    ("steps(2, start)", "steps(2, start)"), ("steps(2, end)", "steps(2)"),
    ("steps(4, start)", "steps(4, start)"), ("steps(1)", "steps(1)"),
  ]
  static let wptInvalidSteps = [
    "steps(0, start)", "steps(0, end)", "steps(0, jump-start)", "steps(0, jump-end)",
    "steps(0, jump-both)", "steps(1, jump-none)",
  ]

  @Test("TL-10 steps() keeps the keyword written: web-platform-tests' syntax and serialisation")
  func stepKeywords() throws {
    for (text, serialized) in Self.wptValidSteps {
      let easing = try Easing(cssText: text)
      #expect(easing.cssText == serialized, "\(text)")
      // The written form reads back to itself, and to an equal easing.
      #expect(try Easing(cssText: serialized).cssText == serialized, "\(text)")
      #expect(try Easing(cssText: serialized) == easing, "\(text)")
    }
    for text in Self.wptInvalidSteps {
      #expect(throws: EasingParseError.self, "\(text)") { try Easing(cssText: text) }
    }
    // start and jump-start: equal, the same hash, the same values; printed apart.
    let short = try StepEasing(count: 4, position: .jumpStart, spelling: .short)
    let jump = try StepEasing(count: 4, position: .jumpStart)
    #expect(short == jump && short.hashValue == jump.hashValue)
    #expect(Set([Easing.steps(short), .steps(jump)]).count == 1)
    for input in stride(from: -0.5, through: 1.5, by: 0.125) {
      #expect(short.value(at: input) == jump.value(at: input))
    }
    #expect(Easing.steps(short).cssText == "steps(4, start)")
    #expect(Easing.steps(jump).cssText == "steps(4, jump-start)")
    // No short keyword for none and both: the spelling is ignored.
    #expect(try StepEasing(count: 2, position: .jumpNone, spelling: .short).spelling == .jump)
  }

  @Test("TL-10 RL-3 a snapshot keeps the keyword written, and rejects one that does not fit")
  func stepKeywordsCoded() throws {
    let easing = try Easing(cssText: "steps(3, start)")
    let data = try JSONEncoder().encode(easing)
    let decoded = try JSONDecoder().decode(Easing.self, from: data)
    #expect(decoded.cssText == "steps(3, start)")
    let wrong = Data(
      #"{"type": "steps", "count": 3, "position": "jump-both", "keyword": "start"}"#.utf8)
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(Easing.self, from: wrong) }
  }

  @Test("TL-10 text read back from the written text gives an equal easing (random easings)")
  func roundTrip() throws {
    var random = ReplayableRandom(seed: 42)
    func unit() -> Double { random.unitDouble() }
    for _ in 0..<500 {
      let easing: Easing
      switch Int(unit() * 3) {
      case 0:
        easing = .cubicBezier(
          try CubicBezier(x1: unit(), y1: unit() * 4 - 2, x2: unit(), y2: unit() * 4 - 2))
      case 1:
        let position = StepEasing.Position.allCases[Int(unit() * 4)]
        easing = .steps(try StepEasing(count: 2 + Int(unit() * 10), position: position))
      default:
        let stops = (0..<(2 + Int(unit() * 6))).map { _ in
          PiecewiseLinearEasing.Stop(
            output: unit() * 2 - 0.5, inputs: unit() < 0.5 ? [] : [unit() * 120 - 10])
        }
        easing = .piecewiseLinear(try PiecewiseLinearEasing(stops: stops))
      }
      #expect(try Easing(cssText: easing.cssText) == easing, "\(easing.cssText)")
    }
  }

  @Test(
    "TL-10 bad text says what is wrong and where",
    arguments: [
      ("", 0, "expected an easing, found the end of the text"),
      ("test", 0, "unknown easing 'test'"),
      ("cubic-bezier(1.1, 0, 1, 1)", 13, "x1 must be in [0, 1], got 1.1"),
      ("cubic-bezier(0.4, 0, 2, 1)", 21, "x2 must be in [0, 1], got 2"),
      ("cubic-bezier(0.4, 0, 0.2)", 24, "expected ',', found ')'"),
      ("cubic-bezier(0.4, 0, 0.2, 1", 27, "expected ')', found the end of the text"),
      ("cubic-bezier(0.4, a, 0.2, 1)", 18, "expected a number, found 'a'"),
      ("steps(0)", 6, "steps() with jump-end needs at least 1 step(s), got 0"),
      ("steps(1, jump-none)", 6, "steps() with jump-none needs at least 2 step(s), got 1"),
      ("steps(1.5)", 6, "the number of steps must be a whole number"),
      ("steps(2, sideways)", 9, "unknown step position 'sideways'"),
      ("bounce(1)", 0, "unknown easing function 'bounce('"),
      ("ease ease", 5, "unexpected 'e' after the easing"),
    ])
  func errors(text: String, offset: Int, message: String) {
    expectError(reading: text, at: offset, message: message)
  }

  /// Expects the reader to refuse `text` with `message` at code point
  /// `offset` (column `offset + 1` in the description).
  func expectError(
    reading text: String, at offset: Int, message: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    do {
      let easing = try Easing(cssText: text)
      Issue.record("'\(text)' was read as \(easing)", sourceLocation: sourceLocation)
    } catch {
      #expect(error.offset == offset, "'\(text)'", sourceLocation: sourceLocation)
      #expect(error.message == message, "'\(text)'", sourceLocation: sourceLocation)
      #expect(
        error.description == "column \(offset + 1): \(message)", sourceLocation: sourceLocation)
    }
  }

  @Test(
    "RL-9 the reader's messages quote the text with its control characters escaped, and at most 200 scalars of it"
  )
  func escapedMessages() {
    // What an error quotes is written as `\u{…}`: printed, it neither
    // breaks its line nor moves the cursor or clears the screen.
    expectError(reading: "ease\u{1B}[2J", at: 4, message: "unexpected '\\u{1B}' after the easing")
    expectError(
      reading: "steps(2, jump-\u{85}\u{9B}2J)", at: 9,
      message: "unknown step position 'jump-\\u{85}\\u{9B}2j'")
    expectError(reading: "ease\u{9B}in", at: 0, message: "unknown easing 'ease\\u{9B}in'")
    // A name of 10,000 scalars is quoted by its first 200.
    let long = String(repeating: "e", count: 10_000)
    expectError(
      reading: long, at: 0,
      message: "unknown easing '" + String(repeating: "e", count: 200) + "…'")
  }

  @Test("TL-10 the text is read by code points, as CSS reads it: spaces, names and columns")
  func codePoints() throws {
    // CR LF is two spaces (as one Character it was no space at all).
    #expect(
      try Easing(cssText: "cubic-bezier(0.4,\r\n0, 0.2, 1)")
        == .cubicBezier(CubicBezier(x1: 0.4, y1: 0, x2: 0.2, y2: 1)))
    #expect(try Easing(cssText: "\r\nease-in\r\n") == .easeIn)
    for (text, offset, message) in [
      // Columns count code points: CR LF is two.
      ("ease\r\n x", 7, "unexpected 'x' after the easing"),
      ("steps(2,\r\n\r\n)", 12, "expected a step position"),
      // A name is made of CSS's ident code points: `_` and every code point
      // from U+0080 are part of it.
      ("ease_in", 0, "unknown easing 'ease_in'"),
      ("ease\u{2192}", 0, "unknown easing 'ease\u{2192}'"),
      ("ease\u{A0}", 0, "unknown easing 'ease\u{A0}'"),
      // Only ASCII letters are case-insensitive: others stay as written.
      ("\u{C9}ASE", 0, "unknown easing '\u{C9}ase'"),
      ("STEPS(2, JUMP-\u{C9})", 9, "unknown step position 'jump-\u{C9}'"),
      // A combining mark is a code point of its own.
      ("ease \u{301}", 5, "unexpected '\u{301}' after the easing"),
    ] {
      expectError(reading: text, at: offset, message: message)
    }
  }
}
