//===----------------------------------------------------------------------===//
// ProgressIndicatorKit: everything visible at one instant (spec FR).
//===----------------------------------------------------------------------===//

import ProgressStateMachine
import Timeline

/// Everything a renderer must draw for one indicator at one instant, in
/// points, with no backend in mind.
///
/// A frame is complete: a renderer draws the track, then the segments, then
/// the texts and the image, clipped to ``clip`` when set, and needs nothing
/// else. Angles are in degrees, clockwise from 12 o'clock; y grows downwards.
///
/// ```swift
/// var model = try ProgressIndicatorModel(
///   configuration: ProgressConfiguration(variant: .circular(size: .medium, style: .percentage)),
///   size: FrameSize(width: 160, height: 160))
/// model.send(.setProgress(0.25, animated: true), at: 0)
/// let frame = model.frame(at: 0.1)
/// if let track = frame.track { print("track", track, frame.theme.track) }
/// for segment in frame.segments { print("arc", segment.geometry, frame.theme.progress) }
/// if let text = frame.percentage { print(text.text, "in", text.frame) }
/// ```
public struct ProgressFrame: Hashable, Sendable {
  /// The time the frame describes, in seconds on the host's clock.
  public var time: Double
  /// The size of the frame the indicator is laid out in.
  public var size: FrameSize
  /// Linear or circular.
  public var shape: Shape
  /// The progress type.
  public var progressType: ProgressType
  /// Whether the indeterminate loop runs.
  public var isIndeterminateAnimating: Bool
  /// The model progress: the target of the last `setProgress` (PV-4).
  public var progress: Double
  /// The determinate value the bar shows now (DA-1); 0 while indeterminate.
  public var presentedProgress: Double
  /// The visible fraction: 1 shown, 0 hidden, in between while showing or
  /// hiding; strokes are drawn this much of their full width (VS-9).
  public var visibleFraction: Double
  /// Whether the indicator is fully hidden: then nothing is drawn.
  ///
  /// Nothing is drawn either while ``visibleFraction`` is 0 — at the very
  /// start of an animated show, when `isHidden` is already `false`: a
  /// renderer draws when `visibleFraction > 0`.
  public var isHidden: Bool
  /// The stroke width drawn now: the full line width × ``visibleFraction``.
  public var lineWidth: Double
  /// The whole path the segments' fractions are measured on, at the drawn
  /// width, whether the track is drawn or not: a bar's line or a ring's
  /// circle (FR-1).
  public var path: SegmentGeometry
  /// The track, the whole path, or `nil` when not drawn.
  public var track: Segment?
  /// The indicator segments, in drawing order: none, one or two.
  public var segments: Segments
  /// The percentage text, or `nil` when none is shown.
  public var percentage: TextItem?
  /// The left label of a linear bar, or `nil`.
  public var leftLabel: TextItem?
  /// The centre image of a circular indicator, or `nil`.
  public var image: ImageItem?
  /// The rectangle to clip to when the indicator does not fit its frame, or
  /// `nil` when everything fits (LG-2, LG-4).
  public var clip: FrameRect?
  /// The colours.
  public var theme: ProgressTheme
  /// The layout direction.
  public var layoutDirection: LayoutDirection
  /// The accessibility label, or `nil` for the platform's default (AX-1).
  public var accessibilityLabel: String?
  /// The accessibility value, or `nil` when hidden (AX-2 to AX-4).
  public var accessibilityValue: AccessibilityValue?
  /// The Material 3 wave the indicator segments follow, or `nil` when they
  /// are straight (MT-13).
  public var wave: WaveGeometry? = nil
  /// The square a Material 3 stop indicator fills as a round dot, or `nil`
  /// (MT-15).
  public var stopIndicator: FrameRect? = nil

  /// The two shapes of an indicator.
  public enum Shape: String, Hashable, Sendable {
    /// A horizontal bar.
    case linear
    /// A ring.
    case circular
  }
}

extension ProgressFrame {
  /// Creates a frame from its parts: for a renderer's tests, which draw
  /// frames they build, and for hosts that compute frames of their own.

