//===----------------------------------------------------------------------===//
// Timeline: decimal numbers read from text, correctly rounded.
//===----------------------------------------------------------------------===//

extension Double {
  /// The number a decimal text spells, correctly rounded, or `nil` when the
  /// text is not one.
  ///
  /// The readers of CSS easings and of JSON check the syntax themselves and
  /// hand over ASCII bytes: an optional sign, digits with an optional
  /// fraction, an optional exponent. Natively `Double(String)` reads them
  /// (the C library's `strtod`); under Embedded Swift `correctlyRounded(_:)`
  /// does, which spares the WebAssembly module `strtod` (7 KB) and
  /// `Double(String)`'s conversion of a string to a C string. Both round
  /// to nearest, ties to even, so both give the same number.
  ///
  /// - Parameter text: The bytes of the number.
  package init?(decimal text: UnsafeBufferPointer<UInt8>) {
    #if hasFeature(Embedded)
      guard let value = Double.correctlyRounded(text) else { return nil }
      self = value
    #else
      self.init(String(decoding: text, as: UTF8.self))
    #endif
  }

  /// The double nearest a decimal text, ties to even.
  ///
  /// The text is `[+|-] digits [. digits] [(e|E) [+|-] digits]`, with a digit
  /// in the mantissa. Beyond the largest double the result is ±∞; below half
  /// the smallest, ±0.
  ///
  /// Up to 15 digits and a power of ten up to 10²² give one exact division
  /// or product (Clinger's fast path). Otherwise an estimate is corrected,
  /// one unit in the last place at a time, by comparing the exact value, as
  /// big integers, with the midpoints between the estimate and its
  /// neighbours.
  ///
  /// - Parameter text: The ASCII bytes.
  /// - Returns: The double, or `nil` for another text.
  package static func correctlyRounded(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
    var index = 0
    var isNegative = false
    if index < text.count, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") {
      isNegative = text[index] == UInt8(ascii: "-")
      index += 1
    }
    // The value is digits × 10^exponent. 800 digits decide any rounding;
    // further nonzero digits only tip it up, as one more digit 1 does.
    var digits: [UInt8] = []
    var exponent = 0
    var hasDigit = false
    var isTruncated = false
    var isFraction = false
    while index < text.count {
      let byte = text[index]
      if byte == UInt8(ascii: "."), !isFraction {
        isFraction = true
      } else if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
        hasDigit = true
        let digit = byte - UInt8(ascii: "0")
        if digits.isEmpty, digit == 0 {
          if isFraction { exponent -= 1 }
        } else if digits.count < 800 {
          digits.append(digit)
          if isFraction { exponent -= 1 }
        } else {
          if digit != 0 { isTruncated = true }
          if !isFraction { exponent += 1 }
        }
      } else {
        break
      }
      index += 1
    }
    guard hasDigit else { return nil }
    if index < text.count, text[index] | 0x20 == UInt8(ascii: "e") {
      index += 1
      var isExponentNegative = false
      if index < text.count, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") {
        isExponentNegative = text[index] == UInt8(ascii: "-")
        index += 1
      }
      var written = 0
      var count = 0
      while index < text.count, text[index] >= UInt8(ascii: "0"), text[index] <= UInt8(ascii: "9") {
        written = min(written * 10 + Int(text[index] - UInt8(ascii: "0")), 1_000_000)
        count += 1
        index += 1
      }
      guard count > 0 else { return nil }
      exponent += isExponentNegative ? -written : written
    }
    guard index == text.count else { return nil }
    if isTruncated {
      digits.append(1)
      exponent -= 1
    }
    let magnitude = correctlyRounded(digits: digits, exponent: exponent)
    return isNegative ? -magnitude : magnitude
  }

  /// The double nearest digits × 10^exponent, the digits without leading
  /// zeros.
  private static func correctlyRounded(digits: [UInt8], exponent: Int) -> Double {
    if digits.isEmpty { return 0 }
    let scale = digits.count + exponent  // the value is below 10^scale
    if scale > 310 { return .infinity }
    if scale < -324 { return 0 }
    // A first estimate from the leading 19 digits.
    var leading: UInt64 = 0
    for index in 0..<min(digits.count, 19) { leading = leading * 10 + UInt64(digits[index]) }
    let power = exponent + max(digits.count - 19, 0)
    if digits.count <= 15, (-22...22).contains(power) {
      let factor = powerOfTen(abs(power))
      return power < 0 ? Double(leading) / factor : Double(leading) * factor
    }
    var estimate = Double(leading)
    var remaining = power
    while remaining != 0 {
      let step = max(min(remaining, 22), -22)
      estimate = step < 0 ? estimate / powerOfTen(-step) : estimate * powerOfTen(step)
      remaining -= step
    }
    estimate = min(max(estimate, .leastNonzeroMagnitude), .greatestFiniteMagnitude)
    // The exact value: numerator / denominator.
    var numerator = BigInteger(digits: digits)
    var denominator = BigInteger(1)
    if exponent >= 0 {
      numerator.multiply(byPowerOfTen: exponent)
    } else {
      denominator.multiply(byPowerOfTen: -exponent)
    }
    while true {
      let bits = estimate.bitPattern
      let biased = Int(bits >> 52)
      let significand = bits & (1 << 52 - 1) | (biased == 0 ? 0 : 1 << 52)
      let binaryExponent = max(biased, 1) - 1075  // estimate = significand · 2^binaryExponent
      // Compare with the midpoint above: (2·significand + 1) · 2^(binaryExponent − 1).
      let above = compare(
        numerator, denominator, 2 * significand + 1, binaryExponent - 1)
      if above > 0 {
        if estimate == .greatestFiniteMagnitude { return .infinity }
        estimate = estimate.nextUp
        continue
      }
      if above == 0 { return significand & 1 == 0 ? estimate : estimate.nextUp }
      // The midpoint below is closer when the estimate is a power of two
      // past the smallest normal: the gap below is half the gap above.
      let isNarrowBelow = significand == 1 << 52 && biased > 1
      let below = compare(
        numerator, denominator,
        isNarrowBelow ? 4 * significand - 1 : 2 * significand - 1,
        isNarrowBelow ? binaryExponent - 2 : binaryExponent - 1)
      if below < 0 {
        estimate = estimate.nextDown
        if estimate == 0 { return 0 }
        continue
      }
      if below == 0 { return significand & 1 == 0 ? estimate : estimate.nextDown }
      return estimate
    }
  }

  /// 10^power, exactly, for power from 0 to 22.
  private static func powerOfTen(_ power: Int) -> Double {
    var result = 1.0
    for _ in 0..<power { result *= 10 }
    return result
  }

  /// The sign of numerator / denominator − midpoint · 2^binaryExponent.
  private static func compare(
    _ numerator: BigInteger, _ denominator: BigInteger, _ midpoint: UInt64, _ binaryExponent: Int
  ) -> Int {
    var left = numerator
    var right = denominator
    right.multiply(by: midpoint)
    if binaryExponent < 0 {
      left.shiftLeft(-binaryExponent)
    } else {
      right.shiftLeft(binaryExponent)
    }
    return BigInteger.compare(left, right)
  }
}

