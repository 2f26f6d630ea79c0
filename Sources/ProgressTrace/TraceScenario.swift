//===----------------------------------------------------------------------===//
// ProgressTrace: the scenario format — a configuration, timed events, the
// times to sample — read from JSON with errors that name the JSON path.
//===----------------------------------------------------------------------===//

public import ProgressIndicatorKit
public import ProgressStateMachine
package import Timeline

/// A scenario: how an indicator is set up, what happens to it and when.
///
/// It also gives the times at which its frames are sampled. Read from JSON
/// (format version 1, `Docs/conformance.md`).
///
/// ```swift
/// let scenario = try TraceScenario(json: """
///   {"version": 1, "configuration": {"variant": "linear", "width": 320, "height": 40},
///    "events": [{"at": 0, "type": "setProgress", "value": 0.5, "animated": true}],
///    "sample": {"from": 0, "to": 0.25, "every": 0.05}}
///   """)
/// let lines = try scenario.trace()
/// ```
public struct TraceScenario: Hashable, Sendable {
  /// The format version this reader understands.
  package static let formatVersion = 1

  /// Whether the scenario configures Material 3, initially or by an event:
  /// its trace is minor version 1, with Material 3's frame fields (MT-20).
  package var usesMaterial3: Bool {
    configuration.material3 != nil
      || events.contains { event in
        if case .configure(let configuration, _, _) = event.action {
          return configuration.material3 != nil
        }
        return false
      }
  }
  /// The largest number of samples a scenario may ask for.
  package static let maximumSamples = 1_000_000

  /// The spec rules the scenario exercises, as written in it.
  public var rules: [String]
  /// The initial configuration.
  public var configuration: ProgressConfiguration
  /// The initial progress type.
  public var progressType: ProgressType
  /// The frame size in points.
  public var size: FrameSize
  /// The events, in time order.
  public var events: [Event]
  /// The sample times, in increasing order.
  public var sampleTimes: [Double]
  /// What the scenario's author expects of the trace, written from the spec
  /// (the `expect` member); checked by ``unmetExpectations(in:)``.
  ///
  /// Under Embedded Swift (the WebAssembly build) they are read and checked,
  /// but not kept: this is empty.
  package var expectations: [Expectation] = []

  /// An expectation: at a time, a frame line whose fields have these values,
  /// or an event line of a type whose fields have these values.
  ///
  /// Written `{"at": 0.5, "frame": {"progress": 0, "geometry.filledLength": 0}}`
  /// or `{"at": 0.5, "event": {"type": "setProgress", "outcome": "ignored"}}`;
  /// a field path goes into objects with dots; numbers match within 1e-9.
  package struct Expectation: Hashable, Sendable {
    /// The line's time.
    package var time: Double
    /// `"frame"` or `"event"`.
    package var kind: String
    /// The field paths and their expected values.
    package var fields: [JSONValue.Member]

    init(_ reader: Reader) throws(ScenarioError) {
      let object = try reader.object(allowed: ["at", "event", "frame"])
      time = try object.required("at").time()
      let body: Reader
      if let frame = object["frame"], object["event"] == nil {
        kind = "frame"
        body = frame
      } else if let event = object["event"], object["frame"] == nil {
        kind = "event"
        body = event
      } else {
        throw reader.error("an expectation has either \"frame\" or \"event\"")
      }
      guard case .object(let members) = body.value else { throw body.mismatch("an object") }
      fields = members
    }
  }

  /// One timed event.
  public struct Event: Hashable, Sendable {
    /// When it happens, in seconds.
    public var time: Double
    /// What happens.
    public var action: Action

    /// Creates an event.
    ///
    /// - Parameters:
    ///   - time: When it happens, in seconds.
    ///   - action: What happens.
    public init(time: Double, action: Action) {
      self.time = time
      self.action = action
    }
  }

  /// What an event does.
  public enum Action: Hashable, Sendable {
    /// `setProgress`.
    case setProgress(value: Double, animated: Bool)
    /// `setProgressType`.
    case setProgressType(ProgressType)
    /// `startIndeterminateAnimation`.
    case startIndeterminateAnimation
    /// `stopIndeterminateAnimation`.
    case stopIndeterminateAnimation
    /// `setHidden`.
    case setHidden(Bool, animated: Bool)
    /// `resize`.
    case resize(FrameSize)
    /// `configure`: the configuration after the change, the new size when
    /// the change gave one, and the new progress type when it gave one.
    /// (Stored out of line, so that a long list of small events stays small.)
    indirect case configure(ProgressConfiguration, size: FrameSize?, progressType: ProgressType?)

