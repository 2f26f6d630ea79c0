//===----------------------------------------------------------------------===//
// ProgressEngine for WebAssembly: the setup record, in the module
// Scripts/build-wasm.sh writes as ProgressEngine.wasm only (the engine of
// Exports.swift with a configuration given as numbers, for pages that only
// show indicators; ProgressEngineJSON.wasm reads JSON instead,
// Exports+JSON.swift).
//
// The host writes a configuration's members as numbers into the setup
// record (`pe_setup`), names as codes of the contract and texts in the
// input buffer; `pe_create_record` and `pe_configure_record` read them into
// the same `Setup.Fields` the JSON reader fills, applied by the same
// `Setup.applying`, so both modules make the same indicator of the same
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

/// The setup record's members as a configuration's fields onto `base`,
/// applied by the same `Setup.applying` as the JSON reader's fields, with
/// the same checks (paths `$.configuration.…`).
///
/// A name is a code: its position in the contract's list of the member's
/// name, which the host read from `pe_schema`; a code outside it is an
/// error here (the host checks names before it writes them).
func setupFields(_ length: Int32, base: ProgressVariant) throws(ScenarioError) -> Setup.Fields {
  let record = Writer(buffer: setupRecord.base, layout: .setup, base: 0)
  let bytes = inputBytes(length)
  func number(_ member: SetupMember) -> Double? {
    let value = record.get(member)
    return value.isNaN ? nil : value
  }
  func invalid(_ member: SetupMember, _ message: String) -> ScenarioError {
    ScenarioError(path: "$.configuration." + setupMemberName(member), message: message)
  }
  /// A code below `count` (from −1 with `nullable`: `null`), or `nil`.
  func code(_ member: SetupMember, count: Int, nullable: Bool = false)
    throws(ScenarioError) -> Int?
  {
    guard let value = number(member) else { return nil }
    guard value == value.rounded(), value >= (nullable ? -1 : 0), value < Double(count) else {
      throw invalid(member, "not a code")
    }
    return Int(value)
  }
  func text(_ member: SetupMember) throws(ScenarioError) -> String?? {
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
  func flag(_ member: SetupMember) -> Bool? { number(member).map { $0 != 0 } }
  var given = Setup.Fields()
  let shape = try code(.variant, count: 2)
  let size = try code(.size, count: Setup.Names.sizes.count)
  let style = try code(.style, count: Setup.Names.styles.count)
  if shape != nil || size != nil || style != nil {
    do {
      given.variant = try Setup.variant(
        circular: shape.map { $0 == 1 }, size: size, style: style, current: base)
    } catch {
      let circular = shape.map { $0 == 1 } ?? base.isCircular
      let name = error == .size ? Setup.Names.sizes[size ?? 1] : Setup.Names.styles[style ?? 0]
      throw invalid(
        error == .size ? .size : .style,
        error.expected(circular: circular) + ", got \"" + name + "\"")
    }
  }
  given.showsTrack = flag(.showTrack)
  given.leftLabelText = try text(.leftLabelText)
  given.accessibilityLabel = try text(.accessibilityLabel)
  given.progressType = try code(.progressType, count: 2).map {
    $0 == 0 ? .determinate : .indeterminate
  }
  given.indeterminateStyle = try code(.indeterminateStyle, count: IndeterminateStyle.allCases.count)
    .map { IndeterminateStyle.allCases[$0] }
  given.backwardAnimation = try code(.backwardAnimation, count: BackwardAnimation.allCases.count)
    .map { BackwardAnimation.allCases[$0] }
  given.layoutDirection = try code(.layoutDirection, count: LayoutDirection.allCases.count).map {
    LayoutDirection.allCases[$0]
  }
  given.reducesMotion = flag(.reduceMotion)
  let shapes = Material3Style.Shape.allCases
  if let shape = try code(.material3, count: shapes.count, nullable: true) {
    given.material3 =
      shape < 0
      ? .some(nil)
      : try Setup.material3(
        shape: shapes[shape], waveSpeed: number(.waveSpeed), at: "$.configuration.material3")
  }
  given.width = try number(.width).map { value throws(ScenarioError) in
    try Setup.length(value, at: "$.configuration.width")
  }
  given.height = try number(.height).map { value throws(ScenarioError) in
    try Setup.length(value, at: "$.configuration.height")
  }
  return given
}

/// A colour of the setup record, or `nil` when absent (its red is NaN).
func setupColor(_ member: SetupMember, _ field: String) throws(ScenarioError) -> FrameColor? {
  let color = Writer(buffer: setupRecord.base, layout: .setup, base: 0).part(member)
  let red = color.get(ColorMember.red)
  if red.isNaN { return nil }
  let components = [
    red, color.get(ColorMember.green), color.get(ColorMember.blue), color.get(ColorMember.alpha),
  ]
  for value in components where !(value >= 0 && value <= 1) {
    throw ScenarioError(
      path: "$.theme." + field,
      message: "a colour component is from 0 to 1")
  }
  return FrameColor(
    red: components[0], green: components[1], blue: components[2], alpha: components[3])
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
    let setup = try Setup.initial.applying(
      try setupFields(length, base: Setup.initial.configuration.variant), isInitial: true,
      at: "$.configuration")
    var theme = ProgressTheme.light
    if let color = try setupColor(.trackColor, "track") { theme.track = color }
    if let color = try setupColor(.progressColor, "progress") { theme.progress = color }
    if let color = try setupColor(.textColor, "text") { theme.text = color }
    let record = Writer(buffer: setupRecord.base, layout: .setup, base: 0)
    func number(_ member: SetupMember) -> Double? {
      let value = record.get(member)
      return value.isNaN ? nil : value
    }
    let model = try makeModel(
      setup, progress: number(.progress) ?? 0, hidden: (number(.hidden) ?? 0) != 0,
      theme: theme, measuredByHost: (number(.measureText) ?? 0) != 0, at: number(.time) ?? 0,
      path: "$")
    return try insert(IndicatorRuntime(consume model))
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
  guard let current = withRuntime(handle, { Setup.current(of: $0) }) else {
    return Status.badHandle
  }
  do throws(ScenarioError) {
    let changed = try current.applying(
      try setupFields(length, base: current.configuration.variant), isInitial: false,
      at: "$.configuration")
    mayReconfigure(handle)
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
      width: try Reader(.number(width), path: "$.width").length(),
      height: try Reader(.number(height), path: "$.height").length())
    mayReconfigure(handle)
    return send(.resize(size), to: handle, at: time)
  } catch {
    return fail(error)
  }
}
