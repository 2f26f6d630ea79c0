//===----------------------------------------------------------------------===//
// TimelineTests: the WebAssembly module's exp, sin and cos (PortableMaths,
// used by springs under Embedded Swift) against the C library's (spec RL-16).
//===----------------------------------------------------------------------===//

import Foundation
import ProgressTestingCore
import Testing
import Timeline

@Suite("Portable maths")
struct PortableMathsTests {
  /// How many doubles lie between `a` and `b` (0 when equal).
  static func ulps(_ a: Double, _ b: Double) -> UInt64 {
    func ordered(_ x: Double) -> Int64 {
      let bits = Int64(bitPattern: x.bitPattern)
      return bits < 0 ? Int64.min &- bits : bits
    }
    return (ordered(a) &- ordered(b)).magnitude
  }

  @Test("RL-16 exp is within 2 ulp of the C library's, overflow and underflow included")
  func exponential() {
    var random = ReplayableRandom(seed: 0x16)
    var points: [Double] = [
      0, -0.0, 1, -1, 0.5, 1e-300, -1e-300, 0.346_573_590_279_972_6, -0.346_573_590_279_972_6,
      709.78, 709.782_712_893_384, -708.39, -745.13, 700, -700, 20, -20, 100, -100,
    ]
    for _ in 0..<20_000 { points.append(Double.random(in: -745...709.7, using: &random)) }
    for _ in 0..<20_000 { points.append(Double.random(in: -40...40, using: &random)) }
    for _ in 0..<5_000 { points.append(Double.random(in: -1e-3...1e-3, using: &random)) }
    var worst: UInt64 = 0
    for x in points {
      let ours = PortableMaths.exp(x)
      let library = Foundation.exp(x)
      // Subnormal results keep fewer digits: compare them absolutely.
      let error =
        library < Double.leastNormalMagnitude
        ? ((ours - library).magnitude > 8 * Double.leastNonzeroMagnitude ? 99 : 0)
        : Self.ulps(ours, library)
      worst = max(worst, error)
      #expect(error <= 2, "exp(\(x)): \(ours), C \(library)")
    }
    #expect(PortableMaths.exp(710) == .infinity)
    #expect(PortableMaths.exp(-746) == 0)
    #expect(PortableMaths.exp(.infinity) == .infinity)
    #expect(PortableMaths.exp(-.infinity) == 0)
    #expect(PortableMaths.exp(.nan).isNaN)
    #expect(worst <= 2)
  }

  @Test("RL-16 sin and cos are within 2⁻⁵⁰ of the C library's up to 2²⁷, and within 1e-7 past it")
  func sineAndCosine() {
    var random = ReplayableRandom(seed: 0x17)
    var points: [Double] = [
      0, -0.0, 1, -1, Double.pi, -Double.pi, Double.pi / 2, Double.pi / 4, 1e-9, 3e5,
    ]
    for k in -64...64 { points.append(Double(k) * Double.pi / 4) }
    for _ in 0..<20_000 { points.append(Double.random(in: -10...10, using: &random)) }
    for _ in 0..<20_000 { points.append(Double.random(in: -1e6...1e6, using: &random)) }
    for _ in 0..<2_000 { points.append(Double.random(in: -1.3e8...1.3e8, using: &random)) }
    for x in points {
      let (sine, cosine) = PortableMaths.sineAndCosine(x)
      #expect(
        (sine - Foundation.sin(x)).magnitude <= 0x1p-50,
        "sin(\(x)): \(sine), C \(Foundation.sin(x))")
      #expect(
        (cosine - Foundation.cos(x)).magnitude <= 0x1p-50,
        "cos(\(x)): \(cosine), C \(Foundation.cos(x))")
    }
    for x in [2e8, -3.5e8, 1e9, 1.5e12] {
      let (sine, cosine) = PortableMaths.sineAndCosine(x)
      #expect((sine - Foundation.sin(x)).magnitude <= 1e-7 * max(1, x.magnitude / 1e9), "sin(\(x))")
      #expect(
        (cosine - Foundation.cos(x)).magnitude <= 1e-7 * max(1, x.magnitude / 1e9), "cos(\(x))")
    }
    #expect(PortableMaths.sineAndCosine(.infinity).sine.isNaN)
    #expect(PortableMaths.sineAndCosine(.nan).cosine.isNaN)
  }
}
