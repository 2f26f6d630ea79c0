//===----------------------------------------------------------------------===//
// ProgressConformance: the rules a generated case checks, read off its
// scenario and its reference trace (Docs/conformance.md, "The suite"; CS-1).
//===----------------------------------------------------------------------===//

import ProgressStateMachine
package import ProgressTrace
import Timeline

/// The rules a generated case exercises.
///
/// What its events did and what its frames show, named by Docs/spec.md's
/// IDs. A fixture names its rules
/// itself; a generated case, drawn at random, is given those its trace
/// shows it reached.
package enum ConformanceRules {
  /// The rules a scenario's reference trace exercises.
  ///
  /// - Parameters:
  ///   - scenario: The scenario.
  ///   - trace: Its reference trace, the header first.
  /// - Returns: The rule IDs, in the spec's order.
  package static func exercised(by scenario: TraceScenario, trace: [JSONValue]) -> [String] {
    var rules: Set<String> = ["PV-1", "PT-1"]
    var configuration = scenario.configuration
    var target = 0.0
    var running = false
    var events = scenario.events.makeIterator()
    for line in trace.dropFirst() {
      if line["kind"] == .string("event") {
        guard let event = events.next() else { break }
        exercised(
          by: event, line: line, configuration: &configuration, target: &target,
          running: &running, into: &rules)
      } else {
        shown(in: line, configuration: configuration, into: &rules)
      }
    }
    return rules.sorted(by: ruleOrder)
  }

  /// The rules an event's line exercises.
  static func exercised(
    by event: TraceScenario.Event, line: JSONValue, configuration: inout ProgressConfiguration,
    target: inout Double, running: inout Bool, into rules: inout Set<String>
  ) {
    let outcome = line["outcome"]
    let reason = line["reason"]
    let applied = outcome == .string("applied")
    if case .array(let completions)? = line["completions"], !completions.isEmpty {
      rules.formUnion(["CP-1", "CP-2"])
      if completions.count > 1 { rules.insert("CP-3") }
    }
    if outcome == .string("ignored") { rules.insert("MS-2") }
    if outcome == .string("rejected") { rules.insert("MS-3") }
    switch event.action {
    case .setProgress(let value, let animated):
      if value.isNaN {
        rules.insert("PV-3")
        return
      }
      if reason == .string("indeterminateMode") { rules.formUnion(["PT-4", "CP-2"]) }
      guard applied else { return }
      let clamped = min(max(value, 0), 1)
      if clamped != value { rules.insert("PV-2") }
      rules.insert("PV-4")
      if !animated {
        rules.insert("DA-6")
      } else if configuration.reducesMotion || configuration.progressAnimation.duration == 0 {
        rules.insert("DA-7")
      } else {
        rules.formUnion(["DA-1", "DA-2", "DA-3"])
        if clamped < target { rules.insert("DA-5") }
      }
      if case .array(let completions)? = line["completions"],
        completions.contains(where: { $0["finished"] == .bool(false) })
      {
        rules.insert(animated ? "DA-4" : "DA-6")
      }
      target = clamped
    case .setProgressType(let type):
      if reason == .string("unchanged") { rules.insert("TS-5") }
      guard applied else { return }
      rules.formUnion(["TS-1", "TS-2"])
      rules.insert(type == .determinate ? (running ? "TS-3" : "TS-1") : "TS-4")
      running = false
      target = 0
    case .startIndeterminateAnimation:
      if applied {
        rules.formUnion(["IA-1", "IA-7"])
        running = true
      }
      if reason == .string("alreadyRunning") { rules.insert("IA-3") }
      if reason == .string("determinateMode") { rules.insert("IA-6") }
    case .stopIndeterminateAnimation:
      if applied {
        rules.insert("IA-4")
        running = false
      }
      if reason == .string("notRunning") { rules.insert("IA-5") }
      if reason == .string("determinateMode") { rules.insert("IA-6") }
    case .setHidden(_, let animated):
      if reason == .string("alreadyHidden") || reason == .string("alreadyShown") {
        rules.insert("VS-6")
      }
      guard applied else { return }
      let immediate =
        !animated || configuration.reducesMotion || configuration.visibilityAnimation.duration == 0
      rules.formUnion(immediate ? ["VS-7", "VS-8"] : ["VS-2", "VS-3", "VS-8"])
      if case .array(let completions)? = line["completions"],
        completions.contains(where: { $0["finished"] == .bool(false) })
      {
        rules.insert("VS-4")
      }
    case .resize:
      rules.insert("LG-5")
    case .configure(let changed, _, _):
      if outcome == .string("rejected") {
        rules.insert("MT-28")
        return
      }
      rules.insert("CF-8")
      if applied { configuration = changed }
    }
  }

  /// The rules a frame line shows.
  static func shown(
    in line: JSONValue, configuration: ProgressConfiguration, into rules: inout Set<String>
  ) {
    let indeterminate = line["mode"] == .string("indeterminate")
    let hidden = line["hidden"] == .bool(true)
    let material3 = configuration.material3 != nil
    switch configuration.variant {
    case .linear:
      rules.formUnion(["CF-2", "LG-1", "LG-2"])
      if configuration.layoutDirection == .rightToLeft { rules.insert("LG-6") }
    case .circular(let size, _):
      rules.formUnion(size.isMaterial3 ? ["MT-27", "LG-4"] : ["CF-3", "LG-4"])
    }
    if hidden {
      rules.formUnion(["VS-5", "FR-3", "AX-4"])
      return
    }
    if line["trackVisible"] == .bool(false) || line["leftLabelText"].map({ $0 != .null }) ?? false {
      rules.insert("CF-6")
    }
    if indeterminate {
      rules.insert(line["indeterminateAnimating"] == .bool(true) ? "AX-3" : "IA-5")
      rules.insert("PX-4")
      guard line["indeterminateAnimating"] == .bool(true) else { return }
      if configuration.reducesMotion {
        rules.insert("IM-6")
      } else if material3 {
        rules.insert(configuration.variant.isLinear ? "MT-23" : "MT-24")
      } else {
        rules.insert("IA-2")
        switch (configuration.indeterminateStyle, configuration.variant.isLinear) {
        case (.vitamin, true): rules.insert("IM-1")
        case (.vitamin, false): rules.insert("IM-2")
        case (.material, true): rules.insert("IM-3")
        case (.material, false): rules.insert("IM-4")
        }
      }
    } else {
      rules.formUnion(["AX-2", "DA-9"])
      if line["percentageText"] != .null, line["percentageText"] != nil {
        rules.formUnion(["PX-1", "PX-2", "PX-3"])
      }
    }
    if line["geometry"]?["wave"].map({ $0 != .null }) ?? false { rules.insert("MT-13") }
    if line["geometry"]?["track"].map({ $0 != .null }) ?? false, material3 {
      rules.insert("MT-14")
    }
    if line["geometry"]?["stopIndicator"].map({ $0 != .null }) ?? false { rules.insert("MT-15") }
    if material3 { rules.formUnion(["MT-1", "MT-20", "MT-21"]) }
  }
}

extension ProgressVariant {
  var isLinear: Bool {
    if case .linear = self { return true }
    return false
  }
}
