//===----------------------------------------------------------------------===//
// ProgressIndicatorKit: points, sizes and rectangles, in points.
//===----------------------------------------------------------------------===//

/// A point, in points, with y growing downwards (as UIKit, SVG and terminals).
public struct FramePoint: Hashable, Sendable {
  /// The horizontal coordinate.
  public var x: Double
  /// The vertical coordinate, growing downwards.
  public var y: Double

  /// Creates a point.
  ///
  /// - Parameters:
  ///   - x: The horizontal coordinate.
  ///   - y: The vertical coordinate.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }
}

/// A width and a height, in points.
public struct FrameSize: Hashable, Sendable {
  /// The width.
  public var width: Double
  /// The height.
  public var height: Double

  /// Creates a size.
  ///
  /// - Parameters:
  ///   - width: The width.
  ///   - height: The height.
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// A zero size.
  public static let zero = FrameSize(width: 0, height: 0)
}

/// An axis-aligned rectangle, in points.
public struct FrameRect: Hashable, Sendable {
  /// The top-left corner.
  public var origin: FramePoint
  /// The size.
  public var size: FrameSize

  /// Creates a rectangle.
  ///
  /// - Parameters:
  ///   - x: The left edge.
  ///   - y: The top edge.
  ///   - width: The width.
  ///   - height: The height.
  public init(x: Double, y: Double, width: Double, height: Double) {
    origin = FramePoint(x: x, y: y)
    size = FrameSize(width: width, height: height)
  }

  /// The left edge.
  public var minX: Double { origin.x }
  /// The top edge.
  public var minY: Double { origin.y }
  /// The right edge.
  public var maxX: Double { origin.x + size.width }
  /// The bottom edge.
  public var maxY: Double { origin.y + size.height }
  /// The centre.
  package var center: FramePoint {
    FramePoint(x: origin.x + size.width / 2, y: origin.y + size.height / 2)
  }
}

// Codable, which Embedded Swift does not have (snapshots, JSON hosts).
#if !hasFeature(Embedded)
  extension FramePoint: Codable {}
  extension FrameSize: Codable {}
  extension FrameRect: Codable {}
#endif
