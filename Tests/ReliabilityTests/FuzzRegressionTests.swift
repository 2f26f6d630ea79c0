//===----------------------------------------------------------------------===//
// ReliabilityTests: every input of the fuzzers' seed corpora and every crash
// they ever found, replayed through the same target bodies (spec RL-6).
//===----------------------------------------------------------------------===//

import Foundation
import ProgressStress
import Testing

/// The committed inputs of one fuzz target: its seeds and its regressions.
struct FuzzInputs: CustomStringConvertible, Sendable {
  var target: String
  var files: [URL]

  var description: String { "\(target) (\(files.count) inputs)" }

  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fuzzing")

  static func of(_ target: String) -> FuzzInputs {
    var files: [URL] = []
    for folder in ["Corpus", "Regressions"] {
      let directory = root.appendingPathComponent(folder).appendingPathComponent(target)
      let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
      files += names.filter { $0 != "README.md" }.sorted().map {
        directory.appendingPathComponent($0)
      }
    }
    return FuzzInputs(target: target, files: files)
  }
}

@Suite("Fuzz regressions")
struct FuzzRegressionTests {
  @Test(
    "RL-6 the seed corpora and every kept crash input pass the fuzz targets' checks",
    arguments: ["FuzzScenario", "FuzzEasing", "FuzzEvents", "FuzzBigInput"])
  func replay(target: String) throws {
    let inputs = FuzzInputs.of(target)
    #expect(inputs.files.count >= 8, "\(inputs)")
    for file in inputs.files {
      let data = try Data(contentsOf: file)
      data.withUnsafeBytes { bytes in
        switch target {
        case "FuzzScenario": FuzzTarget.scenario(bytes)
        case "FuzzEasing": FuzzTarget.easing(bytes)
        // Debug and sanitizer builds are many times slower than the
        // fuzzer's release build: the time budget is widened for them.
        case "FuzzBigInput": FuzzTarget.bigInput(bytes, budgetFactor: 100)
        default: FuzzTarget.events(bytes)
        }
      }
    }
  }
}
