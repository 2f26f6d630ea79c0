//===----------------------------------------------------------------------===//
// ProgressIndicatorKit: layout and geometry (spec CF-2, CF-3, CF-9, LG).
//===----------------------------------------------------------------------===//

import ProgressStateMachine
import Timeline

/// The metrics of every variant and size (CF-2, CF-3, LG-8).
package enum IndicatorMetrics {
  /// The thickness of a linear bar: 4, 8 and 16 pt.
  ///
  /// - Parameter size: The linear size.
  /// - Returns: The line width in points.
  package static func lineWidth(_ size: ProgressVariant.LinearSize) -> Double {
    switch size {
    case .small: return 4
    case .medium: return 8
    case .large: return 16
    }
  }

  /// The spacing between the label row and a linear bar: 4 pt small, 8 pt
  /// otherwise.
  ///
  /// - Parameter size: The linear size.
  /// - Returns: The spacing in points.
  static func labelSpacing(_ size: ProgressVariant.LinearSize) -> Double {
    size == .small ? 4 : 8
  }

  /// The font size of linear texts: 14 pt small, 16 pt otherwise.
  ///
  /// - Parameter size: The linear size.
  /// - Returns: The font size in points.
  package static func fontSize(_ size: ProgressVariant.LinearSize) -> Double {
    size == .small ? 14 : 16
  }

  /// The outer diameter and line width of a circular indicator: 64 and 4 pt
  /// small, 128 and 8 pt medium (CF-3); Material 3's 40 and 4 pt (48 pt
  /// across when wavy), 28 and 3 pt, 20 and 2.5 pt (MT-27).
  ///
  /// - Parameters:
  ///   - size: The circular size.
  ///   - isWavy: Whether the ring is Material 3's wavy one.
  /// - Returns: The diameter and line width in points.
  package static func ring(_ size: ProgressVariant.CircularSize, isWavy: Bool = false) -> (
    diameter: Double, lineWidth: Double
  ) {
    switch size {
    case .small: return (64, 4)
    case .medium: return (128, 8)
    case .material3Medium: return (isWavy ? 48 : 40, 4)
    case .material3Small: return (28, 3)
    case .material3ExtraSmall: return (20, 2.5)
    }
  }

  /// The font size of the circular percentage: 17 pt small, 28 pt medium.
  ///
  /// - Parameter size: The circular size.
  /// - Returns: The font size in points.
  package static func fontSize(_ size: ProgressVariant.CircularSize) -> Double {
    size == .small ? 17 : 28
  }

  /// The gap kept between a truncated left label and the percentage: 8 pt.
  package static let labelGap = 8.0

  /// The gap between the ring and the centre image: 3 pt.
  static let imageGap = 3.0
}

/// The geometry of an indicator in its frame, computed once per change of
/// configuration, size or measurer (LG-5) and reused by every frame.
///
/// What every frame reads is stored first and inline; the texts and the
/// image, which most indicators do not have, are kept out of line
/// (``Items``), so a frame of an indicator without them reads one word for
/// them (issue 22 §4).
struct IndicatorLayout: Hashable, Sendable {
  var shape: ProgressFrame.Shape
  var lineWidth: Double
  // Linear: the stroke path from pathStartX to pathEndX at barCenterY.
  var pathStartX = 0.0
  var pathEndX = 0.0
  var barCenterY = 0.0
  // Circular: the ring.
  var center = FramePoint(x: 0, y: 0)
  var radius = 0.0
  var clip: FrameRect?
  /// The whole path at the full line width: every frame's path while the
  /// indicator is fully shown, computed once.
  var fullPath: SegmentGeometry = .line(LineGeometry(fromX: 0, toX: 0, centerY: 0, lineWidth: 0))
  /// The texts and the image, out of line (a word), or `nil` when there
  /// are none.
  private var itemBox: Boxed<Items>?

  /// The texts and the image of a layout; the percentage box is laid out
  /// for the widest text, "100%", so it does not move while the value
  /// changes.
  struct Items: Hashable, Sendable {
    var percentageFrame: FrameRect?
    var percentageFontSize = 0.0
    var percentageAlignment = TextItem.Alignment.right
    var leftLabel: TextItem?
    var image: ImageItem?

    /// Whether there is nothing to show.
    var isEmpty: Bool { percentageFrame == nil && leftLabel == nil && image == nil }
  }

  /// The texts and the image, or `nil` when the indicator has none.
  var items: Items? { itemBox?.value }