    /// The event's `type` in the JSON format.
    package var typeName: String {
      switch self {
      case .setProgress: return "setProgress"
      case .setProgressType: return "setProgressType"
      case .startIndeterminateAnimation: return "startIndeterminateAnimation"
      case .stopIndeterminateAnimation: return "stopIndeterminateAnimation"
      case .setHidden: return "setHidden"
      case .resize: return "resize"
      case .configure: return "configure"
      }
    }
  }

  /// The largest scenario read, in bytes: 64 MiB, far more than a million
  /// events or sample times need.
  public static let maximumBytes = 64 << 20

  /// Reads a scenario from the bytes of a file: UTF-8 JSON text of at most
  /// ``maximumBytes``.
  ///
  /// Every host reads a scenario file this way (`progress trace`, the
  /// WebAssembly build's `node Web/tools/trace.mjs`), so each rejects the same
  /// files with the same error.
  ///
  /// - Parameter bytes: The file's bytes.
  /// - Throws: ``ScenarioError`` at `$` for a file that is too large or not
  ///   UTF-8 (with the line and column of the first byte that is not), or
  ///   naming the JSON path of the problem.
  public init(utf8 bytes: some Collection<UInt8>) throws(ScenarioError) {
    guard bytes.count <= Self.maximumBytes else {
      throw ScenarioError(
        path: "$", message: "larger than \(Self.maximumBytes >> 20) MiB, the most a scenario may be"
      )
    }
    let text: String
    switch JSONValue.text(utf8: bytes) {
    case .success(let decoded): text = decoded
    case .failure(let position):
      throw ScenarioError(
        path: "$", message: "line \(position.line), column \(position.column): not UTF-8 text")
    }
    try self.init(json: text)
  }

  /// Reads a scenario from JSON text.
  ///
  /// - Parameter json: The text.
  /// - Throws: ``ScenarioError`` naming the JSON path of the problem.
  public init(json: String) throws(ScenarioError) {
    let value: JSONValue
    do {
      value = try JSONValue(parsing: json)
    } catch {
      // A trace given where a scenario belongs: JSON Lines, whose first
      // line is the trace's header. Say so, not "text after the JSON value".
      if Self.firstLineNamesTraceFormat(json) { throw Self.traceGiven }
      throw ScenarioError(path: "$", message: "malformed JSON: \(error)")
    }
    try self.init(value)
  }

  /// The error for a trace given where a scenario belongs.
  static var traceGiven: ScenarioError {
    ScenarioError(
      path: "$",
      message: "this looks like a trace (JSON Lines), not a scenario; `progress check` reads traces"
    )
  }

  /// Whether the text's first line holds `"progress-trace"`, the format
  /// name of a trace's header (a search of its bytes: the text did not
  /// parse as one JSON value).
  static func firstLineNamesTraceFormat(_ text: String) -> Bool {
    let name: StaticString = #""progress-trace""#
    var text = text
    return text.withUTF8 { bytes in
      var matched = 0
      for byte in bytes {
        if byte == 0x0A || byte == 0x0D { return false }
        let expected = name.utf8Start[matched]
        matched = byte == expected ? matched + 1 : (byte == name.utf8Start[0] ? 1 : 0)
        if matched == name.utf8CodeUnitCount { return true }
      }
      return false
    }
  }

  /// Whether a value is a trace's header line:
  /// `{"kind": "header", "format": "progress-trace", …}`.
  static func isTraceHeader(_ value: JSONValue) -> Bool {
    guard case .string(let kind)? = value["kind"], case .string(let format)? = value["format"]
    else { return false }
    return kind.hasSameScalars(as: "header") && format.hasSameScalars(as: "progress-trace")
  }

