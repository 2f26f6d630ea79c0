//===----------------------------------------------------------------------===//
// ProgressIndicatorKit: colours (spec LG-7).
//===----------------------------------------------------------------------===//

/// An sRGB colour with alpha, each component in [0, 1].
public struct FrameColor: Hashable, Sendable, CustomStringConvertible {
  /// Red.
  public var red: Double
  /// Green.
  public var green: Double
  /// Blue.
  public var blue: Double
  /// Opacity.
  public var alpha: Double

  /// Creates a colour from components in [0, 1].
  ///
  /// - Parameters:
  ///   - red: Red.
  ///   - green: Green.
  ///   - blue: Blue.
  ///   - alpha: Opacity; 1 by default.
  public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// Creates an opaque colour from a 24-bit hexadecimal value, `0xRRGGBB`.
  ///
  /// - Parameter hex: The colour, such as `0x007DBC`.
  public init(hex: UInt32) {
    self.init(
      red: Double((hex >> 16) & 0xFF) / 255, green: Double((hex >> 8) & 0xFF) / 255,
      blue: Double(hex & 0xFF) / 255)
  }

  /// The colour as `#RRGGBB`, or `#RRGGBBAA` when not opaque; components
  /// outside [0, 1] are clamped, NaN ones are 0.
  public var description: String {
    func byte(_ component: Double) -> String {
      // Clamped to [0, 1]; NaN, which min and max pass through, is 0.
      let unit = component.isNaN ? 0 : min(max(component, 0), 1)
      let value = Int((unit * 255).rounded())
      let digits = Array("0123456789ABCDEF")
      return String([digits[value / 16], digits[value % 16]])
    }
    let rgb = "#" + byte(red) + byte(green) + byte(blue)
    return alpha >= 1 ? rgb : rgb + byte(alpha)
  }
}

/// The colours of an indicator: track, progress and text (LG-7).
///
/// ```swift
/// let theme = ProgressTheme.dark
/// let brand = ProgressTheme.tinted(FrameColor(hex: 0xE4002B), base: .light)
/// ```
public struct ProgressTheme: Hashable, Sendable {
  /// The track: the line or circle behind the progress.
  public var track: FrameColor
  /// The progress stroke.
  public var progress: FrameColor
  /// The percentage and the left label.
  public var text: FrameColor

  /// Creates a theme.
  ///
  /// - Parameters:
  ///   - track: The track colour.
  ///   - progress: The progress colour.
  ///   - text: The text colour.
  public init(track: FrameColor, progress: FrameColor, text: FrameColor) {
    self.track = track
    self.progress = progress
    self.text = text
  }

  /// Vitamin's light theme: track #EFF1F3, progress #007DBC, text #001018.
  public static let light = ProgressTheme(
    track: FrameColor(hex: 0xEFF1F3), progress: FrameColor(hex: 0x007DBC),
    text: FrameColor(hex: 0x001018))

  /// Vitamin's dark theme: track #1A2A34, progress #3D9ACC, text #FFFFFF.
  public static let dark = ProgressTheme(
    track: FrameColor(hex: 0x1A2A34), progress: FrameColor(hex: 0x3D9ACC),
    text: FrameColor(hex: 0xFFFFFF))

  /// An MDC-style tinted theme: the progress in `tint`, the track in the same
  /// hue with its saturation multiplied by 0.3, the text from `base`.
  ///
  /// - Parameters:
  ///   - tint: The progress colour.
  ///   - base: The theme whose text colour is kept.
  /// - Returns: The tinted theme.
  public static func tinted(_ tint: FrameColor, base: ProgressTheme = .light) -> ProgressTheme {
    ProgressTheme(track: tint.desaturated(by: 0.3), progress: tint, text: base.text)
  }
}

extension FrameColor {
  /// The same colour with its HSB saturation multiplied by `factor`.
  func desaturated(by factor: Double) -> FrameColor {
    let maximum = max(red, green, blue)
    let minimum = min(red, green, blue)
    guard maximum > 0, maximum > minimum else { return self }
    // In HSB, lowering the saturation moves every component towards the
    // maximum (the brightness) in proportion.
    func component(_ value: Double) -> Double { maximum - (maximum - value) * factor }
    return FrameColor(
      red: component(red), green: component(green), blue: component(blue), alpha: alpha)
  }
}

// Codable, which Embedded Swift does not have (snapshots, JSON hosts).
#if !hasFeature(Embedded)
  extension FrameColor: Codable {}
  extension ProgressTheme: Codable {}
#endif
