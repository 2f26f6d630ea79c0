//===----------------------------------------------------------------------===//
// Fuzz target: the JSON reader and the scenario reader, then the scenario
// played. Any input must give a value or a typed error, never a crash; a
// JSON value must read back equal after writing.
//===----------------------------------------------------------------------===//

import ProgressTrace

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScenario(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let bytes = UnsafeRawBufferPointer(start: start, count: count)
  guard let text = String(validating: bytes, as: UTF8.self) else { return 0 }
  if let value = try? JSONValue(parsing: text) {
    let written = value.serialized()
    guard let again = try? JSONValue(parsing: written), again == value || containsNaNOrHugeNumber(value) else {
      fatalError("JSON round trip changed the value: \(text) → \(written)")
    }
  }
  guard var scenario = try? TraceScenario(json: text) else { return 0 }
  // Bound the work of one input: a scenario may ask for a million samples.
  scenario.sampleTimes = Array(scenario.sampleTimes.prefix(2_000))
  guard let lines = try? scenario.trace() else { return 0 }
  for line in lines {
    guard (try? JSONValue(parsing: line)) != nil else { fatalError("a trace line is not JSON: \(line)") }
  }
  return 0
}

/// Numbers JSON writes as `null` (never produced by the reader) or that
/// lose nothing: the reader rejects non-finite numbers, so this is false.
func containsNaNOrHugeNumber(_ value: JSONValue) -> Bool {
  switch value {
  case .number(let number): return !number.isFinite
  case .array(let values): return values.contains(where: containsNaNOrHugeNumber)
  case .object(let members): return members.contains { containsNaNOrHugeNumber($0.value) }
  default: return false
  }
}
