//===----------------------------------------------------------------------===//
// ProgressTesting: running, shrinking and replaying property tests.
//===----------------------------------------------------------------------===//

import ProgressStateMachine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A broken property: which rule, where, and the minimal scenario that shows
/// it.
public struct PropertyFailure: Error, Sendable, CustomStringConvertible {
  /// The spec rule broken, or `"DIFF"` for a disagreement with the reference
  /// model, `"REPLAY"` for a replay that passed.
  public var rule: String
  /// What went wrong.
  public var message: String
  /// The step at which it went wrong in ``minimal`` (0-based), or `nil` when
  /// found at the end of the run.
  public var stepIndex: Int?
  /// The shrunk scenario.
  public var minimal: ProgressScenario
  /// The scenario as generated.
  public var original: ProgressScenario
  /// How many runs shrinking took.
  public var shrinkRuns: Int
  /// The token that replays the failing case: `seed:case:test`, where
  /// `test` identifies the property test it came from (its subject,
  /// reference, case count and invariants).
  public var replayToken: String

  /// The report: the rule, the minimal timeline, the original length and the
  /// one line to replay it.
  public var description: String {
    if rule == "REPLAY" { return message }
    let place = stepIndex.map { "step \($0 + 1) of \(minimal.steps.count)" } ?? "the end of the run"
    return """
      \(rule) broken at \(place): \(message)
      Minimal scenario (shrunk from \(original.steps.count) steps in \(shrinkRuns) runs):
      \(minimal)
      Replay: PROGRESS_TESTING_REPLAY=\(replayToken) swift test, or the trait .progressReplay("\(replayToken)")
      """
  }
}

/// A property test of an indicator: random scenarios, the invariants after
/// every step, every completion exactly once, time splitting, and optionally
/// agreement with a reference model; failures are shrunk and replayable.
///
/// ```swift
/// import Testing
///
/// let test = ProgressPropertyTest(cases: 300)
/// // IndicatorSubject is the kit's own model; a renderer's suite wraps its renderer.
/// if let failure = test.run(IndicatorSubject.self, reference: ReferenceProgressModel.self) {
///   Issue.record("\(failure)")
/// }
/// ```
public struct ProgressPropertyTest: Sendable {
  /// How many scenarios to run.
  public var cases: Int
  /// The base seed; each case draws its own seed from it and its number, so
  /// a case replays alone.
  public var seed: UInt64
  /// The scenarios.
  public var scenarios: Generator<ProgressScenario>
  /// The invariants checked after every step.
  public var invariants: [ProgressInvariant]
  /// Whether to check that advancing by a + b equals a then b (TM-4).
  ///
  /// The subject must have value semantics.
  public var checksTimeSplitting: Bool
  /// The most runs shrinking may take.
  public var shrinkBudget: Int
  /// A replay token: run only that case, and fail if it passes.
  public var replay: String?
  /// Whether ``replay`` came from the environment: it then applies only to
  /// the property test its token names, and every other one runs as usual.
  package var replayIsFromEnvironment = false
  /// Where the property test is written (`file:line`), when the Swift
  /// Testing integration knows it: part of the replay token's identity, so
  /// two property tests alike in everything else still replay apart.
  package var scope = ""

  /// The environment variable that overrides the seed, in hexadecimal.
  static let seedVariable = "PROGRESS_TESTING_SEED"
  /// The environment variable that holds a replay token.
  static let replayVariable = "PROGRESS_TESTING_REPLAY"

  /// Creates a property test.
  ///
  /// - Parameters:
  ///   - cases: How many scenarios.
  ///   - seed: The base seed; by default `PROGRESS_TESTING_SEED` if set, else
  ///     a fixed seed, so CI is deterministic.
  ///   - scenarios: The scenario generator.
  ///   - invariants: The invariants; ``ProgressInvariant/standard`` by default.
  ///   - checksTimeSplitting: Whether to check time splitting.
  ///   - shrinkBudget: The most shrinking runs.
  ///   - replay: A replay token; by default `PROGRESS_TESTING_REPLAY` or the
  ///     `.progressReplay(_:)` trait, if any.
  public init(
    cases: Int = 200,
    seed: UInt64? = nil,
    scenarios: Generator<ProgressScenario> = .scenario(),
    invariants: [ProgressInvariant] = ProgressInvariant.standard,
    checksTimeSplitting: Bool = true,
    shrinkBudget: Int = 2_000,
    replay: String? = nil
  ) {
    self.cases = cases
    self.seed =
      seed ?? Self.environment(Self.seedVariable).flatMap { UInt64($0, radix: 16) } ?? 0x5EED_2026
    self.scenarios = scenarios
    self.invariants = invariants
    self.checksTimeSplitting = checksTimeSplitting
    self.shrinkBudget = shrinkBudget
    if let token = replay ?? ReplayContext.token {
      self.replay = token
    } else {
      self.replay = Self.environment(Self.replayVariable)
      replayIsFromEnvironment = self.replay != nil
    }
  }

