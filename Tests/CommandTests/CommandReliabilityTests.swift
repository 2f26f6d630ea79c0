//===----------------------------------------------------------------------===//
// CommandTests: the `progress` command on bad outputs, big inputs and odd
// files (issue 14): failed writes, streaming, CRLF, messages, limits.
//===----------------------------------------------------------------------===//

import CommandLineSupport
import Foundation
import Testing

@Suite("The progress command at its limits")
struct CommandReliabilityTests {
  static let small = """
    {"version": 1, "configuration": {"variant": "linear", "width": 320, "height": 40},
     "events": [{"at": 0, "type": "setProgress", "value": 0.5, "animated": true}],
     "sample": {"from": 0, "to": 1, "every": 0.1}}
    """

  /// Writes `text` to a fresh file and answers its path.
  static func file(_ name: String, _ text: String) throws -> String {
    try file(name, Data(text.utf8))
  }

  static func file(_ name: String, _ data: Data) throws -> String {
    let url = try Tools.temporaryDirectory().appendingPathComponent(name)
    try data.write(to: url)
    return url.path
  }

  /// Runs a shell script with the `progress` executable as `$P`.
  static func shell(_ script: String) throws -> RunResult {
    try Tools.run("/bin/sh", ["-c", "P=\"$0\"; " + script, Tools.progress])
  }

