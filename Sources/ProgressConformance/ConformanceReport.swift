//===----------------------------------------------------------------------===//
// ProgressConformance: the report of a run — report.json and badge.json
// (Docs/conformance.md, "Reports"; CS-6).
//===----------------------------------------------------------------------===//

import ProgressTrace

/// What a run found: one row a case, and what the implementation is.
package struct ConformanceReport: Sendable {
  /// The suite's manifest.
  package var manifest: ConformanceManifest
  /// The implementation, from its `ready` reply; `nil` when it broke the
  /// protocol before saying.
  package var implementation: ConformanceProtocol.Implementation?
  /// The rows, in the order the cases ran.
  package var results: [ConformanceResult] = []
  /// How the implementation broke the protocol, if it did: the run ended
  /// there.
  package var protocolViolation: String?

  package init(manifest: ConformanceManifest) {
    self.manifest = manifest
  }

  /// The count of results with a verdict.
  package func count(_ verdict: ConformanceVerdict) -> Int {
    results.reduce(0) { $0 + ($1.verdict == verdict ? 1 : 0) }
  }

  /// The cases run: passed, failed or answered with an error.
  var runCount: Int { results.count - count(.skip) }

  /// The closing line: `N passed, N failed, N skipped`, the errors counted
  /// among the failed and named after.
  package var summaryLine: String {
    let errors = count(.error)
    return "\(count(.pass)) passed, \(count(.fail) + errors) failed, \(count(.skip)) skipped"
      + (errors > 0 ? " (\(errors) of the failed answered with an error)" : "")
  }

  /// `report.json`: the suite, the implementation, the totals and every
  /// case — its ID, rules, features, verdict, first difference or reason,
  /// the rules the difference observes and the seconds it took.
  package var json: String {
    var members: [JSONValue.Member] = [
      .init(
        "suite",
        .object([
          .init("version", .number(Double(manifest.version))),
          .init("caseCount", .number(Double(manifest.cases.count))),
          .init("protocol", .number(Double(manifest.protocolVersion))),
        ])),
      .init("implementation", implementationValue),
      .init(
        "summary",
        .object([
          .init("passed", .number(Double(count(.pass)))),
          .init("failed", .number(Double(count(.fail)))),
          .init("errors", .number(Double(count(.error)))),
          .init("skipped", .number(Double(count(.skip)))),
        ])),
      .init("protocolError", protocolViolation.map { .string($0) } ?? .null),
    ]
    let rows = results.map { result -> String in
      let difference = result.verdict == .fail ? result.detail : nil
      let reason = result.verdict == .skip || result.verdict == .error ? result.detail : nil
      return JSONValue.object([
        .init("id", .string(result.id)),
        .init("rules", .array(result.rules.map { .string($0) })),
        .init("features", .array(result.features.map { .string($0) })),
        .init("verdict", .string(result.verdict.rawValue)),
        .init("firstDifference", difference.map { .string($0) } ?? .null),
        .init("failedRules", .array(result.failedRules.map { .string($0) })),
        .init("reason", reason.map { .string($0) } ?? .null),
        .init("seconds", .number((result.seconds * 1e4).rounded() / 1e4)),
      ]).serialized()
    }
    members.append(.init("cases", .array([])))
    // One case a line, so that a report diffs by case.
    let head = JSONValue.object(members).serialized()
    return String(head.dropLast(3)) + "[\n" + rows.joined(separator: ",\n") + "\n]}\n"
  }

  var implementationValue: JSONValue {
    guard let implementation else { return .null }
    return .object([
      .init("name", .string(implementation.name)),
      .init("language", .string(implementation.language)),
      .init("version", .string(implementation.version)),
      .init("features", .array(implementation.features.map { .string($0) })),
    ])
  }

  /// `badge.json`, in shields.io's endpoint format: the cases passed of
  /// those run, green when every one passed.
  package var badge: String {
    let passed = count(.pass)
    let run = runCount
    let message: String
    let color: String
    if protocolViolation != nil {
      message = "protocol error"
      color = "red"
    } else if run == 0 {
      message = "0/0"
      color = "lightgrey"
    } else {
      message = "\(passed)/\(run)"
      color = passed == run ? "brightgreen" : (passed * 10 >= run * 9 ? "yellow" : "red")
    }
    return JSONValue.object([
      .init("schemaVersion", .number(1)),
      .init("label", .string("conformance v\(manifest.version)")),
      .init("message", .string(message)),
      .init("color", .string(color)),
    ]).serialized() + "\n"
  }

  /// The verdicts of a report.json, by case ID: what a later run is
  /// compared with to find a regression.
  ///
  /// - Parameter text: A report.json.
  /// - Returns: Each case's verdict.
  /// - Throws: ``ConformanceSuiteError`` for a text that is not a report.
  static func verdicts(ofReport text: String) throws(ConformanceSuiteError)
    -> [(id: String, verdict: String)]
  {
    let file = "report.json"
    let value = try parsed(text, file: file)
    guard case .array(let rows)? = value["cases"] else {
      throw ConformanceSuiteError(file: file, message: "$.cases: expected an array")
    }
    var verdicts: [(id: String, verdict: String)] = []
    for (index, row) in rows.enumerated() {
      guard case .string(let id)? = row["id"], case .string(let verdict)? = row["verdict"] else {
        throw ConformanceSuiteError(file: file, message: "$.cases[\(index)]: no id and verdict")
      }
      verdicts.append((id, verdict))
    }
    return verdicts
  }
}

/// Orders rule IDs as the spec numbers them: by family, then by number
/// (`PV-2` before `PV-10`).
func ruleOrder(_ a: String, _ b: String) -> Bool {
  func parts(_ rule: String) -> (String, Int) {
    let pieces = rule.split(separator: "-", maxSplits: 1)
    return (String(pieces.first ?? ""), pieces.count > 1 ? Int(pieces[1]) ?? 0 : 0)
  }
  let (x, y) = (parts(a), parts(b))
  return x.0 != y.0 ? x.0 < y.0 : x.1 < y.1
}
