//===----------------------------------------------------------------------===//
// ProgressTrace: comparing a renderer's trace with the reference trace.
//===----------------------------------------------------------------------===//

/// Compares a trace produced by any renderer with the reference trace of a
/// scenario: the conformance check of `progress check`, as an API for a
/// Swift renderer's own tests.
///
/// Lines are compared in order. Numbers match within a tolerance: one for
/// path fractions and progress values, one for geometry in points. Fields a
/// renderer adds beyond the required ones are ignored; with
/// `comparesAllFields`, every field of the reference must match too.
///
/// ```swift
/// let report = try TraceCheck.check(scenario: scenario, trace: rendererOutput)
/// for divergence in report.divergences { print(divergence) }
/// ```
public enum TraceCheck {
  /// How far numbers may differ.
  public struct Tolerance: Hashable, Sendable {
    /// For progress values and path fractions: 1e-6 by default.
    public var fraction: Double
    /// For geometry, in points: 0.01 by default.
    public var geometry: Double

    /// Creates a tolerance.
    ///
    /// - Parameters:
    ///   - fraction: For progress values and path fractions.
    ///   - geometry: For geometry, in points.
    public init(fraction: Double = 1e-6, geometry: Double = 0.01) {
      self.fraction = fraction
      self.geometry = geometry
    }
  }

  /// One difference between the reference and the renderer's trace.
  public struct Divergence: Hashable, Sendable, CustomStringConvertible {
    /// The line number in the renderer's trace, from 1 (the header is line 1).
    public var line: Int
    /// The time of the reference line.
    public var time: Double
    /// The field, as a path: `geometry.filledLength`, or `line` for a line
    /// missing or extra.
    public var field: String
    /// The reference value, or `nil` when the reference has no such line.
    public var expected: JSONValue?
    /// The renderer's value, or `nil` when missing.
    public var actual: JSONValue?
    /// The spec rules the scenario exercises that this field observes.
    public var rules: [String]

    /// "line 4, at 0.5 s: percentageText: expected null, got "40%" (PX-4)".
    public var description: String {
      let expectedText = expected?.serialized() ?? "nothing"
      let actualText = actual?.serialized() ?? "nothing"
      let ruleText = rules.isEmpty ? "" : " (\(rules.joined(separator: ", ")))"
      return
        "line \(line), at \(JSONValue.numberText(time)) s: \(field): expected \(expectedText), got \(actualText)\(ruleText)"
    }
  }

  /// The result of a check.
  public struct Report: Hashable, Sendable {
    /// Every divergence, in line order.
    public var divergences: [Divergence]
    /// The number of reference lines compared.
    public var linesCompared: Int
    /// Whether the trace conforms: no divergence.
    public var isConformant: Bool { divergences.isEmpty }
  }

  /// Why a trace cannot be checked: a line that is not JSON or lacks what
  /// every line must have.
  public struct TraceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The line number, from 1.
    public var line: Int
    /// What is wrong.
    public var message: String