  /// Reads a scenario from a parsed JSON value.
  ///
  /// - Parameter root: The value.
  /// - Throws: ``ScenarioError`` naming the JSON path of the problem.
  package init(_ root: JSONValue) throws(ScenarioError) {
    if Self.isTraceHeader(root) { throw Self.traceGiven }
    let document = try Reader(root, path: "$").object(
      allowed: ["configuration", "description", "events", "expect", "rules", "sample", "version"])
    if let version = document["version"] {
      let number = try version.integer()
      guard number == Self.formatVersion else {
        throw version.error(
          "unsupported version \(number): this reader reads version \(Self.formatVersion)")
      }
    }
    if let description = document["description"] { _ = try description.string() }
    var rules: [String] = []
    if let list = document["rules"] {
      for rule in try list.array() { rules.append(try rule.string()) }
    }
    self.rules = rules
    let setup = try Setup.read(
      document.required("configuration"), base: Setup.initial, isInitial: true)
    configuration = setup.configuration
    progressType = setup.progressType ?? .determinate
    size = setup.size ?? FrameSize(width: 320, height: 40)
    var running = setup
    running.size = size
    events = []
    var previous = -Double.infinity
    for item in try document.required("events").array() {
      let event = try item.object(allowed: Self.eventFields)
      let time = try event.required("at").time()
      guard time >= previous else {
        throw event.at("at").error(
          "events must be in time order: \(time) comes after \(previous)")
      }
      previous = time
      let action = try Self.action(event, running: &running)
      events.append(Event(time: time, action: action))
    }
    sampleTimes = try Self.readSample(document.required("sample"))
    if let list = document["expect"] {
      #if hasFeature(Embedded)
        // The WebAssembly build checks expectations (so that a malformed one
        // is reported as natively) but keeps none: nothing there reads
        // them, and an array of them would bring its own growth code.
        for item in try list.array() { _ = try Expectation(item) }
      #else
        var expectations: [Expectation] = []
        for item in try list.array() { expectations.append(try Expectation(item)) }
        self.expectations = expectations
      #endif
    }
  }

  /// Reads what an event does: its `type` and that type's fields, checked
  /// against the setup it applies to (a `configure` changes `running`).
  ///
  /// - Parameters:
  ///   - event: The event object; an `at` member is read by the caller.
  ///   - running: The setup the event applies to.
  /// - Returns: The action.
  /// - Throws: ``ScenarioError`` naming the JSON path of the problem.
  package static func action(_ event: Reader, running: inout Setup) throws(ScenarioError)
    -> Action
  {
    let type = try event.required("type").string()
    let action: Action
    switch ExactText(type) {
    case "setProgress":
      action = .setProgress(
        value: try event.required("value").number(allowingNaN: true),
        animated: try event["animated"]?.bool() ?? false)
    case "setProgressType":
      action = .setProgressType(try event.required("value").progressType())
    case "startIndeterminateAnimation":
      action = .startIndeterminateAnimation
    case "stopIndeterminateAnimation":
      action = .stopIndeterminateAnimation
    case "setHidden":
      action = .setHidden(
        try event.required("value").bool(), animated: try event["animated"]?.bool() ?? false)
    case "resize":
      let size = FrameSize(
        width: try event.required("width").length(), height: try event.required("height").length())
      running.size = size
      action = .resize(size)
    case "configure":
      let changed = try Setup.read(
        event.required("configuration"), base: running, isInitial: false)
      running.configuration = changed.configuration
      if let size = changed.size { running.size = size }
      action = .configure(
        changed.configuration, size: changed.size, progressType: changed.progressType)
    default:
      throw event.at("type").error(
        "unknown event type '\(MessageText.escaped(type))'; expected one of \(Self.eventTypes.joined(separator: ", "))"
      )
    }
    try event.checkOnly(Self.fields(of: type))
    return action
  }

  /// What applying an event did.
  package enum Applied {
    /// The machine's transition (a `configure` that also switched the type
    /// carries both transitions' effects).
    case transition(ProgressTransition)
    /// A resize, which the machine does not see, was applied.
    case resized
    /// A resize was refused, for this reason.
    case refused(String)
  }

