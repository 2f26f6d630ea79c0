//===----------------------------------------------------------------------===//
// IndicatorTests: helpers.
//===----------------------------------------------------------------------===//

import ProgressIndicatorKit
import ProgressStateMachine
import Testing

/// Creates a model in a frame of the given size.
func makeModel(
  _ variant: ProgressVariant,
  width: Double = 320,
  height: Double = 60,
  label: String? = nil,
  showsTrack: Bool = true,
  direction: LayoutDirection = .leftToRight,
  type: ProgressType = .determinate,
  progress: Double = 0,
  style: IndeterminateStyle = .vitamin,
  reducesMotion: Bool = false
) throws -> ProgressIndicatorModel {
  try ProgressIndicatorModel(
    configuration: ProgressConfiguration(
      variant: variant, showsTrack: showsTrack, leftLabelText: label, reducesMotion: reducesMotion,
      indeterminateStyle: style, layoutDirection: direction),
    progressType: type, progress: progress, size: FrameSize(width: width, height: height))
}

extension ProgressFrame {
  /// The line geometry of segment `index`, or `nil`.
  func line(_ index: Int = 0) -> LineGeometry? {
    guard index < segments.count, case .line(let line) = segments[index].geometry else {
      return nil
    }
    return line
  }

  /// The arc geometry of segment `index`, or `nil`.
  func arc(_ index: Int = 0) -> ArcGeometry? {
    guard index < segments.count, case .arc(let arc) = segments[index].geometry else { return nil }
    return arc
  }

  /// The line geometry of the track, or `nil`.
  var trackLine: LineGeometry? {
    guard let track, case .line(let line) = track.geometry else { return nil }
    return line
  }

  /// The arc geometry of the track, or `nil`.
  var trackArc: ArcGeometry? {
    guard let track, case .arc(let arc) = track.geometry else { return nil }
    return arc
  }
}

/// |a − b| ≤ tolerance.
func close(_ a: Double?, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
  guard let a else { return false }
  return abs(a - b) <= tolerance
}
