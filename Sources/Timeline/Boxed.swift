//===----------------------------------------------------------------------===//
// Timeline: a value behind one reference, equal and hashed as the value.
//===----------------------------------------------------------------------===//

/// A value kept behind one reference, compared and hashed as the value.
///
/// The readers' errors keep what they say in one: an error thrown up through
/// many levels of a reader moves one word, not the strings it holds, and
/// stays `Hashable` by its contents without an equality written out for it.
package final class Boxed<Value: Hashable & Sendable>: Hashable, Sendable {
  /// The value.
  package let value: Value

  /// Boxes a value.
  ///
  /// - Parameter value: The value.
  package init(_ value: Value) {
    self.value = value
  }

  package static func == (left: Boxed, right: Boxed) -> Bool { left.value == right.value }

  package func hash(into hasher: inout Hasher) { hasher.combine(value) }
}
