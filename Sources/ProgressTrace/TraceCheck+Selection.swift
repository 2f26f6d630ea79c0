//===----------------------------------------------------------------------===//
// ProgressTrace: comparing two traces on chosen fields — what the conformance
// runner compares a case on (Docs/conformance.md, CS-4).
//===----------------------------------------------------------------------===//

extension TraceCheck {
  /// Compares a renderer's trace with a reference trace on the fields a
  /// selection keeps, with the tolerances of `progress check`.
  ///
  /// Every line's kind and time are compared, as ``check(scenario:trace:tolerance:comparesAllFields:maximumKept:)``
  /// compares them; then each leaf of the reference line that `selecting`
  /// keeps (`geometry.wave.offset` around the circle, numbers within the
  /// tolerance of their kind). The header, line 1 of both, is compared by
  /// neither: the caller checks it with ``validate(_:line:isFirst:)``.
  ///
  /// - Parameters:
  ///   - reference: The reference trace's lines, its header first.
  ///   - actual: The renderer's lines, its header first.
  ///   - rules: The rules the case checks, named by a divergence.
  ///   - tolerance: How far numbers may differ.
  ///   - maximumKept: The most divergences kept in the report.
  ///   - selecting: Whether a field (a dotted path) of a line is compared;
  ///     its second argument is `true` for a frame line.
  /// - Returns: The report; a divergence's line is the line's position, the
  ///   header being line 1.
  /// - Complexity: O(*n*) in the size of the traces.
  package static func compare(
    reference: [JSONValue], actual: [JSONValue], rules: [String],
    tolerance: Tolerance = Tolerance(), maximumKept: Int = .max,
    selecting: @escaping (_ field: String, _ isFrame: Bool) -> Bool
  ) -> Report {
    var comparison = Comparison(
      rules: rules, tolerance: tolerance, comparesAllFields: false, maximumKept: maximumKept)
    comparison.selection = selecting
    for index in stride(from: 1, to: max(reference.count, actual.count), by: 1) {
      comparison.compare(reference[safe: index], actual[safe: index], line: index + 1)
    }
    return comparison.report
  }
}