  /// The part of a replay token that names this property test run on a
  /// subject: a hash of the subject's and reference's type names, the case
  /// count, the invariants' rules, the checks and shrinking budget, and
  /// where the test is written when known, in 8 hexadecimal digits.
  package func identity(_ subject: Any.Type, _ reference: Any.Type?) -> String {
    let text = [
      String(reflecting: subject), reference.map { String(reflecting: $0) } ?? "-", "\(cases)",
      invariants.map(\.rule).joined(separator: ","), "\(checksTimeSplitting)", "\(shrinkBudget)",
      scope,
    ].joined(separator: "|")
    // FNV-1a, 32 bits: stable across runs and toolchains, unlike Hasher.
    var hash: UInt32 = 0x811C_9DC5
    for byte in text.utf8 {
      hash ^= UInt32(byte)
      hash = hash &* 0x0100_0193
    }
    let digits = String(hash, radix: 16)
    return String(repeating: "0", count: 8 - digits.count) + digits
  }

  static func environment(_ name: String) -> String? {
    guard let value = getenv(name) else { return nil }
    let text = String(cString: value)
    return text.isEmpty ? nil : text
  }

  /// Runs the test on a subject, optionally against a reference.
  ///
  /// - Parameters:
  ///   - subject: The implementation under test.
  ///   - reference: A second implementation that must agree step by step.
  /// - Returns: `nil` when every case holds, otherwise the shrunk failure.
  /// - Complexity: O(cases × steps), plus shrinking on failure.
  public func run<Subject: ProgressSubject>(
    _ subject: Subject.Type, reference: (any ProgressSubject.Type)? = nil
  ) -> PropertyFailure? {
    if let note = replayNote(subject, reference: reference) {
      var line = "ProgressTesting: \(note)\n"
      line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    }
    return measure(subject, reference: reference).failure
  }

  /// Why a replay token from the environment does not apply to this
  /// property test, or `nil` when there is none or it applies.
  ///
  /// A token names the property test it came from; every other property
  /// test of the run ignores it and runs its cases. This says so, so that a
  /// token that no longer names its test — the test was edited or moved
  /// since — is not ignored in silence.
  package func replayNote(_ subject: Any.Type, reference: Any.Type?) -> String? {
    guard replayIsFromEnvironment, let token = replay, let parsed = Self.parse(token),
      let named = parsed.identity
    else { return nil }
    let identity = identity(subject, reference)
    guard named != identity else { return nil }
    return """
      \(Self.replayVariable)=\(token) names the property test \(named); this one is \(identity), \
      so it runs its \(cases) cases instead of replaying case \(parsed.index). A token names the \
      test it came from (its subject, reference, case count, invariants, checks and, through \
      check, its file and line): if the test changed since, run it again for a new token, or \
      give the case to the test itself with the trait .progressReplay("\(token)").
      """
  }

