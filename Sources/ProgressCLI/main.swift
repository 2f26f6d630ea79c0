//===----------------------------------------------------------------------===//
// progress: the command-line entry point.
//===----------------------------------------------------------------------===//

import ProgressStateMachine

/// The subcommands of `progress`.
enum Command: String, CaseIterable {
  case walk
  case describe
  case help

  var summary: String {
    switch self {
    case .walk: return "walk the state machine through a scripted scenario (the default)"
    case .describe: return "print Docs/state-machine.md, generated from the code"
    case .help: return "print this help"
    }
  }
}

let usage =
  "usage: progress [command]\n\ncommands:\n"
  + Command.allCases.map { "  \($0.rawValue.padding(to: 10))\($0.summary)" }.joined(separator: "\n")

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count <= 1 else {
  printError("progress: expected at most one command, got \(arguments.count)\n\(usage)")
  exit(status: 2)
}
let name = arguments.first ?? Command.walk.rawValue
switch Command(rawValue: name) {
case .walk:
  ScenarioWalk.run()
case .describe:
  print(ProgressMachine.stateMachineDocument(), terminator: "")
case .help:
  print(usage)
case nil:
  printError("progress: unknown command '\(name)'\n\(usage)")
  exit(status: 2)
}
