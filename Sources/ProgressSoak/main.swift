//===----------------------------------------------------------------------===//
// progress-soak: the soak run of ProgressStress with the process's memory
// watched (spec RL-5).
//
//   swift run -c release progress-soak [--steps N] [--indicators K] [--seed S]
//
// Prints one JSON object; exits 1 on a broken invariant or when the resident
// memory grows by more than 4 MiB after the first tenth of the run.
//===----------------------------------------------------------------------===//

import ProgressStress

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The resident set size in KiB, from /proc/self/statm (0 where absent).
func residentKiB() -> Int {
  guard let file = fopen("/proc/self/statm", "r") else { return 0 }
  defer { fclose(file) }
  var buffer = [CChar](repeating: 0, count: 128)
  guard fgets(&buffer, 128, file) != nil else { return 0 }
  let text = String(
    decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  let fields = text.split(separator: " ")
  guard fields.count >= 2, let pages = Int(fields[1]) else { return 0 }
  return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
}

/// The value of `--name N` (underscores allowed), or `value`.
func option(_ name: String, default value: Int) -> Int {
  let arguments = CommandLine.arguments
  guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count,
    let number = Int(String(arguments[index + 1].filter { $0 != "_" })), number > 0
  else { return value }
  return number
}

let soak = SoakRun(
  steps: option("--steps", default: 10_000_000), indicators: option("--indicators", default: 64),
  seed: UInt64(option("--seed", default: 0x5EED)))
let startRSS = residentKiB()
var baselineRSS = 0
var maximumRSS = startRSS
let clock = ContinuousClock()
let started = clock.now
let report = soak.run { done in
  let rss = residentKiB()
  maximumRSS = max(maximumRSS, rss)
  if baselineRSS == 0, done >= soak.steps / 10 { baselineRSS = rss }
}
let seconds = started.duration(to: clock.now) / .seconds(1)
let endRSS = residentKiB()
let growth = baselineRSS == 0 ? 0 : max(0, max(maximumRSS, endRSS) - baselineRSS)
let ok = report.violations == 0 && growth <= 4096
print(
  """
  {"steps":\(report.steps),"indicators":\(soak.indicators),"seed":\(soak.seed),"seconds":\(seconds),\
  "nanosecondsPerStep":\(seconds * 1e9 / Double(max(report.steps, 1))),"rejected":\(report.rejected),\
  "violations":\(report.violations),"rssStartKiB":\(startRSS),"rssBaselineKiB":\(baselineRSS),\
  "rssMaxKiB":\(maximumRSS),"rssEndKiB":\(endRSS),"rssGrowthKiB":\(growth),"ok":\(ok)}
  """)
if let first = report.firstViolation {
  let message = Array("first violation: \(first)\n".utf8)
  _ = message.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}
exit(ok ? 0 : 1)
