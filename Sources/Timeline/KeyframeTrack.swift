//===----------------------------------------------------------------------===//
// Timeline: keyframes and keyframe tracks (spec TL-16 to TL-18).
//===----------------------------------------------------------------------===//

/// A value at an offset of an iteration, with the easing of the segment that
/// starts there.
///
/// ```swift
/// let keyframes: [Keyframe<Double>] = [
///   Keyframe(0, easing: .easeIn),   // offset 0 (computed)
///   Keyframe(1, offset: 0.6),
///   .hold(0.5),                     // offset 0.8 (computed), holds until the next
///   Keyframe(0),                    // offset 1 (computed)
/// ]
/// ```
public struct Keyframe<Value: Interpolatable>: Sendable {
  /// The offset in [0, 1] within the iteration, or `nil` to have it computed
  /// by spacing it evenly between its neighbours (Web Animations'
  /// "compute missing keyframe offsets").
  public var offset: Double?
  /// The value at the offset.
  public var value: Value
  /// The easing of the segment from this keyframe to the next.
  public var easing: Easing

  /// Creates a keyframe.
  ///
  /// - Parameters:
  ///   - value: The value.
  ///   - offset: The offset in [0, 1], or `nil` to compute it.
  ///   - easing: The easing of the segment that starts here; linear by
  ///     default.
  public init(_ value: Value, offset: Double? = nil, easing: Easing = .linear) {
    self.value = value
    self.offset = offset
    self.easing = easing
  }

  /// A hold keyframe: its value stays until the next keyframe, then jumps
  /// (the segment easing is `steps(1, jump-end)`).
  ///
  /// - Parameters:
  ///   - value: The value to hold.
  ///   - offset: The offset, or `nil` to compute it.
  /// - Returns: The keyframe.
  public static func hold(_ value: Value, offset: Double? = nil) -> Keyframe {
    Keyframe(
      value, offset: offset, easing: .steps(StepEasing(uncheckedCount: 1, position: .jumpEnd)))
  }
}

/// Keyframes of one property, ready to be sampled at an iteration progress.
///
/// Sampling follows Web Animations' effect value: the segment is the last
/// keyframe at or before the progress (and before 1) and the next one, and the
/// segment's easing — the first keyframe's — shapes the interpolation.
/// Progress outside [0, 1], from an overshooting effect easing, extrapolates
/// the first or last segment.
///
/// There is no underlying value here: a track whose first keyframe is after 0
/// (or last before 1) holds that keyframe's value outside it.
///
/// ```swift
/// let track = try KeyframeTrack([Keyframe(0.0), Keyframe(1.0, offset: 0.8), Keyframe(1.0)])
/// track.value(at: 0.4)  // 0.5
/// ```
public struct KeyframeTrack<Value: Interpolatable>: Sendable {
  /// The computed offsets, in non-decreasing order, starting at 0 and
  /// ending at 1; there are always at least two.
  @usableFromInline package let offsets: [Double]
  /// The values, one per offset.
  @usableFromInline package let values: [Value]
  /// The segment easings, one per offset (the last is unused).
  @usableFromInline package let easings: [Easing]
  /// The index of the segment used last by ``sample(at:)``.
  @usableFromInline var cursor = 0

  /// Creates a track, computing missing offsets.
  ///
  /// - Parameter keyframes: At least one keyframe. Given offsets must be in
  ///   [0, 1] and non-decreasing.
  /// - Throws: ``TimelineError/noKeyframes``,
  ///   ``TimelineError/invalidKeyframeOffset(index:offset:)`` or
  ///   ``TimelineError/keyframesOutOfOrder(index:)``.
  /// - Complexity: O(n).
  public init(_ keyframes: [Keyframe<Value>]) throws(TimelineError) {
    guard !keyframes.isEmpty else { throw .noKeyframes }
    var previous = -Double.infinity
    for (index, keyframe) in keyframes.enumerated() {
      guard let offset = keyframe.offset else { continue }
      guard offset.isFinite, (0...1).contains(offset) else {
        throw .invalidKeyframeOffset(index: index, offset: offset)
      }
      guard offset >= previous else { throw .keyframesOutOfOrder(index: index) }
      previous = offset
    }
    var offsets = keyframes.map { $0.offset }
    if offsets.count > 1, offsets[0] == nil { offsets[0] = 0 }
    if offsets[offsets.count - 1] == nil { offsets[offsets.count - 1] = 1 }
    var computed = offsets.spacedEvenly()
    var values = keyframes.map { $0.value }
    var easings = keyframes.map { $0.easing }
    // Without an underlying value, hold the end values out to 0 and 1.
    if computed[0] > 0 {
      computed.insert(0, at: 0)
      values.insert(values[0], at: 0)
      easings.insert(.linear, at: 0)
    }
    if computed[computed.count - 1] < 1 {
      computed.append(1)
      values.append(values[values.count - 1])
      easings.append(.linear)
    }
    self.offsets = computed
    self.values = values
    self.easings = easings
  }

  /// Returns the value at an iteration progress.
  ///
  /// - Parameter progress: The iteration progress, usually in [0, 1].
  /// - Returns: The interpolated value.
  /// - Complexity: O(log n) in the number of keyframes.
  @inlinable
  @_optimize(speed)
  public func value(at progress: Double) -> Value {
    value(at: progress, segment: segment(for: progress))
  }

  /// Returns the value at an iteration progress, remembering the segment so
  /// that the next sample near it is found in O(1).
  ///
  /// Sampling forwards (or backwards) through the track visits each segment
  /// once, so a frame costs the same however many keyframes there are.
  ///
  /// - Parameter progress: The iteration progress.
  /// - Returns: The same value as ``value(at:)``.
  /// - Complexity: O(1) amortised when progress moves by small steps; O(k)
  ///   for a jump over k keyframes.
  @inlinable
  public mutating func sample(at progress: Double) -> Value {
    let count = offsets.count
    if progress >= 0, progress < 1 {
      var index = min(cursor, count - 2)
      while index > 0 && offsets[index] > progress { index -= 1 }
      while index + 1 < count - 1 && offsets[index + 1] <= progress { index += 1 }
      cursor = index
      return value(at: progress, segment: index)
    }
    return value(at: progress)
  }

  /// The index of the keyframe that starts the segment for `progress`, or
  /// `-1` (first value alone) or `offsets.count` (last value alone).
  @inlinable
  @_optimize(speed)
  func segment(for progress: Double) -> Int {
    // After the synthesis of the end keyframes there are always ≥ 2.
    let count = offsets.count
    if progress < 0 && offsets[1] == 0 { return -1 }
    if progress >= 1 && offsets[count - 2] == 1 { return count }
    // The last keyframe with offset ≤ progress and < 1.
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if offsets[middle] <= progress && offsets[middle] < 1 {
        low = middle + 1
      } else {
        high = middle
      }
    }
    if low == 0 {
      // Progress below 0: the last keyframe at offset 0.
      var last = 0
      while last + 1 < count && offsets[last + 1] == 0 { last += 1 }
      return min(last, count - 2)
    }
    return min(low - 1, count - 2)
  }

  @inlinable
  func value(at progress: Double, segment index: Int) -> Value {
    if index < 0 { return values[0] }
    if index >= offsets.count - 1 { return values[offsets.count - 1] }
    let start = offsets[index]
    let end = offsets[index + 1]
    let distance = end > start ? (progress - start) / (end - start) : 1
    let eased = easings[index].value(at: distance)
    return Value.interpolate(values[index], values[index + 1], fraction: eased)
  }
}
