//===----------------------------------------------------------------------===//
// ConformanceTests: the conformance suite under Conformance/suite — what the
// generator writes, at least 500 cases, every rule a trace observes covered.
//===----------------------------------------------------------------------===//

import CommandLineSupport
import Foundation
import ProgressConformance
import ProgressTrace
import Testing

/// The repository's files the suite tests read.
enum Repository {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

  static func text(_ relative: String) throws -> String {
    try String(contentsOfFile: path(relative), encoding: .utf8)
  }

  /// An executable built next to the test bundle.
  static func built(_ name: String) -> String {
    URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
      .appendingPathComponent(name).path
  }
}

/// The suite on disk.
struct Suite {
  var manifest: ConformanceManifest
  var cases: [ConformanceCase]

  static func load() throws -> Suite {
    let manifest = try ConformanceManifest(
      fileText: try Repository.text("Conformance/suite/manifest.json"))
    let cases = try manifest.cases.map { id in
      let file = "cases/\(id).case.json"
      return try ConformanceCase(
        fileText: try Repository.text("Conformance/suite/" + file), file: file)
    }
    return Suite(manifest: manifest, cases: cases)
  }

  /// How many cases have an ID that begins with `prefix`.
  func count(withPrefix prefix: String) -> Int { cases.filter { $0.id.hasPrefix(prefix) }.count }

  /// How many of the cases whose ID begins with `prefix` an implementation
  /// that declares `features` skips: those that need another.
  func skipped(withPrefix prefix: String, declaring features: [String]) -> Int {
    cases.filter { $0.id.hasPrefix(prefix) && !Set($0.features).isSubset(of: features) }.count
  }

  /// The rules of the spec's implemented layers that a trace observes:
  /// all but those `Tests/Conformance/unobservable.txt` lists.
  static func observableRules() throws -> [String] {
    let spec = try Repository.text("Docs/spec.md")
    let implemented = Set(
      spec.split(separator: "\n").compactMap { line -> String? in
        let parts = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count >= 3, parts.last == "implemented", parts[0].hasPrefix("`") else {
          return nil
        }
        return parts[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
      })
    guard implemented.contains("machine") else { return [] }
    let rules = spec.split(separator: "\n").compactMap { line -> String? in
      guard line.hasPrefix("- **"), let close = line.range(of: "** `") else { return nil }
      let id = String(line[line.index(line.startIndex, offsetBy: 4)..<close.lowerBound])
      let layer = line[close.upperBound...].prefix { $0 != "`" }
      return implemented.contains(String(layer)) ? id : nil
    }
    let unobservable = Set(
      try Repository.text("Tests/Conformance/unobservable.txt").split(separator: "\n")
        .filter { !$0.hasPrefix("#") && !$0.isEmpty }
        .map { String($0.split(separator: " ")[0]) })
    return rules.filter { !unobservable.contains($0) }
  }

  /// The features an implementation declares in its `ready` reply.
  static func features(declaredBy command: [String]) throws -> [String] {
    let result = try Tools.run(
      Tools.find(command[0]) ?? command[0], Array(command.dropFirst()),
      input: #"{"cmd":"start","version":1}"# + "\n" + #"{"cmd":"stop"}"# + "\n")
    let ready = try JSONValue(parsing: String(result.output.prefix { $0 != "\n" }))
    guard case .array(let names)? = ready["features"] else { return [] }
    return names.compactMap { if case .string(let name) = $0 { name } else { nil } }
  }
}

@Suite("Conformance suite")
struct ConformanceSuiteTests {
  @Test("CS-1 the suite's files are exactly what the generator writes from the fixtures and seeds")
  func generated() throws {
    let result = try Tools.run(
      Repository.built("ConformanceSuiteGenerator"),
      [
        "check", Repository.path("Conformance/suite"), "--fixtures",
        Repository.path("Tests/Conformance"),
      ])
    #expect(result.status == 0, "\(result.output)\(result.error)")
  }

  @Test("CS-1 every case is well formed: its ID, file, rules of the spec, features of the list")
  func wellFormed() throws {
    let suite = try Suite.load()
    let spec = try Repository.text("Docs/spec.md")
    let known = Set(
      spec.split(separator: "\n").compactMap { line -> String? in
        guard line.hasPrefix("- **"), let end = line.dropFirst(4).firstIndex(of: "*") else {
          return nil
        }
        return String(line[line.index(line.startIndex, offsetBy: 4)..<end])
      })
    let features = Set(ConformanceFeature.allCases.map(\.rawValue))
    #expect(suite.manifest.features == ConformanceFeature.allCases.map(\.rawValue))
    for testCase in suite.cases {
      #expect(testCase.id == suite.manifest.cases[suite.cases.firstIndex(of: testCase) ?? 0])
      #expect(!testCase.rules.isEmpty, "\(testCase.id) checks no rule")
      for rule in testCase.rules { #expect(known.contains(rule), "\(testCase.id): \(rule)") }
      for feature in testCase.features {
        #expect(features.contains(feature), "\(testCase.id): \(feature)")
      }
      let trace = try Repository.text("Conformance/suite/cases/\(testCase.id).trace.jsonl")
      // Far below the protocol's 16 MiB reply line (CS-7).
      #expect(trace.utf8.count < 1 << 20, "\(testCase.id)'s reference is \(trace.utf8.count) bytes")
      #expect(testCase.scenario["expect"] == nil, "\(testCase.id) gives the answers away")
    }
  }

  @Test("CS-2 at least 500 cases, and every rule a trace can observe checked by one")
  func coverage() throws {
    let suite = try Suite.load()
    #expect(suite.cases.count >= 500)
    #expect(suite.cases.count == suite.manifest.cases.count)
    let checked = Set(suite.cases.flatMap(\.rules))
    let observable = try Suite.observableRules()
    #expect(observable.count >= 90)
    for rule in observable { #expect(checked.contains(rule), "no case checks \(rule)") }
    // Every feature is needed by some case, and each generated family is there.
    for feature in ConformanceFeature.allCases {
      #expect(suite.cases.contains { $0.features.contains(feature.rawValue) }, "\(feature)")
    }
    for family in ["fixture-", "linear-", "easing-", "any-"] {
      #expect(suite.cases.contains { $0.id.hasPrefix(family) }, "\(family)")
    }
  }
}
