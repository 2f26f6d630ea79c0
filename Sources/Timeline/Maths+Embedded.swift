//===----------------------------------------------------------------------===//
// Timeline: the maths functions springs use (`exp`, `sin`, `cos`) for
// Embedded Swift, which has no C library module to import. Natively they
// come from Glibc, Musl, Darwin… as before. Under Embedded they are
// `PortableMaths`' short Taylor series after a Cody–Waite argument
// reduction, with no tables: C's (musl's, with its 5 KB of tables and the
// exact reduction of huge arguments) were 13 KB of the WebAssembly module.
// The tests hold them to the C library's within a few ulp natively.
//===----------------------------------------------------------------------===//

/// `exp`, `sin` and `cos` in Swift, from their Taylor series.
///
/// The argument is reduced to a small remainder first — by a multiple of
/// ln 2 for `exp`, of π/2 for `sin` and `cos` — with the constant split into
/// parts whose products with the multiple are exact (Cody and Waite), so the
/// remainder is as exact as the argument. The series then converges within
/// the remainder's interval to under half an ulp; what is left is the
/// rounding of the sums, a few ulp.
package enum PortableMaths {
  /// e to the power `x`.
  package static func exp(_ x: Double) -> Double {
    if x.isNaN { return x }
    if x > 709.782_712_893_384 { return .infinity }
    if x < -745.133_219_101_941_2 { return 0 }
    // x = k·ln 2 + r, |r| ≤ ln 2 / 2; ln 2 = ln2High + ln2Low, where
    // ln2High has 42 significant bits, so k·ln2High is exact for |k| ≤ 2¹¹.
    let ln2High = 0.693_147_180_559_890_3
    let ln2Low = 5.497_923_018_708_371e-14
    let k = (x * 1.442_695_040_888_963_4).rounded()
    let r = (x - k * ln2High) - k * ln2Low
    // e^r = Σ rⁿ/n!, n = 0…13: the first term left out is below 2⁻⁵⁶.
    var sum = 1.605_904_383_682_161_3e-10
    sum = sum * r + 2.087_675_698_786_81e-09
    sum = sum * r + 2.505_210_838_544_172e-08
    sum = sum * r + 2.755_731_922_398_589e-07
    sum = sum * r + 2.755_731_922_398_589_3e-06
    sum = sum * r + 2.480_158_730_158_73e-05
    sum = sum * r + 0.000_198_412_698_412_698_4
    sum = sum * r + 0.001_388_888_888_888_889
    sum = sum * r + 0.008_333_333_333_333_333
    sum = sum * r + 0.041_666_666_666_666_664
    sum = sum * r + 0.166_666_666_666_666_66
    sum = sum * r + 0.5
    sum = sum * r + 1
    sum = sum * r + 1
    return Double(sign: .plus, exponent: Int(k), significand: sum)
  }

  /// The sine and the cosine of `x` (radians).
  package static func sineAndCosine(_ x: Double) -> (sine: Double, cosine: Double) {
    guard x.isFinite else { return (.nan, .nan) }
    var x = x
    // Past 2²⁷ the multiple of π/2 no longer fits the exact products; the
    // remainder by 2π (a double) is exact, its error that of 2π's rounding.
    if x.magnitude >= 134_217_728 { x = x.truncatingRemainder(dividingBy: 6.283_185_307_179_586) }
    // x = n·π/2 + r, |r| ≤ π/4; π/2 = p1 + p2 + p3 + p4, the first three
    // of 26 significant bits each, so n·pᵢ is exact for |n| < 2²⁷.
    let n = (x * 0.636_619_772_367_581_4).rounded()
    let r =
      (((x - n * 1.570_796_340_703_964_2) - n * -1.390_906_767_539_945_6e-08)
        - n * 6.123_233_932_053_594e-17) - n * 6.368_317_163_510_95e-25
    let square = r * r
    // sin r = Σ (−1)ᵏ r²ᵏ⁺¹/(2k+1)!, k = 0…9; cos r = Σ (−1)ᵏ r²ᵏ/(2k)!,
    // k = 0…9: the first terms left out are below 2⁻⁶⁰ for |r| ≤ π/4.
    var sine = -8.220_635_246_624_33e-18
    sine = sine * square + 2.811_457_254_345_520_6e-15
    sine = sine * square - 7.647_163_731_819_816e-13
    sine = sine * square + 1.605_904_383_682_161_3e-10
    sine = sine * square - 2.505_210_838_544_172e-08
    sine = sine * square + 2.755_731_922_398_589_3e-06
    sine = sine * square - 0.000_198_412_698_412_698_4
    sine = sine * square + 0.008_333_333_333_333_333
    sine = sine * square - 0.166_666_666_666_666_66
    sine = (sine * square) * r + r
    var cosine = -1.561_920_696_858_622_5e-16
    cosine = cosine * square + 4.779_477_332_387_385e-14
    cosine = cosine * square - 1.147_074_559_772_972_5e-11
    cosine = cosine * square + 2.087_675_698_786_81e-09
    cosine = cosine * square - 2.755_731_922_398_589e-07
    cosine = cosine * square + 2.480_158_730_158_73e-05
    cosine = cosine * square - 0.001_388_888_888_888_889
    cosine = cosine * square + 0.041_666_666_666_666_664
    cosine = cosine * square - 0.5
    cosine = cosine * square + 1
    switch Int(n) & 3 {
    case 0: return (sine, cosine)
    case 1: return (cosine, -sine)
    case 2: return (-sine, -cosine)
    default: return (-cosine, sine)
    }
  }
}

#if hasFeature(Embedded)
  func exp(_ x: Double) -> Double { PortableMaths.exp(x) }
  func sin(_ x: Double) -> Double { PortableMaths.sineAndCosine(x).sine }
  func cos(_ x: Double) -> Double { PortableMaths.sineAndCosine(x).cosine }
#endif