  /// Applies an event's action to an indicator at `time`: the one place
  /// that says what each event of the format does, for every host that
  /// plays a scenario (the reference trace, the WebAssembly build).
  ///
  /// - Parameters:
  ///   - action: The action.
  ///   - runtime: The indicator.
  ///   - time: When.
  /// - Returns: What it did.
  package static func apply(_ action: Action, to runtime: inout IndicatorRuntime, at time: Double)
    -> Applied
  {
    switch action {
    case .setProgress(let value, let animated):
      return .transition(runtime.send(.setProgress(value, animated: animated), at: time))
    case .setProgressType(let value):
      return .transition(runtime.send(.setProgressType(value), at: time))
    case .startIndeterminateAnimation:
      return .transition(runtime.send(.startIndeterminateAnimation, at: time))
    case .stopIndeterminateAnimation:
      return .transition(runtime.send(.stopIndeterminateAnimation, at: time))
    case .setHidden(let hidden, let animated):
      return .transition(runtime.send(.setHidden(hidden, animated: animated), at: time))
    case .resize(let size):
      do {
        try runtime.resize(to: size)
        return .resized
      } catch {
        return .refused("invalid size")
      }
    case .configure(let configuration, let size, let type):
      // All or nothing (RL-1): an invalid size refuses the event before
      // anything changes, and one the machine rejects changes nothing.
      let before = runtime.size
      if let size {
        do {
          try ProgressIndicatorModel.validate(size)
        } catch {
          return .refused("invalid size")
        }
      }
      var transition = runtime.send(.configure(configuration), at: time)
      if case .rejected = transition.outcome { return .transition(transition) }
      if let type {
        // The type is not part of the configuration: switch it as
        // setProgressType does, whether or not the rest changed.
        let switched = runtime.send(.setProgressType(type), at: time)
        if transition.outcome == .applied {
          transition.effects.append(contentsOf: switched.effects)
        } else {
          transition = switched
        }
      }
      if let size {
        try? runtime.resize(to: size)
        // A configure that changed the size alone was applied.
        if case .ignored(.unchanged) = transition.outcome, size != before {
          transition.outcome = .applied
        }
      }
      return .transition(transition)
    }
  }

  package static let eventTypes = [
    "setProgress", "setProgressType", "startIndeterminateAnimation", "stopIndeterminateAnimation",
    "setHidden", "resize", "configure",
  ]
  /// The fields an event may have, in ascending order (as messages list
  /// them).
  package static let eventFields = [
    "animated", "at", "configuration", "height", "type", "value", "width",
  ]

  /// The fields of an event of a type, in ascending order.
  package static func fields(of type: String) -> [String] {
    switch ExactText(type) {
    case "setProgress", "setHidden": return ["animated", "at", "type", "value"]
    case "setProgressType": return ["at", "type", "value"]
    case "resize": return ["at", "height", "type", "width"]
    case "configure": return ["at", "configuration", "type"]
    default: return ["at", "type"]
    }
  }

  static func readSample(_ sample: Reader) throws(ScenarioError) -> [Double] {
    let object = try sample.object(allowed: ["at", "every", "from", "to"])
    if let list = object["at"] {
      guard object["from"] == nil, object["to"] == nil, object["every"] == nil else {
        throw sample.error("give either \"at\" or \"from\", \"to\" and \"every\", not both")
      }
      let items = try list.array()
      guard list.count <= maximumSamples else {
        throw list.error("lists \(list.count) sample times; at most \(maximumSamples)")
      }
      var times: [Double] = []
      times.reserveCapacity(list.count)
      for item in items {
        let time = try item.time()
        if let last = times.last, time < last {
          throw item.error("sample times must be in increasing order: \(time) comes after \(last)")
        }
        times.append(time)
      }
      return times
    }
    let from = try object.required("from").time()
    let to = try object.required("to").time()
    let every = try object.required("every").number()
    guard to >= from else {
      throw object.at("to").error("\"to\" (\(to)) is before \"from\" (\(from))")
    }
    guard every > 0 else {
      throw object.at("every").error("\"every\" must be positive, got ", number: every)
    }
    // (to - from) / every may be far beyond Int.max, or infinite: it is
    // compared as a Double and converted only once below the limit.
    let count = ((to - from) / every + 1e-9).rounded(.down) + 1
    guard count <= Double(maximumSamples) else {
      let asked = count.isFinite ? "\(count)" : "more than \(Double.greatestFiniteMagnitude)"
      throw object.at("every").error("asks for \(asked) samples; at most \(maximumSamples)")
    }
    // Times from an integer count, so that no rounding error accumulates.
    return (0..<Int(count)).map { from + Double($0) * every }
  }
}

