//===----------------------------------------------------------------------===//
// CommandTests: the WebAssembly host against the Swift ones — the same frames
// at the same times (spec FR-8) and the same errors for the same bad input
// (RL-1), through node and the engine built by Scripts/build-wasm.sh.
//===----------------------------------------------------------------------===//

import CommandLineSupport
import Foundation
import ProgressIndicatorKit
import ProgressStateMachine
import ProgressTesting
import ProgressTrace
import Testing

/// node or $PROGRESS_WASM is missing where the tests require them (CI).
struct WebAssemblyHostMissing: Error, CustomStringConvertible {
  var description: String { "node and $PROGRESS_WASM (Scripts/build-wasm.sh) are required here" }
}

/// The WebAssembly engine and node, when both are here ($PROGRESS_WASM names
/// the engine; CI builds it before the tests and requires them).
enum WebAssemblyHost {
  static let engine: String? = {
    guard let path = ProcessInfo.processInfo.environment["PROGRESS_WASM"],
      FileManager.default.fileExists(atPath: path)
    else { return nil }
    return URL(fileURLWithPath: path).standardizedFileURL.path
  }()
  static let node = Tools.find("node")
  static let enabled = (engine != nil && node != nil) || Tools.isCI
  /// Why the tests that need both skip here, naming what is missing.
  static let skipReason = Comment(
    rawValue: reason(
      node: node, variable: ProcessInfo.processInfo.environment["PROGRESS_WASM"],
      exists: { FileManager.default.fileExists(atPath: $0) }))

  /// What keeps the WebAssembly tests from running, in words a first user
  /// can act on: node, or `PROGRESS_WASM` unset or naming no file.
  ///
  /// - Parameters:
  ///   - node: node's path, or `nil` when it is not on `PATH`.
  ///   - variable: `PROGRESS_WASM`'s value, or `nil` when it is unset.
  ///   - exists: Whether a file is at a path.
  /// - Returns: The reason, or "" when nothing is missing.
  static func reason(node: String?, variable: String?, exists: (String) -> Bool) -> String {
    var missing: [String] = []
    if node == nil { missing.append("node is not installed (Debian's nodejs)") }
    let build = "Scripts/build-wasm.sh OUTDIR builds it"
    switch variable {
    case nil, "":
      missing.append(
        "PROGRESS_WASM is not set: \(build), then PROGRESS_WASM=OUTDIR/ProgressEngineJSON.wasm "
          + "swift test")
    case let path? where !exists(path):
      missing.append("PROGRESS_WASM names \(path), which does not exist: \(build)")
    default: break
    }
    return missing.joined(separator: "; ")
  }
  /// The repository's root, where Web/ is.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// Runs `node Web/tools/SCRIPT arguments` from the repository's root.
  static func run(_ script: String, _ arguments: [String], input: String? = nil) throws
    -> RunResult
  {
    guard let node, let engine else {
      throw WebAssemblyHostMissing()
    }
    return try Tools.run(
      "/usr/bin/env",
      ["PROGRESS_WASM=\(engine)", node, root.appendingPathComponent("Web/tools/\(script)").path]
        + arguments, input: input)
  }
}

