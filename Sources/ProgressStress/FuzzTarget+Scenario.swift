//===----------------------------------------------------------------------===//
// ProgressStress: the JSON reader and the scenario reader, then the scenario
// played. Any input must give a value or a typed error, never a crash; a
// JSON value must read back equal after writing.
//===----------------------------------------------------------------------===//

import ProgressTrace

extension FuzzTarget {
  /// The JSON reader and the scenario reader, then the scenario played: any
  /// input gives a value or a typed error; a JSON value reads back equal
  /// after writing; every trace line is JSON.
  ///
  /// - Parameter bytes: The input.
  public static func scenario(_ bytes: UnsafeRawBufferPointer) {
    guard let text = String(validating: bytes, as: UTF8.self) else { return }
    if let value = try? JSONValue(parsing: text) {
      let written = value.serialized()
      // The reader rejects non-finite numbers, so every value it gives reads
      // back exactly.
      guard let again = try? JSONValue(parsing: written), again == value else {
        fatalError("JSON round trip changed the value: \(text) → \(written)")
      }
    }
    guard var scenario = try? TraceScenario(json: text) else { return }
    // Bound the work of one input: a scenario may ask for a million samples.
    scenario.sampleTimes = Array(scenario.sampleTimes.prefix(2_000))
    guard let lines = try? scenario.trace() else { return }
    for line in lines {
      guard (try? JSONValue(parsing: line)) != nil else {
        fatalError("a trace line is not JSON: \(line)")
      }
    }
  }
}
