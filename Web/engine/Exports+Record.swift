//===----------------------------------------------------------------------===//
// ProgressEngine for WebAssembly: the setup record, in the module
// Scripts/build-wasm.sh writes as ProgressEngine.wasm only (the engine of
// shared Exports+*.swift with a configuration given as numbers, for pages that only
// show indicators; ProgressEngineJSON.wasm reads JSON instead,
// Exports+JSON.swift).
//
// The host writes a configuration's members as numbers into the setup
// record (`pe_setup`), names as codes of the contract and texts in the
// input buffer; `pe_create_record` and `pe_configure_record` read them into
// the same `Setup.Fields` the JSON reader fills, applied by the same
// `Setup.apply`, so both modules make the same indicator of the same
// configuration.
//===----------------------------------------------------------------------===//

import ProgressIndicatorKit
import ProgressStateMachine
import ProgressTrace
import Timeline

// MARK: - The setup record: a configuration as numbers

/// The setup record, which the host fills (every member NaN, absent, until
/// it writes one) before `pe_create_record` or `pe_configure_record`.
nonisolated(unsafe) var setupRecord = Buffer<Double>(capacity: 64, zero: .nan)

/// The setup record, at least as long as its layout, every member absent
/// (NaN): the host writes the members it gives, then calls
/// `pe_create_record` or `pe_configure_record`.
///
/// Texts (labels) go in the input buffer, each member a `text` (offset,
/// length; a length of −1 is `null`). A name is its code's position in the
/// `codes` list of the member's name; `material3` −1 is `null`.
@_expose(wasm, "pe_setup")
@_cdecl("pe_setup")
public func peSetup() -> UnsafeMutablePointer<Double> {
  let count = layouts[LayoutID.setup.rawValue].length
  setupRecord.reserve(count, zero: .nan)
  setupRecord.base.update(repeating: .nan, count: count)
  return setupRecord.base
}

/// The setup record, read member by member (a NaN is an absent member).
///
/// Each reading is one function, called by member: the setup path is a
/// list of calls rather than a closure and a conversion for each member
/// (issue 22 §2: the module's size).
struct SetupReader {
  let record = RecordView(buffer: setupRecord.base, layout: .setup, base: 0)

  /// The member's number, or `nil` when absent.
  @inline(never)
  func number(_ member: SetupMember) -> Double? {
    let value = record.get(member)
    return value.isNaN ? nil : value
  }

  /// The member as a flag (any number but 0 is true), or `nil`.
  @inline(never)
  func flag(_ member: SetupMember) -> Bool? {
    guard let value = number(member) else { return nil }
    return value != 0
  }

  /// An error at the member's path (`$.configuration.…`).
  @inline(never)
  func invalid(_ member: SetupMember, _ message: String) -> ScenarioError {
    ScenarioError(path: "$.configuration." + setupMemberName(member), message: message)
  }

  /// A code below `count` (from −1 with `nullable`: `null`), or `nil`.
  @inline(never)
  func code(_ member: SetupMember, count: Int, nullable: Bool = false)
    throws(ScenarioError) -> Int?
  {
    guard let value = number(member) else { return nil }
    guard value == value.rounded(), value >= (nullable ? -1 : 0), value < Double(count) else {
      throw invalid(member, "not a code")
    }
    return Int(value)
  }

  /// A text in the input's first `length` bytes: `nil` when absent,
  /// `.some(nil)` for `null` (a length of −1).
  @inline(never)
  func text(_ member: SetupMember, in length: Int32) throws(ScenarioError) -> String?? {
    let bytes = inputBytes(length)
    let part = record.part(member)
    let length = part.get(TextMember.length)
    if length.isNaN { return nil }
    if length == -1 { return .some(nil) }
    let offset = part.get(TextMember.offset)
    guard offset >= 0, length >= 0, offset + length <= Double(bytes.count) else {
      throw invalid(member, "a text outside the input")
    }
    let start = Int(offset)
    return String(
      decoding: UnsafeBufferPointer(rebasing: bytes[start..<start + Int(length)]), as: UTF8.self)
  }

  /// A width or a height: a number ≥ 0, or `nil`.
  @inline(never)
  func length(_ member: SetupMember) throws(ScenarioError) -> Double? {
    guard let value = number(member) else { return nil }
    return try Setup.length(value, at: "$.configuration." + setupMemberName(member))
  }

  /// A colour of the setup record, or `nil` when absent (its red is NaN).
  @inline(never)
  func color(_ member: SetupMember, _ field: String) throws(ScenarioError) -> FrameColor? {
    let color = record.part(member)
    let red = color.get(ColorMember.red)
    if red.isNaN { return nil }
    let value = FrameColor(
      red: red, green: color.get(ColorMember.green), blue: color.get(ColorMember.blue),
      alpha: color.get(ColorMember.alpha))
    // Each component as the JSON reader checks it, at its index.
    for (index, component) in [value.red, value.green, value.blue, value.alpha].enumerated()
    where !(component >= 0 && component <= 1) {
      throw ScenarioError(
        path: "$.theme." + field + "[" + String(index) + "]",
        message: "a colour component is from 0 to 1, got ", number: component)
    }
    return value
  }

