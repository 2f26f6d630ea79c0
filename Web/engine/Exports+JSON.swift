//===----------------------------------------------------------------------===//
// ProgressEngine for WebAssembly: the JSON interface, in the module
// Scripts/build-wasm.sh writes as ProgressEngineJSON.wasm only (beside the
// engine of the shared Exports+*.swift, which ProgressEngine.wasm is alone).
//
// Configurations, events and scenario files arrive as JSON text in the
// scenario format and are read by ProgressTrace's reader, the one
// `progress trace` uses, so every error (with its JSON path) and every
// trace is the reference's: `Web/tools/trace.mjs`, the playground and seek.html
// load this module. A page that only shows indicators loads the engine
// alone, which takes its configuration as numbers (`pe_create_record`).
//===----------------------------------------------------------------------===//

import ProgressIndicatorKit
import ProgressStateMachine
import ProgressTrace
import Timeline

// MARK: - JSON in the input buffer

/// The JSON value in the input buffer; a parse error is a `ScenarioError`
/// at `$`, as the scenario reader reports it.
func inputJSON(_ length: Int32) throws(ScenarioError) -> Reader {
  let text = String(decoding: inputBytes(length), as: UTF8.self)
  do {
    return Reader(try JSONValue(parsing: text), path: "$")
  } catch {
    throw ScenarioError(path: "$", message: "malformed JSON: \(error.description)")
  }
}

// MARK: - Indicators and events as JSON

/// Reads a colour: an array of 3 or 4 numbers from 0 to 1.
func color(_ reader: Reader) throws(ScenarioError) -> FrameColor {
  var components: [Double] = []
  for item in try reader.array() {
    let value = try item.number()
    guard value >= 0, value <= 1 else {
      throw item.error("a colour component is from 0 to 1, got ", number: value)
    }
    components.append(value)
  }
  guard components.count == 3 || components.count == 4 else {
    throw reader.error("a colour is [red, green, blue] or [red, green, blue, alpha]")
  }
  return FrameColor(
    red: components[0], green: components[1], blue: components[2],
    alpha: components.count == 4 ? components[3] : 1)
}

/// Creates an indicator from the JSON object of `length` bytes in the input
/// buffer.
///
/// Members: `configuration` (the scenario format), and optionally
/// `progress`, `hidden`, `theme` ({track, progress, text} as [r, g, b, a]),
/// `measureText` (measure with the host), `time` and `cadence` (`frames`,
/// the default, or `effects`: IndicatorRuntime's, FR-11). Answers its handle
/// (> 0), or -2 with the error record.
@_expose(wasm, "pe_create")
@_cdecl("pe_create")
public func peCreate(_ length: Int32) -> Int32 {
  beginCall()
  do throws(ScenarioError) {
    let object = try inputJSON(length).object(allowed: [
      "cadence", "configuration", "hidden", "measureText", "progress", "theme", "time",
    ])
    let setup = try Setup.read(
      object["configuration"] ?? Reader(.object([]), path: "$.configuration"), base: .initial,
      isInitial: true)
    var theme = ProgressTheme.light
    if let colours = try object["theme"]?.object(allowed: ["progress", "text", "track"]) {
      if let value = colours["track"] { theme.track = try color(value) }
      if let value = colours["progress"] { theme.progress = try color(value) }
      if let value = colours["text"] { theme.text = try color(value) }
    }
    let model = try makeModel(
      setup, progress: try object["progress"]?.number(allowingNaN: true) ?? 0,
      hidden: try object["hidden"]?.bool() ?? false, theme: theme,
      measuredByHost: try object["measureText"]?.bool() ?? false,
      at: try object["time"]?.number() ?? 0, path: "$")
    let cadence = try object["cadence"]?.choice(IndicatorRuntime.Cadence.self) ?? .frames
    return try insert(IndicatorRuntime(consume model, cadence: cadence))
  } catch {
    return fail(error)
  }
}

