//===----------------------------------------------------------------------===//
// progress conformance serve: the native engine as an implementation of the
// conformance protocol (Docs/conformance.md; CS-8).
//===----------------------------------------------------------------------===//

import ProgressConformance
import ProgressTrace

enum ConformanceServe {
  /// The `ready` reply: every feature.
  static var ready: String {
    JSONValue.object([
      .init("ready", .bool(true)),
      .init(
        "implementation",
        .object([
          .init("name", .string("native")), .init("language", .string("Swift")),
          .init("version", .string("unreleased")),
        ])),
      .init("features", .array(ConformanceFeature.allCases.map { .string($0.rawValue) })),
    ]).serialized()
  }

  /// Answers requests on standard input until `stop` or its end.
  static func run() -> CommandFailure? {
    // read(2), not a buffered FILE: a request is answered as soon as its
    // line has come, not when a buffer is full.
    var input = DescriptorLines(descriptor: 0)
    while true {
      let line: String?
      do {
        line = try input.next(within: nil, limit: TraceScenario.maximumBytes)
      } catch {
        return CommandFailure(message: "standard input: \(error)", status: 2)
      }
      guard let line else { return nil }
      guard let reply = answer(line) else { return nil }
      print(reply)
      if outputFailure != nil { return nil }
    }
  }

  /// The reply to a request line, or `nil` for `stop`.
  static func answer(_ line: String) -> String? {
    let request: JSONValue
    do {
      request = try JSONValue(parsing: line)
    } catch {
      return self.error(nil, "the request is not JSON: \(error)")
    }
    switch request["cmd"] {
    case .string("start"): return ready
    case .string("stop"): return nil
    case .string("run"):
      guard case .string(let id)? = request["id"] else {
        return error(nil, "a run request needs a string id")
      }
      guard let scenario = request["scenario"] else {
        return error(id, "a run request needs a scenario")
      }
      do {
        var reply = "{\"id\":" + JSONValue.quoted(id) + ",\"trace\":["
        var first = true
        try TraceScenario(scenario).forEachTraceLine { line in
          if !first { reply += "," }
          first = false
          reply += line.serialized()
          return true
        }
        return reply + "]}"
      } catch {
        return self.error(id, "\(error)")
      }
    default:
      return error(nil, "unknown request; expected cmd start, run or stop")
    }
  }

  /// `{"id": …, "error": …}`, without the id when there is none.
  static func error(_ id: String?, _ message: String) -> String {
    var members: [JSONValue.Member] = []
    if let id { members.append(.init("id", .string(id))) }
    members.append(.init("error", .string(message)))
    return JSONValue.object(members).serialized()
  }
}