/// Why a scenario is invalid: the JSON path of the problem and what is
/// wrong with it.
public struct ScenarioError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The JSON path, such as `$.events[2].value`.
  public var path: String {
    get { storage.value.path }
    set { storage = Boxed(Fields(path: newValue, message: message)) }
  }
  /// What is wrong.
  public var message: String {
    get { storage.value.message }
    set { storage = Boxed(Fields(path: path, message: newValue)) }
  }

  /// The path and the message, in one reference: an error is thrown
  /// through many calls, each of which passes it on.
  private var storage: Boxed<Fields>

  private struct Fields: Hashable, Sendable {
    let path: String
    let message: String
  }

  // Not inlined: an error is made at many places, each one call rather than
  // an allocation and its stores (issue 22 §2, the WebAssembly modules).
  @inline(never)
  package init(path: String, message: String) {
    storage = Boxed(Fields(path: path, message: message))
  }

  /// An error whose message ends in a number, as Swift writes it (every
  /// "…, got 1.5" of the reader and of ``Setup``).
  @inline(never)
  package init(path: String, message: String, number: Double) {
    self.init(path: path, message: message + number.description)
  }

  /// "$.events[2].value: expected a number, got a string"; control
  /// characters from the input are escaped, so the text is one line.
  public var description: String {
    MessageText.escaped(path, limit: .max) + ": "
      + MessageText.escaped(message, limit: .max)
  }
}

