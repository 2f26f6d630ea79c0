//===----------------------------------------------------------------------===//
// Timeline: filling runs of missing values, as Web Animations spaces missing
// keyframe offsets and CSS linear() spaces missing inputs.
//===----------------------------------------------------------------------===//

extension Array where Element == Double? {
  /// Returns the values with every run of `nil` replaced by values spaced
  /// evenly between the known values on either side of the run.
  ///
  /// The first and last elements must be known (non-`nil`); callers set them
  /// by their own rules first.
  ///
  /// - Returns: Every value, known.
  /// - Complexity: O(n).
  func spacedEvenly() -> [Double] {
    var values = self
    var index = 0
    while index < values.count {
      guard values[index] == nil else {
        index += 1
        continue
      }
      var end = index
      while end < values.count && values[end] == nil { end += 1 }
      let before = index > 0 ? values[index - 1] ?? 0 : 0
      let after = end < values.count ? values[end] ?? before : before
      let gaps = Double(end - index + 1)
      for (step, position) in (index..<end).enumerated() {
        let value = before + (after - before) * Double(step + 1) / gaps
        if value.isFinite {
          values[position] = value
        } else {
          // after − before overflowed (−1e308 to 1e308): the same point as a
          // weighted mean, whose terms cannot.
          let fraction = Double(step + 1) / gaps
          values[position] = before * (1 - fraction) + after * fraction
        }
      }
      index = end
    }
    return values.map { $0 ?? 0 }
  }
}
