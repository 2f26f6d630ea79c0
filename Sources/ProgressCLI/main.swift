//===----------------------------------------------------------------------===//
// progress: the command-line entry point.
//===----------------------------------------------------------------------===//

import ProgressStateMachine
import ProgressTrace
import Timeline

/// The subcommands of `progress`.
enum Command: String, CaseIterable {
  case demo
  case pipe
  case gallery
  case render
  case trace
  case check
  case conformance
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
    case .conformance: return "run the conformance suite against an implementation, or be one"
    case .walk: return "walk the state machine through a scripted scenario, printing every step"
    case .describe: return "print Docs/state-machine.md, generated from the code"
    case .help: return "print this help, or a command's (progress help COMMAND)"
    }
  }

  /// The tool's usage, made when it is printed: a `let` in this file's
  /// top-level code was made at every start, before any command ran — 7 %
  /// of the time the static build of `progress pipe` took to copy an empty
  /// file (Docs/performance.md, issue 22 §1).
  static var usage: String {
    "usage: progress [command] [options]   (progress command --help for its options;\n       options without a command are the demo's)\n\ncommands:\n"
      + Command.allCases.map { "  \($0.rawValue.padding(to: 10))\($0.summary)" }.joined(
        separator: "\n")
  }
}

/// Runs a command that takes no option but `--help`.
func runSimple(_ arguments: [String], usage: String, _ body: () -> Void) throws(UsageError) {
  var arguments = Arguments(arguments)
  if arguments.wantsHelp() {
    print(usage)
    return
  }
  try arguments.finish()
  body()
}

/// Runs a command with the arguments after its name.
func run(_ command: Command, _ rest: [String]) throws(UsageError) -> CommandFailure? {
  switch command {
  case .demo:
    try DemoCommand.run(rest)
  case .pipe:
    return try PipeCommand.run(rest)
  case .gallery:
    return try GalleryCommand.run(rest)
  case .render:
    return try RenderCommand.run(rest)
  case .trace:
    return try TraceCommand.run(rest)
  case .check:
    return try CheckCommand.run(rest)
  case .conformance:
    return try ConformanceCommand.run(rest)
  case .walk:
    try runSimple(rest, usage: "usage: progress walk\n\n" + Command.walk.summary) {
      ScenarioWalk.run()
    }
  case .describe:
    try runSimple(rest, usage: "usage: progress describe\n\n" + Command.describe.summary) {
      print(ProgressMachine.stateMachineDocument(), terminator: "")
    }
  case .help:
    // `progress help COMMAND` is `progress COMMAND --help`.
    var arguments = Arguments(rest)
    _ = arguments.wantsHelp()
    guard let topic = try? arguments.positional("COMMAND") else {
      print(Command.usage)
      return nil
    }
    try arguments.finish()
    guard let named = Command(rawValue: topic) else {
      throw UsageError(message: "unknown command '\(topic)'")
    }
    if named == .help {
      print(Command.usage)
      return nil
    }
    return try run(named, ["--help"])
  }
  return nil
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
  guard let command else { throw UsageError(message: "unknown command '\(name)'") }
  failure = try run(command, rest)
} catch {
  // One line for the error, one for where to read the usage; not the whole
  // usage. The message may quote an argument: escaped, it stays one line.
  let named = command.map { $0 != .help && !startsWithOption } ?? false
  let hint =
    startsWithOption
    ? "see 'progress --help'; options without a command are the demo's: 'progress demo --help'"
    : named ? "see 'progress \(name) --help'" : "see 'progress --help'"
  printError("progress\(named ? " " + name : ""): \(escapedForMessage(error.message))\n\(hint)")
  exit(status: 2)
}
if let failure {
  if !failure.message.isEmpty {
    printError("progress \(name): \(MessageText.escaped(failure.message, limit: .max))")
  }
  exit(status: failure.status)
}
exit(status: 0)
