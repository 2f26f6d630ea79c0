//===----------------------------------------------------------------------===//
// progress: the command-line entry point.
//===----------------------------------------------------------------------===//

import ProgressStateMachine
import ProgressTrace

/// The subcommands of `progress`.
enum Command: String, CaseIterable {
  case demo
  case pipe
  case gallery
  case render
  case trace
  case check
  case walk
  case describe
  case help

  var summary: String {
    switch self {
    case .demo: return "an animated showcase in the terminal (the default)"
    case .pipe: return "copy standard input to standard output, showing progress (as pv)"
    case .gallery: return "write an HTML page of every variant, animated, with motion charts"
    case .render: return "play a scenario up to a time and write that frame as SVG"
    case .trace: return "play a scenario and write its reference trace (JSON Lines)"
    case .check: return "compare a renderer's trace with a scenario's reference trace"
    case .walk: return "walk the state machine through a scripted scenario, printing every step"
    case .describe: return "print Docs/state-machine.md, generated from the code"
    case .help: return "print this help"
    }
  }
}

let usage =
  "usage: progress [command] [options]   (progress command --help for its options;\n       options without a command are the demo's)\n\ncommands:\n"
  + Command.allCases.map { "  \($0.rawValue.padding(to: 10))\($0.summary)" }.joined(separator: "\n")

/// Runs a command that takes no option but `--help`.
func runSimple(_ arguments: [String], usage: String, _ body: () -> Void) throws(UsageError) {
  var arguments = Arguments(arguments)
  if arguments.wantsHelp() {
    print(usage)
    return
  }
  do throws(UsageError) { try arguments.finish() } catch { throw error.with(usage: usage) }
  body()
}

let arguments = Array(CommandLine.arguments.dropFirst())
let first = arguments.first ?? Command.demo.rawValue
// Options without a command are the default command's: `progress --no-color`.
let startsWithOption = first.hasPrefix("-") && first != "--help" && first != "-h"
let name = startsWithOption ? Command.demo.rawValue : first
let rest = startsWithOption ? arguments : Array(arguments.dropFirst())
let command = Command(rawValue: name) ?? (name == "--help" || name == "-h" ? .help : nil)
var failure: CommandFailure?
do throws(UsageError) {
  switch command {
  case .demo:
    try DemoCommand.run(rest)
  case .pipe:
    failure = try PipeCommand.run(rest)
  case .gallery:
    failure = try GalleryCommand.run(rest)
  case .render:
    failure = try RenderCommand.run(rest)
  case .trace:
    failure = try TraceCommand.run(rest)
  case .check:
    failure = try CheckCommand.run(rest)
  case .walk:
    try runSimple(rest, usage: "usage: progress walk\n\n" + Command.walk.summary) {
      ScenarioWalk.run()
    }
  case .describe:
    try runSimple(rest, usage: "usage: progress describe\n\n" + Command.describe.summary) {
      print(ProgressMachine.stateMachineDocument(), terminator: "")
    }
  case .help:
    print(usage)
  case nil:
    throw UsageError(message: "unknown command '\(name)'")
  }
} catch {
  // The message may quote an argument: escaped, it stays one line.
  printError("progress: \(escapedForMessage(error.message))\n\(error.usage ?? usage)")
  exit(status: 2)
}
if let failure {
  if !failure.message.isEmpty {
    printError("progress \(name): \(JSONValue.escapedForMessage(failure.message, limit: .max))")
  }
  exit(status: failure.status)
}
exit(status: 0)
