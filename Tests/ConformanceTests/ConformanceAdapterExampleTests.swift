//===----------------------------------------------------------------------===//
// ConformanceTests: what Docs/conformance.md shows holds — its adapter runs,
// its feature table is the runner's, its counts are the suite's, and
// `progress conformance serve` speaks the protocol as the document writes it.
//===----------------------------------------------------------------------===//

import CommandLineSupport
import Foundation
import ProgressConformance
import ProgressTrace
import Testing

@Suite("Conformance documentation")
struct ConformanceAdapterExampleTests {
  /// The one python block of Docs/conformance.md's "Writing an adapter".
  static func exampleAdapter() throws -> String {
    let document = try Repository.text("Docs/conformance.md")
    let section = try #require(document.range(of: "## Writing an adapter"))
    let rest = document[section.upperBound...]
    let start = try #require(rest.range(of: "```python\n"))
    let end = try #require(rest[start.upperBound...].range(of: "\n```"))
    return String(rest[start.upperBound..<end.lowerBound]) + "\n"
  }

  @Test("CS-10 the document's complete adapter runs the suite as written, around progress trace")
  func exampleRuns() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "adapter-\(UUID().uuidString).py")
    try Self.exampleAdapter().write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    // It declares linear determinate bars: it runs some fixtures, skips the others.
    try expectPassesWhatItRuns(["python3", file.path, Tools.progress, "trace"])
  }

  @Test("CS-1 CS-2 the counts Docs/conformance.md and the README give are the suite's")
  func countsAreTheSuites() throws {
    let suite = try Suite.load()
    let total = suite.cases.count
    let fixtures = suite.count(withPrefix: "fixture-")
    let generated = total - fixtures
    let python = try Suite.features(
      declaredBy: [
        "python3", Repository.path("Conformance/implementations/python/progress_spec.py"),
      ])
    let adapterLines =
      try Repository.text("Conformance/implementations/wasm/adapter.mjs")
      .split(separator: "\n", omittingEmptySubsequences: false).count - 1
    var phrases = [
      "makes of them and of \(generated) generated cases",
      "Today: \(fixtures) fixtures cover the \(try Suite.observableRules().count) observable rules.",
      "**\(total) cases**: the \(fixtures) fixtures of `Tests/Conformance/` and \(generated) generated",
      "\"caseCount\": \(total),",
      "`circular`, `material3`, `wavy` (\(suite.skipped(withPrefix: "", declaring: python)) cases)",
      "is one, \(adapterLines) lines around",
      "\n\(total - 1) passed, 1 failed, 0 skipped\n",
    ]
    for family in ["linear", "easing", "any"] {
      phrases.append("| `\(family)` | \(suite.count(withPrefix: family + "-")) |")
    }
    let document = try Repository.text("Docs/conformance.md")
    for phrase in phrases {
      let found = document.contains(phrase)
      #expect(found, "Docs/conformance.md does not say: \(phrase)")
    }
    let readme = try Repository.text("README.md")
    for phrase in [
      "divergence; \(fixtures)\n  fixtures under `Tests/Conformance/`",
      "those fixtures and \(generated) generated cases",
    ] {
      let found = readme.contains(phrase)
      #expect(found, "README.md does not say: \(phrase)")
    }
    #expect(fixtures == Fixture.all.count)
  }

  @Test("CS-2 the document's feature table lists the runner's features, in order")
  func featureTable() throws {
    let document = try Repository.text("Docs/conformance.md")
    let section = try #require(document.range(of: "### Features"))
    let rows = document[section.upperBound...].split(separator: "\n")
      .drop { !$0.hasPrefix("| feature |") }.dropFirst(2).prefix { $0.hasPrefix("| `") }
    let names = rows.map { $0.split(separator: "`")[1] }.map(String.init)
    #expect(names == ConformanceFeature.allCases.map(\.rawValue))
  }

  @Test(
    "CS-3 progress conformance serve answers start, run (trace or error) and stop as documented")
  func serveSpeaksTheProtocol() throws {
    let scenario = #"{"configuration":{},"events":[],"sample":{"at":[0]}}"#
    let input =
      [
        #"{"cmd":"start","version":1}"#,
        #"{"cmd":"run","id":"a","scenario":\#(scenario)}"#,
        #"{"cmd":"run","id":"b","scenario":{"configuration":{"size":"huge"},"events":[],"sample":{"at":[0]}}}"#,
        #"{"cmd":"stop"}"#,
        #"{"cmd":"run","id":"never","scenario":\#(scenario)}"#,
      ].joined(separator: "\n") + "\n"
    let result = try Tools.run(Tools.progress, ["conformance", "serve"], input: input)
    #expect(result.status == 0, "\(result.error)")
    let replies = try result.output.split(separator: "\n").map {
      try JSONValue(parsing: String($0))
    }
    try #require(replies.count == 3, "\(result.output)")
    #expect(replies[0]["ready"] == .bool(true))
    #expect(replies[0]["implementation"]?["name"] == .string("native"))
    #expect(
      replies[0]["features"] == .array(ConformanceFeature.allCases.map { .string($0.rawValue) }))
    #expect(replies[1]["id"] == .string("a"))
    guard case .array(let lines)? = replies[1]["trace"] else {
      Issue.record("no trace")
      return
    }
    #expect(lines.first?["kind"] == .string("header"))
    #expect(lines.count == 2)
    #expect(replies[2]["id"] == .string("b"))
    if case .string(let message)? = replies[2]["error"] {
      #expect(message.hasPrefix("$.configuration.size:"), "\(message)")
    } else {
      Issue.record("no error for an invalid scenario: \(replies[2].serialized())")
    }
  }

  @Test(
    "CS-3 progress conformance serve reads CRLF, blank lines and unknown members, answers what it cannot read with an error and reads on, and ends at the end of its input"
  )
  func serveReadsOn() throws {
    let input =
      #"{"cmd":"start","version":1,"later":{"member":true}}"# + "\r\n\n"
      + #"{"cmd":"frobnicate"}"# + "\n" + "not json\n"
      + #"{"cmd":"run","id":"c","scenario":{"configuration":{},"events":[],"sample":{"at":[0,1]}},"later":1}"#
      + "\r\n"
    let result = try Tools.run(Tools.progress, ["conformance", "serve"], input: input)
    #expect(result.status == 0, "\(result.error)")
    let replies = try result.output.split(separator: "\n").map {
      try JSONValue(parsing: String($0))
    }
    try #require(replies.count == 4, "\(result.output)")
    #expect(replies[0]["ready"] == .bool(true))
    #expect(
      replies[1]
        == .object([.init("error", .string("unknown request; expected cmd start, run or stop"))]))
    if case .string(let message)? = replies[2]["error"] {
      #expect(message.hasPrefix("the request is not JSON: line 1, column 2:"), "\(message)")
    } else {
      Issue.record("no error for a line that is not JSON: \(replies[2].serialized())")
    }
    #expect(replies[3]["id"] == .string("c"))
    guard case .array(let lines)? = replies[3]["trace"] else {
      Issue.record("no trace: \(replies[3].serialized())")
      return
    }
    #expect(lines.count == 3)
  }
}