  @Test("RL-8 a failed write is an error: a full disk or a closed output, a message, status ≠ 0")
  func failedWrites() throws {
    let scenario = try Self.file("s.json", Self.small)
    let trace = try Tools.run(Tools.progress, ["trace", scenario]).output
    let tracePath = try Self.file("t.jsonl", trace)
    let commands = [
      ("trace", "\"$P\" trace '\(scenario)'", 1),
      ("render", "\"$P\" render '\(scenario)' --at 0.5", 1),
      ("gallery", "\"$P\" gallery --out - --fps 1", 1),
      ("describe", "\"$P\" describe", 1),
      ("check", "\"$P\" check '\(scenario)' '\(tracePath)'", 2),
    ]
    for (name, command, status) in commands {
      for (output, reason) in [
        ("> /dev/full", "No space left on device"), (">&-", "Bad file descriptor"),
      ] {
        let result = try Self.shell(command + " " + output)
        #expect(result.status == Int32(status), "\(name) \(output): \(result.status)")
        #expect(
          result.error.contains("standard output: \(reason)"),
          "\(name) \(output): \(result.error)")
        #expect(result.error.split(separator: "\n").count == 1, "\(name): \(result.error)")
      }
    }
    let unwritable = try Tools.run(
      Tools.progress, ["trace", scenario, "--out", "/nonexistent/t.jsonl"])
    #expect(unwritable.status == 1 && unwritable.error.contains("No such file or directory"))
  }

  @Test("RL-7 BK-10 progress trace streams: head gets its first line before the rest is computed")
  func streaming() throws {
    // A million samples take seconds to compute in a debug build; streamed,
    // `head` has its ten bytes after the first lines and the pipeline ends.
    let scenario = try Self.file(
      "million.json",
      #"{"version": 1, "configuration": {"variant": "linear"}, "events": [], "sample": {"from": 0, "to": 999.999, "every": 0.001}}"#
    )
    let clock = ContinuousClock()
    let start = clock.now
    let result = try Self.shell("\"$P\" trace '\(scenario)' | head -c 10")
    let elapsed = start.duration(to: clock.now)
    #expect(result.output == #"{"kind":"h"#)
    #expect(elapsed < .seconds(20), "\(elapsed)")
  }

  @Test("BK-13 progress check reads CRLF traces and reports the file's own line numbers")
  func checkLines() throws {
    let scenario = try Self.file("s.json", Self.small)
    let trace = try Tools.run(Tools.progress, ["trace", scenario]).output
    let crlf = trace.replacingOccurrences(of: "\n", with: "\r\n")
    let crlfResult = try Tools.run(Tools.progress, ["check", scenario, try Self.file("c", crlf)])
    #expect(crlfResult.status == 0, "\(crlfResult.error)")
    #expect(crlfResult.output.hasPrefix("conformant: 12 lines"))
    // Three blank lines after line 2; the frame at 0.2 s moves from line 5
    // to line 8 of the file, and is changed there.
    var lines = trace.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    lines.insert(contentsOf: ["", "  ", ""], at: 2)
    #expect(lines[7].contains(#""at":0.2,"#))
    lines[7] = lines[7].replacingOccurrences(of: #""progress":0.5"#, with: #""progress":0.7"#)
    let blank = try Tools.run(
      Tools.progress, ["check", scenario, try Self.file("b", lines.joined(separator: "\r\n"))])
    #expect(blank.status == 1)
    #expect(blank.output.contains("line 8, at 0.2 s: progress: expected 0.5, got 0.7"))
    // A parse error counts the same lines.
    lines[7] = "{oops"
    let broken = try Tools.run(
      Tools.progress, ["check", scenario, try Self.file("e", lines.joined(separator: "\n"))])
    #expect(broken.status == 2)
    #expect(broken.error.contains(": line 8: malformed JSON"), "\(broken.error)")
  }

  @Test(
    "BK-12 RL-9 messages: control characters escaped, repeated options named, one status for non-UTF-8"
  )
  func messages() throws {
    let escaped = try Tools.run(
      Tools.progress, ["trace", "-"],
      input:
        #"{"configuration": {"variant": "linear\u001b[31m\nX"}, "events": [], "sample": {"at": [0]}}"#
    )
    #expect(escaped.status == 2)
    #expect(
      escaped.error
        == "progress trace: -: $.configuration.variant: expected \"linear\" or \"circular\", got \"linear\\u{1B}[31m\\u{A}X\"\n"
    )
    let twice = try Tools.run(Tools.progress, ["trace", "a.json", "--out", "x", "--out", "y"])
    #expect(twice.status == 2 && twice.error.hasPrefix("progress trace: --out given twice\n"))
    let argument = try Tools.run(Tools.progress, ["trace", "a\u{1B}]0;x\u{07}.json", "b"])
    #expect(argument.error.hasPrefix("progress trace: unexpected argument 'b'"))
    let unknown = try Tools.run(Tools.progress, ["\u{1B}[2J"])
    #expect(unknown.error.hasPrefix("progress: unknown command '\\u{1B}[2J'\n"))
    // Not UTF-8: invalid input, status 2 from every command, with where.
    var bytes = Data(#"{"description": "caf"#.utf8)
    bytes.append(contentsOf: [0xFF, 0xFE])
    bytes.append(
      contentsOf: Data(#"", "configuration": {}, "events": [], "sample": {"at": [0]}}"#.utf8))
    let path = try Self.file("latin1.json", bytes)
    let traced = try Tools.run(Tools.progress, ["trace", path])
    let checked = try Tools.run(Tools.progress, ["check", path, path])
    let rendered = try Tools.run(Tools.progress, ["render", path, "--at", "0"])
    for result in [traced, checked, rendered] {
      #expect(result.status == 2)
      #expect(result.error.contains("line 1, column 21: not UTF-8 text"), "\(result.error)")
    }
  }

  @Test(
    "BK-12 options read as the usage says: --scale 1|2|3, --background six digits, --max whole",
    arguments: [
      (
        ["--scale", "2.5"], "progress render: --scale must be a whole number from 1 to 3, got '2.5'"
      ),
      (["--background", "+FFFFF"], "progress render: --background takes six hexadecimal digits"),
      (["--background", "-00001"], "progress render: --background takes six hexadecimal digits"),
      (["--background", "FFFFFFF"], "progress render: --background takes six hexadecimal digits"),
    ])
  func strictOptions(options: [String], message: String) throws {
    // No standard input: the command stops at its arguments, before reading.
    let result = try Tools.run(Tools.progress, ["render", "s.json", "--at", "0"] + options)
    #expect(result.status == 2)
    #expect(result.error.hasPrefix(message), "\(result.error)")
    let good = try Tools.run(
      Tools.progress, ["render", "-", "--at", "0", "--scale", "2", "--background", "#00FF7f"],
      input: Self.small)
    #expect(good.status == 0 && good.output.contains("fill=\"#00FF7F\""), "\(good.error)")
    let max = try Tools.run(Tools.progress, ["check", "a", "b", "--max", "2.5"])
    #expect(max.status == 2 && max.error.hasPrefix("progress check: --max must be a whole number"))
  }

  @Test(
    "MT-29 progress render at 10⁶ s of a wave at 1e308 wavelengths a second draws the wave whole wavelengths on, as at 1 a second (it drew y = 0)"
  )
  func extremeWaveSpeed() throws {
    func scenario(speed: String) -> String {
      """
      {"configuration": {"variant": "linear", "material3": {"shape": "wavy", "waveSpeed": \(speed)}},
       "events": [{"at": 0, "type": "setProgress", "value": 0.5}], "sample": {"at": [1000000]}}
      """
    }
    let fast = try Tools.run(
      Tools.progress, ["render", "-", "--at", "1e6"], input: scenario(speed: "1e308"))
    let slow = try Tools.run(
      Tools.progress, ["render", "-", "--at", "1e6"], input: scenario(speed: "1"))
    #expect(fast.status == 0 && slow.status == 0, "\(fast.error) \(slow.error)")
    // A bar 40 pt high: its wave's crest 3 pt above the centre, at the start.
    #expect(fast.output.contains("<path d=\"M4 17L"), "\(fast.output.prefix(600))")
    #expect(fast.output == slow.output)
  }

  @Test("RL-7 an endless or oversized input is an error, not a run that never ends")
  func endlessInput() throws {
    let result = try Tools.run(Tools.progress, ["trace", "/dev/zero"])
    #expect(result.status == 2)
    #expect(
      result.error
        == "progress trace: /dev/zero: $: larger than 64 MiB, the most a scenario may be\n")
  }
}
