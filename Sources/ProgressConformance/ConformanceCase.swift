//===----------------------------------------------------------------------===//
// ProgressConformance: a case of the suite and the suite's manifest, read
// from and written to their JSON files (Docs/conformance.md, "The suite";
// CS-1).
//===----------------------------------------------------------------------===//

package import ProgressTrace

/// Why a suite's file cannot be read: the file and what is wrong.
package struct ConformanceSuiteError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file, as the suite names it (`cases/linear-001.case.json`).
  package var file: String
  /// What is wrong.
  package var message: String

  init(file: String, message: String) {
    self.file = file
    self.message = message
  }

  package var description: String { "\(file): \(message)" }
}

/// The fields a case is compared on, by the kind of line.
package struct ObservedFields: Hashable, Sendable {
  /// The fields of event lines (`outcome`, `completions`, …).
  package var event: [String]
  /// The fields of frame lines (`progress`, `geometry.segments`, …); a
  /// wave is one field, `geometry.wave`, whose members are compared as
  /// `progress check` compares them.
  package var frame: [String]

  init(event: [String], frame: [String]) {
    self.event = event
    self.frame = frame
  }

  /// The field a leaf path belongs to: the path, or `geometry.wave` for a
  /// member of the wave.
  package static func root(of path: String) -> String {
    path.hasPrefix("geometry.wave.") ? "geometry.wave" : path
  }

  /// Every field of a trace's event and frame lines, in the order they
  /// first appear.
  ///
  /// - Parameter lines: The trace, its header first.
  /// - Returns: The fields.
  package static func of(trace lines: [JSONValue]) -> ObservedFields {
    var event: [String] = []
    var frame: [String] = []
    for line in lines.dropFirst() {
      let isFrame = line["kind"] == .string("frame")
      for path in TraceCheck.leafPaths(of: line) where path != "kind" && path != "at" {
        let field = root(of: path)
        if isFrame {
          if !frame.contains(field) { frame.append(field) }
        } else if !event.contains(field) {
          event.append(field)
        }
      }
    }
    return ObservedFields(event: event, frame: frame)
  }

  /// The fields as JSON: `{"event": [...], "frame": [...]}`.
  package var jsonValue: JSONValue {
    .object([
      .init("event", .array(event.map { .string($0) })),
      .init("frame", .array(frame.map { .string($0) })),
    ])
  }

  /// Reads `{"event": [...], "frame": [...]}`.
  package init(_ value: JSONValue?, file: String, path: String) throws(ConformanceSuiteError) {
    guard case .object = value else {
      throw ConformanceSuiteError(file: file, message: "\(path): expected an object")
    }
    event = try strings(value?["event"], file: file, path: path + ".event")
    frame = try strings(value?["frame"], file: file, path: path + ".frame")
  }
}

/// Parses a suite file's JSON text.
func parsed(_ text: String, file: String) throws(ConformanceSuiteError) -> JSONValue {
  do {
    return try JSONValue(parsing: text)
  } catch {
    throw ConformanceSuiteError(file: file, message: "malformed JSON: \(error)")
  }
}

/// Reads an array of strings.
func strings(_ value: JSONValue?, file: String, path: String) throws(ConformanceSuiteError)
  -> [String]
{
  guard case .array(let items)? = value else {
    throw ConformanceSuiteError(file: file, message: "\(path): expected an array of strings")
  }
  var result: [String] = []
  for item in items {
    guard case .string(let text) = item else {
      throw ConformanceSuiteError(file: file, message: "\(path): expected an array of strings")
    }
    result.append(text)
  }
  return result
}

/// Reads a string member.
func string(_ value: JSONValue?, file: String, path: String) throws(ConformanceSuiteError)
  -> String
{
  guard case .string(let text)? = value else {
    throw ConformanceSuiteError(file: file, message: "\(path): expected a string")
  }
  return text
}

