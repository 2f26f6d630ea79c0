//===----------------------------------------------------------------------===//
// ConformanceTests: `progress conformance run` against implementations that
// pass, that change one field, that declare nothing and that break the
// protocol (Tests/ConformanceFaults/faulty.py), and its reports.
//===----------------------------------------------------------------------===//

import CommandLineSupport
import Foundation
import ProgressConformance
import ProgressTrace
import Testing

/// Runs `progress conformance run` on the fixtures' cases (44: quick) with an
/// implementation.
func conformanceRun(_ options: [String] = [], _ implementation: [String]) throws -> RunResult {
  try Tools.run(
    Tools.progress,
    ["conformance", "run", "--suite", Repository.path("Conformance/suite"), "--cases", "fixture-*"]
      + options + ["--"] + implementation)
}

/// The native implementation behind a fault of faulty.py.
func faulty(_ arguments: String...) -> [String] {
  ["python3", Repository.path("Tests/ConformanceFaults/faulty.py")] + arguments + [
    "--", Tools.progress, "conformance", "serve",
  ]
}

/// Runs the fixture cases against an implementation that declares some of
/// the features: it must pass every case it runs and skip exactly those
/// that need a feature it does not declare.
func expectPassesWhatItRuns(_ implementation: [String]) throws {
  let result = try conformanceRun([], implementation)
  #expect(result.status == 0, "\(result.output)\(result.error)")
  let skipped = try Suite.load().skipped(
    withPrefix: "fixture-", declaring: Suite.features(declaredBy: implementation))
  #expect(skipped > 0 && skipped < fixtureCaseCount)
  #expect(
    result.output == "\(fixtureCaseCount - skipped) passed, 0 failed, \(skipped) skipped\n",
    "\(result.output)")
}

/// The number of fixture cases, the cases `conformanceRun` runs.
let fixtureCaseCount = Fixture.all.count

@Suite("Conformance runner")
struct ConformanceRunnerTests {
  @Test("CS-4 CS-8 the native engine, progress conformance serve, passes every case it runs")
  func native() throws {
    let result = try conformanceRun([], [Tools.progress, "conformance", "serve"])
    #expect(result.status == 0, "\(result.output)\(result.error)")
    #expect(result.output == "\(fixtureCaseCount) passed, 0 failed, 0 skipped\n")
  }

