//===----------------------------------------------------------------------===//
// BackendTests: big, wide and extreme scenarios and traces — typed errors,
// linear time, streamed output (issue 14).
//===----------------------------------------------------------------------===//

import ProgressIndicatorKit
import ProgressStateMachine
import ProgressTrace
import Testing

@Suite("Trace inputs at their limits")
struct TraceInputLimitTests {
  static func scenario(sample: String, events: String = "[]") -> String {
    #"{"version": 1, "configuration": {"variant": "linear"}, "events": \#(events), "sample": \#(sample)}"#
  }

  @Test(
    "RL-7 BK-11 a sample grid of more than Int.max samples is a typed error, not a trap",
    arguments: [
      #"{"from": 0, "to": 1e300, "every": 1}"#, #"{"from": 0, "to": 9.3e18, "every": 1}"#,
      #"{"from": 0, "to": 1e308, "every": 5e-324}"#, #"{"from": 0, "to": 1e6, "every": 0.5}"#,
    ])
  func hugeGrid(sample: String) {
    do {
      _ = try TraceScenario(json: Self.scenario(sample: sample))
      Issue.record("accepted \(sample)")
    } catch {
      #expect(error.path == "$.sample.every", "\(error)")
      #expect(error.message.contains("at most 1000000"), "\(error)")
    }
  }

