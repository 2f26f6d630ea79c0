//===----------------------------------------------------------------------===//
// progress-bench --trace-memory: the resident memory of streaming a
// million-sample trace (spec RL-7), measured in this process.
//===----------------------------------------------------------------------===//

import Foundation
import ProgressTrace

/// A field of /proc/self/status in KiB (Linux), or `nil` elsewhere.
func procStatusKilobytes(_ field: String) -> Int? {
  guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
    return nil
  }
  for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
    return Int(
      line.dropFirst(field.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? ""
    )
  }
  return nil
}

/// Streams the trace of a scenario of `samples` samples, serialising every
/// line as `progress trace` does, and reports the time and the growth of
/// the peak resident memory over the resident memory before (the peak is
/// reset first through /proc/self/clear_refs).
///
/// - Parameter samples: The number of samples, at most 1,000,000.
/// - Returns: The figures, by name.
/// - Throws: ``ScenarioError`` if the scenario cannot be read or played.
func traceMemory(samples: Int) throws -> [String: Double] {
  let scenario = try TraceScenario(
    json: """
      {"version": 1, "configuration": {"variant": "linear", "width": 320, "height": 40},
       "events": [{"at": 0, "type": "setProgress", "value": 0.5, "animated": true}],
       "sample": {"from": 0, "to": \(Double(samples - 1) / 1000), "every": 0.001}}
      """)
  // Writing "5" resets VmHWM to the current resident size (Linux 4.0+).
  try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
  let before = procStatusKilobytes("VmRSS") ?? 0
  var bytes = 0
  var lines = 0
  let clock = ContinuousClock()
  let start = clock.now
  try scenario.forEachTraceLine { line in
    bytes += line.serialized().utf8.count + 1
    lines += 1
    return true
  }
  let seconds = start.duration(to: clock.now) / .seconds(1)
  let peak = procStatusKilobytes("VmHWM") ?? 0
  return [
    "trace.samples": Double(samples), "trace.lines": Double(lines),
    "trace.outputMegabytes": Double(bytes) / 1e6,
    "trace.seconds": seconds,
    "trace.residentBeforeMegabytes": Double(before) / 1024,
    "trace.peakResidentMegabytes": Double(peak) / 1024,
    "trace.peakGrowthMegabytes": Double(peak - before) / 1024,
  ]
}
