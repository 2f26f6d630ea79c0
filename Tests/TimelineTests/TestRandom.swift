//===----------------------------------------------------------------------===//
// TimelineTests: a tiny deterministic generator for property sweeps.
//===----------------------------------------------------------------------===//

/// A 64-bit linear congruential generator (Knuth's MMIX constants): the same
/// seed gives the same sequence on every toolchain, so a failure replays.
struct TestRandom {
  var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  /// A Double in [0, 1) from the top 53 bits.
  mutating func unit() -> Double {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return Double(state >> 11) * 0x1p-53
  }
}