  /// Runs the test and also reports how much it ran.
  ///
  /// - Parameters:
  ///   - subject: The implementation under test.
  ///   - reference: A second implementation that must agree step by step.
  /// - Returns: The failure, if any, and the numbers of cases and steps run
  ///   before it (all of them when nothing failed).
  package func measure<Subject: ProgressSubject>(
    _ subject: Subject.Type, reference: (any ProgressSubject.Type)? = nil
  ) -> (failure: PropertyFailure?, cases: Int, steps: Int) {
    var casesRun = 0
    var stepsRun = 0
    let indices: [Int]
    var base = seed
    let identity = identity(subject, reference)
    var replay = replay
    // A token pasted into the environment replays the property test it came
    // from; the others run as usual.
    if replayIsFromEnvironment, let token = replay, let parsed = Self.parse(token),
      let scope = parsed.identity, scope != identity
    {
      replay = nil
    }
    if let replay {
      guard let (replaySeed, index, _) = Self.parse(replay) else {
        let failure = PropertyFailure(
          rule: "REPLAY", message: "the replay token '\(replay)' is not seed:case:test",
          stepIndex: nil,
          minimal: .empty, original: .empty, shrinkRuns: 0, replayToken: replay)
        return (failure, 0, 0)
      }
      base = replaySeed
      indices = [index]
    } else {
      indices = Array(0..<cases)
    }
    // A trap in the code under test ends the process: its last words name
    // the case and the line that replays it.
    defer { CrashNote.end() }
    for index in indices {
      var random = ReplayableRandom(seed: ReplayableRandom.caseSeed(base: base, index: index))
      let scenario = scenarios.generate(using: &random)
      casesRun += 1
      stepsRun += scenario.steps.count
      let token = "\(String(base, radix: 16)):\(index):\(identity)"
      CrashNote.begin(
        Self.crashText(case: index, of: subject, token: token, scenario, shrinking: false),
        steps: scenario.steps.count)
      guard let violation = check(scenario, subject, reference) else { continue }
      let (minimal, minimalViolation, runs) = shrink(
        scenario, violation, subject, reference, token: token, index: index)
      let failure = PropertyFailure(
        rule: minimalViolation.rule, message: minimalViolation.message,
        stepIndex: minimalViolation.step,
        minimal: minimal, original: scenario, shrinkRuns: runs, replayToken: token)
      return (failure, casesRun, stepsRun)
    }
    if let replay {
      let failure = PropertyFailure(
        rule: "REPLAY",
        message:
          "the replayed case \(replay) passes: the bug is fixed, remove the replay before committing",
        stepIndex: nil, minimal: .empty, original: .empty, shrinkRuns: 0, replayToken: replay)
      return (failure, casesRun, stepsRun)
    }
    return (nil, casesRun, stepsRun)
  }

  /// What the kit writes if the code under test traps while running a
  /// scenario of case `index`, after "crashed at step k of n".
  static func crashText(
    case index: Int, of subject: Any.Type, token: String, _ scenario: ProgressScenario,
    shrinking: Bool
  ) -> String {
    """
     of case \(index)\(shrinking ? ", while shrinking its failure," : "") in a property test \
    of \(String(reflecting: subject)).
    A crash ends the process, so it cannot be shrunk; replay the case alone:
      \(replayVariable)=\(token) swift test
    The scenario that crashed:
    \(scenario)

    """
  }

  /// Reads `seed:case` or `seed:case:test`.
  static func parse(_ token: String) -> (seed: UInt64, index: Int, identity: String?)? {
    let parts = token.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2 || parts.count == 3, let seed = UInt64(parts[0], radix: 16),
      let index = Int(parts[1]), index >= 0
    else {
      return nil
    }
    return (seed, index, parts.count == 3 ? String(parts[2]) : nil)
  }

  // MARK: Checking one scenario

  struct Violation {
    var rule: String
    var message: String
    var step: Int?
  }

  /// Runs one scenario; returns the first violation.
  func check<Subject: ProgressSubject>(
    _ scenario: ProgressScenario, _ subject: Subject.Type, _ reference: (any ProgressSubject.Type)?
  ) -> Violation? {
    guard
      var implementation = try? Subject(
        configuration: scenario.configuration, progressType: scenario.progressType)
    else {
      return Violation(rule: "CREATE", message: "the subject could not be created", step: nil)
    }
    var model: (any ProgressSubject)?
    if let reference {
      model = try? reference.init(
        configuration: scenario.configuration, progressType: scenario.progressType)
      if model == nil {
        return Violation(
          rule: "CREATE", message: "the reference refused the configuration", step: nil)
      }
    }
    var ledger = CompletionLedger()
    var time = 0.0
    var before: ProgressObservation?
    for (index, step) in scenario.steps.enumerated() {
      CrashNote.step(index)
      time += step.delay
      if checksTimeSplitting, Subject.hasValueSemantics, index % 4 == 3, step.delay > 0,
        let message = Self.timeSplitting(implementation, from: time - step.delay, to: time)
      {
        return Violation(rule: "TM-4", message: message, step: index)
      }
      let after = implementation.send(step.event, at: time)
      if let message = ledger.record(step: step, observation: after) {
        return Violation(rule: "CP-1", message: message, step: index)
      }
      let context = InvariantContext(
        stepIndex: index, step: step, time: time, before: before, after: after)
      for invariant in invariants {
        if let message = invariant.check(context) {
          return Violation(rule: invariant.rule, message: message, step: index)
        }
      }
      if var expected = model {
        let predicted = expected.send(step.event, at: time)
        model = expected
        if let difference = Self.difference(after, predicted) {
          return Violation(rule: "DIFF", message: difference, step: index)
        }
      }
      before = after
    }
    // Let every animation end: each request must have completed exactly once.
    CrashNote.step(scenario.steps.count)
    let last = implementation.send(.tick, at: time + 1e7)
    if let message = ledger.record(step: ProgressStep(delay: 1e7, event: .tick), observation: last)
    {
      return Violation(rule: "CP-1", message: message, step: nil)
    }
    if let message = ledger.missing() {
      return Violation(rule: "CP-1", message: message, step: nil)
    }
    return nil
  }

