//===----------------------------------------------------------------------===//
// Timeline: the linear() easing of CSS Easing Level 2 (spec TL-8).
//===----------------------------------------------------------------------===//

/// A piecewise-linear easing through a list of points: CSS `linear(...)`.
///
/// Each point has an output and an input; between points the easing
/// interpolates linearly, and beyond the ends it extrapolates along the first
/// or last segment. It can approximate any curve, springs and bounces
/// included.
///
/// Points are usually created from *stops* as written in CSS, where inputs may
/// be missing or out of order; ``init(stops:)`` applies the specification's
/// rules to them:
///
/// ```swift
/// // linear(0, 0.25 75%, 1): the first input defaults to 0%, the last to 100%.
/// let easing = try PiecewiseLinearEasing(stops: [
///   .init(output: 0), .init(output: 0.25, inputs: [75]), .init(output: 1),
/// ])
/// easing.value(at: 0.375)  // 0.125
/// ```
public struct PiecewiseLinearEasing: Hashable, Sendable {
  /// A point of the easing: an output at an input.
  package struct Point: Hashable, Sendable {
    /// The output value.
    package let output: Double
    /// The input as a percentage (50 means an input progress of 0.5).
    package let inputPercent: Double

    /// The input progress, `inputPercent / 100`.
    package var input: Double { inputPercent / 100 }
  }

  /// A stop as written in CSS: an output and zero, one or two input
  /// percentages.
  public struct Stop: Hashable, Sendable {
    /// The output value.
    public var output: Double
    /// The input percentages: none, one, or two (a flat run between them).
    public var inputs: [Double]

    /// Creates a stop.
    ///
    /// - Parameters:
    ///   - output: The output value.
    ///   - inputs: Zero, one or two input percentages.
    public init(output: Double, inputs: [Double] = []) {
      self.output = output
      self.inputs = inputs
    }
  }

  /// The points, with inputs in non-decreasing order.
  package let points: [Point]

  /// Creates an easing from CSS stops, applying the parsing rules of CSS
  /// Easing Level 2 (§2.2.1).
  ///
  /// A stop's input is the larger of its own and the largest input before it;
  /// a second input adds a point with the same output; a missing first input
  /// is 0%, a missing last input is the larger of 100% and the largest input;
  /// runs of missing inputs are spaced evenly between their neighbours.
  ///
  /// - Parameter stops: At least two stops.
  /// - Throws: ``TimelineError/invalidLinearEasing(reason:)`` for fewer than
  ///   two stops, a stop with more than two inputs, or a non-finite number.
  /// - Complexity: O(n) in the number of stops.
  public init(stops: [Stop]) throws(TimelineError) {
    guard stops.count >= 2 else {
      throw .invalidLinearEasing(reason: "linear() needs at least two stops")
    }
    var pointCount = 0
    for (index, stop) in stops.enumerated() {
      guard stop.output.isFinite, stop.inputs.allSatisfy({ $0.isFinite }) else {
        throw .invalidLinearEasing(reason: "stop \(index + 1) has a non-finite number")
      }
      guard stop.inputs.count <= 2 else {
        throw .invalidLinearEasing(reason: "stop \(index + 1) has more than two inputs")
      }
      pointCount += max(stop.inputs.count, 1)
    }
    // Made in place, not appended: under Embedded Swift appending to an
    // array of optional numbers would bring growth code for it.
    var outputs = [Double](repeating: 0, count: pointCount)
    var point = 0
    var largest = -Double.infinity
    let inputs = [Double?](unsafeUninitializedCapacity: pointCount) { inputs, count in
      for (index, stop) in stops.enumerated() {
        if stop.inputs.isEmpty {
          outputs[point] = stop.output
          if index == 0 {
            inputs.initializeElement(at: point, to: 0)
            largest = 0
          } else if index == stops.count - 1 {
            inputs.initializeElement(at: point, to: max(100, largest))
          } else {
            inputs.initializeElement(at: point, to: nil)
          }
          point += 1
        } else {
          for input in stop.inputs {
            let value = max(input, largest)
            largest = value
            outputs[point] = stop.output
            inputs.initializeElement(at: point, to: value)
            point += 1
          }
        }
      }
      count = point
    }
    // Runs of missing inputs are spaced evenly between their neighbours.
    // Made in place, not appended: under Embedded Swift appending to an
    // array of points would bring growth code for them.
    let spaced = inputs.spacedEvenly()
    points = [Point](unsafeUninitializedCapacity: outputs.count) { buffer, count in
      for index in outputs.indices {
        buffer.initializeElement(
          at: index, to: Point(output: outputs[index], inputPercent: spaced[index]))
      }
      count = outputs.count
    }
  }

  /// Returns the output for an input progress (CSS Easing Level 2, §2.2.2).
  ///
  /// - Parameter progress: The input progress.
  /// - Returns: The interpolated output, extrapolated beyond the ends along
  ///   the first or last segment.
  /// - Complexity: O(log n) in the number of points.
  public func value(at progress: Double) -> Double {
    let index = segmentStart(for: progress)
    let a = points[index]
    let b = points[index + 1]
    // In quarters of percents and halves of outputs, so that no difference
    // overflows (1e308 − (−1e308)); scaling by powers of two is exact, so
    // ordinary values are bit for bit those of the plain formula. The
    // fraction may be ±∞ far outside: the result then stops at the largest
    // finite value.
    let width = b.inputPercent / 4 - a.inputPercent / 4
    if width == 0 { return b.output }
    let rise = b.output / 2 - a.output / 2
    if rise == 0 { return a.output }
    let fraction = (progress * 25 - a.inputPercent / 4) / width
    return (a.output + 2 * (fraction * rise)).clampedToFinite
  }

  /// Returns the slope d output / d input at an input progress.
  ///
  /// - Parameter progress: The input progress.
  /// - Returns: The slope of the segment that contains it; 0 on a vertical
  ///   jump.
  /// - Complexity: O(log n).
  package func slope(at progress: Double) -> Double {
    let index = segmentStart(for: progress)
    let a = points[index]
    let b = points[index + 1]
    let width = b.inputPercent / 4 - a.inputPercent / 4
    if width == 0 { return 0 }
    return (50 * ((b.output / 2 - a.output / 2) / width)).clampedToFinite
  }

  /// The index of the first point of the segment used for `progress`: the
  /// last point whose input is ≤ progress (0 if none), stepped back once if it
  /// is the last point.
  private func segmentStart(for progress: Double) -> Int {
    let percent = progress * 100
    var low = 0
    var high = points.count
    while low < high {
      let middle = (low + high) / 2
      if points[middle].inputPercent <= percent { low = middle + 1 } else { high = middle }
    }
    let last = max(low - 1, 0)
    return min(last, points.count - 2)
  }
}