/// A JSON value with its path, for reading with precise errors.
package final class Reader {
  package let value: JSONValue
  package let path: String

  package init(_ value: JSONValue, path: String) {
    self.value = value
    self.path = path
  }

  package func error(_ message: String) -> ScenarioError {
    ScenarioError(path: path, message: message)
  }

  /// An error whose message ends in a number, as Swift writes it
  /// (``ScenarioError/init(path:message:number:)``).
  package func error(_ message: String, number: Double) -> ScenarioError {
    ScenarioError(path: path, message: message, number: number)
  }

  func mismatch(_ expected: String) -> ScenarioError {
    error("expected \(expected), got \(value.kindName)")
  }

  /// The object, when it is one whose members are all allowed.
  ///
  /// - Parameter allowed: The names allowed, in ascending order: an error
  ///   lists them as given. Names are compared by their Unicode scalars.
  /// - Returns: The object.
  /// - Throws: ``ScenarioError`` for a value that is not an object, or at
  ///   the object for a member that is not allowed.
  package func object(allowed: [String]) throws(ScenarioError) -> Reader {
    guard case .object(let members) = value else { throw mismatch("an object") }
    if let member = members.first(where: { !Self.contains(allowed, $0.name) }) {
      throw ScenarioError(
        path: path,
        message:
          "unknown field \"\(MessageText.escaped(member.name))\"; expected one of \(allowed.joined(separator: ", "))"
      )
    }
    return self
  }

  /// Checks that an object's members are all allowed (an event's fields
  /// for its type).
  ///
  /// - Parameter allowed: The names allowed, in ascending order.
  /// - Throws: ``ScenarioError`` at the first member that is not allowed.
  func checkOnly(_ allowed: [String]) throws(ScenarioError) {
    guard case .object(let members) = value else { return }
    if let member = members.first(where: { !Self.contains(allowed, $0.name) }) {
      throw ScenarioError(
        path: path + "." + MessageText.escaped(member.name),
        message: "field not used by this event type; it takes \(allowed.joined(separator: ", "))")
    }
  }

  /// Whether a list of names holds a name (by Unicode scalars).
  static func contains(_ names: [String], _ name: String) -> Bool {
    names.contains { $0.hasSameScalars(as: name) }
  }

  package subscript(name: String) -> Reader? {
    value[name].map { Reader($0, path: path + "." + name) }
  }

  /// The member's path, for an error about it.
  package func at(_ name: String) -> Reader {
    Reader(value[name] ?? .null, path: path + "." + name)
  }

  func required(_ name: String) throws(ScenarioError) -> Reader {
    guard let member = self[name] else { throw error("missing field \"\(name)\"") }
    return member
  }

  /// The elements, each read with its path when it is reached (a list of a
  /// million elements makes no million paths up front).
  package func array() throws(ScenarioError) -> LazyMapSequence<
    EnumeratedSequence<[JSONValue]>, Reader
  > {
    guard case .array(let values) = value else { throw mismatch("an array") }
    let path = self.path
    return values.enumerated().lazy.map { Reader($1, path: path + "[\($0)]") }
  }

  /// The number of elements of an array.
  package var count: Int {
    if case .array(let values) = value { return values.count }
    return 0
  }

  package func string() throws(ScenarioError) -> String {
    guard case .string(let text) = value else { throw mismatch("a string") }
    return text
  }

  func optionalString() throws(ScenarioError) -> String? {
    if case .null = value { return nil }
    guard case .string(let text) = value else { throw mismatch("a string or null") }
    return text
  }

  package func bool() throws(ScenarioError) -> Bool {
    guard case .bool(let flag) = value else { throw mismatch("true or false") }
    return flag
  }

  /// A number; with `allowingNaN`, the string "NaN" and ±"Infinity" too,
  /// which JSON cannot write otherwise.
  package func number(allowingNaN: Bool = false) throws(ScenarioError) -> Double {
    if allowingNaN, case .string(let text) = value {
      switch ExactText(text) {
      case "NaN": return .nan
      case "Infinity": return .infinity
      case "-Infinity": return -.infinity
      default: break
      }
    }
    guard case .number(let number) = value else { throw mismatch("a number") }
    return number
  }

  package func integer() throws(ScenarioError) -> Int {
    guard case .number(let number) = value else { throw mismatch("an integer") }
    guard number == number.rounded(), abs(number) < 1e9 else {
      throw error("expected an integer, got ", number: number)
    }
    return Int(number)
  }

  package func time() throws(ScenarioError) -> Double {
    let time = try number()
    guard time >= 0 else { throw error("a time must be ≥ 0 seconds, got ", number: time) }
    return time
  }

  package func length() throws(ScenarioError) -> Double {
    try Setup.length(try number(), at: path)
  }

  package func progressType() throws(ScenarioError) -> ProgressType {
    try position(
      among: ["determinate", "indeterminate"],
      expected: #"expected "determinate" or "indeterminate""#)
      == 0 ? .determinate : .indeterminate
  }

  /// The error for a string that is none of those expected: "`expected`,
  /// got "`text`"", the text escaped (every reader of a name says it so).
  @inline(never)
  func unexpected(_ expected: String, got text: String) -> ScenarioError {
    error(expected + ", got \"" + MessageText.escaped(text) + "\"")
  }

  /// Reads a string that is one of `names` (compared by Unicode scalars):
  /// the one helper that reads a name from a list.
  ///
  /// - Parameters:
  ///   - names: The names.
  ///   - expected: What the error says was expected; by default "expected
  ///     one of" the names, quoted.
  /// - Returns: The name's position in `names`.
  /// - Throws: ``ScenarioError`` for a value that is not a string or none
  ///   of the names.
  @inline(never)
  package func position(among names: [String], expected: String? = nil) throws(ScenarioError)
    -> Int
  {
    let text = try string()
    if let index = names.firstIndex(where: { $0.hasSameScalars(as: text) }) { return index }
    throw unexpected(
      expected ?? "expected one of " + names.map { "\"" + $0 + "\"" }.joined(separator: ", "),
      got: text)
  }

  package func choice<T: RawRepresentable & CaseIterable>(_ type: T.Type) throws(ScenarioError) -> T
  where T.RawValue == String {
    let all = Array(T.allCases)
    return all[try position(among: all.map { $0.rawValue })]
  }

  /// Material 3's style, or `nil` for `null`: `{"shape": "wavy",
  /// "waveSpeed": 0.5}`, the speed 1 when absent (MT-1, MT-3).
  package func material3() throws(ScenarioError) -> Material3Style? {
    if case .null = value { return nil }
    let object = try self.object(allowed: ["shape", "waveSpeed"])
    let shape = try object.required("shape").choice(Material3Style.Shape.self)
    return try Setup.material3(shape: shape, waveSpeed: object["waveSpeed"]?.number(), at: path)
  }

  package func animation() throws(ScenarioError) -> AnimationTiming {
    let object = try self.object(allowed: ["duration", "easing"])
    let duration = try object.required("duration").number()
    var easing = Easing.linear
    if let text = try object["easing"]?.string() {
      do {
        easing = try Easing(cssText: text)
      } catch {
        throw object.at("easing").error("invalid easing: \(error)")
      }
    }
    do {
      return try AnimationTiming(duration: duration, easing: easing)
    } catch {
      throw object.at("duration").error("a duration must be ≥ 0 seconds, got ", number: duration)
    }
  }
}