  ///
  /// A frame built here is not checked against the layout rules; the
  /// engine's frames come from ``ProgressIndicatorModel/frame(at:)``.
  ///
  /// ```swift
  /// let bar = ProgressFrame(
  ///   time: 0, size: FrameSize(width: 200, height: 8), shape: .linear,
  ///   progress: 0.5, presentedProgress: 0.5, lineWidth: 8,
  ///   path: .line(LineGeometry(fromX: 4, toX: 196, centerY: 4, lineWidth: 8)),
  ///   segments: [
  ///     Segment(start: 0, end: 0.5, geometry: .line(LineGeometry(fromX: 4, toX: 100, centerY: 4, lineWidth: 8)))
  ///   ],
  ///   accessibilityValue: .percent(50))
  /// ```
  ///
  /// - Parameters:
  ///   - time: The time it describes.
  ///   - size: The size of the indicator's frame.
  ///   - shape: Linear or circular.
  ///   - progressType: The progress type; determinate by default.
  ///   - isIndeterminateAnimating: Whether the loop runs.
  ///   - progress: The model progress.
  ///   - presentedProgress: The value the bar shows now.
  ///   - visibleFraction: The visible fraction; 1 by default.
  ///   - isHidden: Whether nothing is drawn.
  ///   - lineWidth: The stroke width drawn now.
  ///   - path: The whole path the fractions are measured on.
  ///   - track: The track, or `nil`.
  ///   - segments: The indicator segments, at most two (any more are
  ///     ignored).
  ///   - percentage: The percentage text, or `nil`.
  ///   - leftLabel: The left label, or `nil`.
  ///   - image: The centre image, or `nil`.
  ///   - clip: The clip rectangle, or `nil`.
  ///   - theme: The colours; Vitamin's light theme by default.
  ///   - layoutDirection: The layout direction.
  ///   - accessibilityLabel: The accessibility label, or `nil`.
  ///   - accessibilityValue: The accessibility value, or `nil` when hidden.
  public init(
    time: Double,
    size: FrameSize,
    shape: Shape,
    progressType: ProgressType = .determinate,
    isIndeterminateAnimating: Bool = false,
    progress: Double = 0,
    presentedProgress: Double = 0,
    visibleFraction: Double = 1,
    isHidden: Bool = false,
    lineWidth: Double,
    path: SegmentGeometry,
    track: Segment? = nil,
    segments: [Segment] = [],
    percentage: TextItem? = nil,
    leftLabel: TextItem? = nil,
    image: ImageItem? = nil,
    clip: FrameRect? = nil,
    theme: ProgressTheme = .light,
    layoutDirection: LayoutDirection = .leftToRight,
    accessibilityLabel: String? = nil,
    accessibilityValue: AccessibilityValue?
  ) {
    self.time = time
    self.size = size
    self.shape = shape
    self.progressType = progressType
    self.isIndeterminateAnimating = isIndeterminateAnimating
    self.progress = progress
    self.presentedProgress = presentedProgress
    self.visibleFraction = visibleFraction
    self.isHidden = isHidden
    self.lineWidth = lineWidth
    self.path = path
    self.track = track
    self.segments = Segments(segments)
    self.percentage = percentage
    self.leftLabel = leftLabel
    self.image = image
    self.clip = clip
    self.theme = theme
    self.layoutDirection = layoutDirection
    self.accessibilityLabel = accessibilityLabel
    self.accessibilityValue = accessibilityValue
  }
}

extension ProgressFrame {
  /// Whether two frames are the same: every field equal, the texts the same
  /// Unicode scalars.
  ///
  /// Texts are compared as what is drawn, not by canonical equivalence: a
  /// label whose scalars change is a change to draw (FR-5).
  ///
  /// - Parameters:
  ///   - left: A frame.
  ///   - right: Another frame.
  /// - Returns: Whether they are the same.
  public static func == (left: ProgressFrame, right: ProgressFrame) -> Bool {
    left.time == right.time && left.showsSamePicture(as: right)
  }

