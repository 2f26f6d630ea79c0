//===----------------------------------------------------------------------===//
// ProgressTrace: comparing a renderer's trace with the reference trace.
//===----------------------------------------------------------------------===//

import Timeline

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
/// let scenario = try TraceScenario(
///   json: #"{"configuration": {}, "events": [], "sample": {"at": [0, 1]}}"#)
/// // Here the reference trace itself; a renderer writes its own.
/// let rendererOutput = try scenario.trace().joined(separator: "\n")
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
      return MessageText.escaped(
        "line \(line), at \(JSONValue.numberText(time)) s: \(field): expected \(expectedText), got \(actualText)\(ruleText)",
        limit: .max)
    }
  }

  /// The result of a check.
  public struct Report: Hashable, Sendable {
    /// The divergences kept, in line order: every one, or the first ones
    /// when the check was asked to keep at most a number of them.
    public var divergences: [Divergence]
    /// The number of reference lines compared.
    public var linesCompared: Int
    /// The number of divergences found, kept or not.
    public var divergenceCount: Int
    /// Whether the trace conforms: no divergence.
    public var isConformant: Bool { divergenceCount == 0 }
  }

  /// Why a trace cannot be checked: a line that is not JSON or lacks what
  /// every line must have.
  public struct TraceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The line number in the file, from 1, blank lines counted.
    public var line: Int
    /// What is wrong.
    public var message: String

    /// "line 3: $.at: expected a number".
    public var description: String {
      "line \(line): " + MessageText.escaped(message, limit: .max)
    }
  }

  /// The fields every frame line must have; the others are compared only
  /// when asked.
  static let requiredFrameFields = [
    "mode", "indeterminateAnimating", "progress", "presentedProgress", "percentageText",
    "leftLabelText", "trackVisible", "hidden", "accessibilityValue", "geometry.lineWidth",
    "geometry.segments", "geometry.barCenterY", "geometry.filledLength", "geometry.diameter",
    "geometry.centerX", "geometry.centerY", "geometry.track", "geometry.wave",
    "geometry.stopIndicator",
  ]
  /// The fields every event line must have.
  static let requiredEventFields = ["type", "outcome", "reason", "completions"]

  /// Checks a renderer's trace against a scenario's reference trace.
  ///
  /// - Parameters:
  ///   - scenario: The scenario.
  ///   - trace: The renderer's trace, JSON Lines (LF or CRLF line ends).
  ///   - tolerance: How far numbers may differ.
  ///   - comparesAllFields: Whether fields beyond the required ones count.
  ///   - maximumKept: The most divergences kept in the report (all are
  ///     counted).
  /// - Returns: The report; its line numbers are the lines of `trace`.
  /// - Throws: ``TraceError`` for a trace that cannot be read;
  ///   ``ScenarioError`` when the scenario cannot be played.
  /// - Complexity: O(*n*) in the size of the traces.
  public static func check(
    scenario: TraceScenario, trace: String, tolerance: Tolerance = Tolerance(),
    comparesAllFields: Bool = false, maximumKept: Int = .max
  ) throws -> Report {
    var lines = PhysicalLines(trace)
    return try check(
      scenario: scenario, nextLine: { lines.next() }, tolerance: tolerance,
      comparesAllFields: comparesAllFields, maximumKept: maximumKept)
  }

  /// Checks a renderer's trace, read one line at a time, against a
  /// scenario's reference trace, computed one line at a time.
  ///
  /// Neither trace is kept: a check of a million-sample trace needs memory
  /// for a line of each and the divergences kept, not for the traces.
  ///
  /// - Parameters:
  ///   - scenario: The scenario.
  ///   - nextLine: Answers the trace's next line (a trailing carriage
  ///     return is dropped), or `nil` at its end; its errors are rethrown.
  ///   - tolerance: How far numbers may differ.
  ///   - comparesAllFields: Whether fields beyond the required ones count.
  ///   - maximumKept: The most divergences kept in the report (all are
  ///     counted).
  /// - Returns: The report; line numbers count every line read, blank ones
  ///   too.
  /// - Throws: ``TraceError`` for a trace that cannot be read;
  ///   ``ScenarioError`` when the scenario cannot be played; what
  ///   `nextLine` throws.
  /// - Complexity: O(*n*) in the size of the traces.
  public static func check(
    scenario: TraceScenario, nextLine: () throws -> Substring?,
    tolerance: Tolerance = Tolerance(), comparesAllFields: Bool = false,
    maximumKept: Int = .max
  ) throws -> Report {
    var reader = LineReader()
    guard try reader.next(nextLine) != nil else {
      throw TraceError(line: 1, message: "empty trace: expected the header")
    }
    var comparison = Comparison(
      rules: scenario.rules, tolerance: tolerance, comparesAllFields: comparesAllFields,
      maximumKept: maximumKept)
    var isHeader = true
    var failure: (any Error)?
    try scenario.forEachTraceLine { reference in
      if isHeader {
        isHeader = false
        return true
      }
      do {
        let actual = try reader.next(nextLine)
        comparison.compare(
          reference, actual?.value, line: actual?.line ?? reader.nextMissingLine())
        return true
      } catch {
        failure = error
        return false
      }
    }
    if let failure { throw failure }
    while let actual = try reader.next(nextLine) {
      comparison.compare(nil, actual.value, line: actual.line)
    }
    return comparison.report
  }

  /// Reads a trace: one JSON object per non-empty line.
  ///
  /// The first line is a header of format `progress-trace`, version 1;
  /// every other line has a `kind` (`event` or `frame`) and a numeric `at`.
  /// Lines end with LF or CRLF.
  ///
  /// - Parameter text: The JSON Lines.
  /// - Returns: The lines.
  /// - Throws: ``TraceError`` naming the line, blank lines counted.
  /// - Complexity: O(*n*) in the length of `text`.
  package static func parse(_ text: String) throws(TraceError) -> [JSONValue] {
    var lines = PhysicalLines(text)
    var reader = LineReader()
    var values: [JSONValue] = []
    do {
      while let line = try reader.next({ lines.next() }) { values.append(line.value) }
    } catch let error as TraceError {
      throw error
    } catch {
      fatalError("reading a string throws nothing else")
    }
    guard !values.isEmpty else {
      throw TraceError(line: 1, message: "empty trace: expected the header")
    }
    return values
  }

  /// The lines of a text, split at LF, without the LF.
  struct PhysicalLines {
    let text: Substring
    var index: Substring.Index
    var isDone = false

    init(_ text: String) {
      self.text = text[...]
      index = self.text.startIndex
    }

    mutating func next() -> Substring? {
      guard !isDone else { return nil }
      let utf8 = text.utf8
      guard let end = utf8[index...].firstIndex(of: UInt8(ascii: "\n")) else {
        isDone = true
        // A final line without a newline; nothing after a final newline.
        return index == text.endIndex ? nil : text[index...]
      }
      let line = text[index..<end]
      index = utf8.index(after: end)
      return line
    }
  }

  /// Reads the non-blank lines of a trace, each checked as ``parse(_:)``
  /// checks it, with its line number.
  struct LineReader {
    var lineNumber = 0
    var valuesRead = 0
    var missing = 0

    /// The line number to give a reference line the trace lacks.
    mutating func nextMissingLine() -> Int {
      missing += 1
      return lineNumber + missing
    }

    mutating func next(_ nextLine: () throws -> Substring?) throws -> (
      line: Int, value: JSONValue
    )? {
      while let raw = try nextLine() {
        lineNumber += 1
        let content = raw.utf8.last == UInt8(ascii: "\r") ? raw.dropLast() : raw
        if content.utf8.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) {
          continue
        }
        let value = try TraceCheck.read(String(content), line: lineNumber, isFirst: valuesRead == 0)
        valuesRead += 1
        return (lineNumber, value)
      }
      return nil
    }
  }

  /// One line of a trace, checked.
  static func read(_ content: String, line number: Int, isFirst: Bool) throws(TraceError)
    -> JSONValue
  {
    let value: JSONValue
    do {
      value = try JSONValue(parsing: content)
    } catch {
      throw TraceError(line: number, message: "malformed JSON: \(error)")
    }
    guard case .object = value else {
      throw TraceError(line: number, message: "$: expected an object")
    }
    if isFirst {
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
      // A minor version only adds fields (MT-20): any one is read.
      if let minor = value["minor"] {
        guard case .number(let count) = minor, count >= 0, count == count.rounded() else {
          throw TraceError(
            line: number, message: "$.minor: expected a whole number ≥ 0 (the minor version)")
        }
      }
    } else {
      guard case .string(let kind) = value["kind"], kind == "event" || kind == "frame" else {
        throw TraceError(line: number, message: "$.kind: expected \"event\" or \"frame\"")
      }
      guard case .number = value["at"] else {
        throw TraceError(line: number, message: "$.at: expected a number")
      }
    }
    return value
  }

  /// Compares two traces line by line.
  ///
  /// The line numbers of the report are the lines' positions (the header
  /// is line 1); ``check(scenario:nextLine:tolerance:comparesAllFields:maximumKept:)``
  /// gives the lines of the file, blank ones counted.
  ///
  /// - Parameters:
  ///   - expected: The reference lines.
  ///   - actual: The renderer's lines.
  ///   - rules: The rules the scenario exercises.
  ///   - tolerance: How far numbers may differ.
  ///   - comparesAllFields: Whether fields beyond the required ones count.
  /// - Returns: The report.
  /// - Complexity: O(*n*) in the size of the traces.
  package static func compare(
    expected: [JSONValue], actual: [JSONValue], rules: [String], tolerance: Tolerance = Tolerance(),
    comparesAllFields: Bool = false
  ) -> Report {
    var comparison = Comparison(
      rules: rules, tolerance: tolerance, comparesAllFields: comparesAllFields, maximumKept: .max)
    for index in stride(from: 1, to: max(expected.count, actual.count), by: 1) {
      comparison.compare(expected[safe: index], actual[safe: index], line: index + 1)
    }
    return comparison.report
  }

  /// A comparison in progress: one pair of lines at a time.
  struct Comparison {
    let rules: [String]
    let tolerance: Tolerance
    let comparesAllFields: Bool
    let maximumKept: Int
    var report = Report(divergences: [], linesCompared: 0, divergenceCount: 0)

    init(rules: [String], tolerance: Tolerance, comparesAllFields: Bool, maximumKept: Int) {
      self.rules = rules
      self.tolerance = tolerance
      self.comparesAllFields = comparesAllFields
      self.maximumKept = maximumKept
    }

    mutating func add(_ divergence: Divergence) {
      report.divergenceCount += 1
      if report.divergences.count < maximumKept { report.divergences.append(divergence) }
    }

    /// Compares a reference line (`nil` past the reference's end) with the
    /// renderer's line (`nil` past its end) at a line number.
    mutating func compare(_ reference: JSONValue?, _ line: JSONValue?, line number: Int) {
      if reference != nil { report.linesCompared += 1 }
      let time = numberValue(reference?["at"] ?? line?["at"]) ?? 0
      guard let reference, let line else {
        add(
          Divergence(
            line: number, time: time, field: "line", expected: reference, actual: line,
            rules: rules))
        return
      }
      for field in ["kind", "at"]
      where !close(reference[field] ?? .null, line[field] ?? .null, 1e-9) {
        add(
          Divergence(
            line: number, time: time, field: field, expected: reference[field],
            actual: line[field], rules: rules))
      }
      guard reference["kind"] == line["kind"] else { return }
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
          field.hasPrefix("geometry.") && field != "geometry.segments" && field != "geometry.track"
          ? tolerance.geometry : tolerance.fraction
        if want == nil && field == "reason" { continue }
        if let want, let got, close(want, got, margin) { continue }
        if field == "geometry.wave", let want, let got, wavesClose(want, got, margin) { continue }
        if field == "geometry.wave.offset", let x = numberValue(want), let y = numberValue(got),
          offsetsClose(x, y, margin)
        {
          continue
        }
        if want == nil && got == nil { continue }
        add(
          Divergence(
            line: number, time: time, field: field, expected: want, actual: got,
            rules: relevantRules(for: field, among: rules)))
      }
    }
  }

  /// The scenario's rules that a field observes: those the field is about
  /// (a whole family, written `"PV-"`, or one rule), or all of them when none
  /// matches.
  static func relevantRules(for field: String, among rules: [String]) -> [String] {
    let about: [String]
    // A leaf of the wave (`--all-fields`) observes what the wave does.
    let field = field.hasPrefix("geometry.wave.") ? "geometry.wave" : field
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
    case "geometry.wave":
      about = ["MT-4", "MT-5", "MT-6", "MT-7", "MT-8", "MT-9", "MT-10", "MT-13"]
    case "geometry.stopIndicator": about = ["MT-15"]
    case "geometry.track": about = ["MT-14", "CF-6", "FR-3"]
    case "geometry.segments", "geometry.segmentsX", "geometry.filledLength":
      about = ["LG-", "CF-2", "CF-3", "DA-9", "IM-", "IA-2", "VS-9", "FR-3", "MT-14"]
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

  /// Whether two waves match with their offsets compared around the
  /// circle: an offset of 0.999 and one of 0.001 are 0.002 apart (MT-13).
  static func wavesClose(_ a: JSONValue, _ b: JSONValue, _ margin: Double) -> Bool {
    guard let x = numberValue(a["offset"]), let y = numberValue(b["offset"]),
      offsetsClose(x, y, margin)
    else { return false }
    return ["amplitude", "wavelength"].allSatisfy { name in
      guard let p = numberValue(a[name]), let q = numberValue(b[name]) else { return false }
      return abs(p - q) <= margin
    }
  }

  /// Whether two offsets, in wavelengths, are within `margin` around the
  /// circle.
  static func offsetsClose(_ x: Double, _ y: Double, _ margin: Double) -> Bool {
    let apart = abs(x - y).truncatingRemainder(dividingBy: 1)
    return min(apart, 1 - apart) <= margin
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

extension TraceScenario {
  /// The expectations the trace does not meet, described.
  ///
  /// - Parameter lines: A trace, as JSON values.
  /// - Returns: One description per unmet expectation; empty when all hold.
  /// - Complexity: O((*n* + *e*) log *n*) for *n* lines and *e*
  ///   expectations: the lines are indexed by time once, and each
  ///   expectation looks at the lines of its time only.
  package func unmetExpectations(in lines: [JSONValue]) -> [String] {
    // The lines with a time, sorted by it (then by position, so that the
    // candidates of a time keep the trace's order).
    let timed = lines.indices.compactMap { index -> (time: Double, index: Int)? in
      guard case .number(let time) = lines[index]["at"] else { return nil }
      return (time, index)
    }.sorted { ($0.time, $0.index) < ($1.time, $1.index) }
    func first(atLeast time: Double) -> Int {
      var low = 0
      var high = timed.count
      while low < high {
        let middle = (low + high) / 2
        if timed[middle].time < time { low = middle + 1 } else { high = middle }
      }
      return low
    }
    var unmet: [String] = []
    for expectation in expectations {
      var candidates: [JSONValue] = []
      var position = first(atLeast: expectation.time - 1e-9)
      var indices: [Int] = []
      while position < timed.count, timed[position].time <= expectation.time + 1e-9 {
        indices.append(timed[position].index)
        position += 1
      }
      for index in indices.sorted() where lines[index]["kind"] == .string(expectation.kind) {
        candidates.append(lines[index])
      }
      let matches = candidates.contains { line in
        expectation.fields.allSatisfy { field in
          TraceCheck.value(at: field.name, in: line).map { TraceCheck.close($0, field.value, 1e-9) }
            ?? false
        }
      }
      if !matches {
        let wanted = JSONValue.object(expectation.fields).serialized()
        let found = candidates.map { $0.serialized() }.joined(separator: "\n  ")
        unmet.append(
          "at \(expectation.time) s, a \(expectation.kind) line with \(wanted); found:\n  \(found)")
      }
    }
    return unmet
  }
}
