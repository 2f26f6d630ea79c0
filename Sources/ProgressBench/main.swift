//===----------------------------------------------------------------------===//
// progress-bench: the benchmark executable. Always run it in release:
//   swift run -c release progress-bench [--filter TEXT] [--json] [--quick]
//===----------------------------------------------------------------------===//

import Foundation
import MallocCounter

let usage = """
  usage: progress-bench [--filter TEXT] [--json] [--quick] [--list]
         progress-bench --paced SECONDS ITEMS
         progress-bench --trace-memory [SAMPLES]
         progress-bench --run NAME OPERATIONS

    --filter TEXT  run only benchmarks whose name contains TEXT
    --json         print the results as JSON
    --quick        short samples (a smoke run, a few seconds)
    --list         list the benchmarks and exit
    --paced S N    draw one bar on standard error for S seconds, N updates
                   evenly paced (the bytes-per-second comparison with tqdm)
    --trace-memory stream a trace of SAMPLES samples (default 1,000,000) and
                   print its time and peak resident memory, as JSON
    --run NAME N   run the benchmark named exactly NAME, untimed: 16
                   operations, then N (for instruction counts under
                   callgrind: a run with N less one with 0, over N;
                   Scripts/count-wasm-frame.sh)
  """

var filter: String?
var json = false
var quick = false
var list = false
var run: (name: String, operations: Int)?
var arguments = Array(CommandLine.arguments.dropFirst())
while !arguments.isEmpty {
  let argument = arguments.removeFirst()
  switch argument {
  case "--filter":
    guard !arguments.isEmpty else {
      FileHandle.standardError.write(
        Data("progress-bench: --filter needs a value\n\(usage)\n".utf8))
      exit(2)
    }
    filter = arguments.removeFirst()
  case "--json": json = true
  case "--quick": quick = true
  case "--list": list = true
  case "--run":
    guard arguments.count >= 2, let operations = Int(arguments[1]), operations >= 0 else {
      FileHandle.standardError.write(Data("progress-bench: --run needs NAME OPERATIONS\n".utf8))
      exit(2)
    }
    run = (arguments[0], operations)
    arguments.removeFirst(2)
  case "--paced":
    guard arguments.count >= 2, let seconds = Double(arguments[0]), let items = Int(arguments[1]),
      seconds > 0, items > 0
    else {
      FileHandle.standardError.write(Data("progress-bench: --paced needs SECONDS ITEMS\n".utf8))
      exit(2)
    }
    runPacedTask(seconds: seconds, items: items)
    exit(0)
  case "--trace-memory":
    var samples = 1_000_000
    if let first = arguments.first, let count = Int(first), (1...1_000_000).contains(count) {
      samples = count
      arguments.removeFirst()
    }
    do {
      let figures = try traceMemory(samples: samples)
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
      print(String(decoding: try encoder.encode(figures), as: UTF8.self))
      exit(0)
    } catch {
      FileHandle.standardError.write(Data("progress-bench: \(error)\n".utf8))
      exit(1)
    }
  case "--help", "-h":
    print(usage)
    exit(0)
  default:
    FileHandle.standardError.write(
      Data("progress-bench: unknown argument '\(argument)'\n\(usage)\n".utf8))
    exit(2)
  }
}

#if DEBUG
  FileHandle.standardError.write(
    Data("progress-bench: warning: a debug build; run `swift run -c release progress-bench`\n".utf8)
  )
#endif

do {
  let groups: [() throws -> [Benchmark]] = [
    timelineBenchmarks, frameBenchmarks, easingBudgetBenchmarks, machineBenchmarks,
    scaleBenchmarks, fleetBenchmarks, terminalBenchmarks,
  ]
  if let run {
    // Only the groups up to the one that holds the benchmark are set up
    // (the scale and fleet groups build thousands of indicators).
    for group in groups {
      guard let benchmark = try group().first(where: { $0.name == run.name }) else { continue }
      // First calls (lazy binding, first-touch pages) in both runs alike.
      benchmark.body(benchmark.operations(atLeast: 16))
      benchmark.body(benchmark.operations(atLeast: run.operations))
      exit(0)
    }
    FileHandle.standardError.write(Data("progress-bench: no benchmark named \(run.name)\n".utf8))
    exit(2)
  }
  let all = try groups.flatMap { try $0() }
  let benchmarks = all.filter {
    filter == nil || $0.name.contains(filter ?? "")
  }
  if list {
    for benchmark in benchmarks { print(benchmark.name) }
    exit(0)
  }
  let harness = Harness(
    sampleTarget: quick ? .milliseconds(2) : .milliseconds(20), sampleCount: quick ? 5 : 15)
  var results: [Measurement] = []
  for benchmark in benchmarks {
    let result = harness.measure(benchmark)
    results.append(result)
    if !json {
      let allocations = result.allocationsPerOperation.map { String(format: "%.3f", $0) } ?? "n/a"
      let name = result.name.padding(toLength: 32, withPad: " ", startingAt: 0)
      print(
        name
          + String(
            format: " median %9.2f ns  min %9.2f ns  allocs/op ", result.medianNanoseconds,
            result.minimumNanoseconds) + allocations)
    }
  }
  let ours = results.first { $0.name == "easing.cubicBezier.ours" }
  let reference = results.first { $0.name == "easing.cubicBezier.reference" }
  let errors = solverErrors()
  var summary: [String: Double] = [
    "cubicBezier.maxErrorOurs": errors.ours, "cubicBezier.maxErrorReference": errors.reference,
  ]
  // Frame overhead: a frame against the easing evaluations it needs.
  for shape in [
    "linearDeterminate", "linearVitamin", "linearMaterial", "circularVitamin", "circularMaterial",
  ] {
    if let frame = results.first(where: { $0.name == "frame.\(shape)" }),
      let budget = results.first(where: { $0.name == "budget.\(shape)" })
    {
      summary["frameOverhead.\(shape)"] = frame.medianNanoseconds / budget.medianNanoseconds
    }
  }
  // Scale: the cost per indicator at 10,000 against 1.
  for kind in ["animating", "idle"] {
    for group in ["scale", "fleet"] {
      if let one = results.first(where: { $0.name == "\(group).\(kind).1" }),
        let many = results.first(where: { $0.name == "\(group).\(kind).10000" })
      {
        summary["\(group).\(kind).ratio10000over1"] = many.medianNanoseconds / one.medianNanoseconds
      }
    }
  }
  if let ours, let reference {
    summary["cubicBezier.ratioOursOverReference.median"] =
      ours.medianNanoseconds / reference.medianNanoseconds
    summary["cubicBezier.ratioOursOverReference.minimum"] =
      ours.minimumNanoseconds / reference.minimumNanoseconds
  }
  if json {
    struct Report: Codable {
      var benchmarks: [Measurement]
      var summary: [String: Double]
      var allocationCounting: Bool
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    let report = Report(
      benchmarks: results, summary: summary, allocationCounting: malloc_counter_is_available() == 1)
    print(String(decoding: try encoder.encode(report), as: UTF8.self))
  } else {
    for key in summary.keys.sorted() {
      print(
        key.padding(toLength: 44, withPad: " ", startingAt: 0)
          + String(format: " %.3g", summary[key] ?? .nan))
    }
  }
} catch {
  FileHandle.standardError.write(Data("progress-bench: \(error)\n".utf8))
  exit(1)
}
