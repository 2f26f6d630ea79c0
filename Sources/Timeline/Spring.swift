//===----------------------------------------------------------------------===//
// Timeline: damped springs (spec TL-9).
//===----------------------------------------------------------------------===//

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(ucrt)
  import ucrt
#elseif canImport(WASILibc)
  import WASILibc
#endif

/// A damped spring moving a value from 0 to 1: m·x″ + c·x′ + k·(x − 1) = 0,
/// x(0) = 0, x′(0) = initial velocity.
///
/// Three parameterisations describe the same physics:
/// - Core Animation's `CASpringAnimation`: mass, stiffness, damping and
///   initial velocity (defaults 1, 100, 10, 0);
/// - SwiftUI's `Spring(duration:bounce:)`: the perceptual duration and a
///   bounce in (−1, 1);
/// - SwiftUI's `spring(response:dampingFraction:)`.
///
/// Apple documents the conversions: stiffness k = (2π / duration)² · m,
/// damping c = 4π · ζ · m / duration, with the damping ratio ζ = 1 − bounce
/// for bounce ≥ 0 and 1 / (1 + bounce) below. So `Spring(duration: 0.5,
/// bounce: 0.3)` has mass 1, stiffness ≈ 157.9 and damping ≈ 17.6.
///
/// ```swift
/// let spring = try Spring(duration: 0.5, bounce: 0.3)
/// spring.position(at: 0.25)   // ≈ 0.984, about to overshoot
/// spring.settlingDuration     // when it stays within 0.001 of 1
/// ```
///
/// Under-damped (ζ < 1), critically damped (ζ = 1) and over-damped (ζ > 1)
/// springs are solved in closed form.
public struct Spring: Hashable, Sendable {
  /// The mass, > 0.
  public let mass: Double
  /// The stiffness k, > 0.
  public let stiffness: Double
  /// The damping coefficient c, > 0.
  public let damping: Double
  /// The initial velocity in distances per second, positive towards the
  /// target (Core Animation's and UIKit's normalisation).
  public let initialVelocity: Double
  /// The time after which the spring stays within 0.001 of its target.
  ///
  /// Computed once, when the spring is created, from the exact solution.
  public private(set) var settlingDuration: Double

  /// The tolerance of ``settlingDuration``: 0.001 of the distance, as
  /// SwiftUI's `Spring.settlingDuration` uses.
  static let settlingTolerance = 0.001

  /// Creates a spring from its physical parameters (`CASpringAnimation`).
  ///
  /// - Parameters:
  ///   - mass: The mass, > 0; 1 by default.
  ///   - stiffness: The stiffness, > 0; 100 by default.
  ///   - damping: The damping, > 0; 10 by default.
  ///   - initialVelocity: The initial velocity in distances per second.
  /// - Throws: ``TimelineError/invalidSpring(parameter:value:)`` naming the
  ///   first parameter out of range or not finite.
  public init(
    mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0
  ) throws(TimelineError) {
    guard mass.isFinite, mass > 0 else { throw .invalidSpring(parameter: "mass", value: mass) }
    guard stiffness.isFinite, stiffness > 0 else {
      throw .invalidSpring(parameter: "stiffness", value: stiffness)
    }
    guard damping.isFinite, damping > 0 else {
      throw .invalidSpring(parameter: "damping", value: damping)
    }
    guard initialVelocity.isFinite else {
      throw .invalidSpring(parameter: "initialVelocity", value: initialVelocity)
    }
    self.mass = mass
    self.stiffness = stiffness
    self.damping = damping
    self.initialVelocity = initialVelocity
    settlingDuration = 0
    settlingDuration = computeSettlingDuration()
  }

  /// Creates a spring from SwiftUI's perceptual duration and bounce.
  ///
  /// - Parameters:
  ///   - duration: The perceptual duration (the period of the undamped
  ///     spring), > 0; 0.5 s by default.
  ///   - bounce: In (−1, 1): 0 is critically damped, positive values bounce,
  ///     negative ones are over-damped.
  ///   - initialVelocity: The initial velocity in distances per second.
  /// - Throws: ``TimelineError/invalidSpring(parameter:value:)``.
  public init(duration: Double = 0.5, bounce: Double = 0, initialVelocity: Double = 0)
    throws(TimelineError)
  {
    guard duration.isFinite, duration > 0 else {
      throw .invalidSpring(parameter: "duration", value: duration)
    }
    guard bounce.isFinite, bounce > -1, bounce < 1 else {
      throw .invalidSpring(parameter: "bounce", value: bounce)
    }
    let ratio = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
    try self.init(response: duration, dampingFraction: ratio, initialVelocity: initialVelocity)
  }

  /// Creates a spring from SwiftUI's response and damping fraction.
  ///
  /// - Parameters:
  ///   - response: The period of the undamped spring, > 0.
  ///   - dampingFraction: The damping ratio ζ, > 0: below 1 bounces, 1 is
  ///     critical, above 1 is over-damped.
  ///   - initialVelocity: The initial velocity in distances per second.
  /// - Throws: ``TimelineError/invalidSpring(parameter:value:)``.
  public init(response: Double, dampingFraction: Double, initialVelocity: Double = 0)
    throws(TimelineError)
  {
    guard response.isFinite, response > 0 else {
      throw .invalidSpring(parameter: "response", value: response)
    }
    guard dampingFraction.isFinite, dampingFraction > 0 else {
      throw .invalidSpring(parameter: "dampingFraction", value: dampingFraction)
    }
    let omega = 2 * Double.pi / response
    try self.init(
      mass: 1, stiffness: omega * omega, damping: 4 * Double.pi * dampingFraction / response,
      initialVelocity: initialVelocity)
  }

