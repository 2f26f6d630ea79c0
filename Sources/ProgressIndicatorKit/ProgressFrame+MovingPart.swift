//===----------------------------------------------------------------------===//
// ProgressIndicatorKit: what of a frame moves while its model stands still —
// the one list of moving fields (spec FR-5, FR-10).
//===----------------------------------------------------------------------===//

/// The moving part of a frame: what changes while its model stands still
/// (spec FR-10).
///
/// The presented progress, the visible fraction, the segments' fractions
/// and rotations, and the Material 3 wave's amplitude and offset — each a
/// field of the frame, compared as the frame compares it (`==` on
/// `Double`s). This is the one list of what moves. Every other field of a
/// frame is still — the model's alone, as its still frame
/// (its frame with the moving part at rest) shows it — or follows from
/// the moving part and the model: the drawn line width, the path, the
/// track, the segments' geometry, the texts' and image's opacity, the stop
/// indicator's size. So two frames of one model show the same picture
/// exactly when their moving parts are equal (sampling is pure, FR-2); a
/// runtime keeps these ten numbers beside its wake time instead of a whole
/// frame (FR-5, FR-9).
struct MovingPart: Equatable, Sendable {
  var presentedProgress: Double
  var visibleFraction: Double
  var firstStart: Double
  var firstEnd: Double
  var firstRotation: Double
  var secondStart: Double
  var secondEnd: Double
  var secondRotation: Double
  /// The wave's amplitude, −1 without a wave (an amplitude is ≥ 0).
  var waveAmplitude: Double
  /// The wave's offset, −1 without a wave.
  var waveOffset: Double

  /// Unequal to every moving part, itself included (NaNs).
  static let none = MovingPart(
    presentedProgress: .nan, visibleFraction: .nan, firstStart: .nan, firstEnd: .nan,
    firstRotation: .nan, secondStart: .nan, secondEnd: .nan, secondRotation: .nan,
    waveAmplitude: .nan, waveOffset: .nan)

  init(
    presentedProgress: Double, visibleFraction: Double, firstStart: Double, firstEnd: Double,
    firstRotation: Double, secondStart: Double, secondEnd: Double, secondRotation: Double,
    waveAmplitude: Double, waveOffset: Double
  ) {
    self.presentedProgress = presentedProgress
    self.visibleFraction = visibleFraction
    self.firstStart = firstStart
    self.firstEnd = firstEnd
    self.firstRotation = firstRotation
    self.secondStart = secondStart
    self.secondEnd = secondEnd
    self.secondRotation = secondRotation
    self.waveAmplitude = waveAmplitude
    self.waveOffset = waveOffset
  }

  /// The moving part of a frame; a missing segment counts as the fractions
  /// −1 to −1 (which no segment has, so the moving parts of frames with
  /// different numbers of segments differ).
  init(_ frame: borrowing ProgressFrame) {
    let segments = frame.segments.moving
    self.init(
      presentedProgress: frame.presentedProgress, visibleFraction: frame.visibleFraction,
      firstStart: segments.firstStart, firstEnd: segments.firstEnd,
      firstRotation: segments.firstRotation, secondStart: segments.secondStart,
      secondEnd: segments.secondEnd, secondRotation: segments.secondRotation,
      waveAmplitude: frame.wave?.amplitude ?? -1, waveOffset: frame.wave?.offset ?? -1)
  }
}
