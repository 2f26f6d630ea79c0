//===----------------------------------------------------------------------===//
// CommandTests: the frames the browser tests draw.
//===----------------------------------------------------------------------===//

import ProgressIndicatorKit
import ProgressStateMachine

/// A medium linear bar at rest at `progress`, in a 320 × 40 pt frame.
func linearFrame(_ progress: Double, track: Bool = true) throws -> ProgressFrame {
  let model = try ProgressIndicatorModel(
    configuration: ProgressConfiguration(
      variant: .linear(size: .medium, style: .empty), showsTrack: track),
    progress: progress, size: FrameSize(width: 320, height: 40))
  return model.frame(at: 0)
}