  /// Whether two frames show the same picture: equal in everything but
  /// their times.
  ///
  /// The rule of FR-5: a frame that repeats the last one is not delivered.
  /// The time is part of a frame, since sinks that record or trace need
  /// it; ``==`` is this and equal times, so the two cannot disagree on a
  /// field.
  ///
  /// - Parameter other: Another frame.
  /// - Returns: Whether everything but the time is equal.
  package func showsSamePicture(as other: ProgressFrame) -> Bool {
    size == other.size && shape == other.shape && progressType == other.progressType
      && isIndeterminateAnimating == other.isIndeterminateAnimating
      && progress == other.progress && presentedProgress == other.presentedProgress
      && visibleFraction == other.visibleFraction && isHidden == other.isHidden
      && lineWidth == other.lineWidth && path == other.path && track == other.track
      && segments == other.segments && percentage == other.percentage
      && leftLabel == other.leftLabel && image == other.image && clip == other.clip
      && theme == other.theme && layoutDirection == other.layoutDirection
      && accessibilityLabel.hasSameScalars(as: other.accessibilityLabel)
      && accessibilityValue == other.accessibilityValue && wave == other.wave
      && stopIndicator == other.stopIndicator
  }
}

/// A stretch of the indicator's path: its fractions and its geometry.
///
/// The geometry is what to stroke. The fractions say where the stretch lies
/// along the path, for a renderer that draws by fraction rather than from
/// the geometry (a text bar, a gradient, a list of cells). In the engine's
/// frames (FR-1):
///
/// - **On a bar**, 0 is where the bar fills from (its left end left to
///   right, its right end right to left) and 1 its other end:
///   `0 ≤ start < end ≤ 1`.
/// - **On a ring**, a fraction is a share of the loop's path, which is one
///   turn (360°) or, for Vitamin's loop, two turns (720°): the arc's angles
///   are the fractions × that path, plus its rotation. The fractions lie in
///   **[−0.125, 1]**: the quarter arc a reduced-motion loop shows, centred
///   on 12 o'clock, runs from −0.125 to 0.125 (IM-6). A fraction is
///   therefore not a position on the drawn circle: draw a ring from its
///   ``ArcGeometry``, and clamp or wrap before indexing anything by a
///   ring's fraction.
///
/// The track is the whole path, 0 to 1.
public struct Segment: Hashable, Sendable {
  /// Where the segment starts, as a fraction of the path: in [0, 1) on a
  /// bar, in [−0.125, 1) on a ring (see ``Segment``).
  public var start: Double
  /// Where it ends, as a fraction of the path (> ``start``, at most 1).
  public var end: Double
  /// How to draw it.
  public var geometry: SegmentGeometry

  /// Creates a segment.
  ///
  /// - Parameters:
  ///   - start: The start fraction.
  ///   - end: The end fraction.
  ///   - geometry: The geometry.
  public init(start: Double, end: Double, geometry: SegmentGeometry) {
    self.start = start
    self.end = end
    self.geometry = geometry
  }
}

/// The geometry of a segment, stroked with round caps.
public enum SegmentGeometry: Hashable, Sendable {
  /// A straight stroke.
  case line(LineGeometry)
  /// A circular arc.
  case arc(ArcGeometry)

  /// An arc's rotation in degrees; 0 for a line.
  var rotation: Double {
    if case .arc(let arc) = self { return arc.rotation }
    return 0
  }
}

/// A horizontal stroke with round caps from `fromX` to `toX`.
///
/// The caps extend half a line width beyond both ends, so the visible length
/// is |toX − fromX| + lineWidth. Right to left, `toX` is left of `fromX`.
public struct LineGeometry: Hashable, Sendable {
  /// Where the stroke starts.
  public var fromX: Double
  /// Where the stroke ends.
  public var toX: Double
  /// The vertical centre of the stroke.
  public var centerY: Double
  /// The stroke width.
  public var lineWidth: Double

  /// The visible length, caps included.
  package var visibleLength: Double { abs(toX - fromX) + lineWidth }

  /// Creates a line.
  ///
  /// - Parameters:
  ///   - fromX: Where the stroke starts.
  ///   - toX: Where it ends.
  ///   - centerY: Its vertical centre.
  ///   - lineWidth: Its width.
  public init(fromX: Double, toX: Double, centerY: Double, lineWidth: Double) {
    self.fromX = fromX
    self.toX = toX
    self.centerY = centerY
    self.lineWidth = lineWidth
  }
}

