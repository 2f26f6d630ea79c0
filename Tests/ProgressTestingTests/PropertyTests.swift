//===----------------------------------------------------------------------===//
// ProgressTestingTests: the kit on our own implementation — invariants,
// differential testing and transition coverage (spec PB-3 to PB-6).
//===----------------------------------------------------------------------===//

import CommandLineSupport
import ProgressIndicatorKit
import ProgressStateMachine
import ProgressTesting
import Testing

@Suite("Properties of our implementation")
struct PropertyTests {
  @Test("PB-4 random scenarios keep PV-1, PX-2, PX-4, TS-1, TS-3, IA-6, AX-3, LG-1, CP-1 and TM-4")
  func invariantsHold() {
    let test = ProgressPropertyTest(cases: 400)
    #expect(test.check(IndicatorSubject.self) == nil)
  }

  @Test(
    "PB-6 the machine agrees with the reference model over 1,000,000 random steps with PROGRESS_LONG_TESTS (CI), 100,000 without"
  )
  func differential() {
    // 21,000 scenarios of 30 to 70 steps: just over a million steps (a
    // tenth of them without PROGRESS_LONG_TESTS).
    let test = ProgressPropertyTest(
      cases: Tools.cases(21_000), scenarios: .scenario(length: 30...70), invariants: [],
      checksTimeSplitting: false)
    let result = test.measure(MachineSubject.self, reference: ReferenceProgressModel.self)
    #expect(result.failure == nil, "\(result.failure.map { "\($0)" } ?? "")")
    let least = Tools.runsLongTests ? 1_000_000 : 100_000
    #expect(result.steps >= least, "\(result.steps) steps")
  }

  @Test("PB-5 every (state, event) transition is covered by a shortest path and replays exactly")
  func transitionCoverage() {
    let paths = TransitionCoverage.paths()
    // All 4 × 4 (mode, visibility) states are reachable; each gets every event.
    let states = Set(paths.flatMap(\.expected))
    #expect(states.count == 16, "reachable states: \(states)")
    #expect(paths.count == 16 * TransitionCoverage.events.count)
    #expect(TransitionCoverage.replay(paths, on: MachineSubject.self).isEmpty)
    #expect(TransitionCoverage.replay(paths, on: IndicatorSubject.self).isEmpty)
    #expect(TransitionCoverage.replay(paths, on: ReferenceProgressModel.self).isEmpty)
  }
}

@Suite("Frames of the facade")
struct FacadePropertyTests {
  @Test(
    "FR-5 random scenarios through the facade: no frame while nothing changes, never a stale picture"
  )
  func framesOnlyOnChange() {
    let test = ProgressPropertyTest(cases: 300)
    #expect(test.check(FacadeSubject.self) == nil)
  }
}