/// One case of the suite.
///
/// A scenario, what it checks, what it needs and the fields it is compared
/// on. Its reference trace is a file of its own
/// (`ID.trace.jsonl`).
package struct ConformanceCase: Hashable, Sendable {
  /// The case's name, unique in the suite: letters, digits and `-`.
  package var id: String
  /// Where it comes from: a fixture's path, or the generator and seed.
  package var source: String
  /// The spec rules it checks (Docs/spec.md's IDs).
  package var rules: [String]
  /// The features it needs (``ConformanceFeature`` names).
  package var features: [String]
  /// The fields it is compared on.
  package var observes: ObservedFields
  /// The scenario sent to an implementation (Docs/conformance.md's format).
  package var scenario: JSONValue

  package init(
    id: String, source: String, rules: [String], features: [String], observes: ObservedFields,
    scenario: JSONValue
  ) {
    self.id = id
    self.source = source
    self.rules = rules
    self.features = features
    self.observes = observes
    self.scenario = scenario
  }

  /// Whether a text is a valid case ID: 1 to 100 ASCII letters, digits and
  /// `-`, starting with a letter or digit.
  static func isValidID(_ id: String) -> Bool {
    let bytes = Array(id.utf8)
    guard (1...100).contains(bytes.count), bytes[0] != UInt8(ascii: "-") else { return false }
    return bytes.allSatisfy { byte in
      (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
        || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
    }
  }

  /// The case file's text: one member a line, each value compact, so that
  /// a regenerated suite diffs line by line.
  package var fileText: String {
    let members: [JSONValue.Member] = [
      .init("id", .string(id)), .init("source", .string(source)),
      .init("rules", .array(rules.map { .string($0) })),
      .init("features", .array(features.map { .string($0) })),
      .init("observes", observes.jsonValue), .init("scenario", scenario),
    ]
    return "{\n"
      + members.map { "  " + JSONValue.quoted($0.name) + ": " + $0.value.serialized() }.joined(
        separator: ",\n") + "\n}\n"
  }

  /// Reads a case file.
  ///
  /// - Parameters:
  ///   - text: The file's text.
  ///   - file: Its name in the suite, for errors.
  /// - Throws: ``ConformanceSuiteError`` naming what is wrong.
  package init(fileText text: String, file: String) throws(ConformanceSuiteError) {
    let value = try parsed(text, file: file)
    id = try string(value["id"], file: file, path: "$.id")
    guard Self.isValidID(id) else {
      throw ConformanceSuiteError(file: file, message: "$.id: not a valid case ID")
    }
    source = try string(value["source"], file: file, path: "$.source")
    rules = try strings(value["rules"], file: file, path: "$.rules")
    features = try strings(value["features"], file: file, path: "$.features")
    observes = try ObservedFields(value["observes"], file: file, path: "$.observes")
    guard case .object? = value["scenario"], let scenario = value["scenario"] else {
      throw ConformanceSuiteError(file: file, message: "$.scenario: expected an object")
    }
    self.scenario = scenario
  }
}

extension JSONValue {
  /// A string as JSON text, quoted and escaped.
  package static func quoted(_ text: String) -> String {
    JSONValue.string(text).serialized()
  }
}

/// The suite's manifest, `manifest.json`: its version, the protocol version
/// it speaks, the features it knows and its cases, in the order they run.
package struct ConformanceManifest: Hashable, Sendable {
  /// The suite's version: a release fixes its cases and their count.
  package var version: Int
  /// The protocol version a runner of this suite speaks.
  package var protocolVersion: Int
  /// The features the suite's cases may need.
  package var features: [String]
  /// The case IDs, in the order they run.
  package var cases: [String]

  package init(version: Int, protocolVersion: Int, features: [String], cases: [String]) {
    self.version = version
    self.protocolVersion = protocolVersion
    self.features = features
    self.cases = cases
  }

  /// The manifest's text: one member a line, one case ID a line.
  package var fileText: String {
    let head = [
      "  \"suite\": \"progress-conformance\"",
      "  \"version\": \(version)",
      "  \"protocol\": \(protocolVersion)",
      "  \"caseCount\": \(cases.count)",
      "  \"features\": " + JSONValue.array(features.map { .string($0) }).serialized(),
    ]
    let list = cases.map { "    " + JSONValue.quoted($0) }.joined(separator: ",\n")
    return "{\n" + head.joined(separator: ",\n") + ",\n  \"cases\": [\n" + list + "\n  ]\n}\n"
  }

  /// Reads a manifest.
  ///
  /// - Parameter text: The file's text.
  /// - Throws: ``ConformanceSuiteError`` naming what is wrong.
  package init(fileText text: String) throws(ConformanceSuiteError) {
    let file = "manifest.json"
    let value = try parsed(text, file: file)
    guard value["suite"] == .string("progress-conformance") else {
      throw ConformanceSuiteError(file: file, message: "$.suite: expected \"progress-conformance\"")
    }
    func integer(_ name: String) throws(ConformanceSuiteError) -> Int {
      guard case .number(let number)? = value[name], number >= 1, number < 1e9,
        number == number.rounded()
      else {
        throw ConformanceSuiteError(file: file, message: "$.\(name): expected a whole number ≥ 1")
      }
      return Int(number)
    }
    version = try integer("version")
    protocolVersion = try integer("protocol")
    features = try strings(value["features"], file: file, path: "$.features")
    cases = try strings(value["cases"], file: file, path: "$.cases")
    guard case .number(let count)? = value["caseCount"], count == Double(cases.count) else {
      throw ConformanceSuiteError(
        file: file, message: "$.caseCount: expected the number of cases listed, \(cases.count)")
    }
    if let bad = cases.first(where: { !ConformanceCase.isValidID($0) }) {
      throw ConformanceSuiteError(
        file: file, message: "$.cases: \(JSONValue.quoted(bad)) is not a valid case ID")
    }
    guard Set(cases).count == cases.count else {
      throw ConformanceSuiteError(file: file, message: "$.cases: a case is listed twice")
    }
  }
}