/// A circular arc with round caps, drawn clockwise from `startAngle` to
/// `endAngle`, both turned by `rotation`.
public struct ArcGeometry: Hashable, Sendable {
  /// The centre of the circle.
  public var center: FramePoint
  /// The radius of the stroke's centreline.
  public var radius: Double
  /// The stroke width.
  public var lineWidth: Double
  /// The start angle in degrees clockwise from 12 o'clock, before rotation;
  /// may exceed 360 on Vitamin's two-turn path.
  public var startAngle: Double
  /// The end angle, ≥ ``startAngle``.
  public var endAngle: Double
  /// A rotation in degrees added to both angles (Material's spinning
  /// stroke); 0 otherwise.
  public var rotation: Double

  /// Creates an arc.
  ///
  /// - Parameters:
  ///   - center: The centre of the circle.
  ///   - radius: The radius of the centreline.
  ///   - lineWidth: The stroke width.
  ///   - startAngle: The start, in degrees clockwise from 12 o'clock.
  ///   - endAngle: The end, ≥ `startAngle`.
  ///   - rotation: Degrees added to both angles.
  public init(
    center: FramePoint, radius: Double, lineWidth: Double, startAngle: Double, endAngle: Double,
    rotation: Double = 0
  ) {
    self.center = center
    self.radius = radius
    self.lineWidth = lineWidth
    self.startAngle = startAngle
    self.endAngle = endAngle
    self.rotation = rotation
  }
}

/// A text to draw in a rectangle.
public struct TextItem: Hashable, Sendable {
  /// How text sits in its rectangle.
  public enum Alignment: String, Hashable, Sendable {
    /// Against the left edge.
    case left
    /// Centred.
    case center
    /// Against the right edge.
    case right
  }

  /// The text, truncated with "…" if it had to be.
  public var text: String
  /// The rectangle it sits in; its height is one line.
  public var frame: FrameRect
  /// The font size in points.
  public var fontSize: Double
  /// The alignment in the rectangle.
  public var alignment: Alignment
  /// The opacity: the frame's visibility, so text fades with the stroke.
  public var opacity: Double
  /// Whether the text was shortened to fit (LG-3).
  public var isTruncated: Bool

  /// Creates a text item.
  ///
  /// - Parameters:
  ///   - text: The text, as drawn.
  ///   - frame: Its rectangle, one line high.
  ///   - fontSize: The font size in points.
  ///   - alignment: The alignment in the rectangle.
  ///   - opacity: The opacity; 1 by default.
  ///   - isTruncated: Whether the text was shortened to fit.
  public init(
    text: String, frame: FrameRect, fontSize: Double, alignment: Alignment, opacity: Double = 1,
    isTruncated: Bool = false
  ) {
    self.text = text
    self.frame = frame
    self.fontSize = fontSize
    self.alignment = alignment
    self.opacity = opacity
    self.isTruncated = isTruncated
  }
}

extension TextItem {
  /// Whether two text items are the same: every field equal, the texts the
  /// same Unicode scalars (what is drawn).
  ///
  /// - Parameters:
  ///   - left: A text item.
  ///   - right: Another text item.
  /// - Returns: Whether they are the same.
  public static func == (left: TextItem, right: TextItem) -> Bool {
    left.text.hasSameScalars(as: right.text) && left.frame == right.frame
      && left.fontSize == right.fontSize && left.alignment == right.alignment
      && left.opacity == right.opacity && left.isTruncated == right.isTruncated
  }
}

/// The centre image of a circular indicator, fitted and clipped round
/// (CF-9).
public struct ImageItem: Hashable, Sendable {
  /// The image.
  public var image: ProgressImage
  /// The rectangle the image is drawn in: aspect-fit, never stretched.
  public var frame: FrameRect
  /// The centre of the round clip.
  public var clipCenter: FramePoint
  /// The radius of the round clip.
  public var clipRadius: Double
  /// The opacity: the frame's visibility.
  public var opacity: Double

