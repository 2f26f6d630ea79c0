//===----------------------------------------------------------------------===//
// ReliabilityTests: a bounded soak in the test suite (spec RL-5); the full
// 10,000,000-step run is `progress-soak`, in release.
//===----------------------------------------------------------------------===//

import ProgressStress
import Testing

@Suite("Soak")
struct SoakTests {
  @Test("RL-5 a bounded soak: 200,000 random steps on 32 indicators keep every invariant")
  func bounded() {
    let report = SoakRun(steps: 200_000, indicators: 32, seed: 0x5EED_2026).run()
    #expect(report.violations == 0, "\(report.firstViolation ?? "")")
    #expect(report.steps == 200_000)
    // About one event in twelve is a NaN progress, rejected (PV-3).
    #expect((12_000...22_000).contains(report.rejected), "\(report.rejected)")
  }

  @Test("RL-5 the same seed replays the same run")
  func replayable() {
    let a = SoakRun(steps: 20_000, indicators: 8, seed: 7).run()
    let b = SoakRun(steps: 20_000, indicators: 8, seed: 7).run()
    let c = SoakRun(steps: 20_000, indicators: 8, seed: 8).run()
    #expect(a == b && a.rejected != c.rejected)
  }
}
