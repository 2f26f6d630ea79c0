//===----------------------------------------------------------------------===//
// ProgressConformance: the JSON-lines protocol between the runner and an
// implementation, version 1 (Docs/conformance.md, "The protocol"; CS-3).
//===----------------------------------------------------------------------===//

package import ProgressTrace
import Timeline

/// The protocol's messages, as the runner writes and reads them.
package enum ConformanceProtocol {
  /// The protocol version this runner speaks.
  package static let version = 1

  /// The longest reply line read, in bytes: 16 MiB.
  ///
  /// The longest trace line (RL-7). A reply is one line holding a whole trace; the suite's longest
  /// reference trace is far shorter (CS-1).
  package static let maximumReplyBytes = 16 << 20

  /// `{"cmd":"start","version":1}`.
  package static var startRequest: String {
    JSONValue.object([.init("cmd", .string("start")), .init("version", .number(Double(version)))])
      .serialized()
  }

  /// `{"cmd":"run","id":…,"scenario":{…}}`.
  package static func runRequest(id: String, scenario: JSONValue) -> String {
    JSONValue.object([
      .init("cmd", .string("run")), .init("id", .string(id)), .init("scenario", scenario),
    ]).serialized()
  }

  /// `{"cmd":"stop"}`.
  package static var stopRequest: String {
    JSONValue.object([.init("cmd", .string("stop"))]).serialized()
  }

  /// Who an implementation is, from its `ready` reply.
  package struct Implementation: Hashable, Sendable {
    /// Its name.
    package var name: String
    /// The language it is written in.
    var language: String
    /// Its version.
    package var version: String
    /// The features it declares, in its order; names this runner does not
    /// know are kept (a newer suite's), and need nothing of it.
    package var features: [String]
    /// The fields it can observe, when it says (`fields`); `nil`: every
    /// field of its features.
    package var fields: ObservedFields?

    package init(
      name: String, language: String, version: String, features: [String],
      fields: ObservedFields? = nil
    ) {
      self.name = name
      self.language = language
      self.version = version
      self.features = features
      self.fields = fields
    }
  }

  /// What an implementation answered to a `run` request.
  package enum Reply: Hashable, Sendable {
    /// The trace's lines, its header first.
    case trace([JSONValue])
    /// The case was skipped, for this reason.
    case skipped(String)
    /// The case could not be played, for this reason.
    case error(String)
  }

  /// A broken protocol: what the implementation did wrong.
  package struct Violation: Error, Hashable, Sendable, CustomStringConvertible {
    package var message: String

    package init(_ message: String) {
      self.message = message
    }

    package var description: String { message }
  }

  /// Parses a reply line as JSON, or says it is not.
  static func parse(_ line: String, answering what: String) throws(Violation) -> JSONValue {
    do {
      return try JSONValue(parsing: line)
    } catch {
      throw Violation(
        "the reply to \(what) is not JSON (\(error)): \(MessageText.escaped(line, limit: 200))")
    }
  }

  /// Reads the reply to `start`.
  ///
  /// - Parameter line: The reply line.
  /// - Returns: The implementation.
  /// - Throws: ``Violation`` when it is not `{"ready": true, "implementation":
  ///   {"name", "language", "version"}, "features": [...]}`.
  package static func ready(_ line: String) throws(Violation) -> Implementation {
    let value = try parse(line, answering: "start")
    guard value["ready"] == .bool(true) else {
      throw Violation(
        "the reply to start is not {\"ready\": true, …}: \(MessageText.escaped(line, limit: 200))")
    }
    func text(_ member: String) throws(Violation) -> String {
      guard case .string(let text)? = value["implementation"]?[member] else {
        throw Violation("the reply to start has no string implementation.\(member)")
      }
      return text
    }
    let name = try text("name")
    let language = try text("language")
    let version = try text("version")
    guard case .array(let items)? = value["features"] else {
      throw Violation("the reply to start has no features array")
    }
    var features: [String] = []
    for item in items {
      guard case .string(let feature) = item else {
        throw Violation("the reply to start lists a feature that is not a string")
      }
      features.append(feature)
    }
    var fields: ObservedFields?
    if let given = value["fields"], given != .null {
      do {
        fields = try ObservedFields(given, file: "the reply to start", path: "$.fields")
      } catch {
        throw Violation("\(error)")
      }
    }
    return Implementation(
      name: name, language: language, version: version, features: features, fields: fields)
  }

  /// Reads the reply to `run` for a case.
  ///
  /// - Parameters:
  ///   - line: The reply line.
  ///   - id: The case's ID.
  /// - Returns: What the implementation answered.
  /// - Throws: ``Violation`` for a line that is not JSON, answers another
  ///   case, or has none of `trace`, `skipped` and `error` as it should.
  package static func reply(_ line: String, to id: String) throws(Violation) -> Reply {
    let value = try parse(line, answering: "case \(id)")
    guard case .object = value else {
      throw Violation("the reply to case \(id) is not a JSON object")
    }
    guard value["id"] == .string(id) else {
      let other = value["id"].map { $0.serialized() } ?? "no id"
      throw Violation(
        "the reply to case \(id) answers \(MessageText.escaped(other, limit: 200)) instead")
    }
    if case .array(let lines)? = value["trace"] { return .trace(lines) }
    if case .string(let reason)? = value["skipped"] { return .skipped(reason) }
    if case .string(let message)? = value["error"] { return .error(message) }
    throw Violation(
      "the reply to case \(id) has no trace array, skipped string or error string")
  }
}
