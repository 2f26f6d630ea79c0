//===----------------------------------------------------------------------===//
// TimelineTests: springs (spec TL-9), against Apple's documented conversions
// and the differential equation itself.
//===----------------------------------------------------------------------===//

import Testing
import Timeline

@Suite("Spring")
struct SpringTests {
  @Test("TL-9 Apple's documented conversions between the parameterisations")
  func conversions() throws {
    // Spring(duration: 0.5, bounce: 0.3) → mass 1, stiffness 157.9, damping 17.6.
    let fromBounce = try Spring(duration: 0.5, bounce: 0.3)
    #expect(fromBounce.mass == 1)
    #expect(abs(fromBounce.stiffness - 157.9) < 0.05)
    #expect(abs(fromBounce.damping - 17.6) < 0.05)
    // (mass 1, stiffness 100, damping 10) → duration 0.63, bounce 0.5.
    let physical = try Spring(mass: 1, stiffness: 100, damping: 10)
    #expect(abs(physical.duration - 0.63) < 0.005)
    #expect(abs(physical.bounce - 0.5) < 1e-12)
    // Negative bounce is over-damped: ζ = 1 / (1 + bounce).
    let over = try Spring(duration: 1, bounce: -0.5)
    #expect(abs(over.dampingRatio - 2) < 1e-12)
    #expect(abs(over.bounce - -0.5) < 1e-12)
    let critical = try Spring(response: 0.4, dampingFraction: 1)
    #expect(abs(critical.dampingRatio - 1) < 1e-12)
  }

  @Test("TL-9 the closed forms solve m·x″ + c·x′ + k·(x − 1) = 0 in every damping regime")
  func solvesTheEquation() throws {
    let springs = [
      try Spring(mass: 1, stiffness: 100, damping: 10),  // under-damped, ζ = 0.5
      try Spring(mass: 2, stiffness: 50, damping: 20),  // critical, ζ = 1
      try Spring(mass: 1, stiffness: 100, damping: 50, initialVelocity: 3),  // over-damped
      try Spring(mass: 1, stiffness: 300, damping: 4, initialVelocity: -2),  // bouncy, moving away
    ]
    let h = 1e-4
    for spring in springs {
      #expect(spring.position(at: 0) == 0)
      // x′(0) from a one-sided difference.
      let v0 = (spring.position(at: h) - spring.position(at: h / 2)) / (h / 2)
      #expect(abs(v0 - spring.initialVelocity) < 0.05, "\(spring)")
      for step in 1...40 {
        let t = Double(step) * 0.025
        let x = spring.position(at: t)
        let xPrime = (spring.position(at: t + h) - spring.position(at: t - h)) / (2 * h)
        let xSecond = (spring.position(at: t + h) - 2 * x + spring.position(at: t - h)) / (h * h)
        let residual = spring.mass * xSecond + spring.damping * xPrime + spring.stiffness * (x - 1)
        #expect(abs(residual) < 1e-3 * spring.stiffness, "\(spring) at \(t): \(residual)")
        #expect(abs(spring.velocity(at: t) - xPrime) < 1e-5 * (1 + abs(xPrime)), "velocity at \(t)")
      }
    }
  }

  @Test("TL-9 the settling duration is the last time the spring is farther than 0.001")
  func settlingDuration() throws {
    for spring in [
      try Spring(), try Spring(damping: 5), try Spring(duration: 0.5, bounce: 0.3),
      try Spring(duration: 0.3, bounce: -0.4), try Spring(response: 1, dampingFraction: 1),
    ] {
      let settle = spring.settlingDuration
      #expect(settle > 0)
      for step in 0...2_000 {
        let t = settle + Double(step) * 0.005
        #expect(abs(spring.position(at: t) - 1) <= 0.001 + 1e-12, "\(spring) at \(t)")
      }
      let before = stride(from: 0.0, to: settle, by: settle / 2_000).contains {
        abs(spring.position(at: $0) - 1) > 0.001
      }
      #expect(before, "\(spring): not yet settled before \(settle)")
    }
    // CASpringAnimation's documentation estimates ≈ 2.85 s for damping 5; by
    // the definition above the same spring settles at 2.7–2.8 s.
    let damped5 = try Spring(damping: 5).settlingDuration
    #expect(damped5 > 2.6 && damped5 < 2.9, "\(damped5)")
  }

  @Test("TL-9 out-of-range parameters are typed errors naming the parameter")
  func invalidParameters() {
    #expect(throws: TimelineError.invalidSpring(parameter: "mass", value: 0)) {
      try Spring(mass: 0)
    }
    #expect(throws: TimelineError.invalidSpring(parameter: "stiffness", value: -1)) {
      try Spring(stiffness: -1)
    }
    #expect(throws: TimelineError.invalidSpring(parameter: "damping", value: 0)) {
      try Spring(damping: 0)
    }
    #expect(throws: TimelineError.invalidSpring(parameter: "bounce", value: 1)) {
      try Spring(bounce: 1)
    }
    #expect(throws: TimelineError.invalidSpring(parameter: "bounce", value: -1)) {
      try Spring(bounce: -1)
    }
    #expect(throws: TimelineError.invalidSpring(parameter: "duration", value: 0)) {
      try Spring(duration: 0)
    }
    #expect(throws: TimelineError.self) { try Spring(initialVelocity: .infinity) }
  }

  @Test("TL-9 a spring easing runs over its settling duration and ends exactly at 1")
  func springEasing() throws {
    let spring = try Spring(duration: 0.5, bounce: 0.3)
    let easing = Easing.spring(spring)
    #expect(easing.value(at: 0) == 0)
    #expect(easing.value(at: 1) == 1)
    #expect(abs(easing.value(at: 0.5) - spring.position(at: 0.5 * spring.settlingDuration)) < 1e-15)
  }
}
