//===----------------------------------------------------------------------===//
// Timeline: sine and cosine with a small table, for the WebAssembly module's
// springs.
//===----------------------------------------------------------------------===//

/// sin x, within one unit in the last place.
///
/// Sun's fdlibm algorithm, as the C libraries have it: x is reduced to
/// r = x − n·π/2 with |r| ≤ π/4, in two doubles, then a polynomial of r gives
/// the sine or the cosine of r by n's quadrant. The reduction is exact:
/// π/2 in three parts for |x| < 2²⁰·π/2, the bits of 2/π beyond (Payne and
/// Hanek) for larger x, from 152 bytes of them where musl keeps 2.7 KB (for
/// its long doubles too). The WebAssembly module's springs use it for `sin`;
/// natively, springs use the C library's, and the tests check that both agree
/// to one unit in the last place.
///
/// - Parameter x: The angle in radians.
/// - Returns: sin x; NaN for an infinite or NaN x.
package func tablelessSin(_ x: Double) -> Double {
  if x.magnitude.bitPattern >> 32 <= 0x3fe9_21fb {  // |x| ≲ π/4
    if x.magnitude < 0x1p-26 { return x }
    return sineKernel(x, 0, hasTail: false)
  }
  if !x.isFinite { return x - x }
  let (quadrant, head, tail) = reducedByHalfPi(x)
  switch quadrant & 3 {
  case 0: return sineKernel(head, tail, hasTail: true)
  case 1: return cosineKernel(head, tail)
  case 2: return -sineKernel(head, tail, hasTail: true)
  default: return -cosineKernel(head, tail)
  }
}

/// cos x, within one unit in the last place (see `tablelessSin`).
///
/// - Parameter x: The angle in radians.
/// - Returns: cos x; NaN for an infinite or NaN x.
package func tablelessCos(_ x: Double) -> Double {
  if x.magnitude.bitPattern >> 32 <= 0x3fe9_21fb {  // |x| ≲ π/4
    if x.magnitude.bitPattern >> 32 < 0x3e46_a09e { return 1 }  // |x| < 2⁻²⁷·√2
    return cosineKernel(x, 0)
  }
  if !x.isFinite { return x - x }
  let (quadrant, head, tail) = reducedByHalfPi(x)
  switch quadrant & 3 {
  case 0: return cosineKernel(head, tail)
  case 1: return -sineKernel(head, tail, hasTail: true)
  case 2: return -cosineKernel(head, tail)
  default: return sineKernel(head, tail, hasTail: true)
  }
}

/// sin(x + y) for |x| ≤ π/4, y the tail of x.
private func sineKernel(_ x: Double, _ y: Double, hasTail: Bool) -> Double {
  let z = x * x
  let w = z * z
  let r =
    8.33333333332248946124e-03 + z * (-1.98412698298579493134e-04 + z * 2.75573137070700676789e-06)
    + z * w * (-2.50507602534068634195e-08 + z * 1.58969099521155010221e-10)
  let v = z * x
  let s1 = -1.66666666666666324348e-01
  if !hasTail { return x + v * (s1 + z * r) }
  return x - ((z * (0.5 * y - v * r) - y) - v * s1)
}

/// cos(x + y) for |x| ≤ π/4, y the tail of x.
private func cosineKernel(_ x: Double, _ y: Double) -> Double {
  let z = x * x
  let w = z * z
  let r =
    z
    * (4.16666666666666019037e-02
      + z * (-1.38888888888741095749e-03 + z * 2.48015872894767294178e-05))
    + w * w
    * (-2.75573143513906633035e-07
      + z * (2.08757232129817482790e-09 + z * -1.13596475577881948265e-11))
  let halfZ = 0.5 * z
  let one = 1 - halfZ
  return one + (((1 - one) - halfZ) + (z * r - x * y))
}

