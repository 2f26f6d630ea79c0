//===----------------------------------------------------------------------===//
// ProgressStress: the CSS easing parser. Any text gives an easing or a typed
// error; an easing's values are finite, and its CSS text reads back to an
// easing with the same values.
//===----------------------------------------------------------------------===//

import Timeline

extension FuzzTarget {
  /// The CSS easing parser: any text gives an easing or a typed error; an
  /// easing's values are finite, and its CSS text reads back to an easing
  /// with the same values.
  ///
  /// - Parameter bytes: The input.
  public static func easing(_ bytes: UnsafeRawBufferPointer) {
    guard let text = String(validating: bytes, as: UTF8.self) else { return }
    guard let easing = try? Easing(cssText: text) else { return }
    let inputs = [-1.0, 0, 1e-9, 0.25, 0.5, 0.75, 1 - 1e-9, 1, 2]
    // Every easing the parser accepts gives finite values and slopes for
    // every finite input: the ordinary ones, and the extremes a chained or
    // extrapolated progress can reach.
    for input in inputs + FuzzTarget.extremeInputs {
      for beforeFlag in [false, true] {
        let value = easing.value(at: input, beforeFlag: beforeFlag)
        guard value.isFinite else { fatalError("\(text) at \(input) gave \(value)") }
      }
      let slope = easing.slope(at: input)
      guard slope.isFinite else { fatalError("\(text) at \(input) has slope \(slope)") }
    }
    guard let again = try? Easing(cssText: easing.cssText) else {
      fatalError("\(text) printed as \(easing.cssText), which does not read back")
    }
    for input in inputs where abs(again.value(at: input) - easing.value(at: input)) > 1e-9 {
      fatalError("\(text) and its printed form \(easing.cssText) differ at \(input)")
    }
  }
}

extension FuzzTarget {
  /// Finite inputs at the edges of `Double`: huge, tiny, just beside 0
  /// and 1.
  public static let extremeInputs: [Double] = [
    -.greatestFiniteMagnitude, -1e300, -1e16, -1e9, -.leastNonzeroMagnitude, .leastNonzeroMagnitude,
    .leastNormalMagnitude, 1e-300, 0.5.nextUp, 1.0.nextDown, 1.0.nextUp, 1 + 1e-12, 1e9, 1e16,
    1e300, .greatestFiniteMagnitude,
  ]
}
