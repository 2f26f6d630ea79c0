//===----------------------------------------------------------------------===//
// progress gallery, render and trace: the SVG and trace backends on files.
//===----------------------------------------------------------------------===//

import ProgressIndicatorKit
import ProgressSVG
import ProgressTrace

/// A failure that is not a usage error: printed on one line, exit status 1
/// (2 when the input is invalid).
struct CommandFailure: Error {
  var message: String
  var status: Int32
}

/// Parses a command's options: prints the usage for `--help` (and returns
/// `nil`), fails on an argument left over.
func parse<T>(
  _ arguments: [String], usage: String, _ read: (inout Arguments) throws(UsageError) -> T
)
  throws(UsageError) -> T?
{
  var arguments = Arguments(arguments)
  if arguments.wantsHelp() {
    print(usage)
    return nil
  }
  let result = try read(&arguments)
  try arguments.finish()
  return result
}

enum GalleryCommand {
  static let usage = """
    usage: progress gallery --out FILE.html [--fps N]

    Writes one self-contained HTML page, viewable offline: every variant, size,
    style and track setting, determinate and indeterminate, in the light and
    dark themes, animated from frames sampled from the engine's own timeline,
    with charts of the indeterminate loops and of the named easing curves.

    options:
      --out FILE.html   where to write the page (- for standard output)
      --fps N           frames sampled per second, 1 to 60 (default 20)
      -h, --help        print this help
    """

  static func run(_ arguments: [String]) throws(UsageError) -> CommandFailure? {
    guard
      let (out, fps) = try parse(
        arguments, usage: usage,
        { arguments throws(UsageError) in
          guard let out = try arguments.option("--out") else {
            throw UsageError(message: "missing --out FILE.html")
          }
          return (out, try arguments.number("--fps", in: 1...60) ?? 20)
        })
    else { return nil }
    do {
      try writeText(try Gallery(framesPerSecond: fps).html(), path: out)
    } catch {
      return CommandFailure(message: "\(error)", status: 1)
    }
    return nil
  }
}

enum RenderCommand {
  static let usage = """
    usage: progress render SCENARIO.json --at SECONDS [--scale 1|2|3] [--out FILE.svg] [--background RRGGBB]

    Plays a scenario (the format of Docs/conformance.md; - reads standard input)
    up to a time and writes the frame at that time as a standalone SVG document.

    options:
      --at SECONDS        the time of the frame (required)
      --scale N           device pixels per point: 1, 2 or 3 (default 1)
      --out FILE.svg      where to write (default: standard output)
      --background RRGGBB fill the frame with a colour first: six hexadecimal
                          digits, such as FFFFFF (a leading # is allowed)
      -h, --help          print this help
    """

  static func run(_ arguments: [String]) throws(UsageError) -> CommandFailure? {
    guard
      let (path, time, scale, out, background) = try parse(
        arguments, usage: usage,
        { arguments throws(UsageError) in
          guard let time = try arguments.number("--at", in: 0...1e9) else {
            throw UsageError(message: "missing --at SECONDS")
          }
          let scale = Double(try arguments.integer("--scale", in: 1...3) ?? 1)
          let out = try arguments.option("--out") ?? "-"
          var background: FrameColor?
          if let text = try arguments.option("--background") {
            // Six digits and nothing else: UInt32(_:radix:) alone would take
            // "+FFFFF" (a sign and five digits) as 0x0FFFFF.
            let hex = text.hasPrefix("#") ? String(text.dropFirst()) : text
            guard hex.utf8.count == 6, hex.allSatisfy(\.isHexDigit),
              let value = UInt32(hex, radix: 16)
            else {
              throw UsageError(message: "--background takes six hexadecimal digits, got '\(text)'")
            }
            background = FrameColor(hex: value)
          }
          return (try arguments.positional("SCENARIO.json"), time, scale, out, background)
        })
    else { return nil }
    do {
      var scenario = try readScenario(path: path)
      scenario.sampleTimes = [time]
      var sink = LastFrameSink()
      try scenario.play(into: &sink)
      guard let frame = sink.frame else { return CommandFailure(message: "no frame", status: 1) }
      try writeText(
        SVGRenderer().document(for: frame, scale: scale, background: background), path: out)
    } catch let error as ScenarioError {
      return CommandFailure(message: "\(escapedForMessage(path)): \(error)", status: 2)
    } catch let error as FileError {
      return CommandFailure(message: "\(error)", status: error.isInvalidInput ? 2 : 1)
    } catch {
      return CommandFailure(message: "\(error)", status: 1)
    }
    return nil
  }
}

/// Keeps the last frame it receives.
struct LastFrameSink: FrameSink {
  var frame: ProgressFrame?
  mutating func consume(_ frame: ProgressFrame) { self.frame = frame }
}