  /// The undamped angular frequency ω₀ = √(k / m), in radians per second.
  var naturalFrequency: Double { (stiffness / mass).squareRoot() }

  /// The damping ratio ζ = c / (2 √(k m)).
  package var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

  /// SwiftUI's perceptual duration: 2π / ω₀.
  public var duration: Double { 2 * Double.pi / naturalFrequency }

  /// SwiftUI's bounce: 1 − ζ when ζ ≤ 1, 1/ζ − 1 when over-damped.
  public var bounce: Double {
    let ratio = dampingRatio
    return ratio <= 1 ? 1 - ratio : 1 / ratio - 1
  }

  /// Returns this spring with another initial velocity.
  ///
  /// - Parameter velocity: The initial velocity in distances per second.
  /// - Returns: The same spring, launched at `velocity`.
  func withInitialVelocity(_ velocity: Double) -> Spring {
    (try? Spring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity))
      ?? self
  }

  /// Returns the position at a time after launch: 0 at launch, 1 at rest.
  ///
  /// - Parameter time: Seconds since launch; times ≤ 0 give 0.
  /// - Returns: The position, which may overshoot 1.
  /// - Complexity: O(1).
  public func position(at time: Double) -> Double {
    guard time > 0 else { return 0 }
    return 1 - displacement(at: time).value
  }

  /// Returns the velocity at a time after launch, in distances per second.
  ///
  /// - Parameter time: Seconds since launch; times ≤ 0 give the initial
  ///   velocity.
  /// - Returns: The velocity, positive towards the target.
  /// - Complexity: O(1).
  public func velocity(at time: Double) -> Double {
    guard time > 0 else { return initialVelocity }
    return -displacement(at: time).derivative
  }

  /// The distance to the target, 1 − x(t), and its derivative.
  func displacement(at t: Double) -> (value: Double, derivative: Double) {
    let omega = naturalFrequency
    let zeta = dampingRatio
    let v0 = initialVelocity
    // u(t) = 1 − x(t) solves u″ + 2ζω u′ + ω² u = 0, u(0) = 1, u′(0) = −v0.
    if zeta < 1 {
      let decay = zeta * omega
      let damped = omega * (1 - zeta * zeta).squareRoot()
      let b = (decay - v0) / damped
      let envelope = exp(-decay * t)
      let (s, c) = (sin(damped * t), cos(damped * t))
      let value = envelope * (c + b * s)
      let derivative = envelope * ((b * damped - decay) * c - (damped + decay * b) * s)
      return (value, derivative)
    } else if zeta == 1 {
      let a = omega - v0
      let envelope = exp(-omega * t)
      let value = (1 + a * t) * envelope
      let derivative = (a - omega * (1 + a * t)) * envelope
      return (value, derivative)
    } else {
      let root = omega * (zeta * zeta - 1).squareRoot()
      let r1 = -zeta * omega + root
      let r2 = -zeta * omega - root
      // u = c1 e^(r1 t) + c2 e^(r2 t), c1 + c2 = 1, c1 r1 + c2 r2 = −v0.
      let c1 = (-v0 - r2) / (r1 - r2)
      let c2 = 1 - c1
      let e1 = exp(r1 * t)
      let e2 = exp(r2 * t)
      return (c1 * e1 + c2 * e2, c1 * r1 * e1 + c2 * r2 * e2)
    }
  }

  /// Finds the last time the spring is farther than the tolerance from its
  /// target: a bound from the decay envelope, a backward scan for the last
  /// excursion, then bisection to 1e-9 s.
  private func computeSettlingDuration() -> Double {
    let tolerance = Self.settlingTolerance
    let omega = naturalFrequency
    let zeta = dampingRatio
    let slowest = zeta < 1 ? zeta * omega : omega * (zeta - (zeta * zeta - 1).squareRoot())
    // |u(t)| ≤ A·(1 + |a|·t)·e^(−slowest·t) for every case; grow the bound
    // until the envelope is below the tolerance.
    let amplitude = 1 + abs(initialVelocity) / omega + abs(initialVelocity) / max(slowest, 1e-12)
    var bound = 1 / slowest
    while amplitude * (1 + omega * bound) * exp(-slowest * bound) > tolerance && bound < 1e6 {
      bound *= 1.5
    }
    let step = min(bound / 4096, 2 * Double.pi / omega / 32)
    var time = bound
    while time > 0 && abs(displacement(at: time).value) <= tolerance {
      time -= step
    }
    if time <= 0 { return 0 }
    var outside = time
    var inside = min(time + step, bound)
    for _ in 0..<60 where inside - outside > 1e-9 {
      let middle = 0.5 * (outside + inside)
      if abs(displacement(at: middle).value) > tolerance {
        outside = middle
      } else {
        inside = middle
      }
    }
    return inside
  }
}
