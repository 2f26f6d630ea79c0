//===----------------------------------------------------------------------===//
// ConformanceTests: every fixture replayed through the library and through
// the `progress` executable, and its hand-written expectations checked.
//===----------------------------------------------------------------------===//

import CommandLineSupport
import Foundation
import ProgressTrace
import Testing

/// A fixture: a scenario and its expected trace under Tests/Conformance.
struct Fixture: CustomStringConvertible, Sendable {
  var name: String
  var scenarioText: String
  var traceText: String

  var description: String { name }

  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Conformance")

  static let all: [Fixture] = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasSuffix(".scenario.json") }.sorted().map { file in
      let name = String(file.dropLast(".scenario.json".count))
      let scenario =
        (try? String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)) ?? ""
      let trace =
        (try? String(
          contentsOf: directory.appendingPathComponent(name + ".trace.jsonl"), encoding: .utf8))
        ?? ""
      return Fixture(name: name, scenarioText: scenario, traceText: trace)
    }
  }()

  /// The fixture of that name; the calling test fails when there is none.
  static func named(_ name: String) throws -> Fixture {
    try #require(all.first { $0.name == name }, "no fixture \(name)")
  }

  /// The trace with text replaced in one line: the frame sampled at `time`.
  func trace(alteringFrameAt time: String, replacing old: String, with new: String) -> String {
    traceText.split(separator: "\n").map { line in
      line.contains(#""kind":"frame","at":\#(time),"#)
        ? line.replacingOccurrences(of: old, with: new) : String(line)
    }.joined(separator: "\n") + "\n"
  }
}

@Suite("Conformance fixtures")
struct ConformanceFixtureTests {
  @Test("BK-14 there are fixtures, each with its expected trace")
  func present() {
    #expect(Fixture.all.count >= 30)
    for fixture in Fixture.all {
      #expect(!fixture.traceText.isEmpty, "\(fixture.name) has no trace")
    }
  }

  @Test("BK-10 the library reproduces every expected trace exactly", arguments: Fixture.all)
  func library(fixture: Fixture) throws {
    let scenario = try TraceScenario(json: fixture.scenarioText)
    let lines = try scenario.trace()
    #expect(lines.joined(separator: "\n") + "\n" == fixture.traceText)
  }

  @Test("BK-14 the scenario's expectations, written from the spec, hold", arguments: Fixture.all)
  func expectations(fixture: Fixture) throws {
    let scenario = try TraceScenario(json: fixture.scenarioText)
    #expect(!scenario.rules.isEmpty && !scenario.expectations.isEmpty)
    let unmet = scenario.unmetExpectations(in: try TraceCheck.parse(fixture.traceText))
    #expect(unmet.isEmpty, "\(unmet.joined(separator: "\n"))")
  }

  @Test("BK-10 the progress executable reproduces every trace and checks it conformant")
  func executable() throws {
    for fixture in Fixture.all {
      let path = Fixture.directory.appendingPathComponent(fixture.name + ".scenario.json").path
      let trace = try run(["trace", path])
      #expect(trace.status == 0 && trace.output == fixture.traceText, "\(fixture.name)")
      let tracePath = Fixture.directory.appendingPathComponent(fixture.name + ".trace.jsonl").path
      let check = try run(["check", path, tracePath])
      #expect(
        check.status == 0 && check.output.hasPrefix("conformant:"),
        "\(fixture.name): \(check.output)")
    }
  }
}

/// Runs the `progress` executable built next to the tests.
func run(_ arguments: [String], input: String? = nil) throws -> RunResult {
  try Tools.run(Tools.progress, arguments, input: input)
}
