//===----------------------------------------------------------------------===//
// ProgressStateMachine: the Material 3 family, flat and wavy (spec MT).
//===----------------------------------------------------------------------===//

/// Material 3's progress indicators: a gap between indicator and track, a
/// stop indicator, rounded ends, and optionally the Expressive wave (MT-1).
///
/// Set it on ``ProgressConfiguration/material3``; `nil` keeps the Vitamin or
/// Material 2 look that ``ProgressConfiguration/indeterminateStyle`` picks.
///
/// ```swift
/// var configuration = ProgressConfiguration()
/// configuration.material3 = Material3Style(shape: .wavy)
/// let slow = try Material3Style(shape: .wavy, waveSpeed: 0.5)
/// ```
public struct Material3Style: Hashable, Sendable {
  /// The shape of the active indicator (MT-2).
  public enum Shape: String, Hashable, Sendable, CaseIterable {
    /// A straight bar or a plain arc.
    case flat
    /// A wave along the bar or around the circle.
    case wavy
  }

  /// The shape of the active indicator.
  public var shape: Shape
  /// How far the wave travels each second, in wavelengths: 1 by default,
  /// one wavelength per second (MT-10).
  public private(set) var waveSpeed: Double

  /// Creates a Material 3 style moving its wave one wavelength per second.
  ///
  /// - Parameter shape: Flat or wavy.
  public init(shape: Shape = .flat) {
    self.shape = shape
    self.waveSpeed = 1
  }

  /// Creates a Material 3 style with its own wave speed.
  ///
  /// - Parameters:
  ///   - shape: Flat or wavy.
  ///   - waveSpeed: Wavelengths per second; finite and not negative.
  /// - Throws: ``Material3Error/invalidWaveSpeed(_:)`` for a negative or
  ///   non-finite speed, ``Material3Error/waveSpeedWithoutWave`` for a
  ///   speed other than 1 on a flat shape, which has no wave (MT-3).
  public init(shape: Shape, waveSpeed: Double) throws(Material3Error) {
    guard waveSpeed.isFinite, waveSpeed >= 0 else { throw .invalidWaveSpeed(waveSpeed) }
    guard shape == .wavy || waveSpeed == 1 else { throw .waveSpeedWithoutWave }
    self.shape = shape
    self.waveSpeed = waveSpeed
  }

  /// Whether the indicator is drawn as a wave.
  public var isWavy: Bool { shape == .wavy }
}

/// Why a Material 3 style cannot be made (MT-3).
public enum Material3Error: Error, Hashable, Sendable {
  /// The wave speed was negative, NaN or infinite.
  case invalidWaveSpeed(Double)
  /// A wave speed was given to a flat shape, which has no wave.
  case waveSpeedWithoutWave
  /// A Material 3 ring size without a Material 3 configuration (MT-28).
  case sizeWithoutMaterial3
  /// A percentage or an image in a Material 3 ring size, whose centre
  /// shows nothing (MT-28).
  case centreContentInMaterial3Size
}

extension ProgressConfiguration {
  /// Why this configuration cannot be used, or `nil`: a Material 3 ring
  /// size needs `material3` set and the `empty` style (MT-28).
  package var material3Problem: Material3Error? {
    guard case .circular(let size, let style) = variant, size.isMaterial3 else { return nil }
    guard material3 != nil else { return .sizeWithoutMaterial3 }
    if case .empty = style { return nil }
    return .centreContentInMaterial3Size
  }
}

extension Material3Style {
  /// The amplitude, as a fraction of the full one, that a determinate
  /// wave settles at for `progress`: 0 at or below 10 % and at or above
  /// 95 %, 1 between (MT-4).
  ///
  /// - Parameter progress: The model progress.
  /// - Returns: 0 or 1.
  static func settledAmplitude(forProgress progress: Double) -> Double {
    progress <= 0.1 || progress >= 0.95 ? 0 : 1
  }

  /// The duration of an amplitude change, in seconds (MT-5).
  static let amplitudeDuration = 0.5
}

// Codable, which Embedded Swift does not have (snapshots, JSON hosts).
// The speed is checked on decoding as on creation (MT-3).
#if !hasFeature(Embedded)
  extension Material3Style: Codable {
    private enum CodingKeys: String, CodingKey {
      case shape
      case waveSpeed
    }

    /// Decodes a style, checking its wave speed as ``init(shape:waveSpeed:)``
    /// does.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError.dataCorrupted` for an invalid speed.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      let shape = try container.decode(Shape.self, forKey: .shape)
      let speed = try container.decodeIfPresent(Double.self, forKey: .waveSpeed) ?? 1
      do {
        try self.init(shape: shape, waveSpeed: speed)
      } catch {
        throw DecodingError.dataCorruptedError(
          forKey: .waveSpeed, in: container, debugDescription: "\(error)")
      }
    }
  }
  extension Material3Style.Shape: Codable {}
#endif
