//===----------------------------------------------------------------------===//
// ProgressTesting: a deterministic generator whose values are our own.
//===----------------------------------------------------------------------===//

/// xoshiro256** seeded by SplitMix64, with range mappings written here, so a
/// seed gives the same values on every toolchain and platform.
///
/// The standard library's `random(in:using:)` is not used: its mapping from
/// bits to ranges may change between Swift versions, which would break
/// replay tokens.
///
/// ```swift
/// var random = ReplayableRandom(seed: 42)
/// random.below(6)       // the same on every machine
/// random.unitDouble()   // in [0, 1)
/// ```
public struct ReplayableRandom: RandomNumberGenerator, Hashable, Sendable {
  private var s0: UInt64
  private var s1: UInt64
  private var s2: UInt64
  private var s3: UInt64

  /// Creates a generator from a seed, expanding it with SplitMix64.
  ///
  /// - Parameter seed: Any 64-bit value.
  public init(seed: UInt64) {
    var mixer = seed
    func splitMix() -> UInt64 {
      mixer &+= 0x9E37_79B9_7F4A_7C15
      var z = mixer
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    s0 = splitMix()
    s1 = splitMix()
    s2 = splitMix()
    s3 = splitMix()
  }

  /// The next 64 random bits (xoshiro256**).
  ///
  /// - Returns: 64 bits.
  public mutating func next() -> UInt64 {
    let result = rotateLeft(s1 &* 5, 7) &* 9
    let t = s1 << 17
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = rotateLeft(s3, 45)
    return result
  }

  private func rotateLeft(_ value: UInt64, _ amount: UInt64) -> UInt64 {
    (value << amount) | (value >> (64 - amount))
  }

  /// A uniform integer in 0..<bound, by Lemire's multiply-shift with
  /// rejection (no modulo bias).
  ///
  /// - Parameter bound: The exclusive upper bound, > 0.
  /// - Returns: A value in `0..<bound`.
  public mutating func below(_ bound: Int) -> Int {
    precondition(bound > 0, "below(_:) needs a positive bound")
    let range = UInt64(bound)
    var product = next().multipliedFullWidth(by: range)
    if product.low < range {
      let threshold = (0 &- range) % range
      while product.low < threshold {
        product = next().multipliedFullWidth(by: range)
      }
    }
    return Int(product.high)
  }

  /// A uniform Double in [0, 1) from the top 53 bits.
  ///
  /// - Returns: A value in [0, 1).
  public mutating func unitDouble() -> Double {
    Double(next() >> 11) * 0x1p-53
  }

  /// A uniform Double in `range`.
  ///
  /// - Parameter range: A finite range.
  /// - Returns: A value in the range.
  public mutating func double(in range: ClosedRange<Double>) -> Double {
    range.lowerBound + (range.upperBound - range.lowerBound) * unitDouble()
  }

  /// The seed of case `index` of a run with a base seed: each case replays
  /// alone from its own seed.
  ///
  /// - Parameters:
  ///   - base: The run's base seed.
  ///   - index: The case number.
  /// - Returns: The case's seed.
  public static func caseSeed(base: UInt64, index: Int) -> UInt64 {
    var generator = ReplayableRandom(
      seed: base ^ (UInt64(truncatingIfNeeded: index) &* 0x9E37_79B9_7F4A_7C15))
    return generator.next()
  }
}
