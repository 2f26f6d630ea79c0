//===----------------------------------------------------------------------===//
// BackendTests: big, wide and extreme scenarios and traces — typed errors,
// linear time, streamed output (issue 14).
//===----------------------------------------------------------------------===//

import ProgressIndicator
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
    let (whole, atto) = start.duration(to: clock.now).components
    return Double(whole) + Double(atto) * 1e-18
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
}