/// x − n·π/2 as a head and a tail, with n, for finite x beyond π/4.
private func reducedByHalfPi(_ x: Double) -> (quadrant: Int, head: Double, tail: Double) {
  let high = x.magnitude.bitPattern >> 32
  guard high >= 0x4139_21fb else {  // |x| < 2²⁰·π/2: π/2 in three parts
    let n = (x * 6.36619772367581382433e-01).rounded(.toNearestOrEven)
    var r = x - n * 1.57079632673412561417e+00
    var w = n * 6.07710050650619224932e-11
    var head = r - w
    let exponent = Int(high >> 20)
    if exponent - Int(head.bitPattern >> 52 & 0x7ff) > 16 {
      var t = r
      w = n * 6.07710050630396597660e-11
      r = t - w
      w = n * 2.02226624879595063154e-21 - ((t - r) - w)
      head = r - w
      if exponent - Int(head.bitPattern >> 52 & 0x7ff) > 49 {
        t = r
        w = n * 2.02226624871116645580e-21
        r = t - w
        w = n * 8.47842766036889956997e-32 - ((t - r) - w)
        head = r - w
      }
    }
    return (Int(n), head, (r - head) - w)
  }
  // |x| = m·2ᵖ, m an integer of 53 bits. Bits of 2/π before bit p − 1
  // (from 1 after the point) make multiples of 4 with m; the 192 from there
  // give x·2/π modulo 4 to 2⁻¹³⁷.
  let p = Int(x.magnitude.bitPattern >> 52) - 1075
  let m = x.magnitude.bitPattern & (1 << 52 - 1) | 1 << 52
  let start = p - 2  // 0-based offset of bit p − 1
  let (high2, low2) = m.multipliedFullWidth(by: twoOverPiWord(at: start + 128))
  let (high1, low1) = m.multipliedFullWidth(by: twoOverPiWord(at: start + 64))
  let (word1, carry) = low1.addingReportingOverflow(high2)
  let word0 = m &* twoOverPiWord(at: start) &+ high1 &+ (carry ? 1 : 0)
  // The top two bits are the quadrant; the next 128, the fraction of one.
  var quadrant = Int(word0 >> 62)
  var fraction = (word0 << 2 | word1 >> 62, word1 << 2 | low2 >> 62)
  let isPastHalf = fraction.0 >> 63 == 1
  if isPastHalf {  // the next quadrant, less 1 − fraction
    quadrant += 1
    fraction.1 = 0 &- fraction.1
    fraction.0 = ~fraction.0 &+ (fraction.1 == 0 ? 1 : 0)
  }
  // r = fraction · π/2: the top 128 bits of its product with π/2·2¹²⁶.
  let (a1, a0) = fraction
  let (b1, b0): (UInt64, UInt64) = (0x6487_ed51_10b4_611a, 0x6263_3145_c06e_0e69)
  let top = a1.multipliedFullWidth(by: b1)
  let cross1 = a1.multipliedFullWidth(by: b0)
  let cross0 = a0.multipliedFullWidth(by: b1)
  let bottom = a0.multipliedFullWidth(by: b0).high
  let (middle, o1) = cross1.low.addingReportingOverflow(cross0.low)
  let o2 = middle.addingReportingOverflow(bottom).overflow
  let (s1, o3) = top.low.addingReportingOverflow(cross1.high)
  let (s2, o4) = s1.addingReportingOverflow(cross0.high)
  let (s3, o5) = s2.addingReportingOverflow((o1 ? 1 : 0) + (o2 ? 1 : 0))
  let t1 = top.high &+ (o3 ? 1 : 0) &+ (o4 ? 1 : 0) &+ (o5 ? 1 : 0)
  // r = (t1·2⁶⁴ + s3)·2⁻¹²⁶, as a head of 53 bits and a tail.
  var head = 0.0
  var tail = 0.0
  if t1 != 0 || s3 != 0 {
    let shift = t1 != 0 ? t1.leadingZeroBitCount : 64 + s3.leadingZeroBitCount
    let u1 = shift == 0 ? t1 : shift < 64 ? t1 << shift | s3 >> (64 - shift) : s3 << (shift - 64)
    let u0 = shift < 64 ? s3 << shift : 0
    let a = Double(u1 >> 11) * Double(sign: .plus, exponent: -51 - shift, significand: 1)
    let b =
      (Double(u1 & 0x7ff) * 0x1p64 + Double(u0))
      * Double(sign: .plus, exponent: -126 - shift, significand: 1)
    head = a + b
    tail = b - (head - a)
  }
  if isPastHalf {
    head = -head
    tail = -tail
  }
  return x < 0 ? (-quadrant, -head, -tail) : (quadrant, head, tail)
}

/// The 64 bits of 2/π from a 0-based offset after the point; bits before
/// the point are 0.
private func twoOverPiWord(at offset: Int) -> UInt64 {
  if offset <= -64 { return 0 }
  if offset < 0 { return twoOverPi[0] >> -offset }
  let index = offset / 64
  let shift = offset % 64
  let first = index < twoOverPi.count ? twoOverPi[index] : 0
  guard shift > 0 else { return first }
  let second = index + 1 < twoOverPi.count ? twoOverPi[index + 1] : 0
  return first << shift | second >> (64 - shift)
}

/// The first 1,216 bits of 2/π after the point: enough for every double.
private let twoOverPi: [UInt64] = [
  0xa2f9_836e_4e44_1529, 0xfc27_57d1_f534_ddc0, 0xdb62_9599_3c43_9041, 0xfe51_63ab_debb_c561,
  0xb724_6e3a_424d_d2e0, 0x0649_2eea_09d1_921c, 0xfe1d_eb1c_b129_a73e, 0xe882_35f5_2ebb_4484,
  0xe99c_7026_b45f_7e41, 0x3991_d639_8353_39f4, 0x9c84_5f8b_bdf9_283b, 0x1ff8_97ff_de05_980f,
  0xef2f_118b_5a0a_6d1f, 0x6d36_7ecf_27cb_09b7, 0x4f46_3f66_9e5f_ea2d, 0x7527_bac7_ebe5_f17b,
  0x3d07_39f7_8a52_92ea, 0x6bfb_5fb1_1f8d_5d08, 0x5603_3046_fc7b_6bab,
]