  @Test("RL-7 BK-11 a sample list of more than 1,000,000 times is a typed error, as a grid is")
  func longSampleList() throws {
    let times = (0...TraceScenario.maximumSamples).map { String($0) }.joined(separator: ",")
    do {
      _ = try TraceScenario(json: Self.scenario(sample: #"{"at": [\#(times)]}"#))
      Issue.record("accepted 1,000,001 sample times")
    } catch {
      #expect(error.path == "$.sample.at", "\(error)")
      #expect(error.message.contains("at most 1000000"), "\(error)")
    }
    // The limit itself is accepted.
    let grid = try TraceScenario(
      json: Self.scenario(sample: #"{"from": 0, "to": 999999, "every": 1}"#))
    #expect(grid.sampleTimes.count == TraceScenario.maximumSamples)
  }

  /// Seconds taken by `body`.
  static func seconds(_ body: () throws -> Void) rethrows -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    try body()
    return start.duration(to: clock.now) / .seconds(1)
  }

  static func wideObject(_ count: Int) -> String {
    "{" + (0..<count).map { "\"m\($0)\": \($0)" }.joined(separator: ", ") + "}"
  }

  @Test("RL-7 a JSON object of many members reads in linear time; a repeated name is still found")
  func wideObjectsAreLinear() throws {
    let small = Self.wideObject(20_000)
    let large = Self.wideObject(80_000)
    _ = try JSONValue(parsing: small)  // warm up
    let smallTime = try Self.seconds { _ = try JSONValue(parsing: small) }
    let largeTime = try Self.seconds { _ = try JSONValue(parsing: large) }
    // Four times the members: linear gives about 4 times the time, the old
    // quadratic check 16 times. A fast absolute time passes whatever the ratio.
    #expect(
      largeTime < 0.5 || largeTime < 10 * smallTime,
      "20,000 members: \(smallTime) s, 80,000: \(largeTime) s")
    let repeated = String(large.dropLast()) + #", "m41234": 0}"#
    #expect(throws: JSONParseError.self) { try JSONValue(parsing: repeated) }
    do {
      _ = try JSONValue(parsing: repeated)
    } catch {
      #expect(error.message == "duplicate member 'm41234'")
    }
  }

  static func replacing(_ old: String, with new: String, in text: String) -> String {
    text.split(separator: old, omittingEmptySubsequences: false).joined(separator: new)
  }

  static let small = scenario(
    sample: #"{"from": 0, "to": 1, "every": 0.1}"#,
    events: #"[{"at": 0, "type": "setProgress", "value": 0.5, "animated": true}]"#)

  @Test("BK-13 the check reads CRLF lines and numbers the lines of the file, blank ones counted")
  func checkLineNumbers() throws {
    let scenario = try TraceScenario(json: Self.small)
    var lines = try scenario.trace()
    let crlf = lines.joined(separator: "\r\n") + "\r\n"
    #expect(try TraceCheck.parse(crlf).count == lines.count)
    #expect(try TraceCheck.check(scenario: scenario, trace: crlf).isConformant)
    lines.insert(contentsOf: ["", " ", ""], at: 2)
    lines[7] = Self.replacing(#""progress":0.5"#, with: #""progress":0.7"#, in: lines[7])
    let report = try TraceCheck.check(scenario: scenario, trace: lines.joined(separator: "\n"))
    #expect(report.divergences.map(\.line) == [8])
    lines[7] = "[]"
    do {
      _ = try TraceCheck.parse(lines.joined(separator: "\r\n"))
      Issue.record("a line that is not an object was accepted")
    } catch {
      #expect(error.line == 8 && error.message == "$: expected an object")
    }
  }

  @Test("BK-13 a check keeps the first divergences asked for and counts them all")
  func keptDivergences() throws {
    let scenario = try TraceScenario(json: Self.small)
    let wrong = try scenario.trace().map {
      Self.replacing(#""hidden":false"#, with: #""hidden":true"#, in: $0)
    }
    let all = try TraceCheck.check(scenario: scenario, trace: wrong.joined(separator: "\n"))
    let first = try TraceCheck.check(
      scenario: scenario, trace: wrong.joined(separator: "\n"), maximumKept: 3)
    #expect(all.divergenceCount == 11 && all.divergences.count == 11)
    #expect(first.divergenceCount == 11 && Array(all.divergences.prefix(3)) == first.divergences)
    #expect(!first.isConformant)
  }

  @Test("BK-10 RL-7 the trace is handed out a line at a time, and stops when asked")
  func streamedLines() throws {
    let scenario = try TraceScenario(json: Self.small)
    var streamed: [String] = []
    try scenario.forEachTraceLine { line in
      streamed.append(line.serialized())
      return true
    }
    #expect(streamed == (try scenario.trace()))
    var count = 0
    try scenario.forEachTraceLine { _ in
      count += 1
      return count < 3
    }
    #expect(count == 3)
  }
}

extension TraceInputLimitTests {
  @Test(
    "BK-11 RL-9 integer messages read alike: a fraction, a huge number, a string",
    arguments: [
      ("1e20", "$.version: expected an integer, got 1e+20"),
      ("1.5", "$.version: expected an integer, got 1.5"),
      ("\"1\"", "$.version: expected an integer, got a string"),
      ("-0.5", "$.version: expected an integer, got -0.5"),
    ])
  func integerMessages(version: String, message: String) {
    do {
      _ = try TraceScenario(
        json: #"{"version": \#(version), "configuration": {}, "events": [], "sample": {"at": []}}"#)
      Issue.record("accepted version \(version)")
    } catch {
      #expect(error.description == message)
    }
  }
}

@Suite("Expectations over long traces")
struct ExpectationScaleTests {
  /// A scenario of `count` expectations and the trace lines they match.
  static func example(_ count: Int) throws -> (TraceScenario, [JSONValue]) {
    let expect = (0..<count).map { #"{"at": \#($0), "frame": {"progress": 0}}"# }
    let scenario = try TraceScenario(
      json:
        #"{"configuration": {}, "events": [], "sample": {"at": [0]}, "expect": [\#(expect.joined(separator: ","))]}"#
    )
    let lines = (0..<count).map { index -> JSONValue in
      .object([
        .init("kind", .string("frame")), .init("at", .number(Double(index))),
        .init("progress", .number(0)),
      ])
    }
    return (scenario, lines)
  }

  @Test("RL-7 BK-14 checking n expectations against n trace lines takes O(n log n), not O(n²)")
  func linear() throws {
    let (small, smallLines) = try Self.example(5_000)
    let (large, largeLines) = try Self.example(20_000)
    var unmet: [String] = []
    let smallTime = TraceInputLimitTests.seconds { unmet = small.unmetExpectations(in: smallLines) }
    #expect(unmet.isEmpty)
    let largeTime = TraceInputLimitTests.seconds { unmet = large.unmetExpectations(in: largeLines) }
    #expect(unmet.isEmpty)
    #expect(
      largeTime < 0.5 || largeTime < 10 * smallTime,
      "5,000 expectations: \(smallTime) s, 20,000: \(largeTime) s")
    // Still found: a line at the time with the wrong value, and none at all.
    var wrong = largeLines
    wrong[7] = .object([
      .init("kind", .string("frame")), .init("at", .number(7)), .init("progress", .number(1)),
    ])
    wrong.remove(at: 9)
    let found = large.unmetExpectations(in: wrong)
    #expect(found.count == 2)
    #expect(found.first?.hasPrefix("at 7.0 s, a frame line with") == true, "\(found)")
  }
}
