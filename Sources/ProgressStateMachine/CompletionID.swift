//===----------------------------------------------------------------------===//
// ProgressStateMachine: identities of requests awaiting a completion (spec CP).
//===----------------------------------------------------------------------===//

/// The identity of a request whose completion the machine will deliver.
///
/// Every ``ProgressEvent/setProgress(_:animated:)`` and
/// ``ProgressEvent/setHidden(_:animated:)`` that is applied or ignored gets
/// the next identity, in order from 0, and exactly one
/// ``ProgressEffect/complete(_:finished:)`` effect names it later (CP-1). A
/// host keeps its completion blocks keyed by this identity.
public struct CompletionID: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The sequence number, starting at 0 for a new machine.
  public let rawValue: UInt64

  /// Creates an identity from its sequence number.
  ///
  /// - Parameter rawValue: The sequence number.
  package init(_ rawValue: UInt64) {
    self.rawValue = rawValue
  }

  /// Returns whether `lhs` was issued before `rhs`.
  ///
  /// - Parameters:
  ///   - lhs: An identity.
  ///   - rhs: Another identity.
  /// - Returns: `true` when `lhs` is older.
  public static func < (lhs: CompletionID, rhs: CompletionID) -> Bool {
    lhs.rawValue < rhs.rawValue
  }

  /// The identity as `#N`.
  public var description: String { "#\(rawValue)" }
}

// Codable, which Embedded Swift does not have (snapshots, JSON hosts).
#if !hasFeature(Embedded)
  extension CompletionID: Codable {}
#endif
