//===----------------------------------------------------------------------===//
// Timeline: eˣ without a table, for the WebAssembly module's springs.
//===----------------------------------------------------------------------===//

/// eˣ, within one unit in the last place, computed without a table.
///
/// Sun's fdlibm algorithm: x = k·ln 2 + r with |r| ≤ ln 2 / 2 (ln 2 split in
/// two parts, so r is exact enough), eʳ from a rational approximation of
/// degree 5, then scaled by 2ᵏ. The WebAssembly module uses it for `exp`
/// instead of the C library's, whose table of 2 KB is the largest piece of
/// data a spring would pull in; natively, springs use the C library's, and
/// the tests check that both agree to one unit in the last place.
///
/// - Parameter x: The exponent.
/// - Returns: eˣ; +∞ above ln(`Double.greatestFiniteMagnitude`), 0 below
///   about −745.13, NaN for NaN.
package func tablelessExp(_ x: Double) -> Double {
  if x.isNaN { return x }
  if x > 7.09782712893383973096e+02 { return .infinity }
  if x < -7.45133219101941108420e+02 { return 0 }
  let ln2High = 6.93147180369123816490e-01  // the leading 32 bits of ln 2
  let ln2Low = 1.90821492927058770002e-10  // ln 2 − ln2High
  var k = 0
  var high = x
  var low = 0.0
  var r = x
  let magnitude = x.magnitude
  if magnitude > 0.5 * 6.93147180559945286227e-01 {
    if magnitude < 1.5 * 6.93147180559945286227e-01 {
      k = x > 0 ? 1 : -1
    } else {
      k = Int(1.44269504088896338700e+00 * x + (x > 0 ? 0.5 : -0.5))
    }
    high = x - Double(k) * ln2High
    low = Double(k) * ln2Low
    r = high - low
  } else if magnitude < 0x1p-28 {
    return 1 + x
  }
  let t = r * r
  let c =
    r - t
    * (1.66666666666666019037e-01
      + t
      * (-2.77777777770155933842e-03
        + t
        * (6.61375632143793436117e-05
          + t * (-1.65339022054652515390e-06 + t * 4.13813679705723846039e-08))))
  if k == 0 { return 1 - ((r * c) / (c - 2) - r) }
  let y = 1 - ((low - (r * c) / (2 - c)) - high)
  // y · 2ᵏ: the exponent is added to y's own, exactly; below the normal
  // range, in two steps, so the result is rounded once.
  if k >= -1021 {
    return Double(bitPattern: y.bitPattern &+ UInt64(bitPattern: Int64(k) << 52))
  }
  return Double(bitPattern: y.bitPattern &+ UInt64(bitPattern: Int64(k + 1000) << 52)) * 0x1p-1000
}
