//===----------------------------------------------------------------------===//
// ConformanceSuiteGenerator: the conformance suite made from the fixtures and
// the property-test generators, seeded, so that it is the same on every run
// (Docs/conformance.md, "The suite"; CS-1).
//===----------------------------------------------------------------------===//

import ProgressConformance
import ProgressIndicatorKit
import ProgressStateMachine
import ProgressTestingCore
import ProgressTrace

/// A file of the suite: its path under the suite's folder and its text.
struct SuiteFile: Hashable {
  var path: String
  var text: String
}

/// Makes the suite's files: every fixture of `Tests/Conformance/` and the
/// generated cases of each family, each case with its reference trace, and
/// the manifest.
struct SuiteBuilder {
  /// The suite's version.
  ///
  /// A release fixes the cases and their count: any
  /// change to a case, its reference or the list is a new version.
  static let version = 1

  /// A family of generated cases: a name, a count, the generators and the
  /// seed every case's own seed is derived from (PB-1).
  struct Family {
    var name: String
    var count: Int
    var seed: UInt64
    var configurations: Generator<ProgressConfiguration>
    var rightToLeft: Bool
    var note: String
  }

  /// The families: linear bars with linear easings (what the independent
  /// implementation covers), linear bars with every easing, and every
  /// variant and family, Material 3 included.
  static let families: [Family] = [
    Family(
      name: "linear", count: 320, seed: 39, configurations: linearOnly(.configuration()),
      rightToLeft: true,
      note: "Generator.configuration(), rings drawn as bars, linear easings"),
    Family(
      name: "easing", count: 80, seed: 3901,
      configurations: linearOnly(.configuration(linearOnly: false)), rightToLeft: false,
      note: "Generator.configuration(linearOnly: false), rings drawn as bars"),
    Family(
      name: "any", count: 160, seed: 3902,
      configurations: .configuration(linearOnly: false, material3: true), rightToLeft: false,
      note: "Generator.configuration(linearOnly: false, material3: true)"),
  ]

  /// The linear variants a ring is replaced with.
  static let bars: [ProgressVariant] = [
    .linear(size: .small, style: .percentage), .linear(size: .medium, style: .labelOnly),
    .linear(size: .large, style: .empty), .linear(size: .medium, style: .percentage),
  ]

  /// A configuration generator whose rings become bars, for the families
  /// that draw bars only.
  static func linearOnly(_ base: Generator<ProgressConfiguration>) -> Generator<
    ProgressConfiguration
  > {
    Generator { random in
      var configuration = base.generate(using: &random)
      if case .circular = configuration.variant {
        configuration.variant = bars[random.below(bars.count)]
      }
      return configuration
    }
  }

  /// The frame sizes scenarios start at, and resize to.
  static let sizes: [FrameSize] = [
    FrameSize(width: 320, height: 40), FrameSize(width: 240, height: 64),
    FrameSize(width: 160, height: 160), FrameSize(width: 96, height: 24),
    FrameSize(width: 0, height: 0), FrameSize(width: 6, height: 6),
  ]

  /// The fixtures, as (name, scenario text): read by the caller.
  var fixtures: [(name: String, text: String)]

  /// Every file of the suite.
  func files() throws -> [SuiteFile] {
    var files: [SuiteFile] = []
    var ids: [String] = []
    for fixture in fixtures {
      let id = "fixture-" + fixture.name
      let (scenarioValue, rules) = try Self.fixtureScenario(fixture.text, name: fixture.name)
      files += try Self.caseFiles(
        id: id, source: "fixture Tests/Conformance/\(fixture.name).scenario.json",
        scenario: scenarioValue, rules: rules)
      ids.append(id)
    }
    for family in Self.families {
      for index in 1...family.count {
        let id = family.name + "-" + Self.number(index)
        let scenario = Self.generated(family, index: index)
        let value = try JSONValue(parsing: scenario.json)
        let source =
          "generated: Generator.scenario(length: 1...10), \(family.note); seed \(family.seed), case \(index)"
        files += try Self.caseFiles(id: id, source: source, scenario: value, rules: nil)
        ids.append(id)
      }
    }
    let manifest = ConformanceManifest(
      version: Self.version, protocolVersion: ConformanceProtocol.version,
      features: ConformanceFeature.allCases.map(\.rawValue), cases: ids)
    files.append(SuiteFile(path: "manifest.json", text: manifest.fileText))
    return files
  }

