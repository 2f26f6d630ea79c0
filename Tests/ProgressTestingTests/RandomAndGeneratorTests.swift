//===----------------------------------------------------------------------===//
// ProgressTestingTests: deterministic randomness and generators (spec PB-1,
// PB-2). Expected values were computed independently, in Python, from the
// published xoshiro256** and SplitMix64 algorithms.
//===----------------------------------------------------------------------===//

import ProgressStateMachine
import ProgressTesting
import Testing

@Suite("Randomness and generators")
struct RandomAndGeneratorTests {
  @Test("PB-1 xoshiro256** seeded by SplitMix64 gives the published sequence")
  func knownSequence() {
    var zero = ReplayableRandom(seed: 0)
    #expect(
      [zero.next(), zero.next(), zero.next()] == [
        0x99EC_5F36_CB75_F2B4, 0xBF6E_1F78_4956_452A, 0x1A5F_849D_4933_E6E0,
      ])
    var fortyTwo = ReplayableRandom(seed: 42)
    #expect(fortyTwo.next() == 0x1578_0B2E_0C2E_C716)
  }

  @Test("PB-1 our own range mapping: Lemire's method and the top 53 bits")
  func rangeMapping() {
    var dice = ReplayableRandom(seed: 7)
    #expect((0..<10).map { _ in dice.below(6) } == [4, 1, 5, 5, 5, 5, 0, 0, 2, 0])
    var unit = ReplayableRandom(seed: 7)
    #expect(unit.unitDouble() == 0.7005764821796896)
    #expect(unit.unitDouble() == 0.2787512294737843)
    var random = ReplayableRandom(seed: 1)
    var counts = [Int](repeating: 0, count: 7)
    for _ in 0..<70_000 { counts[random.below(7)] += 1 }
    #expect(counts.allSatisfy { abs($0 - 10_000) < 500 }, "\(counts)")
  }

  @Test("PB-2 generators compose: map, flatMap, zip, oneOf, frequency, array")
  func combinators() {
    var random = ReplayableRandom(seed: 3)
    let digits = Generator<Int>.int(in: 0...9)
    let evens = digits.map { $0 * 2 }
    for _ in 0..<100 { #expect(evens.generate(using: &random) % 2 == 0) }
    let lists = digits.flatMap { count in
      Generator<Int>.constant(count).array(count: .constant(count))
    }
    for _ in 0..<50 {
      let list = lists.generate(using: &random)
      #expect(list.allSatisfy { $0 == list.count })
    }
    let pairs = Generator<(Int, Bool)>.zip(digits, .bool)
    let pair = pairs.generate(using: &random)
    #expect((0...9).contains(pair.0))
    let skewed = Generator<Int>.frequency([(9, .constant(1)), (1, .constant(2))])
    let ones = (0..<10_000).filter { _ in skewed.generate(using: &random) == 1 }.count
    #expect(ones > 8_700 && ones < 9_300, "\(ones)")
    let either = Generator<Int>.oneOf([.constant(5), .constant(6)])
    #expect(Set((0..<100).map { _ in either.generate(using: &random) }) == [5, 6])
  }

  @Test("PB-2 progress values visit the edges; scenarios are reproducible from their seed")
  func progressGenerators() {
    var random = ReplayableRandom(seed: 11)
    let values = (0..<5_000).map { _ in Generator<Double>.progressValue.generate(using: &random) }
    #expect(values.contains(0) && values.contains(1))
    #expect(
      values.contains { $0.isNaN } && values.contains(.infinity) && values.contains(-.infinity))
    #expect(values.contains { $0 < 0 } && values.contains { $0 > 1 })
    #expect(values.contains((1.0).nextDown) && values.contains((1.0).nextUp))
    var first = ReplayableRandom(seed: 99)
    var second = ReplayableRandom(seed: 99)
    #expect(
      Generator<ProgressScenario>.scenario().generate(using: &first)
        == Generator.scenario().generate(using: &second))
    // State awareness: most events of a determinate stretch are progress.
    var scenarios = ReplayableRandom(seed: 5)
    var progressEvents = 0
    var total = 0
    for _ in 0..<200 {
      let scenario = Generator<ProgressScenario>.scenario(length: 30...30).generate(
        using: &scenarios)
      for step in scenario.steps {
        total += 1
        if case .setProgress = step.event { progressEvents += 1 }
      }
    }
    #expect(Double(progressEvents) / Double(total) > 0.25, "\(progressEvents) of \(total)")
  }
}