  /// TM-4: tick at a then b equals tick at b, for value-type subjects.
  static func timeSplitting<Subject: ProgressSubject>(
    _ subject: Subject, from start: Double, to end: Double
  )
    -> String?
  {
    let middle = start + (end - start) / 2
    var split = subject
    let first = split.send(.tick, at: middle)
    let second = split.send(.tick, at: end)
    var whole = subject
    let once = whole.send(.tick, at: end)
    var joined = second
    joined.completions = first.completions + second.completions
    joined.announcements = first.announcements + second.announcements
    joined.frame = nil
    var single = once
    single.frame = nil
    return joined == single
      ? nil : "ticking at \(middle) then \(end) differs from ticking at \(end)"
  }

  /// The first field on which two observations differ, or `nil`.
  static func difference(_ actual: ProgressObservation, _ expected: ProgressObservation) -> String?
  {
    func differ(_ name: String, _ a: Any, _ b: Any) -> String {
      "\(name): implementation \(a), reference \(b)"
    }
    if actual.outcome != expected.outcome {
      return differ("outcome", actual.outcome, expected.outcome)
    }
    if actual.progressType != expected.progressType {
      return differ("type", actual.progressType, expected.progressType)
    }
    if abs(actual.progress - expected.progress) > 1e-12 {
      return differ("progress", actual.progress, expected.progress)
    }
    if actual.isAnimatingProgress != expected.isAnimatingProgress {
      return differ("animating progress", actual.isAnimatingProgress, expected.isAnimatingProgress)
    }
    if actual.isIndeterminateAnimating != expected.isIndeterminateAnimating {
      return differ(
        "loop running", actual.isIndeterminateAnimating, expected.isIndeterminateAnimating)
    }
    if actual.visibility != expected.visibility {
      return differ("visibility", actual.visibility, expected.visibility)
    }
    if actual.percentageText != expected.percentageText {
      return differ(
        "percentage", actual.percentageText ?? "none", expected.percentageText ?? "none")
    }
    if actual.accessibilityValue != expected.accessibilityValue {
      return differ(
        "accessibility", actual.accessibilityValue.map { "\($0)" } ?? "none",
        expected.accessibilityValue.map { "\($0)" } ?? "none")
    }
    if actual.completions != expected.completions {
      return differ("completions", actual.completions, expected.completions)
    }
    if actual.announcements != expected.announcements {
      return differ("announcements", actual.announcements, expected.announcements)
    }
    return nil
  }

  // MARK: Shrinking

  /// Shrinks a failing scenario: remove chunks (halves down to single steps),
  /// then simplify each step's values and delays and the configuration,
  /// keeping a candidate only if it still breaks the same rule; repeats to a
  /// fixpoint within the budget.
  func shrink<Subject: ProgressSubject>(
    _ scenario: ProgressScenario, _ violation: Violation, _ subject: Subject.Type,
    _ reference: (any ProgressSubject.Type)?, token: String = "", index: Int = 0
  ) -> (ProgressScenario, Violation, Int) {
    var current = scenario
    var currentViolation = violation
    var runs = 0
    func attempt(_ candidate: ProgressScenario) -> Bool {
      guard runs < shrinkBudget, candidate != current else { return false }
      runs += 1
      CrashNote.begin(
        Self.crashText(case: index, of: subject, token: token, candidate, shrinking: true),
        steps: candidate.steps.count)
      guard let found = check(candidate, subject, reference), found.rule == violation.rule else {
        return false
      }
      current = candidate
      currentViolation = found
      return true
    }
    var improved = true
    while improved && runs < shrinkBudget {
      improved = false
      // 1. Remove chunks, largest first.
      var size = max(current.steps.count / 2, 1)
      while size >= 1 {
        var start = 0
        while start < current.steps.count {
          var candidate = current
          candidate.steps.removeSubrange(start..<min(start + size, candidate.steps.count))
          if attempt(candidate) { improved = true } else { start += size }
        }
        size /= 2
      }
      // 2. Simplify each step.
      for index in current.steps.indices {
        for simpler in Self.simplifications(of: current.steps[index])
        where index < current.steps.count {
          var candidate = current
          candidate.steps[index] = simpler
          if attempt(candidate) { improved = true }
        }
      }
      // 3. Simplify the configuration.
      var plain = ProgressConfiguration(variant: current.configuration.variant)
      plain.progressAnimation = current.configuration.progressAnimation
      var candidate = current
      candidate.configuration = plain
      if attempt(candidate) { improved = true }
    }
    return (current, currentViolation, runs)
  }

