//===----------------------------------------------------------------------===//
// ProgressStateMachine: variants, sizes and styles (spec CF).
//===----------------------------------------------------------------------===//

import Timeline

/// The shape of an indicator, with the size and style that shape allows.
///
/// The associated values make impossible combinations unrepresentable: a
/// circular indicator has no `large` size and a linear one has no image.
/// See rules CF-1 to CF-6 of `Docs/spec.md`.
///
/// ```swift
/// let bar = ProgressVariant.linear(size: .medium, style: .percentage)
/// let ring = ProgressVariant.circular(size: .small, style: .empty)
/// bar.showsPercentage   // true
/// ring.showsLeftLabel   // false
/// ```
public enum ProgressVariant: Hashable, Sendable {
  /// A horizontal bar that takes the width of its frame (CF-1).
  case linear(size: LinearSize, style: LinearStyle)
  /// A ring of fixed diameter, centred in its frame (CF-1).
  case circular(size: CircularSize, style: CircularStyle)

  /// The sizes of a linear bar (CF-2).
  public enum LinearSize: String, Hashable, Sendable, CaseIterable {
    /// A 4 pt thick bar.
    case small
    /// An 8 pt thick bar.
    case medium
    /// A 16 pt thick bar.
    case large
  }

  /// The sizes of a circular indicator (CF-3), and Material 3's (MT-27).
  public enum CircularSize: String, Hashable, Sendable, CaseIterable {
    /// 64 pt across with a 4 pt line.
    case small
    /// 128 pt across with an 8 pt line.
    case medium
    /// Material 3's default ring: 40 pt across with a 4 pt line, 48 pt
    /// across when wavy; Material 3 only.
    case material3Medium
    /// Material 3's small ring: 28 pt across with a 3 pt line; Material 3
    /// only.
    case material3Small
    /// Material 3's extra-small ring: 20 pt across with a 2.5 pt line;
    /// Material 3 only.
    case material3ExtraSmall

    /// Whether this is one of Material 3's sizes, which only a Material 3
    /// configuration with nothing in the centre may use (MT-28).
    public var isMaterial3: Bool {
      self != .small && self != .medium
    }
  }

  /// What a linear bar shows besides the bar itself (CF-4).
  public enum LinearStyle: String, Hashable, Sendable, CaseIterable {
    /// The percentage at the top right and the optional left label at the
    /// top left.
    case percentage
    /// Only the optional left label at the top left.
    case labelOnly
    /// Nothing but the bar.
    case empty
  }

  /// What a circular indicator shows in its centre (CF-5).
  public enum CircularStyle: Hashable, Sendable {
    /// The percentage, centred.
    case percentage
    /// An image fitted (never stretched) and clipped round in the centre.
    indirect case image(ProgressImage)
    /// Nothing.
    case empty
  }

  /// Whether this style shows a percentage text while the indicator is
  /// determinate (CF-4, CF-5, PX-4).
  public var showsPercentage: Bool {
    switch self {
    case .linear(_, .percentage), .circular(_, .percentage): return true
    default: return false
    }
  }

  /// Whether this style shows the left label (linear `percentage` and
  /// `labelOnly` only, CF-6).
  public var showsLeftLabel: Bool {
    switch self {
    case .linear(_, .percentage), .linear(_, .labelOnly): return true
    default: return false
    }
  }
}

/// An image to draw in the centre of a circular indicator, described without
/// any UI framework so that every backend can draw it.
///
/// ```swift
/// let flag = ProgressImage(identifier: "flag", pixelWidth: 120, pixelHeight: 80)
/// ```
public struct ProgressImage: Hashable, Sendable {
  /// A name the host's renderer resolves to pixels (an asset name, a path).
  public var identifier: String
  /// The image's width in pixels.
  public var pixelWidth: Int
  /// The image's height in pixels.
  public var pixelHeight: Int
  /// The encoded image (PNG, JPEG, …), for backends that embed it, or `nil`
  /// when the renderer resolves ``identifier`` itself.
  public var encodedData: [UInt8]?

  /// Creates an image description.
  ///
  /// - Parameters:
  ///   - identifier: A name the renderer resolves to pixels.
  ///   - pixelWidth: The width in pixels.
  ///   - pixelHeight: The height in pixels.
  ///   - encodedData: The encoded image bytes, if the backend should embed
  ///     them.
  public init(identifier: String, pixelWidth: Int, pixelHeight: Int, encodedData: [UInt8]? = nil) {
    self.identifier = identifier
    self.pixelWidth = pixelWidth
    self.pixelHeight = pixelHeight
    self.encodedData = encodedData
  }
}

extension ProgressImage {
  /// Whether two images are the same: the same identifier (by its Unicode
  /// scalars, as a renderer resolves it), size and data.
  ///
  /// - Parameters:
  ///   - left: An image.
  ///   - right: Another image.
  /// - Returns: Whether they are the same.
  public static func == (left: ProgressImage, right: ProgressImage) -> Bool {
    left.identifier.hasSameScalars(as: right.identifier) && left.pixelWidth == right.pixelWidth
      && left.pixelHeight == right.pixelHeight && left.encodedData == right.encodedData
  }
}

// Codable, which Embedded Swift does not have (snapshots, JSON hosts).
#if !hasFeature(Embedded)
  extension ProgressVariant: Codable {}
  extension ProgressVariant.LinearSize: Codable {}
  extension ProgressVariant.CircularSize: Codable {}
  extension ProgressVariant.LinearStyle: Codable {}
  extension ProgressVariant.CircularStyle: Codable {}
  extension ProgressImage: Codable {}
#endif