  /// `7` as `007`.
  static func number(_ index: Int) -> String {
    let text = String(index)
    return String(repeating: "0", count: max(0, 3 - text.count)) + text
  }

  /// A fixture's scenario as the suite sends it — without its `expect`
  /// entries (the answers) and its `rules` (the case's) — and its rules.
  static func fixtureScenario(_ text: String, name: String) throws -> (JSONValue, [String]) {
    let value = try JSONValue(parsing: text)
    guard case .object(let members) = value else { throw GenerationError("\(name): not an object") }
    var rules: [String] = []
    if case .array(let items)? = value["rules"] {
      for case .string(let rule) in items { rules.append(rule) }
    }
    let kept = members.filter { $0.name != "expect" && $0.name != "rules" }
    return (.object(kept), rules)
  }

  /// A case's two files: the case and its reference trace, played by the
  /// engine from the scenario as written, as `progress trace` plays it.
  static func caseFiles(id: String, source: String, scenario: JSONValue, rules: [String]?) throws
    -> [SuiteFile]
  {
    let played = try TraceScenario(json: scenario.serialized())
    let trace = try played.traceLines()
    let caseRules = rules ?? ConformanceRules.exercised(by: played, trace: trace)
    let features = ConformanceFeature.needed(by: played, rules: caseRules).map(\.rawValue)
    let testCase = ConformanceCase(
      id: id, source: source, rules: caseRules, features: features,
      observes: ObservedFields.of(trace: trace), scenario: scenario)
    let traceText = trace.map { $0.serialized() + "\n" }.joined()
    return [
      SuiteFile(path: "cases/\(id).case.json", text: testCase.fileText),
      SuiteFile(path: "cases/\(id).trace.jsonl", text: traceText),
    ]
  }

  /// A generated case's scenario: the property tests' scenario generator,
  /// its events at their times (a `tick` becomes a sample time), sampled
  /// after each event, with a resize now and then.
  static func generated(_ family: Family, index: Int) -> TraceScenario {
    var random = ReplayableRandom(seed: ReplayableRandom.caseSeed(base: family.seed, index: index))
    let drawn = Generator<ProgressScenario>.scenario(
      length: 1...10, configurations: family.configurations
    ).generate(using: &random)
    var configuration = drawn.configuration
    if family.rightToLeft, random.below(5) == 0 { configuration.layoutDirection = .rightToLeft }
    let size = sizes[random.below(4)]
    var events: [TraceScenario.Event] = []
    var samples: [Double] = []
    var time = 0.0
    let resizeAt = random.below(4) == 0 ? random.below(drawn.steps.count + 1) : -1
    for (step, item) in drawn.steps.enumerated() {
      time += item.delay
      if step == resizeAt {
        events.append(.init(time: time, action: .resize(sizes[random.below(sizes.count)])))
      }
      switch item.event {
      case .tick: samples.append(time)
      case .setProgress(let value, let animated):
        events.append(.init(time: time, action: .setProgress(value: value, animated: animated)))
      case .setProgressType(let type):
        events.append(.init(time: time, action: .setProgressType(type)))
      case .startIndeterminateAnimation:
        events.append(.init(time: time, action: .startIndeterminateAnimation))
      case .stopIndeterminateAnimation:
        events.append(.init(time: time, action: .stopIndeterminateAnimation))
      case .setHidden(let hidden, let animated):
        events.append(.init(time: time, action: .setHidden(hidden, animated: animated)))
      case .configure(let changed):
        events.append(.init(time: time, action: .configure(changed, size: nil, progressType: nil)))
      }
      let offsets = [0.0, 0.05, 0.125, 0.2, 0.3, 0.6, 1.2]
      samples.append(time + offsets[random.below(offsets.count)])
    }
    samples += [time + 0.5, time + 1.5]
    samples = Array(Set(samples)).sorted()
    if samples.count > 16 {
      // Sixteen, spread over the run, the last kept.
      samples = (0..<16).map { samples[$0 * (samples.count - 1) / 15] }
    }
    return TraceScenario(
      configuration: configuration, progressType: drawn.progressType, size: size, events: events,
      sampleTimes: samples)
  }
}

/// A suite that cannot be made.
struct GenerationError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