/// Sends an event given as a JSON object in the scenario format.
///
/// Without `at`: the time is `time`. Writes its transition record. A
/// `configure` applies all of its changes or, when one is invalid, none.
/// Answers the outcome, -1 for a handle that is not live, -2 with the error
/// record for an invalid event.
@_expose(wasm, "pe_send")
@_cdecl("pe_send")
public func peSend(_ handle: Int32, _ length: Int32, _ time: Double) -> Int32 {
  beginCall()
  guard let current = withRuntime(handle, { Setup.current(of: $0) }) else {
    return Status.badHandle
  }
  do throws(ScenarioError) {
    let event = try inputJSON(length).object(allowed: TraceScenario.eventFields)
    if event["at"] != nil {
      throw event.at("at").error("field not used here: the time is the call's argument")
    }
    var running = current
    let action = try TraceScenario.action(event, running: &running)
    return send(action, to: handle, at: time)
  } catch {
    return fail(error)
  }
}

// MARK: - Scenarios (the conformance format), read by the engine

nonisolated(unsafe) var scenario: TraceScenario?

/// Reads the scenario file whose `length` bytes are in the input buffer.
///
/// Exactly as `progress trace` reads one (size, UTF-8, JSON, the format);
/// keeps it for the calls below. Answers 0 with the record (layout
/// `scenario`: its event and sample counts), or -2 with the error record.
@_expose(wasm, "pe_scenario")
@_cdecl("pe_scenario")
public func peScenario(_ length: Int32) -> Int32 {
  beginCall()
  scenario = nil
  do throws(ScenarioError) {
    let loaded = try TraceScenario(utf8: inputBytes(length))
    scenario = loaded
    let writer = startRecord(&record, .scenario)
    writer.set(ScenarioMember.eventCount, Double(loaded.events.count))
    writer.set(ScenarioMember.sampleCount, Double(loaded.sampleTimes.count))
    writer.set(ScenarioMember.material3, loaded.usesMaterial3)
    return 0
  } catch {
    return fail(error)
  }
}

/// Creates an indicator set up as the loaded scenario says, at time 0, run
/// with the cadence of code `cadence` (0 frames, 1 effects: FR-11);
/// answers its handle, or -2 with the error record.
@_expose(wasm, "pe_scenario_create")
@_cdecl("pe_scenario_create")
public func peScenarioCreate(_ cadence: Int32) -> Int32 {
  beginCall()
  guard let loaded = scenario else {
    return fail(ScenarioError(path: "$", message: "no scenario is loaded"))
  }
  do throws(ScenarioError) {
    let setup = Setup(
      configuration: loaded.configuration, progressType: loaded.progressType, size: loaded.size)
    let model = try makeModel(
      setup, progress: 0, hidden: false, theme: .light, measuredByHost: false, at: 0,
      path: "$.configuration")
    return try insert(IndicatorRuntime(consume model, cadence: cadence == 1 ? .effects : .frames))
  } catch {
    return fail(error)
  }
}

/// Writes the loaded scenario's event `index` (layout `scenarioEvent`: its
/// time and type); answers 0, or -1 when there is no such event.
@_expose(wasm, "pe_scenario_event")
@_cdecl("pe_scenario_event")
public func peScenarioEvent(_ index: Int32) -> Int32 {
  beginCall()
  guard let events = scenario?.events, index >= 0, Int(index) < events.count else {
    return Status.badHandle
  }
  let event = events[Int(index)]
  let writer = startRecord(&record, .scenarioEvent)
  writer.set(ScenarioEventMember.time, event.time)
  writer.setText(ScenarioEventMember.type, event.action.typeName)
  return 0
}

/// Applies the loaded scenario's event `index` to an indicator at the
/// event's time, as the reference trace does, and writes its transition
/// record; answers the outcome, or -1.
@_expose(wasm, "pe_scenario_send")
@_cdecl("pe_scenario_send")
public func peScenarioSend(_ handle: Int32, _ index: Int32) -> Int32 {
  beginCall()
  guard let events = scenario?.events, index >= 0, Int(index) < events.count else {
    return Status.badHandle
  }
  let event = events[Int(index)]
  return send(event.action, to: handle, at: event.time)
}

/// The loaded scenario's sample time `index`; NaN when there is none.
@_expose(wasm, "pe_scenario_sample")
@_cdecl("pe_scenario_sample")
public func peScenarioSample(_ index: Int32) -> Double {
  guard let times = scenario?.sampleTimes, index >= 0, Int(index) < times.count else {
    return .nan
  }
  return times[Int(index)]
}
