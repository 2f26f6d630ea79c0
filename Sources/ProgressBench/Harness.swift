//===----------------------------------------------------------------------===//
// progress-bench: timing and allocation counting.
//===----------------------------------------------------------------------===//

import MallocCounter

/// One benchmark: a body that performs `operations` operations.
struct Benchmark {
  /// The name, such as `easing.cubicBezier.ours`.
  var name: String
  /// What one operation is, for the report.
  var unit: String
  /// Runs the given number of operations.
  var body: (_ operations: Int) -> Void
  /// Whether one operation is a whole workload of its own (thousands of
  /// bars, a megabyte): it is timed from one operation, not 1,024, and its
  /// allocations are counted over one.
  var heavy = false
  /// The operations the body performs in one pass, which it does whole
  /// (a tick of every one of a benchmark's N indicators): it is only ever
  /// asked for a multiple of this, so that it performs exactly the number
  /// it is asked for and the time per operation is exact.
  ///
  /// (Asked for 32,768 ticks of 10,000 indicators, a body of whole passes
  /// made 40,000, and the time per tick came out 1.22 × too long.)
  var batch = 1

  /// `count` operations (≥ 0) rounded up to a whole number of batches: 0
  /// stays 0 (`--run NAME 0`, the run a callgrind count subtracts).
  func operations(atLeast count: Int) -> Int {
    (max(count, 0) + batch - 1) / batch * batch
  }
}

/// The result of timing one benchmark.
struct Measurement: Codable {
  var name: String
  var unit: String
  var medianNanoseconds: Double
  var minimumNanoseconds: Double
  var samples: Int
  var operationsPerSample: Int
  var allocationsPerOperation: Double?
}

/// Times benchmarks on the monotonic clock: calibrate the number of
/// operations so a sample lasts at least `sampleTarget`, warm up once, then
/// take `sampleCount` samples and report the median and minimum per
/// operation.
struct Harness {
  var sampleTarget: Duration
  var sampleCount: Int

  func measure(_ benchmark: Benchmark) -> Measurement {
    let clock = ContinuousClock()
    var operations = benchmark.operations(atLeast: benchmark.heavy ? 1 : 1024)
    while true {
      let elapsed = clock.measure { benchmark.body(operations) }
      if elapsed >= sampleTarget || operations >= 1 << 30 { break }
      operations *= 2
    }
    benchmark.body(operations)  // warm-up
    var perOperation: [Double] = []
    for _ in 0..<sampleCount {
      let elapsed = clock.measure { benchmark.body(operations) }
      perOperation.append(Self.nanoseconds(elapsed) / Double(operations))
    }
    perOperation.sort()
    return Measurement(
      name: benchmark.name, unit: benchmark.unit,
      medianNanoseconds: perOperation[perOperation.count / 2],
      minimumNanoseconds: perOperation[0], samples: sampleCount,
      operationsPerSample: operations,
      allocationsPerOperation: Self.allocationsPerOperation(benchmark))
  }

  /// Counts allocations for real, per operation.
  ///
  /// Runs the body twice with different operation counts after a warm-up and
  /// divides the difference, so one-time setup costs cancel out. `nil` where
  /// the platform cannot count.
  static func allocationsPerOperation(_ benchmark: Benchmark) -> Double? {
    guard malloc_counter_is_available() == 1 else { return nil }
    let small = benchmark.operations(atLeast: benchmark.heavy ? 1 : 1_024)
    let large = benchmark.heavy ? 2 * small : 4 * small
    benchmark.body(small)
    malloc_counter_reset()
    benchmark.body(small)
    let smallCount = malloc_counter_allocations()
    malloc_counter_reset()
    benchmark.body(large)
    let largeCount = malloc_counter_allocations()
    return Double(largeCount - smallCount) / Double(large - small)
  }

  static func nanoseconds(_ duration: Duration) -> Double {
    duration / .nanoseconds(1)
  }
}
