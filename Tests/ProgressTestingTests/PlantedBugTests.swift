//===----------------------------------------------------------------------===//
// ProgressTestingTests: proof that the kit bites — planted bugs are found,
// shrunk to a few events and replayable (spec PB-3, PB-7).
//===----------------------------------------------------------------------===//

import ProgressStateMachine
import ProgressTesting
import Testing

/// The machine with a planted bug applied to what it reports.
struct PlantedBug<Bug: BugKind>: ProgressSubject {
  var inner: MachineSubject
  var remembered = 0.0

  init(configuration: ProgressConfiguration, progressType: ProgressType) throws {
    inner = try MachineSubject(configuration: configuration, progressType: progressType)
  }

  mutating func send(_ event: ProgressEvent, at time: Double) -> ProgressObservation {
    var observation = inner.send(event, at: time)
    Bug.plant(event: event, observation: &observation, remembered: &remembered)
    return observation
  }
}

protocol BugKind {
  static func plant(
    event: ProgressEvent, observation: inout ProgressObservation, remembered: inout Double)
}

/// "Reset forgotten on type switch": reports the progress from before.
enum ForgetsReset: BugKind {
  static func plant(
    event: ProgressEvent, observation: inout ProgressObservation, remembered: inout Double
  ) {
    if case .setProgressType = event, observation.outcome == .applied {
      observation.progress = remembered
    } else {
      remembered = observation.progress
    }
  }
}

/// "Percentage truncated instead of rounded", as Vitamin does.
enum TruncatesPercentage: BugKind {
  static func plant(
    event: ProgressEvent, observation: inout ProgressObservation, remembered: inout Double
  ) {
    if observation.percentageText != nil {
      observation.percentageText = "\(Int(observation.progress * 100))%"
    }
  }
}

/// "Completion delivered twice".
enum CompletesTwice: BugKind {
  static func plant(
    event: ProgressEvent, observation: inout ProgressObservation, remembered: inout Double
  ) {
    observation.completions += observation.completions
  }
}

