//===----------------------------------------------------------------------===//
// ProgressTerminal: a smoothed rate, for the rate and time-left fields.
//===----------------------------------------------------------------------===//

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A rate smoothed over time: an exponential moving average of the rate
/// between samples, weighted by time and corrected for its start (spec TB-4).
///
/// Each sample (a count at a time) gives the rate since the previous one,
/// r = Δcount / Δt, which enters the average with the weight
/// α = 1 − e^(−Δt/τ): the average forgets with the time constant τ, however
/// irregular the samples. The average is divided by the total weight given
/// so far, so the first estimates are the plain average since the first
/// sample rather than a value pulled towards 0. A stall lowers the rate by
/// e^(−t/τ) after t seconds; after it, the estimate returns to the new rate
/// as 1 − e^(−t/τ). A count that goes back (a restart) starts again.
///
/// ```swift
/// var rate = RateEstimator(timeConstant: 1.5)
/// rate.record(count: 0, at: 0)
/// rate.record(count: 10, at: 1)
/// rate.rate   // 10.0
/// ```
package struct RateEstimator: Hashable, Sendable {
  /// The time constant τ in seconds: a rate's weight falls to 1/e after τ.
  package let timeConstant: Double
  private var lastTime: Double?
  private var lastCount = 0.0
  private var weighted = 0.0
  private var weight = 0.0

  /// Creates an estimator.
  ///
  /// - Parameter timeConstant: τ in seconds; 1.5 s by default. Values that
  ///   are not positive and finite count as 1.5.
  package init(timeConstant: Double = 1.5) {
    self.timeConstant = timeConstant.isFinite && timeConstant > 0 ? timeConstant : 1.5
  }

  /// The smoothed rate per second, or `nil` before two samples.
  package var rate: Double? { weight > 0 ? weighted / weight : nil }

  /// Takes a sample.
  ///
  /// - Parameters:
  ///   - count: The work done so far.
  ///   - time: The sample's time; a sample at or before the last one is
  ///     ignored (but for its count, which the next interval starts from).
  package mutating func record(count: Double, at time: Double) {
    guard count.isFinite, time.isFinite else { return }
    guard let previous = lastTime else {
      lastTime = time
      lastCount = count
      return
    }
    if count < lastCount {
      self = RateEstimator(timeConstant: timeConstant)
      lastTime = time
      lastCount = count
      return
    }
    let interval = time - previous
    guard interval > 0 else { return }
    let sampleRate = (count - lastCount) / interval
    let decay = exp(-interval / timeConstant)
    weighted = weighted * decay + sampleRate * (1 - decay)
    weight = weight * decay + (1 - decay)
    lastTime = time
    lastCount = count
  }
}