  @Test("CS-4 one field changed in one case fails exactly that case, with its rule IDs")
  func oneFieldChanged() throws {
    let result = try conformanceRun(
      [], faulty("change-field", "fixture-type-switch", "progress", "0.5"))
    #expect(result.status == 1, "\(result.output)\(result.error)")
    let failures = result.output.split(separator: "\n").filter { $0.hasPrefix("FAIL ") }
    #expect(failures.count == 1)
    #expect(
      failures.first
        == "FAIL fixture-type-switch [TS-1, TS-2, TS-3, TS-4, TS-5, PX-4, CP-2, AX-3]: line 5, at 0.6 s: progress: expected 0, got 0.5 (TS-1)"
    )
    #expect(result.output.hasSuffix("\(fixtureCaseCount - 1) passed, 1 failed, 0 skipped\n"))
  }

  @Test("CS-3 CS-4 an implementation is judged only on the fields it says it observes")
  func observedFields() throws {
    let unobserved = try conformanceRun(
      [], faulty("observe-only", "mode,hidden", "fixture-type-switch", "progress", "0.5"))
    #expect(unobserved.status == 0, "\(unobserved.output)\(unobserved.error)")
    #expect(unobserved.output == "\(fixtureCaseCount) passed, 0 failed, 0 skipped\n")
    let observed = try conformanceRun(
      [], faulty("observe-only", "mode,progress", "fixture-type-switch", "progress", "0.5"))
    #expect(observed.status == 1)
    #expect(observed.output.hasPrefix("FAIL fixture-type-switch "), "\(observed.output)")
  }

  @Test("CS-3 CS-4 an error reply fails its case (exit status 1), a skipped reply skips it")
  func errorAndSkip() throws {
    let error = try conformanceRun([], faulty("error", "fixture-defaults"))
    #expect(error.status == 1)
    #expect(
      error.output.hasPrefix(
        "ERROR fixture-defaults [CF-7, PT-1, PV-1, VS-1, AX-1, AX-2, LG-1, BK-10]: the faulty implementation's error\n"
      ), "\(error.output)")
    #expect(
      error.output.hasSuffix(
        "\(fixtureCaseCount - 1) passed, 1 failed, 0 skipped (1 of the failed answered with an error)\n"
      ))
    let skip = try conformanceRun([], faulty("skip", "fixture-defaults"))
    #expect(skip.status == 0)
    #expect(skip.output == "\(fixtureCaseCount - 1) passed, 0 failed, 1 skipped\n")
  }

  @Test("CS-4 an implementation that declares no feature passes nothing and fails nothing")
  func noFeatures() throws {
    let result = try conformanceRun([], faulty("no-features"))
    #expect(result.status == 0, "\(result.output)\(result.error)")
    #expect(result.output == "0 passed, 0 failed, \(fixtureCaseCount) skipped\n")
  }

  @Test(
    "CS-5 CS-7 a broken protocol, an endless line too, is exit status 2 with a message that says how",
    arguments: [
      ("garbage", "the reply to case fixture-defaults is not JSON"),
      ("wrong-id", #"the reply to case fixture-defaults answers "fixture-defaults-other" instead"#),
      ("exit", "the implementation exited (status 3) before answering case fixture-defaults"),
      ("hang", "no answer to case fixture-defaults within 1 s"),
      ("endless", "the reply to case fixture-defaults is longer than 16 MiB"),
    ])
  func brokenProtocol(fault: String, message: String) throws {
    // A second for the hang; the endless line must reach 16 MiB first, however loaded
    // the machine.
    let timeout = fault == "hang" ? "1" : "60"
    let result = try conformanceRun(["--timeout", timeout], faulty(fault, "fixture-defaults"))
    #expect(result.status == 2, "\(result.output)\(result.error)")
    #expect(
      result.error.hasPrefix("progress conformance: protocol error: " + message), "\(result.error)")
    #expect(!result.output.contains("passed,"), "no closing line after a broken protocol")
  }

  @Test("CS-5 a command that cannot start, and usage errors, are exit status 2")
  func cannotStart() throws {
    let missing = try conformanceRun([], ["/nonexistent/implementation"])
    #expect(missing.status == 2)
    #expect(missing.error.contains("cannot start the implementation"), "\(missing.error)")
    let noCommand = try Tools.run(Tools.progress, ["conformance", "run"])
    #expect(noCommand.status == 2)
    #expect(noCommand.error.hasPrefix("progress conformance: missing -- COMMAND"))
    let help = try Tools.run(Tools.progress, ["help", "conformance"])
    #expect(help.status == 0)
    #expect(help.output.hasPrefix("usage: progress conformance run [options] -- COMMAND [ARGS…]"))
  }

  @Test("CS-6 --report writes report.json, a self-contained report.html and a shields badge.json")
  func reports() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "conformance-report-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try conformanceRun(
      ["--report", directory.path], faulty("change-field", "fixture-defaults", "hidden", "true"))
    #expect(result.status == 1)
    let json = try String(
      contentsOf: directory.appendingPathComponent("report.json"), encoding: .utf8)
    let report = try JSONValue(parsing: json)
    #expect(report["implementation"]?["name"] == .string("native"))
    #expect(report["summary"]?["failed"] == .number(1))
    guard case .array(let rows)? = report["cases"] else {
      Issue.record("no cases in report.json")
      return
    }
    #expect(rows.count == fixtureCaseCount)
    let failed = rows.filter { $0["verdict"] == .string("fail") }
    #expect(failed.count == 1)
    #expect(failed.first?["id"] == .string("fixture-defaults"))
    #expect(
      failed.first?["rules"]
        == .array(
          ["CF-7", "PT-1", "PV-1", "VS-1", "AX-1", "AX-2", "LG-1", "BK-10"].map { .string($0) }))
    if case .string(let difference)? = failed.first?["firstDifference"] {
      #expect(difference.contains("hidden: expected false, got true"), "\(difference)")
    } else {
      Issue.record("no first difference")
    }
    for row in rows {
      for member in ["id", "rules", "features", "verdict", "firstDifference", "seconds"] {
        #expect(row[member] != nil, "a row without \(member)")
      }
    }
    let html = try String(
      contentsOf: directory.appendingPathComponent("report.html"), encoding: .utf8)
    for heading in ["<h2>Implementation</h2>", "<h2>By rule</h2>", "<h2>By feature</h2>"] {
      #expect(html.contains(heading))
    }
    // Readable offline: nothing is loaded from anywhere.
    for outside in ["http:", "https:", "<script", "<link", "src="] {
      #expect(!html.contains(outside))
    }
    let badge = try JSONValue(
      parsing: String(contentsOf: directory.appendingPathComponent("badge.json"), encoding: .utf8))
    #expect(badge["schemaVersion"] == .number(1))
    #expect(badge["label"] == .string("conformance v1"))
    #expect(badge["message"] == .string("\(fixtureCaseCount - 1)/\(fixtureCaseCount)"))
    #expect(badge["color"] == .string("yellow"))
  }

  @Test("CS-9 the Python implementation, written from the spec, passes every case it runs")
  func python() throws {
    try expectPassesWhatItRuns([
      "python3", Repository.path("Conformance/implementations/python/progress_spec.py"),
    ])
  }
}