  /// Lays out an indicator.
  init(configuration: ProgressConfiguration, bounds: FrameSize, measurer: any TextMeasurer) {
    var items = Items()
    let width = bounds.width
    let height = bounds.height
    let mirrored = configuration.layoutDirection == .rightToLeft
    switch configuration.variant {
    case .linear(let size, let style):
      shape = .linear
      lineWidth = IndicatorMetrics.lineWidth(size)
      // The caps stay inside the frame: the path runs from lw/2 to W − lw/2
      // (empty when the frame is narrower than a line width).
      let inset = lineWidth / 2
      let start = inset
      let end = max(width - inset, start)
      pathStartX = mirrored ? end : start
      pathEndX = mirrored ? start : end
      let labelled = style != .empty
      let fontSize = IndicatorMetrics.fontSize(size)
      let lineHeight = measurer.measuredLineHeight(fontSize: fontSize)
      let spacing = IndicatorMetrics.labelSpacing(size)
      let contentHeight = labelled ? lineHeight + spacing + lineWidth : lineWidth
      let top = (height - contentHeight) / 2
      barCenterY = labelled ? top + lineHeight + spacing + lineWidth / 2 : height / 2
      var reserved = 0.0
      if style == .percentage {
        let boxWidth = min(measurer.measuredWidth(of: "100%", fontSize: fontSize), width)
        reserved = boxWidth + IndicatorMetrics.labelGap
        items.percentageFrame = FrameRect(
          x: mirrored ? 0 : width - boxWidth, y: top, width: boxWidth, height: lineHeight)
        items.percentageFontSize = fontSize
        items.percentageAlignment = mirrored ? .left : .right
      }
      if labelled, let text = configuration.leftLabelText, !text.isEmpty {
        let available = max(width - reserved, 0)
        let shown = measurer.truncate(text, fontSize: fontSize, toWidth: available)
        if !shown.isEmpty {
          let textWidth = min(measurer.measuredWidth(of: shown, fontSize: fontSize), available)
          items.leftLabel = TextItem(
            text: shown,
            frame: FrameRect(
              x: mirrored ? width - textWidth : 0, y: top, width: textWidth, height: lineHeight),
            fontSize: fontSize, alignment: mirrored ? .right : .left, opacity: 1,
            isTruncated: !shown.hasSameScalars(as: text))
        }
      }
      if contentHeight > height || width < lineWidth {
        clip = FrameRect(x: 0, y: 0, width: width, height: height)
      }
    case .circular(let size, let style):
      shape = .circular
      let ring = IndicatorMetrics.ring(size, isWavy: configuration.material3?.isWavy == true)
      let diameter = ring.diameter
      lineWidth = ring.lineWidth
      radius = (diameter - lineWidth) / 2
      center = FramePoint(x: width / 2, y: height / 2)
      switch style {
      case .percentage:
        let fontSize = IndicatorMetrics.fontSize(size)
        let lineHeight = measurer.measuredLineHeight(fontSize: fontSize)
        let boxWidth = measurer.measuredWidth(of: "100%", fontSize: fontSize)
        items.percentageFrame = FrameRect(
          x: center.x - boxWidth / 2, y: center.y - lineHeight / 2, width: boxWidth,
          height: lineHeight)
        items.percentageFontSize = fontSize
        items.percentageAlignment = .center
      case .image(let picture):
        let room = diameter - 2 * (lineWidth + IndicatorMetrics.imageGap)
        if picture.pixelWidth > 0, picture.pixelHeight > 0 {
          let pixelWidth = Double(picture.pixelWidth)
          let pixelHeight = Double(picture.pixelHeight)
          let scale = min(room / pixelWidth, room / pixelHeight)
          let fitted = FrameSize(width: pixelWidth * scale, height: pixelHeight * scale)
          items.image = ImageItem(
            image: picture,
            frame: FrameRect(
              x: center.x - fitted.width / 2, y: center.y - fitted.height / 2, width: fitted.width,
              height: fitted.height),
            clipCenter: center, clipRadius: room / 2, opacity: 1)
        }
      case .empty:
        break
      }
      if width < diameter || height < diameter {
        clip = FrameRect(x: 0, y: 0, width: width, height: height)
      }
    }
    fullPath = trackSegment(lineWidth: lineWidth, centerY: barCenterY).geometry
    if !items.isEmpty { itemBox = Boxed(items) }
  }

  /// The whole path as a segment of the given stroke width, centred at
  /// `centerY` (a linear bar collapsing while it hides).
  @_optimize(speed)
  func trackSegment(lineWidth drawn: Double, centerY: Double) -> Segment {
    switch shape {
    case .linear:
      return Segment(
        start: 0, end: 1,
        geometry: .line(
          LineGeometry(fromX: pathStartX, toX: pathEndX, centerY: centerY, lineWidth: drawn)))
    case .circular:
      return Segment(
        start: 0, end: 1,
        geometry: .arc(
          ArcGeometry(
            center: center, radius: radius, lineWidth: drawn, startAngle: 0, endAngle: 360,
            rotation: 0)))
    }
  }

  /// A segment from `start` to `end` along a path of `pathDegrees` (circular)
  /// or along the bar (linear).
  @_optimize(speed)
  func segment(
    from start: Double, to end: Double, lineWidth drawn: Double, centerY: Double,
    pathDegrees: Double,
    rotation: Double
  ) -> Segment {
    switch shape {
    case .linear:
      let length = pathEndX - pathStartX
      return Segment(
        start: start, end: end,
        geometry: .line(
          LineGeometry(
            fromX: pathStartX + start * length, toX: pathStartX + end * length, centerY: centerY,
            lineWidth: drawn)))
    case .circular:
      return Segment(
        start: start, end: end,
        geometry: .arc(
          ArcGeometry(
            center: center, radius: radius, lineWidth: drawn, startAngle: start * pathDegrees,
            endAngle: end * pathDegrees, rotation: rotation)))
    }
  }
}
