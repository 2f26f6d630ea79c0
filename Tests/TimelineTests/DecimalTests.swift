//===----------------------------------------------------------------------===//
// TimelineTests: decimal text read into doubles, correctly rounded (spec
// TL-10: the numbers of CSS easings and of JSON).
//===----------------------------------------------------------------------===//

import CommandLineSupport
import ProgressTestingCore
import Testing
import Timeline

@Suite("Decimal text")
struct DecimalTests {
  /// The WebAssembly module's reader, and the C library's behind Double(String).
  static func read(_ text: String) -> (ours: Double?, library: Double?) {
    let ours = Array(text.utf8).withUnsafeBufferPointer { Double.correctlyRounded($0) }
    return (ours, Double(text))
  }

  static func same(_ a: Double?, _ b: Double?) -> Bool {
    switch (a, b) {
    case (nil, nil): return true
    case (let a?, let b?): return a.bitPattern == b.bitPattern
    default: return false
    }
  }

  @Test("TL-10 the WebAssembly module reads numbers exactly as strtod: edge cases")
  func edges() {
    for text in [
      "0", "-0", "+0", "0.0", "00012", "1", "-1", "1.", ".5", "-.5", "1e10", "1E+10", "1e-10",
      "0.1", "0.2", "0.3", "3.14159", "123456789012345678901234567890", "9007199254740993",
      "9007199254740993.0000000000000000001", "9007199254740995", "1e23", "8.589973e9",
      "2.2250738585072011e-308", "2.2250738585072012e-308", "2.2250738585072014e-308",
      "4.9406564584124654e-324", "2.4703282292062327e-324", "2.4703282292062328e-324",
      "1e-324", "1e-400", "1.7976931348623157e308", "1.7976931348623158e308",
      "1.7976931348623159e308", "1e309", "1e400", "1e-5", "123.456e-2",
      "0.000000000000000000001e21",
      "1.00000000000000011102230246251565404236316680908203125",
      "1.00000000000000011102230246251565404236316680908203124",
      "1.00000000000000011102230246251565404236316680908203126",
      "7.2057594037927933e16", "1e2147483648", "1e-2147483648",
      String(repeating: "9", count: 900), "0." + String(repeating: "0", count: 900) + "1",
      "1" + String(repeating: "0", count: 900) + "e-900",
      "", "-", "+", ".", "e5", "1e", "1e+", "1..2", "1.2.3", "--1", "1 ",
    ] {
      let (ours, library) = Self.read(text)
      #expect(
        Self.same(ours, library),
        "'\(text.prefix(60))': \(String(describing: ours)), strtod \(String(describing: library))")
    }
    // strtod reads these too; the readers never pass them on.
    for text in ["0x10", "inf", "nan", "infinity"] { #expect(Self.read(text).ours == nil) }
  }

  @Test(
    "TL-10 the WebAssembly module reads numbers exactly as strtod: 100,000 random texts with PROGRESS_LONG_TESTS (CI), 10,000 without"
  )
  func random() {
    var random = ReplayableRandom(seed: 17)
    func digits(_ count: Int) -> String {
      String((0..<count).map { _ in Character(String(Int(random.unitDouble() * 10))) })
    }
    for _ in 0..<Tools.cases(100_000) {
      let integerDigits = Int(random.unitDouble() * 25)
      let fractionDigits = Int(random.unitDouble() * 25)
      var text = random.unitDouble() < 0.3 ? "-" : ""
      text += digits(integerDigits)
      if fractionDigits > 0 || integerDigits == 0 { text += "." + digits(max(fractionDigits, 1)) }
      if random.unitDouble() < 0.7 {
        text += "e" + String(Int(random.unitDouble() * 700) - 350)
      }
      let (ours, library) = Self.read(text)
      #expect(Self.same(ours, library), "'\(text)'")
    }
  }

  @Test(
    "TL-10 the WebAssembly module reads numbers exactly as strtod: 3,000 doubles' halfway points with PROGRESS_LONG_TESTS (CI), 300 without"
  )
  func halfway() {
    var random = ReplayableRandom(seed: 23)
    /// The exact decimal text of n · 2^power, computed with decimal digits.
    func exact(_ n: UInt64, _ power: Int) -> String {
      var number = String(n).utf8.map { Int($0) - 48 }  // most significant first
      func multiply(by factor: Int) {
        var carry = 0
        for index in number.indices.reversed() {
          let product = number[index] * factor + carry
          number[index] = product % 10
          carry = product / 10
        }
        while carry > 0 {
          number.insert(carry % 10, at: 0)
          carry /= 10
        }
      }
      var remaining = abs(power)
      while remaining > 0 {  // by 2³⁰ or 5¹³ at a time
        let step = min(remaining, power > 0 ? 30 : 13)
        multiply(by: power > 0 ? 1 << step : (0..<step).reduce(1) { product, _ in product * 5 })
        remaining -= step
      }
      let text = number.map { String($0) }.joined()
      return power >= 0 ? text : text + "e-" + String(-power)
    }
    for _ in 0..<Tools.cases(3_000) {
      // A double m · 2^e (normal or subnormal), and the midpoint above it.
      let isSubnormal = random.unitDouble() < 0.2
      let m =
        isSubnormal
        ? UInt64(random.unitDouble() * Double(1 << 52))
        : UInt64(1 << 52) + UInt64(random.unitDouble() * Double(1 << 52))
      let e = isSubnormal ? -1074 : Int(random.unitDouble() * 2098) - 1074
      let midpoint = exact(2 * m + 1, e - 1)
      let mantissa = midpoint.split(separator: "e").first.map(String.init) ?? midpoint
      let suffix = midpoint.contains("e") ? "e" + midpoint.split(separator: "e")[1] : ""
      for text in [midpoint, mantissa + "1" + suffix.replacingExponent(by: 1)] {
        let (ours, library) = Self.read(text)
        #expect(Self.same(ours, library), "'\(text.prefix(40))…' (\(text.count) characters)")
      }
    }
  }
}

extension String {
  /// "e-N" made "e-(N+k)" (a digit appended to the mantissa keeps the value
  /// when the exponent drops by one); "" becomes "e-1".
  fileprivate func replacingExponent(by k: Int) -> String {
    guard hasPrefix("e-"), let n = Int(dropFirst(2)) else { return "e-\(k)" }
    return "e-\(n + k)"
  }
}
