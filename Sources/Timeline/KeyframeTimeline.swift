//===----------------------------------------------------------------------===//
// Timeline: KeyframeTimeline — named keyframe tracks with their timings, sampled together.
//===----------------------------------------------------------------------===//

/// A group of named keyframe tracks, each with its own effect timing, sampled
/// at one time in one call.
///
/// The progress layer builds its animations as timelines: for example an
/// indeterminate loop is a `head` and a `tail` track with the same period and
/// different delays.
///
/// ```swift
/// var loop = try KeyframeTimeline<Double>(tracks: [
///   .init(name: "head", timing: EffectTiming(iterations: .infinity, duration: 1.2),
///         keyframes: KeyframeTrack([Keyframe(0.0, easing: .easeInOut),
///                                   Keyframe(1.0, offset: 1.0 / 1.2), Keyframe(1.0)])),
/// ])
/// var values: [Double?] = []
/// loop.sample(at: 0.5, into: &values)   // [head at 0.5 s]
/// ```
///
/// Sampling writes into a caller-owned buffer, so a steady stream of frames
/// allocates nothing once the buffer has its size.
public struct KeyframeTimeline<Value: Interpolatable>: Sendable {
  /// One named track: keyframes and the timing that drives them.
  public struct Track: Sendable {
    /// The track's name, unique in its timeline: names are compared by
    /// their Unicode scalars (`String.hasSameScalars(as:)`).
    public var name: String
    /// The timing of the track.
    public var timing: EffectTiming
    /// The keyframes.
    public var keyframes: KeyframeTrack<Value>

    /// Creates a track.
    ///
    /// - Parameters:
    ///   - name: A name unique in the timeline.
    ///   - timing: The effect timing.
    ///   - keyframes: The keyframes.
    public init(name: String, timing: EffectTiming, keyframes: KeyframeTrack<Value>) {
      self.name = name
      self.timing = timing
      self.keyframes = keyframes
    }
  }

  /// The tracks, in the order given.
  public var tracks: [Track] { storage }

  /// The tracks, mutated in place when sampling moves their cursors.
  @usableFromInline var storage: [Track]

  /// Creates a timeline.
  ///
  /// - Parameter tracks: Tracks with distinct names.
  /// - Throws: ``TimelineError/duplicateTrackName(_:)``.
  /// - Complexity: O(n²) in the number of tracks, which is small.
  public init(tracks: [Track]) throws(TimelineError) {
    for (index, track) in tracks.enumerated()
    where tracks[..<index].contains(where: { $0.name.hasSameScalars(as: track.name) }) {
      throw .duplicateTrackName(track.name)
    }
    storage = tracks
  }

  /// Returns the index of the track with a name, to sample by index later.
  ///
  /// - Parameter name: The track's name.
  /// - Returns: Its index, or `nil`.
  /// - Complexity: O(n) in the number of tracks.
  public func index(ofTrackNamed name: String) -> Int? {
    tracks.firstIndex { $0.name.hasSameScalars(as: name) }
  }

  /// Returns one track's value at a local time, or `nil` when its effect is
  /// not in effect (outside its active interval without fill).
  ///
  /// - Parameters:
  ///   - index: The track's index.
  ///   - localTime: The time in the timeline's local seconds.
  ///   - playbackRate: The sign of the playback direction.
  /// - Returns: The value, or `nil`.
  /// - Complexity: O(log k) in the track's keyframes.
  @inlinable
  @_optimize(speed)
  public func value(ofTrack index: Int, at localTime: Double, playbackRate: Double = 1) -> Value? {
    let track = storage[index]
    guard
      let progress = track.timing.computedTiming(at: localTime, playbackRate: playbackRate).progress
    else { return nil }
    return track.keyframes.value(at: progress)
  }

  /// Samples every track at a local time into `values`, in track order.
  ///
  /// The buffer is resized only when its count differs from the number of
  /// tracks; each track remembers its segment, so sampling forward in time
  /// costs O(1) per track.
  ///
  /// - Parameters:
  ///   - localTime: The time in the timeline's local seconds.
  ///   - playbackRate: The sign of the playback direction.
  ///   - values: The buffer to fill; `nil` for a track not in effect.
  /// - Complexity: O(tracks).
  @inlinable
  public mutating func sample(
    at localTime: Double, playbackRate: Double = 1, into values: inout [Value?]
  ) {
    if values.count != storage.count {
      values = [Value?](repeating: nil, count: storage.count)
    }
    // Through a buffer pointer, each track is used in place: no copy of its
    // timing or keyframes per sample.
    storage.withUnsafeMutableBufferPointer { tracks in
      for index in tracks.indices {
        let timing = tracks[index].timing.computedTiming(at: localTime, playbackRate: playbackRate)
        if let progress = timing.progress {
          values[index] = tracks[index].keyframes.sample(at: progress)
        } else {
          values[index] = nil
        }
      }
    }
  }
}
