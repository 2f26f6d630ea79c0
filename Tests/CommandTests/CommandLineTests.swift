//===----------------------------------------------------------------------===//
// CommandTests: the `progress` command's arguments and files (spec BK-12).
//===----------------------------------------------------------------------===//

import CommandLineSupport
import Foundation
import Testing

@Suite("The progress command")
struct CommandLineTests {
  @Test(
    "BK-12 bad arguments: a one-line error, a line pointing to --help (not the whole usage), exit status 2",
    arguments: [
      (["nonsense"], "progress: unknown command 'nonsense'", "see 'progress --help'"),
      (
        ["demo", "--speed", "0"],
        "progress demo: --speed must be a number from 0.1 to 100.0, got '0'",
        "see 'progress demo --help'"
      ),
      (
        ["demo", "--colour"], "progress demo: unknown option '--colour'",
        "see 'progress demo --help'"
      ),
      // Options without a command belong to the default command, the demo.
      (
        ["--speed", "0"], "progress: --speed must be a number from 0.1 to 100.0, got '0'",
        "see 'progress --help'; options without a command are the demo's: 'progress demo --help'"
      ),
      (
        ["--bogus"], "progress: unknown option '--bogus'",
        "see 'progress --help'; options without a command are the demo's: 'progress demo --help'"
      ),
      (["gallery"], "progress gallery: missing --out FILE.html", "see 'progress gallery --help'"),
      (
        ["render", "x.json"], "progress render: missing --at SECONDS",
        "see 'progress render --help'"
      ),
      (
        ["render", "--at", "1"], "progress render: missing SCENARIO.json",
        "see 'progress render --help'"
      ),
      (["trace"], "progress trace: missing SCENARIO.json", "see 'progress trace --help'"),
      (
        ["trace", "a.json", "b.json"], "progress trace: unexpected argument 'b.json'",
        "see 'progress trace --help'"
      ),
      (
        ["describe", "--verbose"], "progress describe: unknown option '--verbose'",
        "see 'progress describe --help'"
      ),
      (
        ["pipe", "--size", "lots"],
        "progress pipe: --size must be a size such as 4096, 4G or 1.5GB, got 'lots'",
        "see 'progress pipe --help'"
      ),
      (["help", "bogus"], "progress: unknown command 'bogus'", "see 'progress --help'"),
    ])
  func badArguments(arguments: [String], message: String, hint: String) throws {
    let result = try Tools.run(Tools.progress, arguments)
    #expect(result.status == 2)
    let lines = result.error.split(separator: "\n", omittingEmptySubsequences: true)
    #expect(lines.map(String.init) == [message, hint], "\(result.error)")
    #expect(result.output.isEmpty)
  }

  @Test("BK-12 every command has --help, and progress help COMMAND prints the same, exit status 0")
  func help() throws {
    for command in [
      "demo", "pipe", "gallery", "render", "trace", "check", "conformance", "walk", "describe",
    ] {
      let result = try Tools.run(Tools.progress, [command, "--help"])
      #expect(
        result.status == 0 && result.output.hasPrefix("usage: progress \(command)"), "\(command)")
      let viaHelp = try Tools.run(Tools.progress, ["help", command])
      #expect(viaHelp.status == 0 && viaHelp.output == result.output, "help \(command)")
    }
    for global in [["--help"], ["help"], ["help", "help"]] {
      #expect(try Tools.run(Tools.progress, global).output.hasPrefix("usage: progress [command]"))
    }
  }

  @Test("BK-12 progress walk prints numbers rounded for reading, not the doubles' last digits")
  func walkNumbers() throws {
    let result = try Tools.run(Tools.progress, ["walk"])
    #expect(result.status == 0)
    #expect(
      result.output.contains("animatePresentedProgress(0.116→0.8, 0.25s)"), "\(result.output)")
    #expect(!result.output.contains("99999"), "\(result.output)")
  }

  @Test("BK-12 an invalid scenario: the JSON path and exit status 2; a missing file: status 1")
  func invalidScenario() throws {
    let bad =
      #"{"configuration": {}, "events": [{"at": 0, "type": "explode"}], "sample": {"at": [0]}}"#
    let result = try Tools.run(Tools.progress, ["trace", "-"], input: bad)
    #expect(result.status == 2)
    #expect(
      result.error.hasPrefix("progress trace: -: $.events[0].type: unknown event type 'explode'"))
    let missing = try Tools.run(Tools.progress, ["render", "/nonexistent/s.json", "--at", "0"])
    #expect(missing.status == 1 && missing.error.contains("/nonexistent/s.json: No such file"))
  }

  @Test("BK-10 progress trace writes the library's trace; render writes the frame's SVG")
  func traceAndRender() throws {
    let scenario = """
      {"configuration": {"variant": "circular", "width": 140, "height": 140},
       "events": [{"at": 0, "type": "setProgress", "value": 0.25}], "sample": {"at": [0, 0.1]}}
      """
    let trace = try Tools.run(Tools.progress, ["trace", "-"], input: scenario)
    #expect(trace.status == 0)
    let lines = trace.output.split(separator: "\n")
    #expect(lines.count == 4 && lines[3].contains(#""segments":[[0,0.25]]"#))
    let render = try Tools.run(
      Tools.progress, ["render", "-", "--at", "0", "--scale", "2"], input: scenario)
    #expect(render.status == 0)
    #expect(render.output.contains("width=\"280\" height=\"280\" viewBox=\"0 0 140 140\""))
    #expect(render.output.contains("<path d=\"M70 10A60 60 0 0 1 130 70\""))
  }

  @Test("BK-6 BK-12 piped, the demo ends by itself and writes plain lines")
  func pipedDemo() throws {
    let result = try Tools.run(Tools.progress, ["demo", "--speed", "20"])
    #expect(result.status == 0)
    #expect(!result.output.contains("\u{1B}"))
    let lines = result.output.split(separator: "\n").map(String.init)
    // The story: three downloads under a total, each logged when done, then a scan;
    // the scan finishes before its summary is printed, so its (done) line comes
    // first (TB-14).
    #expect(lines.contains { $0.hasPrefix("  archive.zip: 100%") && $0.hasSuffix("(done)") })
    let story = [
      "[1/2] Downloading: ", "✔ fetched docs.pdf (6.0 MB)", "✔ fetched archive.zip (48.0 MB)",
      "✔ fetched assets.tar (30.0 MB)", "[1/2] Downloading: 100%  84.0 MB/84.0 MB",
      "[2/2] Scanning: ", "  photos/2019: 12 duplicates", "  music/live: 3 files unreadable",
      "[2/2] Scanning: 1.3k files", "✔ scanned ",
    ]
    var position = lines.startIndex
    for expected in story {
      let found = lines[position...].firstIndex { $0.hasPrefix(expected) }
      #expect(found != nil, "missing '\(expected)' after line \(position) in:\n\(result.output)")
      position = (found ?? position) + 1
    }
    #expect(lines.count < 80)
  }
}
