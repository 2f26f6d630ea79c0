//===----------------------------------------------------------------------===//
// Timeline: the steps() easing of CSS Easing (spec TL-7).
//===----------------------------------------------------------------------===//

/// A staircase easing: CSS `steps(n, position)`.
///
/// The input range is divided into `count` equal intervals; the position says
/// where the jumps happen. `step-start` is `steps(1, jump-start)` and
/// `step-end` is `steps(1, jump-end)`.
///
/// ```swift
/// let four = try StepEasing(count: 4)              // steps(4, jump-end)
/// four.value(at: 0.3)                              // 0.25
/// let both = try StepEasing(count: 1, position: .jumpBoth)
/// both.value(at: 0)                                // 0.5
/// ```
public struct StepEasing: Hashable, Sendable {
  /// Where the jumps of a step easing happen.
  public enum Position: String, Hashable, Sendable, CaseIterable {
    /// The first jump happens at the start (`jump-start`, `start`).
    case jumpStart = "jump-start"
    /// The last jump happens at the end (`jump-end`, `end`; the default).
    case jumpEnd = "jump-end"
    /// No jump at either end: the first and last steps each last a whole
    /// interval (`jump-none`).
    case jumpNone = "jump-none"
    /// Jumps at both ends (`jump-both`).
    case jumpBoth = "jump-both"
  }

  /// How a position is written in CSS: with its `jump-` keyword, or with
  /// CSS Easing 1's shorter `start` and `end`, which mean `jump-start` and
  /// `jump-end`.
  ///
  /// CSS Easing keeps the keyword the author wrote when it serialises a
  /// step easing (`steps(1, start)` stays `steps(1, start)`), while both
  /// spellings behave and compare the same.
  public enum Spelling: Hashable, Sendable, CaseIterable {
    /// `jump-start`, `jump-end`, `jump-none`, `jump-both`.
    case jump
    /// `start` and `end` (only for `jumpStart` and `jumpEnd`).
    case short
  }

  /// The number of intervals, at least 1 (at least 2 for `jump-none`).
  public let count: Int
  /// Where the jumps happen.
  public let position: Position
  /// How the position is written in CSS; not part of equality.
  package let spelling: Spelling

  /// Creates a step easing.
  ///
  /// - Parameters:
  ///   - count: The number of intervals; ≥ 1, and ≥ 2 for `jumpNone`.
  ///   - position: Where the jumps happen; `jumpEnd` by default.
  ///   - spelling: How the position is written in CSS; `.jump` by default.
  ///     `.short` applies to `jumpStart` and `jumpEnd` only (the others
  ///     have no short keyword) and is ignored for them.
  /// - Throws: ``TimelineError/invalidStepCount(_:position:)`` for a count
  ///   out of range.
  public init(count: Int, position: Position = .jumpEnd, spelling: Spelling = .jump)
    throws(TimelineError)
  {
    guard count >= (position == .jumpNone ? 2 : 1) else {
      throw .invalidStepCount(count, position: position)
    }
    self.init(uncheckedCount: count, position: position, spelling: spelling)
  }

  /// Creates a step easing whose count is known to be valid.
  init(uncheckedCount count: Int, position: Position, spelling: Spelling = .jump) {
    self.count = count
    self.position = position
    self.spelling = position == .jumpStart || position == .jumpEnd ? spelling : .jump
  }

  /// The position's CSS keyword as written: `start`, `jump-start`, ….
  var positionKeyword: String {
    switch (position, spelling) {
    case (.jumpStart, .short): return "start"
    case (.jumpEnd, .short): return "end"
    default: return position.rawValue
    }
  }

  /// Two step easings are equal when their count and position are; the
  /// spelling of the position does not count.
  ///
  /// - Parameters:
  ///   - lhs: A step easing.
  ///   - rhs: Another.
  /// - Returns: Whether they behave the same.
  public static func == (lhs: StepEasing, rhs: StepEasing) -> Bool {
    lhs.count == rhs.count && lhs.position == rhs.position
  }

  /// Hashes the count and the position.
  ///
  /// - Parameter hasher: The hasher to feed.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    hasher.combine(position)
  }

  /// The number of jumps: `count` for start and end, one fewer for none,
  /// one more for both.
  var jumps: Int {
    switch position {
    case .jumpStart, .jumpEnd: return count
    case .jumpNone: return count - 1
    case .jumpBoth: return count + 1
    }
  }

  /// Returns the output for an input progress (CSS Easing Level 2, §2.3).
  ///
  /// Outputs are not clamped for inputs outside [0, 1].
  ///
  /// - Parameters:
  ///   - progress: The input progress.
  ///   - beforeFlag: Set while the animation is in its before phase (or in
  ///     its after phase playing backwards): at an exact step boundary the
  ///     output is then the lower step.
  /// - Returns: The output progress, a multiple of 1 / the number of jumps.
  /// - Complexity: O(1).
  public func value(at progress: Double, beforeFlag: Bool = false) -> Double {
    guard progress.isFinite else { return progress.isNaN ? .nan : (progress > 0 ? 1 : 0) }
    let scaled = progress * Double(count)
    var step = scaled.rounded(.down)
    if position == .jumpStart || position == .jumpBoth { step += 1 }
    if beforeFlag && scaled == scaled.rounded(.down) { step -= 1 }
    if progress >= 0 && step < 0 { step = 0 }
    let jumps = Double(self.jumps)
    if progress <= 1 && step > jumps { step = jumps }
    // Far outside [0, 1] (progress × count beyond Double's range) the step
    // is the progress scaled, stopped at the largest finite value.
    guard scaled.isFinite else { return (progress * (Double(count) / jumps)).clampedToFinite }
    return step / jumps
  }
}

// Codable, which Embedded Swift does not have (snapshots, JSON hosts).
#if !hasFeature(Embedded)
  extension StepEasing.Position: Codable {}
#endif