  /// The setup record's configuration members as fields onto `base`,
  /// applied by the same `Setup.apply` as the JSON reader's fields, with
  /// the same checks (paths `$.configuration.…`).
  ///
  /// A name is a code: its position in the contract's list of the member's
  /// name (`Setup.Names`), which the host read from `pe_schema`; a code
  /// outside it is an error here (the host checks names before it writes
  /// them).
  func apply(to setup: inout Setup, inputLength: Int32, isInitial: Bool) throws(ScenarioError) {
    var given = Setup.Fields()
    let shape = try code(.variant, count: 2)
    let size = try code(.size, count: Setup.Names.sizes.count)
    let style = try code(.style, count: Setup.Names.styles.count)
    if shape != nil || size != nil || style != nil {
      let circular = shape.map { $0 == 1 }
      do {
        given.variant = try Setup.variant(
          circular: circular, size: size, style: style, current: setup.configuration.variant)
      } catch {
        let name =
          error == .size ? Setup.Names.sizes[size ?? 1] : Setup.Names.styles[style ?? 0]
        throw invalid(
          error == .size ? .size : .style,
          error.expected(circular: circular ?? setup.configuration.variant.isCircular)
            + ", got \"" + name.description + "\"")
      }
    }
    given.showsTrack = flag(.showTrack)
    given.leftLabelText = try text(.leftLabelText, in: inputLength)
    given.accessibilityLabel = try text(.accessibilityLabel, in: inputLength)
    if let type = try code(.progressType, count: 2) {
      given.progressType = type == 0 ? .determinate : .indeterminate
    }
    if let style = try code(.indeterminateStyle, count: Setup.Names.indeterminateStyles.count) {
      given.indeterminateStyle = Setup.Names.indeterminateStyleCases[style]
    }
    if let animation = try code(.backwardAnimation, count: Setup.Names.backwardAnimations.count) {
      given.backwardAnimation = Setup.Names.backwardAnimationCases[animation]
    }
    if let direction = try code(.layoutDirection, count: 2) {
      given.layoutDirection = direction == 0 ? .leftToRight : .rightToLeft
    }
    given.reducesMotion = flag(.reduceMotion)
    if let shape = try code(.material3, count: Setup.Names.material3Shapes.count, nullable: true) {
      given.material3 =
        shape < 0
        ? .some(nil)
        : try Setup.material3(
          shape: Setup.Names.material3ShapeCases[shape], waveSpeed: number(.waveSpeed),
          at: "$.configuration.material3")
    }
    given.width = try length(.width)
    given.height = try length(.height)
    try setup.apply(given, isInitial: isInitial, at: "$.configuration")
  }
}

/// Creates an indicator from the setup record (`pe_setup`).
///
/// Its texts are in the first `length` bytes of the input buffer: the configuration's
/// members, and `progress`, `hidden`, `time`, `measureText` and the
/// theme's `track`, `progress` and `text` colours, as `pe_create` reads
/// them from JSON in the JSON module. Answers its handle (> 0), or -2 with
/// the error record.
@_expose(wasm, "pe_create_record")
@_cdecl("pe_create_record")
public func peCreateRecord(_ length: Int32) -> Int32 {
  beginCall()
  do throws(ScenarioError) {
    let reader = SetupReader()
    var setup = Setup.initial
    try reader.apply(to: &setup, inputLength: length, isInitial: true)
    var theme = ProgressTheme.light
    if let color = try reader.color(.trackColor, "track") { theme.track = color }
    if let color = try reader.color(.progressColor, "progress") { theme.progress = color }
    if let color = try reader.color(.textColor, "text") { theme.text = color }
    let model = try makeModel(
      setup, progress: reader.number(.progress) ?? 0, hidden: reader.flag(.hidden) ?? false,
      theme: theme, measuredByHost: reader.flag(.measureText) ?? false,
      at: reader.number(.time) ?? 0, path: "$")
    let effects = try reader.code(.cadence, count: 2) == 1
    return try insert(IndicatorRuntime(consume model, cadence: effects ? .effects : .frames))
  } catch {
    return fail(error)
  }
}

/// Applies the setup record's configuration members to an indicator at
/// `time`, as a `configure` event.
///
/// All of them or, when one is invalid, none. Writes the transition record; answers the outcome, -1 for a
/// handle that is not live, -2 with the error record.
@_expose(wasm, "pe_configure_record")
@_cdecl("pe_configure_record")
public func peConfigureRecord(_ handle: Int32, _ length: Int32, _ time: Double) -> Int32 {
  beginCall()
  guard var changed = withRuntime(handle, { Setup.current(of: $0) }) else {
    return Status.badHandle
  }
  do throws(ScenarioError) {
    try SetupReader().apply(to: &changed, inputLength: length, isInitial: false)
    return send(
      .configure(changed.configuration, size: changed.size, progressType: changed.progressType),
      to: handle, at: time)
  } catch {
    return fail(error)
  }
}

/// Resizes an indicator's frame at `time`, as a `resize` event.
///
/// Writes the transition record. Answers the outcome, -1 for a handle that is not
/// live, -2 with the error record for a size that is not ≥ 0.
@_expose(wasm, "pe_resize")
@_cdecl("pe_resize")
public func peResize(_ handle: Int32, _ width: Double, _ height: Double, _ time: Double) -> Int32 {
  beginCall()
  guard withRuntime(handle, { _ in }) != nil else { return Status.badHandle }
  do throws(ScenarioError) {
    let size = FrameSize(
      width: try Setup.length(width, at: "$.width"),
      height: try Setup.length(height, at: "$.height"))
    return send(.resize(size), to: handle, at: time)
  } catch {
    return fail(error)
  }
}
