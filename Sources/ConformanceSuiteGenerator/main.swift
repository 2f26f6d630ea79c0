//===----------------------------------------------------------------------===//
// ConformanceSuiteGenerator: writes the conformance suite, or checks that the
// suite on disk is exactly what it would write (CS-1).
//
//   swift run ConformanceSuiteGenerator write Conformance/suite
//   swift run ConformanceSuiteGenerator check Conformance/suite
//
// Scripts/conformance-suite.sh runs the first; a test runs the second.
//===----------------------------------------------------------------------===//

import Foundation

let usage = """
  usage: ConformanceSuiteGenerator write|check SUITE_DIR [--fixtures DIR]

  write   writes SUITE_DIR/manifest.json and SUITE_DIR/cases/, removing stale cases
  check   exit 0 when SUITE_DIR holds exactly those files, 1 (listing them) when not
  --fixtures DIR   the fixtures to include (default Tests/Conformance)
  """

var arguments = Array(CommandLine.arguments.dropFirst())
var fixturesDirectory = "Tests/Conformance"
if let index = arguments.firstIndex(of: "--fixtures"), index + 1 < arguments.count {
  fixturesDirectory = arguments[index + 1]
  arguments.removeSubrange(index...index + 1)
}
guard arguments.count == 2, ["write", "check"].contains(arguments[0]) else {
  FileHandle.standardError.write(Data((usage + "\n").utf8))
  exit(2)
}
let mode = arguments[0]
let suite = URL(fileURLWithPath: arguments[1])
let manager = FileManager.default

do {
  let names = try manager.contentsOfDirectory(atPath: fixturesDirectory)
    .filter { $0.hasSuffix(".scenario.json") }.sorted()
  let fixtures = try names.map { name in
    (
      name: String(name.dropLast(".scenario.json".count)),
      text: try String(contentsOfFile: fixturesDirectory + "/" + name, encoding: .utf8)
    )
  }
  let files = try SuiteBuilder(fixtures: fixtures).files()
  let cases = suite.appendingPathComponent("cases")
  let existing = Set(
    ((try? manager.contentsOfDirectory(atPath: cases.path)) ?? []).map { "cases/" + $0 })
  let wanted = Set(files.map(\.path))
  if mode == "write" {
    try manager.createDirectory(at: cases, withIntermediateDirectories: true)
    for file in files {
      let url = suite.appendingPathComponent(file.path)
      if (try? String(contentsOf: url, encoding: .utf8)) != file.text {
        try file.text.write(to: url, atomically: true, encoding: .utf8)
      }
    }
    for stale in existing.subtracting(wanted) {
      try manager.removeItem(at: suite.appendingPathComponent(stale))
    }
    print("ConformanceSuiteGenerator: \(files.count / 2) cases written to \(suite.path)")
  } else {
    var problems: [String] = []
    for file in files {
      let text = try? String(contentsOf: suite.appendingPathComponent(file.path), encoding: .utf8)
      if text == nil {
        problems.append("missing: \(file.path)")
      } else if text != file.text {
        problems.append("differs: \(file.path)")
      }
    }
    for stale in existing.subtracting(wanted).sorted() {
      problems.append("not generated: \(stale)")
    }
    if !problems.isEmpty {
      print(problems.prefix(20).joined(separator: "\n"))
      print(
        "ConformanceSuiteGenerator: \(problems.count) files differ from what the generator writes; run Scripts/conformance-suite.sh (and raise the suite's version)"
      )
      exit(1)
    }
    print("ConformanceSuiteGenerator: the suite's \(files.count) files are what it generates")
  }
} catch {
  FileHandle.standardError.write(Data("ConformanceSuiteGenerator: \(error)\n".utf8))
  exit(2)
}
