//===----------------------------------------------------------------------===//
// Timeline: text compared by its Unicode scalars, as names and keywords are.
//===----------------------------------------------------------------------===//

extension String {
  /// Whether two strings are the same sequence of Unicode scalars: the same
  /// UTF-8 bytes.
  ///
  /// The engine compares names, keywords and labels this way, not with `==`,
  /// which compares by canonical equivalence (`"é"` precomposed equals `"e"`
  /// with a combining accent). Canonical equivalence needs Unicode's
  /// normalization tables, about 31 KB of the WebAssembly module; scalars
  /// are what JSON (RFC 8259 §8.3), CSS and a renderer's glyphs go by.
  ///
  /// - Parameter other: Another string.
  /// - Returns: Whether their UTF-8 bytes are equal.
  /// - Complexity: O(*n*) in the length of the shorter string.
  package func hasSameScalars(as other: String) -> Bool {
    var left = self
    var right = other
    return left.withUTF8 { left in
      right.withUTF8 { right in left.count == right.count && left.elementsEqual(right) }
    }
  }
}

extension String? {
  /// Whether both are `nil`, or both are strings of the same Unicode scalars
  /// (`String.hasSameScalars(as:)`).
  ///
  /// - Parameter other: Another optional string.
  /// - Returns: Whether they are equal by scalars.
  package func hasSameScalars(as other: String?) -> Bool {
    switch (self, other) {
    case (nil, nil): return true
    case (let left?, let right?): return left.hasSameScalars(as: right)
    default: return false
    }
  }
}

/// A string that is equal to another when their Unicode scalars are (see
/// `String.hasSameScalars(as:)`): the subject of a `switch` over
/// names and keywords, whose cases stay string literals.
///
/// ```swift
/// let type = "setProgress"
/// switch ExactText(type) {
/// case "setProgress": print("a progress event")
/// default: print("another event")
/// }
/// ```
package struct ExactText: Equatable, ExpressibleByStringLiteral {
  /// The text.
  package var text: String

  /// Wraps a string.
  ///
  /// - Parameter text: The text.
  package init(_ text: String) {
    self.text = text
  }

  /// A literal.
  ///
  /// - Parameter value: The literal's text.
  package init(stringLiteral value: String) {
    text = value
  }

  /// Whether the two texts have the same Unicode scalars.
  package static func == (left: ExactText, right: ExactText) -> Bool {
    left.text.hasSameScalars(as: right.text)
  }
}