enum TraceCommand {
  static let usage = """
    usage: progress trace SCENARIO.json [--out FILE.jsonl]

    Plays a scenario (the format of Docs/conformance.md; - reads standard input)
    and writes its reference trace as JSON Lines: a header, then an event line
    for each event and a frame line for each sample, in time order.

    options:
      --out FILE.jsonl   where to write (default: standard output)
      -h, --help         print this help
    """

  static func run(_ arguments: [String]) throws(UsageError) -> CommandFailure? {
    guard
      let (path, out) = try parse(
        arguments, usage: usage,
        { arguments throws(UsageError) in
          let out = try arguments.option("--out") ?? "-"
          return (try arguments.positional("SCENARIO.json"), out)
        })
    else { return nil }
    do {
      let scenario = try readScenario(path: path)
      var file = try OutputFile(path: out)
      // Each line is written as soon as it is computed (the first at once,
      // then a buffer at a time): memory for a buffer, not the trace. A
      // failed write stops the playing.
      var failure: FileError?
      var isFirst = true
      try scenario.forEachTraceLine { line in
        do throws(FileError) {
          try file.write(line.serialized() + "\n")
          if isFirst { try file.flush() }
          isFirst = false
          return true
        } catch {
          failure = error
          return false
        }
      }
      if let failure { throw failure }
      try file.close()
    } catch let error as ScenarioError {
      return CommandFailure(message: "\(escapedForMessage(path)): \(error)", status: 2)
    } catch let error as FileError {
      return CommandFailure(message: "\(error)", status: error.isInvalidInput ? 2 : 1)
    } catch {
      return CommandFailure(message: "\(error)", status: 1)
    }
    return nil
  }
}

enum CheckCommand {
  static let usage = """
    usage: progress check SCENARIO.json TRACE.jsonl [options]

    Compares a trace written by any renderer with the reference trace of the
    scenario (formats in Docs/conformance.md; - reads either from standard
    input). Reports the first divergences with the line, the time, the field,
    both values and the spec rules the scenario exercises.
    Exit status: 0 conformant, 1 not conformant, 2 invalid input.

    options:
      --fraction-tolerance X   for progress values and path fractions (default 1e-6)
      --geometry-tolerance X   for geometry in points (default 0.01)
      --all-fields             compare every field of the reference, not only the required ones
      --max N                  report at most N divergences (default 10)
      -h, --help               print this help
    """

  static func run(_ arguments: [String]) throws(UsageError) -> CommandFailure? {
    guard
      let (scenarioPath, tracePath, tolerance, allFields, maximum) = try parse(
        arguments, usage: usage,
        { arguments throws(UsageError) in
          let fraction = try arguments.number("--fraction-tolerance", in: 0...1) ?? 1e-6
          let geometry = try arguments.number("--geometry-tolerance", in: 0...1000) ?? 0.01
          let allFields = try arguments.singleFlag("--all-fields")
          let maximum = try arguments.integer("--max", in: 1...1_000_000) ?? 10
          let scenario = try arguments.positional("SCENARIO.json")
          let trace = try arguments.positional("TRACE.jsonl")
          guard scenario != "-" || trace != "-" else {
            throw UsageError(
              message: "only one of SCENARIO.json and TRACE.jsonl can be standard input")
          }
          return (
            scenario, trace, TraceCheck.Tolerance(fraction: fraction, geometry: geometry),
            allFields,
            maximum
          )
        })
    else { return nil }
    // Its 1 means "not conformant": any failure to read or write is 2.
    outputFailureStatus = 2
    let scenario: TraceScenario
    do {
      scenario = try readScenario(path: scenarioPath)
    } catch let error as ScenarioError {
      return CommandFailure(message: "\(escapedForMessage(scenarioPath)): \(error)", status: 2)
    } catch {
      return CommandFailure(message: "\(error)", status: 2)
    }
    let report: TraceCheck.Report
    do {
      // The trace is read a line at a time and compared with the reference
      // as it is computed: neither is held whole.
      var file = try LineFile(path: tracePath)
      defer { file.close() }
      report = try TraceCheck.check(
        scenario: scenario, nextLine: { try file.next() }, tolerance: tolerance,
        comparesAllFields: allFields, maximumKept: maximum)
    } catch let error as TraceCheck.TraceError {
      return CommandFailure(message: "\(escapedForMessage(tracePath)): \(error)", status: 2)
    } catch let error as FileError {
      return CommandFailure(message: "\(error)", status: 2)
    } catch {
      return CommandFailure(message: "\(escapedForMessage(scenarioPath)): \(error)", status: 2)
    }
    if report.isConformant {
      print("conformant: \(report.linesCompared) lines match the reference")
      return nil
    }
    let count = report.divergenceCount
    print(
      "not conformant: \(count) divergence\(count == 1 ? "" : "s")"
        + (count > maximum ? " (the first \(maximum) shown)" : ""))
    for divergence in report.divergences.prefix(maximum) { print(divergence) }
    return CommandFailure(message: "", status: 1)
  }
}
