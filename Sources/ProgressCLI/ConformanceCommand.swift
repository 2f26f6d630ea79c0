//===----------------------------------------------------------------------===//
// progress conformance: run the conformance suite against an implementation
// speaking the JSON-lines protocol, or be one (Docs/conformance.md; CS-3 to
// CS-7).
//===----------------------------------------------------------------------===//

import ProgressConformance
import ProgressTrace
import Timeline

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

enum ConformanceCommand {
  static let usage = """
    usage: progress conformance run [options] -- COMMAND [ARGS…]
           progress conformance serve

    run     Starts COMMAND once, as an implementation speaking the conformance
            protocol (JSON lines on its standard input and output, Docs/conformance.md),
            runs every case of the suite whose features it declares, and compares
            each trace with the case's reference trace on the fields the case
            observes, with the tolerances of progress check. Prints one line per
            failing case (its ID, its rules, the first difference) and a closing
            "N passed, N failed, N skipped" line.
            Exit status: 0 nothing failed, 1 a case failed, 2 the implementation
            broke the protocol (a reply that is not JSON, one for another case, an
            exit before the end, no answer within the time limit, a line longer
            than 16 MiB) — the message says which — or the suite or an argument
            is invalid.
    serve   Is the native engine as an implementation: speaks the protocol on
            standard input and output, every feature declared.

    options of run:
      --suite DIR          the suite (default Conformance/suite)
      --report DIR         write DIR/report.json, DIR/report.html and DIR/badge.json
      --cases GLOB         only the cases whose ID matches GLOB (fnmatch: * ? [...])
      --timeout SECONDS    the most an answer may take, per case and for start
                           and stop (default 20)
      -h, --help           print this help
    """

  static func run(_ arguments: [String]) throws(UsageError) -> CommandFailure? {
    guard let first = arguments.first, first != "--help", first != "-h" else {
      if arguments.isEmpty { throw UsageError(message: "missing run or serve") }
      print(usage)
      return nil
    }
    switch first {
    case "serve":
      guard
        (try parse(Array(arguments.dropFirst()), usage: usage) { _ throws(UsageError) in () })
          != nil
      else { return nil }
      return ConformanceServe.run()
    case "run":
      let rest = Array(arguments.dropFirst())
      let separator = rest.firstIndex(of: "--")
      let options = Array(rest[..<(separator ?? rest.endIndex)])
      let command = separator.map { Array(rest[($0 + 1)...]) } ?? []
      guard
        let settings = try parse(
          options, usage: usage,
          { arguments throws(UsageError) -> ConformanceRun.Settings in
            ConformanceRun.Settings(
              suite: try arguments.option("--suite") ?? "Conformance/suite",
              report: try arguments.option("--report"),
              cases: try arguments.option("--cases"),
              timeout: try arguments.number("--timeout", in: 0.001...86_400) ?? 20,
              command: command)
          })
      else { return nil }
      guard !command.isEmpty else {
        throw UsageError(message: "missing -- COMMAND: the implementation to run")
      }
      return ConformanceRun(settings: settings).run()
    default:
      throw UsageError(message: "unknown subcommand '\(first)'; expected run or serve")
    }
  }
}

/// One run of the suite against one implementation.
struct ConformanceRun {
  struct Settings {
    var suite: String
    var report: String?
    var cases: String?
    var timeout: Double
    var command: [String]
  }

  let settings: Settings

  /// Runs the suite; answers the failure that sets the exit status.
  func run() -> CommandFailure? {
    let manifest: ConformanceManifest
    do {
      manifest = try ConformanceManifest(
        fileText: try readText(path: settings.suite + "/manifest.json"))
    } catch {
      return CommandFailure(
        message: "suite \(escapedForMessage(settings.suite)): \(error)", status: 2)
    }
    var report = ConformanceReport(manifest: manifest)
    let selected = manifest.cases.filter { id in
      settings.cases.map { fnmatch($0, id, 0) == 0 } ?? true
    }
    let violation = play(selected, into: &report)
    report.protocolViolation = violation
    if violation == nil { print(report.summaryLine) }
    if let directory = settings.report {
      do {
        try writeReport(report, to: directory)
      } catch {
        return CommandFailure(message: "\(error)", status: 2)
      }
    }
    if let violation {
      return CommandFailure(
        message: "protocol error: \(violation) (\(report.summaryLine) before it)", status: 2)
    }
    return report.count(.fail) + report.count(.error) > 0
      ? CommandFailure(message: "", status: 1) : nil
  }

