//===----------------------------------------------------------------------===//
// ProgressTesting: integration with Swift Testing — issues and replay traits.
//===----------------------------------------------------------------------===//

@_exported import ProgressTestingCore
public import Testing

/// A trait that runs a property test on one recorded case.
///
/// The property test then fails if the case passes, so a replay is never
/// committed after its bug is fixed.
public struct ProgressReplayTrait: TestTrait, TestScoping {
  /// The token, `seed:case:test`, printed by a failure.
  package let token: String

  /// Runs the test with the token in scope.
  ///
  /// - Parameters:
  ///   - test: The test.
  ///   - testCase: The test case.
  ///   - function: The test body.
  /// - Throws: What the body throws.
  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    try await ReplayContext.$token.withValue(token) { try await function() }
  }
}

extension Trait where Self == ProgressReplayTrait {
  /// Replays one recorded case of the property tests in the test.
  ///
  /// - Parameter token: The token from a failure report, `seed:case:test`.
  /// - Returns: The trait.
  public static func progressReplay(_ token: String) -> Self {
    ProgressReplayTrait(token: token)
  }
}

extension ProgressPropertyTest {
  /// Runs the test and records an issue with the shrunk, replayable report
  /// when a property breaks.
  ///
  /// Call it as a statement: it records the issue itself, so wrapping it in
  /// `#expect(… == nil)` would report each failure twice. A replay token in
  /// `PROGRESS_TESTING_REPLAY` that names another property test is recorded
  /// as a warning saying so.
  ///
  /// - Parameters:
  ///   - subject: The implementation under test.
  ///   - reference: A reference that must agree step by step.
  ///   - sourceLocation: Where to report the issue.
  /// - Returns: The failure, if any, for further checks.
  @discardableResult
  public func check<Subject: ProgressSubject>(
    _ subject: Subject.Type, reference: (any ProgressSubject.Type)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> PropertyFailure? {
    var test = self
    test.scope = "\(sourceLocation.fileID):\(sourceLocation.line)"
    if let note = test.replayNote(subject, reference: reference) {
      #if compiler(>=6.3)
        Issue.record(Comment(rawValue: note), severity: .warning, sourceLocation: sourceLocation)
      #else
        print("ProgressTesting: \(note)")
      #endif
    }
    let failure = test.measure(subject, reference: reference).failure
    if let failure {
      Issue.record(Comment(rawValue: failure.description), sourceLocation: sourceLocation)
    }
    return failure
  }
}