@Suite("Planted bugs")
struct PlantedBugTests {
  func failure<Bug: BugKind>(_ bug: Bug.Type, reference: Bool = false) throws -> PropertyFailure {
    let test = ProgressPropertyTest(cases: 300)
    return try #require(
      test.run(PlantedBug<Bug>.self, reference: reference ? ReferenceProgressModel.self : nil))
  }

  @Test("PB-7 a forgotten reset on type switch is found (TS-1) and shrunk to at most 3 events")
  func forgottenReset() throws {
    let found = try failure(ForgetsReset.self)
    #expect(found.rule == "TS-1")
    #expect(found.minimal.steps.count <= 3, "\(found)")
    #expect(
      found.minimal.steps.count < found.original.steps.count || found.original.steps.count <= 3)
  }

  @Test("PB-7 a truncated percentage is found (PX-2) and shrunk to at most 2 events")
  func truncatedPercentage() throws {
    let found = try failure(TruncatesPercentage.self)
    #expect(found.rule == "PX-2")
    #expect(found.minimal.steps.count <= 2, "\(found)")
  }

  @Test("PB-7 a completion delivered twice is found (CP-1) and shrunk to at most 2 events")
  func doubleCompletion() throws {
    let found = try failure(CompletesTwice.self)
    #expect(found.rule == "CP-1")
    #expect(found.minimal.steps.count <= 2, "\(found)")
  }

  @Test("PB-7 the differential test alone also finds a planted bug")
  func differentialFindsIt() throws {
    let test = ProgressPropertyTest(cases: 300, invariants: [], checksTimeSplitting: false)
    let found = try #require(
      test.run(PlantedBug<ForgetsReset>.self, reference: ReferenceProgressModel.self))
    #expect(found.rule == "DIFF")
    #expect(found.minimal.steps.count <= 3, "\(found)")
  }

  @Test("PB-3 the report shows the minimal timeline, the original length and one replay line")
  func report() throws {
    let found = try failure(TruncatesPercentage.self)
    let text = found.description
    #expect(text.contains("PX-2 broken at step"))
    #expect(text.contains("shrunk from \(found.original.steps.count) steps"))
    #expect(text.contains("PROGRESS_TESTING_REPLAY=\(found.replayToken)"))
    #expect(text.contains(".progressReplay(\"\(found.replayToken)\")"))
  }

  @Test("PB-3 a replay token reruns exactly the failing case; a replay that passes is reported")
  func replay() throws {
    let found = try failure(ForgetsReset.self)
    let replayed = try #require(
      ProgressPropertyTest(cases: 300, replay: found.replayToken).run(PlantedBug<ForgetsReset>.self)
    )
    #expect(replayed.rule == found.rule)
    #expect(replayed.original == found.original)
    #expect(replayed.minimal == found.minimal)
    let stale = try #require(
      ProgressPropertyTest(replay: found.replayToken).run(MachineSubject.self))
    #expect(stale.rule == "REPLAY")
    #expect(stale.description.contains("remove the replay"))
    let garbled = try #require(ProgressPropertyTest(replay: "not-a-token").run(MachineSubject.self))
    #expect(garbled.rule == "REPLAY")
  }

  @Test(
    "PB-3 a replay pasted into the environment replays its own property test; others run as usual")
  func environmentReplayIsScoped() throws {
    let found = try failure(ForgetsReset.self)
    // The token names the property test it came from: seed, case, test.
    #expect(found.replayToken.split(separator: ":").count == 3)
    func fromEnvironment(_ test: ProgressPropertyTest) -> ProgressPropertyTest {
      var test = test
      test.replay = found.replayToken
      test.replayIsFromEnvironment = true
      return test
    }
    // Its own property test reruns exactly that case...
    let replayed = try #require(
      fromEnvironment(ProgressPropertyTest(cases: 300)).run(PlantedBug<ForgetsReset>.self))
    #expect(replayed.original == found.original && replayed.minimal == found.minimal)
    // ...and a different property test in the same run is not disturbed: it
    // runs all its cases and passes (it used to fail with "the replayed case
    // passes").
    #expect(fromEnvironment(ProgressPropertyTest(cases: 20)).run(MachineSubject.self) == nil)
    #expect(fromEnvironment(ProgressPropertyTest(cases: 300)).run(MachineSubject.self) == nil)
  }

  @Test(
    "PB-3 a replay token from the environment that names another property test says so, not silently"
  )
  func mismatchedReplaySaysSo() throws {
    var test = ProgressPropertyTest(cases: 20)
    test.replay = "5eed2026:7:0badc0de"
    test.replayIsFromEnvironment = true
    let own = test.identity(MachineSubject.self, nil)
    let note = try #require(test.replayNote(MachineSubject.self, reference: nil))
    #expect(
      note.contains("PROGRESS_TESTING_REPLAY=5eed2026:7:0badc0de names the property test 0badc0de"))
    #expect(note.contains("this one is \(own)"))
    #expect(note.contains("runs its 20 cases instead of replaying case 7"))
    // No note for the test the token names, a token without a test part (it
    // replays in every property test) or a token given by the trait.
    test.replay = "5eed2026:7:\(own)"
    #expect(test.replayNote(MachineSubject.self, reference: nil) == nil)
    test.replay = "5eed2026:7"
    #expect(test.replayNote(MachineSubject.self, reference: nil) == nil)
    test.replay = "5eed2026:7:0badc0de"
    test.replayIsFromEnvironment = false
    #expect(test.replayNote(MachineSubject.self, reference: nil) == nil)
  }

  @Test("PB-3 the minimal timeline writes the configuration as Swift does, without module names")
  func readableTimeline() {
    let scenario = ProgressScenario(
      configuration: ProgressConfiguration(variant: .circular(size: .small, style: .percentage)),
      progressType: .indeterminate,
      steps: [
        ProgressStep(delay: 1, event: .setProgressType(.determinate)),
        ProgressStep(delay: 0, event: .setHidden(true, animated: false)),
      ])
    #expect(
      scenario.description == """
        created indeterminate, circular(size: .small, style: .percentage)
          1. t=1.0  setProgressType(.determinate)
          2. t=1.0  setHidden(true, animated: false)
        """)
  }

  @Test("PB-3 the replay trait scopes a token to one test", .progressReplay("5eed2026:0"))
  func replayTrait() {
    // Case 0 of the default seed passes on the real machine, so the replay is stale.
    let stale = ProgressPropertyTest().run(MachineSubject.self)
    #expect(stale?.rule == "REPLAY")
  }
}