  /// Strictly simpler versions of a step, simplest first: every candidate
  /// has a lower ``complexity(of:)``, so shrinking always terminates.
  static func simplifications(of step: ProgressStep) -> [ProgressStep] {
    var candidates: [ProgressStep] = [0, 1, (step.delay * 100).rounded() / 100].map {
      ProgressStep(delay: $0, event: step.event)
    }
    switch step.event {
    case .setProgress(let value, let animated):
      let values: [Double] = [0, 1, 0.5, value.isFinite ? (value * 100).rounded() / 100 : 0, value]
      for candidate in values {
        candidates.append(
          ProgressStep(delay: step.delay, event: .setProgress(candidate, animated: false)))
        if animated {
          candidates.append(
            ProgressStep(delay: step.delay, event: .setProgress(candidate, animated: true)))
        }
      }
    case .setHidden(let hidden, true):
      candidates.append(ProgressStep(delay: step.delay, event: .setHidden(hidden, animated: false)))
    case .configure(let configuration):
      candidates.append(
        ProgressStep(
          delay: step.delay,
          event: .configure(ProgressConfiguration(variant: configuration.variant))))
    default:
      break
    }
    let current = complexity(of: step)
    return candidates.filter { complexity(of: $0) < current }
  }

  /// A measure of how complicated a step is: round delays and values, and
  /// non-animated requests, are simpler.
  static func complexity(of step: ProgressStep) -> Int {
    func rank(_ value: Double) -> Int {
      switch value {
      case 0: return 0
      case 1: return 1
      case 0.5: return 2
      case _ where value.isFinite && (value * 100).rounded() / 100 == value: return 3
      default: return 4
      }
    }
    var score = rank(step.delay) * 100
    switch step.event {
    case .setProgress(let value, let animated): score += rank(value) * 2 + (animated ? 1 : 0)
    case .setHidden(_, let animated): score += animated ? 1 : 0
    case .configure(let configuration):
      score += configuration == ProgressConfiguration(variant: configuration.variant) ? 0 : 1
    default: break
    }
    return score
  }
}

/// Tracks every request and its completions (CP-1).
struct CompletionLedger {
  private var requests = 0
  private var rejected: Set<Int> = []
  private var delivered: [Int: Int] = [:]

  /// Records one step; returns a message when a completion arrives twice or
  /// for an unknown request.
  mutating func record(step: ProgressStep, observation: ProgressObservation) -> String? {
    if step.event.kind == .setProgress || step.event.kind == .setHidden {
      if observation.outcome == .rejected { rejected.insert(requests) }
      requests += 1
    }
    for completion in observation.completions {
      guard completion.request >= 0, completion.request < requests,
        !rejected.contains(completion.request)
      else {
        return "a completion for request #\(completion.request), which awaits none"
      }
      delivered[completion.request, default: 0] += 1
      if delivered[completion.request, default: 0] > 1 {
        return "request #\(completion.request) completed twice"
      }
    }
    return nil
  }

  /// Returns a message naming the first request never completed.
  func missing() -> String? {
    for request in 0..<requests where !rejected.contains(request) && delivered[request] == nil {
      return "request #\(request) was never completed"
    }
    return nil
  }
}

extension ProgressScenario {
  /// An empty scenario, for reports without one.
  static let empty = ProgressScenario(
    configuration: ProgressConfiguration(), progressType: .determinate, steps: [])
}

/// The replay token set by the `progressReplay(_:)` trait of `ProgressTesting`
/// for the test it scopes.
package enum ReplayContext {
  @TaskLocal package static var token: String?
}