  /// Plays the selected cases; answers how the implementation broke the
  /// protocol, or `nil`.
  func play(_ ids: [String], into report: inout ConformanceReport) -> String? {
    var process: ImplementationProcess
    do {
      process = try ImplementationProcess(
        command: settings.command[0], arguments: Array(settings.command.dropFirst()))
    } catch {
      return "cannot start the implementation: \(error)"
    }
    defer { process.kill() }
    let implementation: ConformanceProtocol.Implementation
    do {
      guard process.send(ConformanceProtocol.startRequest) else {
        return exited(&process, before: "start")
      }
      implementation = try ConformanceProtocol.ready(
        try readReply(&process, answering: "start"))
    } catch let failure as ReplyFailure {
      return failure.message
    } catch {
      return "\(error)"
    }
    report.implementation = implementation
    let judge = ConformanceJudge(implementation: implementation)
    for id in ids {
      let testCase: ConformanceCase
      let file = "cases/\(id).case.json"
      do {
        testCase = try ConformanceCase(
          fileText: try readText(path: settings.suite + "/" + file), file: file)
      } catch {
        return "the suite is broken: \(error)"
      }
      let missing = judge.missingFeatures(of: testCase)
      guard missing.isEmpty else {
        report.results.append(
          ConformanceResult(
            id: id, rules: testCase.rules, features: testCase.features, verdict: .skip,
            detail: "not declared: " + missing.joined(separator: ", ")))
        continue
      }
      let started = monotonicSeconds()
      let reply: ConformanceProtocol.Reply
      do {
        guard
          process.send(ConformanceProtocol.runRequest(id: id, scenario: testCase.scenario))
        else { return exited(&process, before: "case \(id)") }
        reply = try ConformanceProtocol.reply(
          try readReply(&process, answering: "case \(id)"), to: id)
      } catch let failure as ReplyFailure {
        return failure.message
      } catch {
        return "\(error)"
      }
      let seconds = monotonicSeconds() - started
      var result = ConformanceResult(
        id: id, rules: testCase.rules, features: testCase.features, verdict: .pass,
        seconds: seconds)
      switch reply {
      case .skipped(let reason):
        result.verdict = .skip
        result.detail = "skipped by the implementation: " + reason
      case .error(let message):
        result.verdict = .error
        result.detail = message
        printCase("ERROR", testCase, MessageText.escaped(message, limit: 1000))
      case .trace(let lines):
        let reference: [JSONValue]
        do {
          reference = try TraceCheck.parse(
            try readText(path: settings.suite + "/cases/\(id).trace.jsonl"))
        } catch {
          return "the suite is broken: cases/\(id).trace.jsonl: \(error)"
        }
        let judged = judge.judge(lines, reference: reference, of: testCase)
        result.verdict = judged.verdict
        result.detail = judged.detail
        result.failedRules = judged.rules
        if judged.verdict == .fail { printCase("FAIL", testCase, judged.detail ?? "") }
      }
      report.results.append(result)
    }
    guard process.send(ConformanceProtocol.stopRequest) else {
      return exited(&process, before: "stop")
    }
    guard let status = process.waitForExit(within: settings.timeout) else {
      return "the implementation did not exit within \(number(settings.timeout)) s of stop"
    }
    guard status == 0 else { return "the implementation exited with status \(status) on stop" }
    return nil
  }

  /// A line for a case that did not pass.
  func printCase(_ verdict: String, _ testCase: ConformanceCase, _ detail: String) {
    print("\(verdict) \(testCase.id) [\(testCase.rules.joined(separator: ", "))]: \(detail)")
  }

  /// Why a reply could not be read, as a message.
  struct ReplyFailure: Error {
    var message: String
  }

  /// Reads a reply line, with the time and length limits.
  func readReply(_ process: inout ImplementationProcess, answering what: String)
    throws(ReplyFailure) -> String
  {
    do {
      return try process.readLine(
        within: settings.timeout, limit: ConformanceProtocol.maximumReplyBytes)
    } catch {
      switch error {
      case .timedOut:
        throw ReplyFailure(message: "no answer to \(what) within \(number(settings.timeout)) s")
      case .ended:
        throw ReplyFailure(message: exited(&process, before: what))
      case .tooLong:
        throw ReplyFailure(
          message:
            "the reply to \(what) is longer than \(ConformanceProtocol.maximumReplyBytes >> 20) MiB"
        )
      case .notText:
        throw ReplyFailure(message: "the reply to \(what) is not UTF-8 text")
      }
    }
  }

  /// The message for an implementation that ended or stopped reading.
  func exited(_ process: inout ImplementationProcess, before what: String) -> String {
    if let status = process.waitForExit(within: 1) {
      return "the implementation exited (status \(status)) before answering \(what)"
    }
    return "the implementation closed its standard output before answering \(what)"
  }

  func number(_ value: Double) -> String { JSONValue.numberText(value) }

  /// Writes report.json, report.html and badge.json into a folder it
  /// creates if need be.
  func writeReport(_ report: ConformanceReport, to directory: String) throws(FileError) {
    if mkdir(directory, 0o755) != 0 && errno != EEXIST {
      throw FileError(path: directory, reason: String(cString: strerror(errno)))
    }
    try writeText(report.json, path: directory + "/report.json")
    try writeText(report.html, path: directory + "/report.html")
    try writeText(report.badge, path: directory + "/badge.json")
  }
}

/// Reads a whole text file of at most 64 MiB.
func readText(path: String) throws(FileError) -> String {
  let limit = 64 << 20
  let handle = try openForReading(path)
  defer { fclose(handle) }
  var bytes: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 65536)
  while true {
    let count = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, handle) }
    bytes += buffer[0..<count]
    guard bytes.count <= limit else {
      throw FileError(path: path, reason: "larger than 64 MiB", isInvalidInput: true)
    }
    if count < buffer.count {
      if ferror(handle) != 0 { throw FileError(path: path, reason: "read error") }
      break
    }
  }
  return try text(bytes[...], path: path, firstLine: 1)
}