  /// Creates an image item.
  ///
  /// - Parameters:
  ///   - image: The image.
  ///   - frame: The rectangle it is drawn in.
  ///   - clipCenter: The centre of the round clip.
  ///   - clipRadius: The radius of the round clip.
  ///   - opacity: The opacity; 1 by default.
  public init(
    image: ProgressImage, frame: FrameRect, clipCenter: FramePoint, clipRadius: Double,
    opacity: Double = 1
  ) {
    self.image = image
    self.frame = frame
    self.clipCenter = clipCenter
    self.clipRadius = clipRadius
    self.opacity = opacity
  }
}

/// The segments of a frame: at most two, stored inline so that sampling a
/// frame never allocates.
public struct Segments: RandomAccessCollection, ExpressibleByArrayLiteral, Hashable, Sendable {
  /// The first segment; `unused` when there is none.
  private var head = Segments.unused
  /// The second segment; `unused` when there are fewer than two.
  private var second = Segments.unused
  /// The number of segments, 0 to 2.
  ///
  /// Kept beside them rather than read from optionals: in the WebAssembly
  /// build each test, copy and clearing of an optional segment was a call
  /// (issue 22 §3).
  private var count8: UInt8 = 0

  /// What an empty place holds.
  ///
  /// Always the same, so that equal collections are equal field by field.
  private static let unused = Segment(
    start: 0, end: 0,
    geometry: .line(LineGeometry(fromX: 0, toX: 0, centerY: 0, lineWidth: 0)))

  /// No segment.
  public init() {}

  /// The first two segments of a sequence; any more are ignored (no motion
  /// has more than two).
  ///
  /// - Parameter segments: The segments, in drawing order.
  public init(_ segments: some Sequence<Segment>) {
    for segment in segments { append(segment) }
  }

  /// The segments of an array literal: at most two, any more ignored.
  ///
  /// - Parameter segments: The segments, in drawing order.
  public init(arrayLiteral segments: Segment...) {
    self.init(segments)
  }

  /// 0.
  public var startIndex: Int { 0 }
  /// The number of segments, 0 to 2.
  public var endIndex: Int { Int(count8) }

  /// The segment at a position.
  ///
  /// - Parameter position: 0 or 1, less than ``count``.
  public subscript(position: Int) -> Segment {
    precondition(position >= 0 && position < Int(count8), "segment index out of range")
    return position == 0 ? head : second
  }

  /// The segments' fractions, −1 for a missing segment's, and their arcs'
  /// rotations, 0 for a line's or a missing segment's: what
  /// ``MovingPart`` keeps of them, read without iterating.
  var moving:
    (
      firstStart: Double, firstEnd: Double, firstRotation: Double, secondStart: Double,
      secondEnd: Double, secondRotation: Double
    )
  {
    (
      count8 > 0 ? head.start : -1, count8 > 0 ? head.end : -1,
      count8 > 0 ? head.geometry.rotation : 0, count8 > 1 ? second.start : -1,
      count8 > 1 ? second.end : -1, count8 > 1 ? second.geometry.rotation : 0
    )
  }

  /// Adds a segment; a third one is ignored (no motion has more than two).
  ///
  /// - Parameter segment: The segment to add.
  mutating func append(_ segment: Segment) {
    if count8 == 0 {
      head = segment
      count8 = 1
    } else if count8 == 1 {
      second = segment
      count8 = 2
    }
  }
}

// Codable, which Embedded Swift does not have (snapshots, JSON hosts).
#if !hasFeature(Embedded)
  extension ProgressFrame: Codable {}
  extension ProgressFrame.Shape: Codable {}
  extension Segment: Codable {}
  extension SegmentGeometry: Codable {}
  extension LineGeometry: Codable {}
  extension ArcGeometry: Codable {}
  extension TextItem: Codable {}
  extension TextItem.Alignment: Codable {}
  extension ImageItem: Codable {}
  extension Segments: Codable {
    /// Creates the collection from an array decoded as JSON.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: A decoding error.
    public init(from decoder: any Decoder) throws {
      self.init()
      var container = try decoder.unkeyedContainer()
      while !container.isAtEnd { append(try container.decode(Segment.self)) }
    }

    /// Encodes the segments as a JSON array.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: An encoding error.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.unkeyedContainer()
      for segment in self { try container.encode(segment) }
    }
  }
#endif