    /// "line 3: $.at: expected a number".
    public var description: String { "line \(line): \(message)" }
  }

  /// The fields every frame line must have; the others are compared only
  /// when asked.
  public static let requiredFrameFields = [
    "mode", "indeterminateAnimating", "progress", "presentedProgress", "percentageText",
    "leftLabelText", "trackVisible", "hidden", "accessibilityValue", "geometry.lineWidth",
    "geometry.segments", "geometry.barCenterY", "geometry.filledLength", "geometry.diameter",
    "geometry.centerX", "geometry.centerY",
  ]
  /// The fields every event line must have.
  public static let requiredEventFields = ["type", "outcome", "reason", "completions"]

  /// Checks a renderer's trace against a scenario's reference trace.
  ///
  /// - Parameters:
  ///   - scenario: The scenario.
  ///   - trace: The renderer's trace, JSON Lines.
  ///   - tolerance: How far numbers may differ.
  ///   - comparesAllFields: Whether fields beyond the required ones count.
  /// - Returns: The report.
  /// - Throws: ``TraceError`` for a trace that cannot be read;
  ///   ``ScenarioError`` when the scenario cannot be played.
  public static func check(
    scenario: TraceScenario, trace: String, tolerance: Tolerance = Tolerance(),
    comparesAllFields: Bool = false
  ) throws -> Report {
    let actual = try parse(trace)
    return compare(
      expected: try scenario.traceLines(), actual: actual, rules: scenario.rules,
      tolerance: tolerance,
      comparesAllFields: comparesAllFields)
  }

  /// Reads a trace: one JSON object per non-empty line, the first a header
  /// of format `progress-trace`, version 1; every other line with a `kind`
  /// (`event` or `frame`) and a numeric `at`.
  ///
  /// - Parameter text: The JSON Lines.
  /// - Returns: The lines.
  /// - Throws: ``TraceError`` naming the line.
  public static func parse(_ text: String) throws(TraceError) -> [JSONValue] {
    var lines: [JSONValue] = []
    for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let number = index + 1
      let content = raw.hasSuffix("\r") ? raw.dropLast() : raw
      if content.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
      let value: JSONValue
      do {
        value = try JSONValue(parsing: String(content))
      } catch {
        throw TraceError(line: number, message: "malformed JSON: \(error)")
      }
      guard case .object = value else {
        throw TraceError(line: number, message: "$: expected an object")
      }
      if lines.isEmpty {
        guard value["kind"] == .string("header"), value["format"] == .string("progress-trace")
        else {
          throw TraceError(
            line: number,
            message:
              "expected the header {\"kind\":\"header\",\"format\":\"progress-trace\",\"version\":1}"
          )
        }
        guard value["version"] == .number(Double(TraceLine.formatVersion)) else {
          throw TraceError(
            line: number,
            message: "$.version: unsupported trace version; this reader reads version 1")
        }
      } else {
        guard case .string(let kind) = value["kind"], kind == "event" || kind == "frame" else {
          throw TraceError(line: number, message: "$.kind: expected \"event\" or \"frame\"")
        }
        guard case .number = value["at"] else {
          throw TraceError(line: number, message: "$.at: expected a number")
        }
      }
      lines.append(value)
    }
    guard !lines.isEmpty else {
      throw TraceError(line: 1, message: "empty trace: expected the header")
    }
    return lines
  }

  /// Compares two traces line by line.
  ///
  /// - Parameters:
  ///   - expected: The reference lines.
  ///   - actual: The renderer's lines.
  ///   - rules: The rules the scenario exercises.
  ///   - tolerance: How far numbers may differ.
  ///   - comparesAllFields: Whether fields beyond the required ones count.
  /// - Returns: The report.
  /// - Complexity: O(*n*) in the size of the traces.
  public static func compare(
    expected: [JSONValue], actual: [JSONValue], rules: [String], tolerance: Tolerance = Tolerance(),
    comparesAllFields: Bool = false
  ) -> Report {
    var divergences: [Divergence] = []
    for index in stride(from: 1, to: max(expected.count, actual.count), by: 1) {
      let time = numberValue(expected[safe: index]?["at"] ?? actual[safe: index]?["at"]) ?? 0
      guard let reference = expected[safe: index], let line = actual[safe: index] else {
        divergences.append(
          Divergence(
            line: index + 1, time: time, field: "line", expected: expected[safe: index],
            actual: actual[safe: index], rules: rules))
        continue
      }
      for field in ["kind", "at"]
      where !close(reference[field] ?? .null, line[field] ?? .null, 1e-9) {
        divergences.append(
          Divergence(
            line: index + 1, time: time, field: field, expected: reference[field],
            actual: line[field],
            rules: rules))
      }
      guard reference["kind"] == line["kind"] else { continue }
      let isFrame = reference["kind"] == .string("frame")
      var fields = isFrame ? requiredFrameFields : requiredEventFields
      if comparesAllFields {
        fields = leafPaths(of: reference).filter { $0 != "kind" && $0 != "at" }
      }
      for field in fields {
        let want = value(at: field, in: reference)
        guard want != nil || comparesAllFields else { continue }  // linear or circular only
        let got = value(at: field, in: line)
        let margin =
          field.hasPrefix("geometry.") && field != "geometry.segments"
          ? tolerance.geometry : tolerance.fraction
        if want == nil && field == "reason" { continue }
        if let want, let got, close(want, got, margin) { continue }
        if want == nil && got == nil { continue }
        divergences.append(
          Divergence(
            line: index + 1, time: time, field: field, expected: want, actual: got,
            rules: relevantRules(for: field, among: rules)))
      }
    }
    return Report(divergences: divergences, linesCompared: max(expected.count - 1, 0))
  }

  /// The scenario's rules that a field observes: those the field is about
  /// (a whole family, written `"PV-"`, or one rule), or all of them when none
  /// matches.
  static func relevantRules(for field: String, among rules: [String]) -> [String] {
    let about: [String]
    switch field {
    case "mode": about = ["PT-", "TS-5"]
    case "indeterminateAnimating": about = ["IA-", "TS-3", "TS-4"]
    case "progress": about = ["PV-", "TS-1", "PT-3", "PT-4"]
    case "presentedProgress": about = ["DA-", "TS-1", "TS-2", "PV-"]
    case "percentageText": about = ["PX-", "CF-4", "CF-5"]
    case "leftLabelText": about = ["CF-4", "CF-6", "LG-3"]
    case "trackVisible": about = ["CF-6", "FR-3", "IA-5"]
    case "hidden": about = ["VS-"]
    case "accessibilityValue": about = ["AX-2", "AX-3", "AX-4"]
    case "accessibilityLabel": about = ["AX-1"]
    case "announcements": about = ["AX-5", "AX-6"]
    case "completions":
      about = ["CP-", "DA-3", "DA-4", "DA-6", "DA-8", "VS-3", "VS-4", "VS-6", "TS-2", "PT-4"]
    case "outcome", "reason", "type":
      about = ["MS-", "PT-4", "PV-3", "IA-3", "IA-5", "IA-6", "TS-5", "VS-6", "CF-8"]
    default: about = ["LG-", "CF-2", "CF-3", "DA-9", "IM-", "IA-2", "VS-9", "FR-3"]
    }
    let matching = rules.filter { rule in
      about.contains { $0.hasSuffix("-") ? rule.hasPrefix($0) : rule == $0 }
    }
    return matching.isEmpty ? rules : matching
  }

  /// The value at a dotted path, or `nil`.
  static func value(at path: String, in line: JSONValue) -> JSONValue? {
    var current: JSONValue? = line
    for name in path.split(separator: ".") { current = current?[String(name)] }
    return current
  }

  /// Every path to a value that is not an object.
  static func leafPaths(of value: JSONValue, prefix: String = "") -> [String] {
    guard case .object(let members) = value else { return [prefix] }
    return members.flatMap {
      leafPaths(of: $0.value, prefix: prefix.isEmpty ? $0.name : prefix + "." + $0.name)
    }
  }

  static func numberValue(_ value: JSONValue?) -> Double? {
    if case .number(let number) = value { return number }
    return nil
  }

  /// Whether two values match: numbers within `margin`, arrays element by
  /// element, anything else exactly.
  static func close(_ a: JSONValue, _ b: JSONValue, _ margin: Double) -> Bool {
    switch (a, b) {
    case (.number(let x), .number(let y)): return abs(x - y) <= margin
    case (.array(let xs), .array(let ys)):
      return xs.count == ys.count && zip(xs, ys).allSatisfy { close($0, $1, margin) }
    case (.object(let xs), .object(let ys)):
      return xs.count == ys.count
        && xs.allSatisfy { member in b[member.name].map { close(member.value, $0, margin) } ?? false
        }
    default: return a == b
    }
  }
}

extension Array {
  subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
