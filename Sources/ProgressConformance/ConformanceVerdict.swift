//===----------------------------------------------------------------------===//
// ProgressConformance: a case's verdict — which cases an implementation runs,
// and its trace compared with the reference on the fields it is judged on
// (Docs/conformance.md, "The runner"; CS-4).
//===----------------------------------------------------------------------===//

package import ProgressTrace

/// The verdict on one case.
package enum ConformanceVerdict: String, Hashable, Sendable, CaseIterable {
  /// The trace matches the reference on every field compared.
  case pass
  /// It does not, or it is not a valid trace.
  case fail
  /// Not run: the implementation lacks a feature the case needs, or said
  /// it skipped it.
  case skip
  /// The implementation answered the case with an error.
  case error
}

/// One case's result: a row of the report.
package struct ConformanceResult: Hashable, Sendable {
  package var id: String
  package var rules: [String]
  package var features: [String]
  package var verdict: ConformanceVerdict
  /// The first difference (a failure), the reason (a skip) or the message
  /// (an error); `nil` for a pass.
  package var detail: String?
  /// The rules the first difference's field observes (a failure).
  package var failedRules: [String]
  /// Seconds from the request to the reply; 0 when not run.
  package var seconds: Double

  package init(
    id: String, rules: [String], features: [String], verdict: ConformanceVerdict,
    detail: String? = nil, failedRules: [String] = [], seconds: Double = 0
  ) {
    self.id = id
    self.rules = rules
    self.features = features
    self.verdict = verdict
    self.detail = detail
    self.failedRules = failedRules
    self.seconds = seconds
  }
}

/// How a case is judged for one implementation.
package struct ConformanceJudge: Sendable {
  /// The features the implementation declares.
  let declared: Set<String>
  /// The fields it says it observes, if it says.
  package let fields: ObservedFields?
  /// How far numbers may differ: `progress check`'s defaults.
  package var tolerance = TraceCheck.Tolerance()

  package init(implementation: ConformanceProtocol.Implementation) {
    declared = Set(implementation.features)
    fields = implementation.fields
  }

  /// The features a case needs that the implementation does not declare.
  package func missingFeatures(of testCase: ConformanceCase) -> [String] {
    testCase.features.filter { !declared.contains($0) }
  }

  /// Whether a field of a line is compared for this implementation on this
  /// case: the case observes it, the implementation declares the feature
  /// that owns it (if one does) and observes it (if it says what it
  /// observes).
  func compares(_ path: String, isFrame: Bool, in testCase: ConformanceCase) -> Bool {
    let field = ObservedFields.root(of: path)
    guard (isFrame ? testCase.observes.frame : testCase.observes.event).contains(field) else {
      return false
    }
    if let owner = ConformanceFeature.owner(of: field, isFrame: isFrame),
      !declared.contains(owner.rawValue)
    {
      return false
    }
    if let fields { return (isFrame ? fields.frame : fields.event).contains(field) }
    return true
  }

  /// Judges an implementation's trace of a case against the reference.
  ///
  /// - Parameters:
  ///   - trace: The implementation's lines, its header first.
  ///   - reference: The reference trace's lines.
  ///   - testCase: The case.
  /// - Returns: The verdict (`pass` or `fail`), the first difference and
  ///   the rules its field observes.
  package func judge(
    _ trace: [JSONValue], reference: [JSONValue], of testCase: ConformanceCase
  ) -> (verdict: ConformanceVerdict, detail: String?, rules: [String]) {
    for (index, line) in trace.enumerated() {
      do {
        try TraceCheck.validate(line, line: index + 1, isFirst: index == 0)
      } catch {
        return (.fail, "not a valid trace: \(error)", testCase.rules)
      }
    }
    if trace.isEmpty {
      return (.fail, "not a valid trace: line 1: empty trace: expected the header", testCase.rules)
    }
    let report = TraceCheck.compare(
      reference: reference, actual: trace, rules: testCase.rules, tolerance: tolerance,
      maximumKept: 1
    ) { field, isFrame in
      compares(field, isFrame: isFrame, in: testCase)
    }
    guard let first = report.divergences.first else { return (.pass, nil, []) }
    let more = report.divergenceCount - 1
    let detail = "\(first)" + (more > 0 ? " (and \(more) more)" : "")
    return (.fail, detail, first.rules)
  }
}