/// A natural number in 32-bit limbs, least significant first: enough for
/// reading decimals exactly.
///
/// The limbs are kept in an `[Int]`, each read back by truncation to 32
/// bits (on wasm32 an `Int` is 32 bits, so a limb of 2^31 or more is stored
/// negative): under Embedded Swift an array of `Int` has its growth code
/// in the module already, where one of `UInt32` would bring its own.
private struct BigInteger {
  var limbs: [Int]

  init(_ value: UInt32) {
    limbs = [Int(truncatingIfNeeded: value)]
  }

  /// The limb at `index`.
  func limb(_ index: Int) -> UInt32 { UInt32(truncatingIfNeeded: limbs[index]) }

  /// Sets the limb at `index`.
  mutating func setLimb(_ index: Int, _ value: UInt32) {
    limbs[index] = Int(truncatingIfNeeded: value)
  }

  /// Appends a most significant limb.
  mutating func appendLimb(_ value: UInt32) { limbs.append(Int(truncatingIfNeeded: value)) }

  /// The number the decimal digits spell.
  init(digits: [UInt8]) {
    limbs = [0]
    var chunk: UInt32 = 0
    var chunkDigits = 0
    for digit in digits {
      chunk = chunk * 10 + UInt32(digit)
      chunkDigits += 1
      if chunkDigits == 9 {
        multiply(by: 1_000_000_000, adding: chunk)
        chunk = 0
        chunkDigits = 0
      }
    }
    var factor: UInt32 = 1
    for _ in 0..<chunkDigits { factor *= 10 }
    multiply(by: factor, adding: chunk)
  }

  /// self = self · factor + addend.
  mutating func multiply(by factor: UInt32, adding addend: UInt32 = 0) {
    var carry = UInt64(addend)
    for index in limbs.indices {
      let product = UInt64(limb(index)) * UInt64(factor) + carry
      setLimb(index, UInt32(truncatingIfNeeded: product))
      carry = product >> 32
    }
    if carry != 0 { appendLimb(UInt32(carry)) }
  }

  mutating func multiply(by factor: UInt64) {
    var high = self
    high.multiply(by: UInt32(factor >> 32))
    multiply(by: UInt32(truncatingIfNeeded: factor))
    high.shiftLeft(32)
    add(high)
  }

  mutating func multiply(byPowerOfTen power: Int) {
    var remaining = power
    while remaining >= 9 {
      multiply(by: 1_000_000_000)
      remaining -= 9
    }
    var factor: UInt32 = 1
    for _ in 0..<remaining { factor *= 10 }
    multiply(by: factor)
  }

  mutating func add(_ other: BigInteger) {
    var carry: UInt64 = 0
    for index in 0..<max(limbs.count, other.limbs.count) {
      if index == limbs.count { appendLimb(0) }
      let sum =
        UInt64(limb(index)) + (index < other.limbs.count ? UInt64(other.limb(index)) : 0) + carry
      setLimb(index, UInt32(truncatingIfNeeded: sum))
      carry = sum >> 32
    }
    if carry != 0 { appendLimb(UInt32(carry)) }
  }

  mutating func shiftLeft(_ bits: Int) {
    let words = bits / 32
    let shift = UInt32(bits % 32)
    var shifted = BigInteger(0)
    shifted.limbs = [Int](repeating: 0, count: limbs.count + words + 1)
    for index in limbs.indices {
      shifted.setLimb(index + words, shifted.limb(index + words) | limb(index) << shift)
      if shift > 0 { shifted.setLimb(index + words + 1, limb(index) >> (32 - shift)) }
    }
    limbs = shifted.limbs
  }

  /// The sign of left − right.
  static func compare(_ left: BigInteger, _ right: BigInteger) -> Int {
    var leftCount = left.limbs.count
    var rightCount = right.limbs.count
    while leftCount > 1, left.limb(leftCount - 1) == 0 { leftCount -= 1 }
    while rightCount > 1, right.limb(rightCount - 1) == 0 { rightCount -= 1 }
    if leftCount != rightCount { return leftCount < rightCount ? -1 : 1 }
    for index in stride(from: leftCount - 1, through: 0, by: -1)
    where left.limb(index) != right.limb(index) {
      return left.limb(index) < right.limb(index) ? -1 : 1
    }
    return 0
  }
}
