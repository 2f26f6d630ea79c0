//===----------------------------------------------------------------------===//
// ConformanceTests: `progress check` and TraceCheck catch wrong traces with
// the right rule, and answer invalid input precisely (spec BK-10, BK-11).
//===----------------------------------------------------------------------===//

import CommandLineSupport
import Foundation
import ProgressTrace
import Testing

@Suite("Checking traces")
struct TraceCheckTests {
  @Test("BK-13 PX-4 a percentage shown while indeterminate is caught, naming PX-4")
  func percentageWhileIndeterminate() throws {
    let fixture = try Fixture.named("type-switch")
    let wrong = fixture.trace(
      alteringFrameAt: "0.6", replacing: #""percentageText":null"#, with: #""percentageText":"40%""#
    )
    #expect(wrong != fixture.traceText)
    let report = try TraceCheck.check(
      scenario: try TraceScenario(json: fixture.scenarioText), trace: wrong)
    #expect(report.divergences.count == 1)
    let divergence = try #require(report.divergences.first)
    #expect(divergence.field == "percentageText" && divergence.time == 0.6)
    #expect(divergence.expected == .null && divergence.actual == .string("40%"))
    #expect(divergence.rules.contains("PX-4"))
    // And through the executable: exit status 1, the rule in the report.
    let directory = FileManager.default.temporaryDirectory
    let tracePath = directory.appendingPathComponent("wrong-\(UUID().uuidString).jsonl").path
    try wrong.write(toFile: tracePath, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: tracePath) }
    let scenarioPath = Fixture.directory.appendingPathComponent("type-switch.scenario.json").path
    let result = try run(["check", scenarioPath, tracePath])
    #expect(result.status == 1)
    #expect(
      result.output.contains(#"at 0.6 s: percentageText: expected null, got "40%" (PX-4)"#),
      "\(result.output)")
  }

  @Test("BK-13 TS-1 a progress not reset by a type switch is caught, naming TS-1")
  func progressNotReset() throws {
    let fixture = try Fixture.named("type-switch")
    let wrong = fixture.trace(
      alteringFrameAt: "1", replacing: #""progress":0,"#, with: #""progress":0.4,"#)
    let report = try TraceCheck.check(
      scenario: try TraceScenario(json: fixture.scenarioText), trace: wrong)
    let divergence = try #require(report.divergences.first)
    #expect(divergence.field == "progress" && divergence.time == 1 && divergence.rules == ["TS-1"])
  }

  @Test(
    "BK-13 tolerances: geometry within 0.01 pt and fractions within 1e-6 pass; beyond, they fail")
  func tolerances() throws {
    let fixture = try Fixture.named("animated-progress")
    let scenario = try TraceScenario(json: fixture.scenarioText)
    let reference = try TraceCheck.parse(fixture.traceText)
    func shifted(_ field: String, by delta: Double) -> [JSONValue] {
      reference.map { line in
        guard case .object(var members) = line, line["kind"] == .string("frame") else {
          return line
        }
        if let index = members.firstIndex(where: { $0.name == field }),
          case .number(let value) = members[index].value
        {
          members[index].value = .number(value + delta)
        } else if let index = members.firstIndex(where: { $0.name == "geometry" }),
          case .object(var geometry) = members[index].value,
          let inner = geometry.firstIndex(where: { $0.name == field }),
          case .number(let value) = geometry[inner].value
        {
          geometry[inner].value = .number(value + delta)
          members[index].value = .object(geometry)
        }
        return .object(members)
      }
    }
    func divergences(_ lines: [JSONValue], _ tolerance: TraceCheck.Tolerance = .init()) -> Int {
      TraceCheck.compare(
        expected: reference, actual: lines, rules: scenario.rules, tolerance: tolerance
      )
      .divergences.count
    }
    #expect(divergences(shifted("filledLength", by: 0.005)) == 0)
    #expect(divergences(shifted("filledLength", by: 0.02)) == 4)
    #expect(divergences(shifted("filledLength", by: 0.02), .init(geometry: 0.05)) == 0)
    #expect(divergences(shifted("presentedProgress", by: 5e-7)) == 0)
    #expect(divergences(shifted("presentedProgress", by: 2e-6)) == 4)
  }

  @Test(
    "BK-13 a reference number that is not finite is compared as written, null: a null meets it, a number is reported against null"
  )
  func nonFiniteReference() throws {
    let header = try JSONValue(
      parsing: #"{"kind":"header","format":"progress-trace","version":1}"#)
    func frame(_ progress: JSONValue, offset: JSONValue) -> JSONValue {
      .object([
        .init("kind", .string("frame")), .init("at", .number(1e6)), .init("progress", progress),
        .init(
          "geometry",
          .object([
            .init(
              "wave",
              .object([
                .init("amplitude", .number(3)), .init("wavelength", .number(40)),
                .init("offset", offset),
              ]))
          ])),
      ])
    }
    // The reference as the engine holds it (a NaN offset, issue 40 §1, and an
    // infinite number); the renderer's as its trace is read (null).
    let reference = [header, frame(.number(.infinity), offset: .number(.nan))]
    for comparesAllFields in [false, true] {
      let met = TraceCheck.compare(
        expected: reference, actual: [header, frame(.null, offset: .null)], rules: ["MT-29"],
        comparesAllFields: comparesAllFields)
      #expect(met.divergences.isEmpty, "\(met.divergences.map(\.description))")
    }
    let missed = TraceCheck.compare(
      expected: reference, actual: [header, frame(.number(0.5), offset: .number(0.25))],
      rules: ["MT-29"], comparesAllFields: true)
    #expect(
      missed.divergences.map(\.description) == [
        "line 2, at 1000000 s: progress: expected null, got 0.5 (MT-29)",
        "line 2, at 1000000 s: geometry.wave.offset: expected null, got 0.25 (MT-29)",
      ])
  }

  @Test("BK-13 extra fields are ignored unless asked; a missing line is a divergence")
  func fields() throws {
    let fixture = try Fixture.named("announcements")
    let scenario = try TraceScenario(json: fixture.scenarioText)
    // A renderer that writes no announcements and adds a field of its own.
    let renderer = fixture.traceText.replacingOccurrences(
      of: #""announcements":["50%"]"#, with: #""announcements":[],"mine":1"#)
    #expect(try TraceCheck.check(scenario: scenario, trace: renderer).isConformant)
    let strict = try TraceCheck.check(scenario: scenario, trace: renderer, comparesAllFields: true)
    #expect(strict.divergences.map(\.field) == ["announcements"])
    #expect(strict.divergences.first?.rules.contains("AX-5") == true)
    let short = fixture.traceText.split(separator: "\n").dropLast().joined(separator: "\n")
    let missing = try TraceCheck.check(scenario: scenario, trace: short)
    #expect(
      missing.divergences.map(\.field) == ["line"] && missing.divergences.first?.actual == nil)
  }

  @Test(
    "BK-11 BK-13 progress check answers every invalid input with its message and status 2",
    arguments: [
      ("{\"kind\":\"header\"", "line 1: malformed JSON"),
      ("{\"kind\":\"frame\",\"at\":0}", "line 1: expected the header"),
      (
        "{\"kind\":\"header\",\"format\":\"progress-trace\",\"version\":2}",
        "line 1: $.version: unsupported trace version"
      ),
      (
        "{\"kind\":\"header\",\"format\":\"progress-trace\",\"version\":1}\n{\"kind\":\"tick\",\"at\":0}",
        "line 2: $.kind: expected \"event\" or \"frame\""
      ),
      (
        "{\"kind\":\"header\",\"format\":\"progress-trace\",\"version\":1}\n{\"kind\":\"frame\",\"at\":\"0\"}",
        "line 2: $.at: expected a number"
      ),
      ("", "line 1: empty trace"),
    ])
  func invalidTrace(trace: String, message: String) throws {
    let scenario = Fixture.directory.appendingPathComponent("defaults.scenario.json").path
    let result = try run(["check", scenario, "-"], input: trace)
    #expect(result.status == 2)
    #expect(result.error.hasPrefix("progress check: -: " + message), "\(result.error)")
  }

  @Test("BK-11 BK-13 progress check: an invalid scenario or a missing file is status 2")
  func invalidScenario() throws {
    let trace = Fixture.directory.appendingPathComponent("defaults.trace.jsonl").path
    let bad = try run(
      ["check", "-", trace],
      input: #"{"configuration": {"size": "huge"}, "events": [], "sample": {"at": []}}"#)
    #expect(
      bad.status == 2
        && bad.error.hasPrefix("progress check: -: $.configuration.size: a linear size is"),
      "\(bad.error)")
    let missing = try run(["check", "/nonexistent.json", trace])
    #expect(missing.status == 2 && missing.error.contains("No such file"))
    let usage = try run(["check", "only-one.json"])
    #expect(usage.status == 2 && usage.error.hasPrefix("progress check: missing TRACE.jsonl"))
  }
}
