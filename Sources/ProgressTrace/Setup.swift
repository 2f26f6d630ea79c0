package import ProgressIndicatorKit
package import ProgressStateMachine
import Timeline

/// The configuration fields a scenario's `configuration` (and a `configure`
/// event) may hold, read onto a base.
package struct Setup {
  package var configuration: ProgressConfiguration
  package var progressType: ProgressType?
  package var size: FrameSize?

  package init(configuration: ProgressConfiguration, progressType: ProgressType?, size: FrameSize?)
  {
    self.configuration = configuration
    self.progressType = progressType
    self.size = size
  }

  package static let initial = Setup(
    configuration: ProgressConfiguration(), progressType: nil, size: nil)

  /// The fields, in ascending order (as messages list them).
  package static let fields = [
    "accessibilityLabel", "backwardAnimation", "height", "indeterminateStyle", "layoutDirection",
    "leftLabelText", "material3", "progressAnimation", "progressType", "reduceMotion", "showTrack",
    "size",
    "style", "variant", "visibilityAnimation", "width",
  ]

  /// Reads a configuration object in the scenario format onto `base`.
  ///
  /// With `isInitial`, for a new indicator (whose configuration is checked here,
  /// MT-28) rather than a `configure`. Throws ``ScenarioError`` naming the
  /// JSON path of the problem.
  package static func read(_ reader: Reader, base: Setup, isInitial: Bool) throws(ScenarioError)
    -> Setup
  {
    let object = try reader.object(allowed: fields)
    var given = Fields()
    let shape = try object["variant"]?.string()
    let size = try object["size"]?.string()
    let style = try object["style"]?.string()
    if shape != nil || size != nil || style != nil {
      given.variant = try variant(
        shape: shape, size: size, style: style, current: base.configuration.variant,
        at: object.path)
    }
    given.showsTrack = try object["showTrack"]?.bool()
    if let value = object["leftLabelText"] { given.leftLabelText = try value.optionalString() }
    if let value = object["accessibilityLabel"] {
      given.accessibilityLabel = try value.optionalString()
    }
    given.progressType = try object["progressType"]?.progressType()
    given.progressAnimation = try object["progressAnimation"]?.animation()
    given.visibilityAnimation = try object["visibilityAnimation"]?.animation()
    given.indeterminateStyle = try object["indeterminateStyle"]?.choice(IndeterminateStyle.self)
    given.backwardAnimation = try object["backwardAnimation"]?.choice(BackwardAnimation.self)
    given.layoutDirection = try object["layoutDirection"]?.choice(LayoutDirection.self)
    given.reducesMotion = try object["reduceMotion"]?.bool()
    if let value = object["material3"] { given.material3 = try value.material3() }
    given.width = try object["width"]?.length()
    given.height = try object["height"]?.length()
    return try base.applying(given, isInitial: isInitial, at: object.path)
  }

  /// A configuration's fields as a host gave them, each `nil` when absent
  /// (a label's or Material 3's `.some(nil)` is `null`): what the JSON
  /// reader and the WebAssembly module's setup record read, and
  /// ``Setup/applying(_:isInitial:at:)`` applies — one meaning for both.
  package struct Fields {
    /// The variant the `variant`, `size` and `style` fields give, on top of
    /// the current one (`Setup.variant`).
    package var variant: ProgressVariant?
    package var showsTrack: Bool?
    package var leftLabelText: String??
    package var accessibilityLabel: String??
    package var progressType: ProgressType?
    package var progressAnimation: AnimationTiming?
    package var visibilityAnimation: AnimationTiming?
    package var indeterminateStyle: IndeterminateStyle?
    package var backwardAnimation: BackwardAnimation?
    package var layoutDirection: LayoutDirection?
    package var reducesMotion: Bool?
    package var material3: Material3Style??
    package var width: Double?
    package var height: Double?

    package init() {}
  }

  /// This setup with the given fields on top, as a `configure` event (or,
  /// `isInitial`, a new indicator's configuration) changes it: a new size
  /// from a width or a height; the progress type only when given.
  ///
  /// - Parameters:
  ///   - given: The fields given.
  ///   - isInitial: Whether it sets up a new indicator: then a
  ///     configuration the machine cannot have is an error here (MT-28); a
  ///     `configure` event with one is the machine's to reject.
  ///   - path: The configuration object's path, for errors.
  /// - Returns: The setup after the change.
  /// - Throws: ``ScenarioError`` at the field that is wrong.
  package func applying(_ given: Fields, isInitial: Bool, at path: String)
    throws(ScenarioError) -> Setup
  {
    var setup = self
    setup.progressType = given.progressType
    setup.size = nil
    var configuration = self.configuration
    if let value = given.variant { configuration.variant = value }
    if let value = given.showsTrack { configuration.showsTrack = value }
    if let value = given.leftLabelText { configuration.leftLabelText = value }
    if let value = given.accessibilityLabel { configuration.accessibilityLabel = value }
    if let value = given.progressAnimation { configuration.progressAnimation = value }
    if let value = given.visibilityAnimation { configuration.visibilityAnimation = value }
    if let value = given.indeterminateStyle { configuration.indeterminateStyle = value }
    if let value = given.backwardAnimation { configuration.backwardAnimation = value }
    if let value = given.layoutDirection { configuration.layoutDirection = value }
    if let value = given.reducesMotion { configuration.reducesMotion = value }
    if let value = given.material3 { configuration.material3 = value }
    if given.width != nil || given.height != nil {
      let current = size ?? FrameSize(width: 320, height: 40)
      setup.size = FrameSize(
        width: given.width ?? current.width, height: given.height ?? current.height)
    }
    if isInitial { try Self.checkMaterial3(configuration, at: path) }
    setup.configuration = configuration
    return setup
  }

  /// Checks that a new indicator's configuration can be used: a Material 3
  /// ring size needs `material3` and the `empty` style (MT-28).
  ///
  /// Throws
  /// ``ScenarioError`` at the field to change, under `path` (the
  /// configuration object's).
  package static func checkMaterial3(_ configuration: ProgressConfiguration, at path: String)
    throws(ScenarioError)
  {
    switch configuration.material3Problem {
    case nil: return
    case .sizeWithoutMaterial3:
      throw ScenarioError(
        path: path + ".size",
        message:
          "a Material 3 ring size needs \"material3\" (null is the Vitamin or Material 2 look)")
    default:
      throw ScenarioError(
        path: path + ".style",
        message: "a Material 3 ring size shows nothing in its centre: its style is \"empty\"")
    }
  }

  /// A width or a height: a number ≥ 0 points; ``ScenarioError`` at `path`
  /// for a negative number or NaN.
  package static func length(_ length: Double, at path: String) throws(ScenarioError) -> Double {
    guard length >= 0 else {
      throw Reader(.null, path: path).error("a size must be ≥ 0 points, got ", number: length)
    }
    return length
  }

  /// Material 3's style of a shape and a wave speed (1 when `nil`, MT-3).
  ///
  /// Throws ``ScenarioError`` at `waveSpeed` under `path` (the `material3`
  /// object's) for a speed that is not finite and ≥ 0, or given to a flat
  /// shape.
  package static func material3(
    shape: Material3Style.Shape, waveSpeed: Double?, at path: String
  ) throws(ScenarioError) -> Material3Style {
    let speed = waveSpeed ?? 1
    do {
      return try Material3Style(shape: shape, waveSpeed: speed)
    } catch {
      let field = path + ".waveSpeed"
      switch error {
      case .invalidWaveSpeed:
        throw Reader(.null, path: field).error(
          "a wave speed must be finite and ≥ 0 wavelengths a second, got ", number: speed)
      case .waveSpeedWithoutWave:
        throw ScenarioError(path: field, message: "a flat shape has no wave, so no wave speed")
      case .sizeWithoutMaterial3, .centreContentInMaterial3Size:
        // A style alone is never a size's problem (MT-28 is the setup's).
        throw ScenarioError(path: path, message: "\(error)")
      }
    }
  }

  /// The variant that a configuration's `variant`, `size` and `style` names
  /// give (each `nil` when absent), on top of the current one.
  ///
  /// Throws ``ScenarioError`` at the name that is none of those expected,
  /// under `path` (the configuration object's).
  package static func variant(
    shape: String?, size: String?, style: String?, current: ProgressVariant, at path: String
  ) throws(ScenarioError) -> ProgressVariant {
    let object = Reader(.null, path: path)
    var isCircular: Bool?
    if let shape {
      switch ExactText(shape) {
      case "linear": isCircular = false
      case "circular": isCircular = true
      default:
        throw object.at("variant").unexpected(#"expected "linear" or "circular""#, got: shape)
      }
    }
    // A name that is none of either shape's is the shape's error too.
    let sizeCode = size.map { name in Names.sizes.firstIndex { $0.hasSameScalars(as: name) } ?? -1 }
    let styleCode = style.map { name in
      Names.styles.firstIndex { $0.hasSameScalars(as: name) } ?? -1
    }
    do {
      return try variant(circular: isCircular, size: sizeCode, style: styleCode, current: current)
    } catch {
      let name = error == .size ? size : style
      throw object.at(error.field).unexpected(
        error.expected(circular: isCircular ?? current.isCircular), got: name ?? "")
    }
  }

  /// The names a configuration's `size` and `style` may have, either
  /// shape's, in the order of their codes (`Names.sizes[code]`): a bar's,
  /// then a ring's others.
  package enum Names {
    package static let sizes =
      ProgressVariant.LinearSize.allCases.map { $0.rawValue }
      + ProgressVariant.CircularSize.allCases.filter {
        ProgressVariant.LinearSize.named($0.rawValue) == nil
      }
      .map { $0.rawValue }
    package static let styles = ProgressVariant.LinearStyle.allCases.map { $0.rawValue } + ["image"]
  }

  /// Which of a variant's names its shape does not have.
  package enum VariantProblem: Error {
    case size, style

    /// The field: `size` or `style`.
    package var field: String { self == .size ? "size" : "style" }

    /// What a shape's size or style may be, as an error says it.
    package func expected(circular: Bool) -> String {
      switch (self, circular) {
      case (.size, true):
        #"a circular indicator is "small", "medium", "material3Medium", "material3Small" or "material3ExtraSmall""#
      case (.size, false): #"a linear size is "small", "medium" or "large""#
      case (.style, true): #"a circular style is "percentage", "image" or "empty""#
      case (.style, false): #"a linear style is "percentage", "labelOnly" or "empty""#
      }
    }
  }

  /// The variant of a shape (circular or not; the current one's when
  /// `nil`) with the size and the style at these positions of ``Names``
  /// (−1: a name of neither shape).
  ///
  /// Absent, the size is "medium" and the style "percentage" on a ring
  /// ("empty" at a Material 3 ring size, which shows nothing in its
  /// centre, MT-28) and "empty" on a bar.
  ///
  /// - Throws: ``VariantProblem`` naming the size or the style that the
  ///   shape does not have.
  package static func variant(
    circular: Bool?, size: Int?, style: Int?, current: ProgressVariant
  ) throws(VariantProblem) -> ProgressVariant {
    func name(_ code: Int?, _ names: [String]) -> String? {
      guard let code else { return nil }
      return names.indices.contains(code) ? names[code] : ""
    }
    let sizeName = name(size, Names.sizes) ?? "medium"
    let styleName = name(style, Names.styles)
    if circular ?? current.isCircular {
      guard let size = ProgressVariant.CircularSize.named(sizeName) else { throw .size }
      let style: ProgressVariant.CircularStyle
      switch ExactText(styleName ?? (size.isMaterial3 ? "empty" : "percentage")) {
      case "percentage": style = .percentage
      case "empty": style = .empty
      case "image":
        style = .image(ProgressImage(identifier: "image", pixelWidth: 64, pixelHeight: 64))
      default: throw .style
      }
      return .circular(size: size, style: style)
    }
    guard let size = ProgressVariant.LinearSize.named(sizeName) else { throw .size }
    guard let style = ProgressVariant.LinearStyle.named(styleName ?? "empty") else {
      throw .style
    }
    return .linear(size: size, style: style)
  }
}

extension ProgressVariant {
  /// Whether the variant is a ring.
  package var isCircular: Bool {
    if case .circular = self { return true }
    return false
  }
}

extension CaseIterable where Self: RawRepresentable, RawValue == String {
  /// The case whose raw value has the Unicode scalars of `name`, or `nil`.
  package static func named(_ name: String) -> Self? {
    allCases.first { $0.rawValue.hasSameScalars(as: name) }
  }
}
