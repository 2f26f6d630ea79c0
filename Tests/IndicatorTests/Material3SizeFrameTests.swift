//===----------------------------------------------------------------------===//
// IndicatorTests: Material 3's ring sizes and their gaps in frames (spec
// MT-27).
//===----------------------------------------------------------------------===//

import ProgressIndicatorKit
import ProgressStateMachine
import Testing

@Suite("Material 3 sizes in frames")
struct Material3SizeFrameTests {
  typealias CircularSize = ProgressVariant.CircularSize

  /// A Material 3 ring at 50 %, in a 100 pt square frame.
  private func ring(_ size: CircularSize, _ shape: Material3Style.Shape = .flat) throws
    -> ProgressFrame
  {
    var configuration = ProgressConfiguration(variant: .circular(size: size, style: .empty))
    configuration.material3 = Material3Style(shape: shape)
    return try ProgressIndicatorModel(
      configuration: configuration, progress: 0.5, size: FrameSize(width: 100, height: 100)
    ).frame(at: 0)
  }

  @Test(
    "MT-27 Material 3's rings: 40 pt with a 4 pt line (48 pt when wavy), 28 pt with 3 pt, 20 pt with 2.5 pt; gaps 4, 3 and 2 pt",
    arguments: [
      (CircularSize.material3Medium, Material3Style.Shape.flat, 40.0, 4.0, 4.0),
      (.material3Medium, .wavy, 48, 4, 4),
      (.material3Small, .flat, 28, 3, 3),
      (.material3Small, .wavy, 28, 3, 3),
      (.material3ExtraSmall, .flat, 20, 2.5, 2),
    ])
  func sizes(
    size: CircularSize, shape: Material3Style.Shape, diameter: Double, line: Double, gap: Double
  ) throws {
    let frame = try ring(size, shape)
    let arc = try #require(frame.arc())
    #expect(frame.lineWidth == line)
    // The outer edge is the diameter: the stroke's centre half a line in.
    #expect(arc.radius == (diameter - line) / 2)
    #expect(arc.center == FramePoint(x: 50, y: 50))
    // MT-14 with this size's gap: the track starts the gap plus a line
    // width (the two half caps) after the indicator's end at 50 %, and
    // ends as far before 12 o'clock.
    let circumference = 2 * Double.pi * arc.radius
    let track = try #require(frame.trackArc)
    #expect(abs(track.startAngle - 360 * (0.5 + (gap + line) / circumference)) < 1e-9)
    #expect(abs(track.endAngle - 360 * (1 - (gap + line) / circumference)) < 1e-9)
  }
}
