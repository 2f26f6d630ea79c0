//===----------------------------------------------------------------------===//
// ProgressTesting: a deterministic generator whose values are our own.
//===----------------------------------------------------------------------===//

/// xoshiro256** seeded by SplitMix64, with range mappings written here, so a
/// seed gives the same values on every toolchain and platform — or a fuzzer's
/// bytes, read as the random bits, so one generator serves property tests,
/// the soak run and the fuzzers alike.
///
/// The standard library's `random(in:using:)` is not used: its mapping from
/// bits to ranges may change between Swift versions, which would break
/// replay tokens.
///
/// ```swift
/// var random = ReplayableRandom(seed: 42)
/// random.below(6)       // the same on every machine
/// random.unitDouble()   // in [0, 1)
///
/// var fuzzed = ReplayableRandom(bytes: [7, 0, 0, 0, 0, 0, 0, 0])
/// fuzzed.next()         // 7: the bytes are the bits, little-endian
/// fuzzed.isExhausted    // true: a fuzz target stops here
/// ```
public struct ReplayableRandom: RandomNumberGenerator, Hashable, Sendable {
  private var s0: UInt64
  private var s1: UInt64
  private var s2: UInt64
  private var s3: UInt64
  /// A fuzzer's bytes, read first, 8 at a time; empty for a seeded
  /// generator.
  private var bytes: [UInt8] = []
  private var offset = 0
  /// Whether the fuzzer's bytes are used up.
  ///
  /// The bits come from the xoshiro256** stream from then on, so every
  /// mapping still terminates. Always `true` for a seeded generator.
  public private(set) var isExhausted = true

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

  /// Creates a generator whose bits are a fuzzer's bytes, little-endian, 8
  /// at a time (a last short word is padded with zeros); when they are used
  /// up, ``isExhausted`` becomes true and the bits continue from seed 0.
  ///
  /// - Parameter bytes: The fuzzer's input.
  public init(bytes: some Sequence<UInt8>) {
    self.init(seed: 0)
    self.bytes = Array(bytes)
    offset = 0
    isExhausted = self.bytes.isEmpty
  }

  /// The next 64 random bits: the fuzzer's next bytes, or xoshiro256**.
  ///
  /// - Returns: 64 bits.
  public mutating func next() -> UInt64 {
    if !isExhausted {
      var word: UInt64 = 0
      for shift in stride(from: 0, to: 64, by: 8) where offset < bytes.count {
        word |= UInt64(bytes[offset]) << UInt64(shift)
        offset += 1
      }
      if offset >= bytes.count { isExhausted = true }
      return word
    }
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
  static func caseSeed(base: UInt64, index: Int) -> UInt64 {
    var generator = ReplayableRandom(
      seed: base ^ (UInt64(truncatingIfNeeded: index) &* 0x9E37_79B9_7F4A_7C15))
    return generator.next()
  }
}