@Suite("The WebAssembly host")
struct WebAssemblyHostTests {
  @Test("the WebAssembly tests' skip reason names PROGRESS_WASM when it is unset or names no file")
  func skipReason() {
    let none = WebAssemblyHost.reason(node: "/usr/bin/node", variable: nil) { _ in false }
    #expect(none.hasPrefix("PROGRESS_WASM is not set: Scripts/build-wasm.sh OUTDIR builds it"))
    #expect(none.contains("PROGRESS_WASM=OUTDIR/ProgressEngineJSON.wasm swift test"), "\(none)")
    let wrong = WebAssemblyHost.reason(node: "/usr/bin/node", variable: "/x/E.wasm") { _ in false }
    #expect(
      wrong
        == "PROGRESS_WASM names /x/E.wasm, which does not exist: Scripts/build-wasm.sh OUTDIR builds it"
    )
    let noNode = WebAssemblyHost.reason(node: nil, variable: "/x/E.wasm") { _ in true }
    #expect(noNode == "node is not installed (Debian's nodejs)")
    #expect(
      WebAssemblyHost.reason(node: "/usr/bin/node", variable: "/x/E.wasm") { _ in true }.isEmpty)
  }

  @Test(
    "FR-8 the WebAssembly host, driven as a page drives it, delivers the facade's frames at the same times",
    .enabled(if: WebAssemblyHost.enabled, WebAssemblyHost.skipReason))
  func sameFramesAsTheFacade() throws {
    var random = ReplayableRandom(seed: 0x3A5)
    let scenarios = Generator<ProgressScenario>.scenario(length: 5...30)
    let size = FrameSize(width: 200, height: 200)
    var runs: [String] = []
    var expected: [[Double: JSONValue]] = []
    for _ in 0..<200 {
      let scenario = scenarios.generate(using: &random)
      let facade = try ProgressIndicator(
        configuration: scenario.configuration, progressType: scenario.progressType, size: size)
      let sink = RecordingFrameSink()
      facade.addSink(sink)
      var calls: [JSONValue] = []
      func step(_ time: Double) {
        facade.advance(to: time)
        calls.append(.array([.string("step"), .number(time)]))
      }
      // The facade test's schedule: ticks between the steps, then the event
      // at its own time, after a step to that time and before another.
      var time = 0.0
      step(time)
      for item in scenario.steps {
        for sample in 1...4 { step(time + min(item.delay, 2) * Double(sample) / 5) }
        time += item.delay
        step(time)
        facade.send(item.event)
        calls.append(Self.call(item.event, at: time))
        step(time)
      }
      for sample in 1...6 { step(time + Double(sample) / 10) }
      var frames: [Double: JSONValue] = [:]
      for frame in sink.frames { frames[frame.time] = TraceLine.frame(frame) }
      expected.append(frames)
      var setup = TraceScenario.members(of: scenario.configuration)
      setup += [
        .init(
          "progressType",
          .string(scenario.progressType == .determinate ? "determinate" : "indeterminate")),
        .init("width", .number(size.width)), .init("height", .number(size.height)),
      ]
      runs.append(
        JSONValue.object([.init("configuration", .object(setup)), .init("calls", .array(calls))])
          .serialized())
    }
    let result = try WebAssemblyHost.run("drive.mjs", [], input: runs.joined(separator: "\n"))
    try #require(result.status == 0, "\(result.error)")
    let outputs = result.output.split(separator: "\n")
    try #require(outputs.count == runs.count)
    var compared = 0
    for (index, output) in outputs.enumerated() {
      guard case .array(let delivered) = try JSONValue(parsing: String(output)) else {
        Issue.record("run \(index): not an array")
        continue
      }
      var frames: [Double: JSONValue] = [:]
      for pair in delivered {
        guard case .array(let item) = pair, case .number(let time) = item[0] else { continue }
        frames[time] = item[1]
      }
      // The last frame at each time is what stays on screen.
      #expect(frames.keys.sorted() == expected[index].keys.sorted(), "run \(index): frame times")
      for time in expected[index].keys.sorted() {
        guard let actual = frames[time], let reference = expected[index][time] else { continue }
        let report = TraceCheck.compare(
          expected: [TraceLine.header, reference], actual: [TraceLine.header, actual], rules: [],
          comparesAllFields: true)
        #expect(report.divergences.isEmpty, "run \(index) at \(time): \(report.divergences)")
        compared += 1
      }
    }
    #expect(compared > 5_000, "\(compared) frames compared")
  }

  /// A facade call as a call of the WebAssembly host.
  static func call(_ event: ProgressEvent, at time: Double) -> JSONValue {
    let action: TraceScenario.Action
    switch event {
    case .setProgress(let value, let animated):
      action = .setProgress(value: value, animated: animated)
    case .setProgressType(let type): action = .setProgressType(type)
    case .startIndeterminateAnimation: action = .startIndeterminateAnimation
    case .stopIndeterminateAnimation: action = .stopIndeterminateAnimation
    case .setHidden(let hidden, let animated): action = .setHidden(hidden, animated: animated)
    case .configure(let configuration):
      action = .configure(configuration, size: nil, progressType: nil)
    case .tick: return .array([.string("tick"), .number(time)])
    }
    var event = TraceScenario.Event(time: time, action: action).jsonValue
    if case .object(let members) = event { event = .object(members.filter { $0.name != "at" }) }
    return .array([.string("send"), event, .number(time)])
  }

  @Test(
    "RL-1 every malformed scenario gets the same status and first error line from progress trace and node Web/tools/trace.mjs",
    .enabled(if: WebAssemblyHost.enabled, WebAssemblyHost.skipReason))
  func errorsAgree() throws {
    let directory = WebAssemblyHost.root.appendingPathComponent("Tests/Malformed")
    var paths = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted().map {
      directory.appendingPathComponent($0).path
    }
    // Over the size limit: 64 MiB of spaces before a valid scenario.
    let large = try Tools.temporaryDirectory().appendingPathComponent("larger-than-64-MiB.json")
    var bytes = Data(repeating: UInt8(ascii: " "), count: TraceScenario.maximumBytes)
    bytes.append(
      contentsOf: Data(#"{"configuration": {}, "events": [], "sample": {"at": [0]}}"#.utf8))
    try bytes.write(to: large)
    defer { try? FileManager.default.removeItem(at: large.deletingLastPathComponent()) }
    paths.append(large.path)
    #expect(paths.count >= 30)
    for path in paths {
      let swift = try Tools.run(Tools.progress, ["trace", path])
      let node = try WebAssemblyHost.run("trace.mjs", [path])
      #expect(swift.status == 2, "\(path): progress trace answered \(swift.status): \(swift.error)")
      #expect(node.status == swift.status, "\(path): node answered \(node.status): \(node.error)")
      let swiftLine = swift.error.split(separator: "\n").first.map(String.init) ?? ""
      let nodeLine = node.error.split(separator: "\n").first.map(String.init) ?? ""
      #expect(swiftLine.hasPrefix("progress trace: "), "\(swiftLine)")
      #expect(nodeLine.hasPrefix("trace.mjs: "), "\(nodeLine)")
      #expect(
        swiftLine.dropFirst("progress trace: ".count) == nodeLine.dropFirst("trace.mjs: ".count),
        "\(path)")
    }
  }

  @Test(
    "MT-20 MT-13 MT-15 the Material 3 fixtures play conformant through node Web/tools/trace.mjs, every field",
    .enabled(if: WebAssemblyHost.enabled, WebAssemblyHost.skipReason))
  func material3Fixtures() throws {
    let directory = WebAssemblyHost.root.appendingPathComponent("Tests/Conformance")
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
      .filter { $0.hasPrefix("m3-") && $0.hasSuffix(".scenario.json") }
    #expect(names.count >= 6)
    for name in names {
      let path = directory.appendingPathComponent(name).path
      let node = try WebAssemblyHost.run("trace.mjs", [path])
      #expect(node.status == 0, "\(name): \(node.error)")
      // The wasm trace is minor version 1 and carries the wave and the stop.
      #expect(
        node.output.hasPrefix(#"{"kind":"header","format":"progress-trace","version":1,"minor":1}"#)
      )
      let report = try TraceCheck.check(
        scenario: try TraceScenario(json: String(contentsOfFile: path, encoding: .utf8)),
        trace: node.output, comparesAllFields: true, maximumKept: 3)
      #expect(report.isConformant, "\(name): \(report.divergences)")
    }
  }
}
