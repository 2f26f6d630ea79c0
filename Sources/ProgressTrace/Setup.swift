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
    if object["variant"] != nil || object["size"] != nil || object["style"] != nil {
      given.variant = try variant(of: object, current: base.configuration.variant)
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
  func applying(_ given: Fields, isInitial: Bool, at path: String)
    throws(ScenarioError) -> Setup
  {
    var setup = self
    try setup.apply(given, isInitial: isInitial, at: path)
    return setup
  }

  /// Puts the given fields on top of this setup, in place (what
  /// ``applying(_:isInitial:at:)`` answers); when it throws, the setup may
  /// be partly changed, so a caller that keeps it applies to a copy.
  package mutating func apply(_ given: borrowing Fields, isInitial: Bool, at path: String)
    throws(ScenarioError)
  {
    progressType = given.progressType
    if given.width != nil || given.height != nil {
      let current = size ?? FrameSize(width: 320, height: 40)
      size = FrameSize(width: given.width ?? current.width, height: given.height ?? current.height)
    } else {
      size = nil
    }
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
    if isInitial { try Self.checkMaterial3(configuration, at: path) }
  }

  /// Checks that a new indicator's configuration can be used: a Material 3
  /// ring size needs `material3` and the `empty` style (MT-28).
  ///
  /// Throws
  /// ``ScenarioError`` at the field to change, under `path` (the
  /// configuration object's).
  static func checkMaterial3(_ configuration: ProgressConfiguration, at path: String)
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
      throw ScenarioError(path: path, message: "a size must be ≥ 0 points, got ", number: length)
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
        throw ScenarioError(
          path: field, message: "a wave speed must be finite and ≥ 0 wavelengths a second, got ",
          number: speed)
      case .waveSpeedWithoutWave:
        throw ScenarioError(path: field, message: "a flat shape has no wave, so no wave speed")
      case .sizeWithoutMaterial3, .centreContentInMaterial3Size:
        // A style alone is never a size's problem (MT-28 is the setup's).
        throw ScenarioError(path: path, message: "\(error)")
      }
    }
  }

  /// The variant that a configuration object's `variant`, `size` and
  /// `style` names give (each absent or a string), on top of the current
  /// one.
  ///
  /// Throws ``ScenarioError`` at the field that is not a string or names
  /// none of those expected.
  package static func variant(of object: Reader, current: ProgressVariant)
    throws(ScenarioError) -> ProgressVariant
  {
    var isCircular: Bool?
    // The shape's name is checked before the size and the style are read.
    if let shape = try object["variant"]?.string() {
      switch ExactText(shape) {
      case "linear": isCircular = false
      case "circular": isCircular = true
      default:
        throw object.at("variant").unexpected(#"expected "linear" or "circular""#, got: shape)
      }
    }
    let size = try object["size"]?.string()
    let style = try object["style"]?.string()
    // A name that is none of either shape's is the shape's error too.
    let sizeCode = size.map { Names.code(of: $0, in: Names.sizes) }
    let styleCode = style.map { Names.code(of: $0, in: Names.styles) }
    do {
      return try variant(circular: isCircular, size: sizeCode, style: styleCode, current: current)
    } catch {
      let name = error == .size ? size : style
      throw object.at(error.field).unexpected(
        error.expected(circular: isCircular ?? current.isCircular), got: name ?? "")
    }
  }

  /// The names a setup's members may have, in the order of their codes.
  ///
  /// Each list is constant data (`Names.sizes[code]` is a size's name):
  /// what the WebAssembly module's schema publishes as codes and its setup
  /// record takes. The enums are the one source of truth: a test
  /// (TraceTests, `nameCodes`) checks every list against their raw values.
  package enum Names {
    /// The sizes of either shape: a bar's, then a ring's others.
    package static let sizes: [StaticString] = [
      "small", "medium", "large", "material3Medium", "material3Small", "material3ExtraSmall",
    ]
    /// The styles of either shape: a bar's, then a ring's others.
    package static let styles: [StaticString] = ["percentage", "labelOnly", "empty", "image"]
    /// ``ProgressStateMachine/IndeterminateStyle``'s cases.
    package static let indeterminateStyles: [StaticString] = ["vitamin", "material"]
    /// ``ProgressStateMachine/BackwardAnimation``'s cases.
    package static let backwardAnimations: [StaticString] = ["animate", "reset"]
    /// ``ProgressStateMachine/Material3Style/Shape``'s cases.
    package static let material3Shapes: [StaticString] = ["flat", "wavy"]

    /// The code of `name` in `names` (compared by Unicode scalars, here
    /// their UTF-8 bytes), −1 for none.
    package static func code(of name: String, in names: [StaticString]) -> Int {
      names.firstIndex {
        name.utf8.elementsEqual(
          UnsafeBufferPointer(start: $0.utf8Start, count: $0.utf8CodeUnitCount))
      } ?? -1
    }

    /// A ring's size at each size code (`nil`: a bar's only).
    static let circularSizes: [ProgressVariant.CircularSize?] = [
      .small, .medium, nil, .material3Medium, .material3Small, .material3ExtraSmall,
    ]
    /// A bar's size at each size code (its first three).
    static let linearSizes: [ProgressVariant.LinearSize] = [.small, .medium, .large]
    /// A bar's style at each style code (its first three).
    static let linearStyles: [ProgressVariant.LinearStyle] = [.percentage, .labelOnly, .empty]
    /// The case of each code of ``indeterminateStyles``.
    package static let indeterminateStyleCases: [IndeterminateStyle] = [.vitamin, .material]
    /// The case of each code of ``backwardAnimations``.
    package static let backwardAnimationCases: [BackwardAnimation] = [.animate, .reset]
    /// The case of each code of ``material3Shapes``.
    package static let material3ShapeCases: [Material3Style.Shape] = [.flat, .wavy]
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
  /// `nil`) with the size and the style of these codes (positions in
  /// ``Names``; any other number, such as −1, is a name of neither shape).
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
    let size = size ?? 1  // "medium"
    if circular ?? current.isCircular {
      guard Names.circularSizes.indices.contains(size), let size = Names.circularSizes[size] else {
        throw .size
      }
      let ringStyle: ProgressVariant.CircularStyle
      switch style ?? (size.isMaterial3 ? 2 : 0) {
      case 0: ringStyle = .percentage
      case 2: ringStyle = .empty
      case 3:
        ringStyle = .image(ProgressImage(identifier: "image", pixelWidth: 64, pixelHeight: 64))
      default: throw .style
      }
      return .circular(size: size, style: ringStyle)
    }
    guard Names.linearSizes.indices.contains(size) else { throw .size }
    let style = style ?? 2  // "empty"
    guard Names.linearStyles.indices.contains(style) else { throw .style }
    return .linear(size: Names.linearSizes[size], style: Names.linearStyles[style])
  }
}

extension ProgressVariant {
  /// Whether the variant is a ring.
  package var isCircular: Bool {
    if case .circular = self { return true }
    return false
  }
}
