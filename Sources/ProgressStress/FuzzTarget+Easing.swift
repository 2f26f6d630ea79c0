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
    for input in inputs {
      let value = easing.value(at: input)
      guard value.isFinite else { fatalError("\(text) at \(input) gave \(value)") }
    }
    guard let again = try? Easing(cssText: easing.cssText) else {
      fatalError("\(text) printed as \(easing.cssText), which does not read back")
    }
    for input in inputs where abs(again.value(at: input) - easing.value(at: input)) > 1e-9 {
      fatalError("\(text) and its printed form \(easing.cssText) differ at \(input)")
    }
  }
}
