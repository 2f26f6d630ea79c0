//===----------------------------------------------------------------------===//
// ProgressEngine for WebAssembly: the C-ABI export layer over the portable
// core, compiled as Embedded Swift only by Scripts/build-wasm.sh (not part of
// the SwiftPM package). Web/contract/progress-engine.mjs is its only caller.
//
// The layer is a host like the others: each indicator is an
// `IndicatorRuntime` (the one host loop), stepped by `pe_step`. It decides
// and parses nothing of its own: configurations, events and scenarios arrive
// as JSON text in the scenario format and are read by ProgressTrace's reader,
// the one `progress trace` uses, so every error (with its JSON path) is the
// engine's. The records it writes are described once, by the layouts below,
// and the JavaScript module reads their offsets and codes from `pe_schema`
// at load: no offset or code is typed out twice.
//
// Ownership: an indicator is created by `pe_create` and lives until
// `pe_destroy`; the host holds a handle (a positive number), never a pointer.
// Results are written into buffers the layer owns and reuses — the record
// and the frame record (64-bit floats) and the text buffer (UTF-8, emptied
// at the start of each call) — valid until the next call; the host copies
// what it keeps. Text goes in through the input buffer.
//===----------------------------------------------------------------------===//

import ProgressIndicatorKit
import ProgressStateMachine
import ProgressTrace
import Timeline

// MARK: - Buffers shared with the host

/// A growable buffer of `Element`s owned by the layer.
struct Buffer<Element> {
  var base: UnsafeMutablePointer<Element>
  var capacity: Int
  var count = 0

  init(capacity: Int, zero: Element) {
    base = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
    base.initialize(repeating: zero, count: capacity)
    self.capacity = capacity
  }

  mutating func reserve(_ wanted: Int, zero: Element) {
    guard wanted > capacity else { return }
    var grown = capacity
    while grown < wanted { grown *= 2 }
    let new = UnsafeMutablePointer<Element>.allocate(capacity: grown)
    new.initialize(repeating: zero, count: grown)
    new.update(from: base, count: count)
    base.deallocate()
    base = new
    capacity = grown
  }
}

nonisolated(unsafe) var record = Buffer<Double>(capacity: 256, zero: 0)
nonisolated(unsafe) var frameRecord = Buffer<Double>(capacity: 256, zero: 0)
nonisolated(unsafe) var text = Buffer<UInt8>(capacity: 256, zero: 0)
nonisolated(unsafe) var input = Buffer<UInt8>(capacity: 256, zero: 0)

/// Starts a call's output: the text buffer empties.
func beginCall() { text.count = 0 }

/// Appends bytes to the text buffer; answers their offset.
func appendText(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
  let offset = text.count
  text.reserve(text.count + bytes.count, zero: 0)
  if let source = bytes.baseAddress {
    (text.base + text.count).update(from: source, count: bytes.count)
  }
  text.count += bytes.count
  return offset
}

func appendText(_ string: String) -> (offset: Int, length: Int) {
  var string = string
  return string.withUTF8 { bytes in (appendText(bytes), bytes.count) }
}

@inline(never)
func appendLiteral(_ string: StaticString) {
  _ = appendText(UnsafeBufferPointer(start: string.utf8Start, count: string.utf8CodeUnitCount))
}

@inline(never)
func appendNumber(_ number: Int) {
  var digits: [UInt8] = []
  var value = number.magnitude
  repeat {
    digits.append(UInt8(ascii: "0") + UInt8(value % 10))
    value /= 10
  } while value > 0
  if number < 0 { digits.append(UInt8(ascii: "-")) }
  digits.reverse()
  digits.withUnsafeBufferPointer { _ = appendText($0) }
}

/// The bytes the host wrote into the input buffer.
func inputBytes(_ length: Int32) -> UnsafeBufferPointer<UInt8> {
  UnsafeBufferPointer(start: input.base, count: max(0, min(Int(length), input.capacity)))
}

/// The record: 64-bit floats the last call wrote (transitions, errors).
@_expose(wasm, "pe_record")
@_cdecl("pe_record")
public func peRecord() -> UnsafeMutablePointer<Double> { record.base }

/// The frame record: the last frame written.
@_expose(wasm, "pe_frame_record")
@_cdecl("pe_frame_record")
public func peFrameRecord() -> UnsafeMutablePointer<Double> { frameRecord.base }

/// The text buffer: UTF-8 bytes the records' texts point into.
@_expose(wasm, "pe_text")
@_cdecl("pe_text")
public func peText() -> UnsafeMutablePointer<UInt8> { text.base }

/// The input buffer, at least `capacity` bytes, for text the host passes to
/// the next call.
@_expose(wasm, "pe_input")
@_cdecl("pe_input")
public func peInput(_ capacity: Int32) -> UnsafeMutablePointer<UInt8> {
  input.reserve(Int(max(capacity, 1)), zero: 0)
  return input.base
}

// MARK: - The wire contract: record layouts and codes, written once

/// The record layouts, in an order where a layout comes after those it
/// contains.
enum LayoutID: Int, CaseIterable {
  case text, rect, color, geometry, segment, textItem, image, frame
  case transition, completion, announcement, error, scenario, scenarioEvent, effect, motion
  case keyframe, setup
}

/// One record layout: named members, each one number wide or a layout of
/// its own, at offsets the layer chooses and publishes (`pe_schema`).
struct Layout {
  let name: StaticString
  /// The members: each one's name and, when it is not one number, its layout.
  ///
  /// In the order of their member enum's raw values, kept as written (not
  /// mapped into two arrays: under Embedded Swift each array element type
  /// brings its own growth code).
  let members: [(name: StaticString, part: LayoutID?)]
  var offsets: [Int] = []
  var length = 0

  init(_ name: StaticString, _ members: [(name: StaticString, part: LayoutID?)]) {
    self.name = name
    self.members = members
  }
}

// The members of each layout: the raw value is the member's place in its
// layout's list below.
enum TextMember: Int { case offset, length }
enum RectMember: Int { case x, y, width, height }
enum ColorMember: Int { case red, green, blue, alpha }
enum GeometryMember: Int {
  case kind, fromX, toX, centerY, lineWidth, arcCenterX, arcCenterY, radius, startAngle, endAngle
  case rotation
}
enum SegmentMember: Int { case start, end, geometry }
enum TextItemMember: Int { case present, text, frame, fontSize, alignment, opacity, isTruncated }
enum ImageMember: Int {
  case present, identifier, pixelWidth, pixelHeight, frame, clipCenterX, clipCenterY, clipRadius
  case opacity
}
enum FrameMember: Int {
  case time, width, height, shape, progressType, isIndeterminateAnimating, progress
  case presentedProgress, visibleFraction, isHidden, lineWidth, layoutDirection, path
  case hasTrack, track, segmentCount, firstSegment, secondSegment, percentage, leftLabel, image
  case hasClip, clip, trackColor, progressColor, textColor, hasAccessibilityLabel
  case accessibilityLabel, accessibilityValueText, hasWave, waveAmplitude, waveWavelength
  case waveOffset, hasStopIndicator, stopIndicator
}
enum TransitionMember: Int {
  case outcome, reason, completion, completionCount, announcementCount, type, time, effectCount
  case deadline
}
enum CompletionMember: Int { case id, finished }
enum AnnouncementMember: Int { case text }
enum ErrorMember: Int { case path, message }
enum ScenarioMember: Int { case eventCount, sampleCount, material3 }
enum ScenarioEventMember: Int { case time, type }
enum EffectMember: Int { case kind, from, to, start, duration, easing }
enum MotionMember: Int {
  case path, period, pathDegrees, keyframeCount, material3, track, gap, gapRamp, stopSize
  case waveAmplitude, waveWavelength, waveSpeed, waveLevel, waveTime, waveRunning, turnPeriods
}
enum KeyframeMember: Int { case track, offset, value, easing }
/// The setup record's members: the host's, read by `pe_create_record` and
/// `pe_configure_record`; named as the scenario format's configuration
/// fields and `pe_create`'s options are.
enum SetupMember: Int {
  case variant, size, style, showTrack, leftLabelText, accessibilityLabel, progressType
  case indeterminateStyle, backwardAnimation, layoutDirection, reduceMotion, material3, waveSpeed
  case width, height, progress, hidden, time, measureText, trackColor, progressColor, textColor
}

nonisolated(unsafe) var layouts: [Layout] = {
  var all = [
    Layout("text", [("offset", nil), ("length", nil)]),
    Layout("rect", [("x", nil), ("y", nil), ("width", nil), ("height", nil)]),
    Layout("color", [("red", nil), ("green", nil), ("blue", nil), ("alpha", nil)]),
    Layout(
      "geometry",
      [
        ("kind", nil), ("fromX", nil), ("toX", nil), ("centerY", nil), ("lineWidth", nil),
        ("arcCenterX", nil), ("arcCenterY", nil), ("radius", nil), ("startAngle", nil),
        ("endAngle", nil), ("rotation", nil),
      ]),
    Layout("segment", [("start", nil), ("end", nil), ("geometry", .geometry)]),
    Layout(
      "textItem",
      [
        ("present", nil), ("text", .text), ("frame", .rect), ("fontSize", nil),
        ("alignment", nil), ("opacity", nil), ("isTruncated", nil),
      ]),
    Layout(
      "image",
      [
        ("present", nil), ("identifier", .text), ("pixelWidth", nil), ("pixelHeight", nil),
        ("frame", .rect), ("clipCenterX", nil), ("clipCenterY", nil), ("clipRadius", nil),
        ("opacity", nil),
      ]),
    Layout(
      "frame",
      [
        ("time", nil), ("width", nil), ("height", nil), ("shape", nil), ("progressType", nil),
        ("isIndeterminateAnimating", nil), ("progress", nil), ("presentedProgress", nil),
        ("visibleFraction", nil), ("isHidden", nil), ("lineWidth", nil),
        ("layoutDirection", nil), ("path", .geometry), ("hasTrack", nil), ("track", .segment),
        ("segmentCount", nil), ("firstSegment", .segment), ("secondSegment", .segment),
        ("percentage", .textItem), ("leftLabel", .textItem), ("image", .image),
        ("hasClip", nil), ("clip", .rect), ("trackColor", .color), ("progressColor", .color),
        ("textColor", .color), ("hasAccessibilityLabel", nil), ("accessibilityLabel", .text),
        ("accessibilityValueText", .text), ("hasWave", nil), ("waveAmplitude", nil),
        ("waveWavelength", nil), ("waveOffset", nil), ("hasStopIndicator", nil),
        ("stopIndicator", .rect),
      ]),
    Layout(
      "transition",
      [
        ("outcome", nil), ("reason", .text), ("completion", nil), ("completionCount", nil),
        ("announcementCount", nil), ("type", .text), ("time", nil), ("effectCount", nil),
        ("deadline", nil),
      ]),
    Layout("completion", [("id", nil), ("finished", nil)]),
    Layout("announcement", [("text", .text)]),
    Layout("error", [("path", .text), ("message", .text)]),
    Layout("scenario", [("eventCount", nil), ("sampleCount", nil), ("material3", nil)]),
    Layout("scenarioEvent", [("time", nil), ("type", .text)]),
    Layout(
      "effect",
      [
        ("kind", nil), ("from", nil), ("to", nil), ("start", nil), ("duration", nil),
        ("easing", .text),
      ]),
    Layout(
      "motion",
      [
        ("path", .geometry), ("period", nil), ("pathDegrees", nil), ("keyframeCount", nil),
        ("material3", nil), ("track", nil), ("gap", nil), ("gapRamp", nil), ("stopSize", nil),
        ("waveAmplitude", nil), ("waveWavelength", nil), ("waveSpeed", nil), ("waveLevel", nil),
        ("waveTime", nil), ("waveRunning", nil), ("turnPeriods", nil),
      ]),
    Layout("keyframe", [("track", nil), ("offset", nil), ("value", nil), ("easing", .text)]),
    Layout(
      "setup",
      [
        ("variant", nil), ("size", nil), ("style", nil), ("showTrack", nil),
        ("leftLabelText", .text), ("accessibilityLabel", .text), ("progressType", nil),
        ("indeterminateStyle", nil), ("backwardAnimation", nil), ("layoutDirection", nil),
        ("reduceMotion", nil), ("material3", nil), ("waveSpeed", nil), ("width", nil),
        ("height", nil), ("progress", nil), ("hidden", nil), ("time", nil), ("measureText", nil),
        ("trackColor", .color), ("progressColor", .color), ("textColor", .color),
      ]),
  ]
  arrange(&all, seed: 0)
  return all
}()

/// Gives every member its offset.
///
/// Seed 0 lays members out in order; any other seed shuffles each layout's members and leaves gaps between them —
/// what a reordered or added field looks like to the host (`pe_wire_permute`).
func arrange(_ all: inout [Layout], seed: UInt64) {
  var state = seed
  func next(_ bound: Int) -> Int {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return Int((state >> 33) % UInt64(bound))
  }
  for index in all.indices {
    let count = all[index].members.count
    var order = Array(0..<count)
    if seed != 0 {
      for position in stride(from: count - 1, to: 0, by: -1) {
        order.swapAt(position, next(position + 1))
      }
    }
    var offsets = [Int](repeating: 0, count: count)
    var length = 0
    for member in order {
      if seed != 0 { length += next(3) }
      offsets[member] = length
      length += all[index].members[member].part.map { all[$0.rawValue].length } ?? 1
    }
    all[index].offsets = offsets
    all[index].length = length
  }
}

/// A layout's members in a record, at a base offset: written (the records
/// the engine writes) and read (the setup record the host writes).
struct RecordView {
  let buffer: UnsafeMutablePointer<Double>
  let layout: LayoutID
  let base: Int

  @inline(never)
  func offset(_ member: Int) -> Int { base + layouts[layout.rawValue].offsets[member] }

  @inline(never)
  func set<Member: RawRepresentable>(_ member: Member, _ value: Double)
  where Member.RawValue == Int {
    buffer[offset(member.rawValue)] = value
  }

  /// The member's number (what the host wrote, in the setup record).
  @inline(never)
  func get<Member: RawRepresentable>(_ member: Member) -> Double where Member.RawValue == Int {
    buffer[offset(member.rawValue)]
  }

  func set<Member: RawRepresentable>(_ member: Member, _ flag: Bool) where Member.RawValue == Int {
    set(member, flag ? 1.0 : 0.0)
  }

  /// The view of a member that is a layout of its own.
  @inline(never)
  func part<Member: RawRepresentable>(_ member: Member) -> RecordView where Member.RawValue == Int {
    let layout = layouts[self.layout.rawValue].members[member.rawValue].part ?? .text
    return RecordView(buffer: buffer, layout: layout, base: offset(member.rawValue))
  }

  /// Appends a string to the text buffer and writes where it is.
  @inline(never)
  func setText<Member: RawRepresentable>(_ member: Member, _ string: String)
  where Member.RawValue == Int {
    let (at, length) = appendText(string)
    let text = part(member)
    text.set(TextMember.offset, Double(at))
    text.set(TextMember.length, Double(length))
  }
}

/// Makes room for a record of `layout` in `buffer` (zeroed), plus `extra`
/// numbers after it; answers its writer.
func startRecord(_ buffer: inout Buffer<Double>, _ layout: LayoutID, extra: Int = 0) -> RecordView {
  let count = layouts[layout.rawValue].length + extra
  buffer.reserve(count, zero: 0)
  buffer.base.update(repeating: 0, count: count)
  buffer.count = count
  return RecordView(buffer: buffer.base, layout: layout, base: 0)
}

/// The codes the records use, each a list of names in code order.
let codes: [(StaticString, [StaticString])] = [
  ("outcome", ["applied", "ignored", "rejected"]),
  ("shape", ["linear", "circular"]),
  ("progressType", ["determinate", "indeterminate"]),
  ("layoutDirection", ["leftToRight", "rightToLeft"]),
  ("alignment", ["left", "center", "right"]),
  ("geometry", ["line", "arc"]),
  (
    "effect",
    [
      "setPresentedProgress", "animatePresentedProgress", "cancelProgressAnimation",
      "startIndeterminateAnimation", "stopIndeterminateAnimation",
      "suspendIndeterminateAnimation", "resumeIndeterminateAnimation", "setVisibility",
      "animateVisibility", "cancelVisibilityAnimation", "complete", "announce", "startWave",
      "stopWave", "suspendWave", "resumeWave", "setWaveAmplitude", "animateWaveAmplitude",
    ]
  ),
  // The events pe_event takes as numbers.
  (
    "event",
    [
      "setProgress", "setHidden", "startIndeterminateAnimation", "stopIndeterminateAnimation",
      "setProgressType",
    ]
  ),
]

/// The names the setup record takes as codes, from `Setup.Names` (checked
/// against the engine's enums by a test): the `codes` of the contract,
/// after those above; each list is named as the setup member it codes
/// (`progressType` and `layoutDirection` are above).
enum NameCodes {
  static let all: [(StaticString, [StaticString])] = [
    ("variant", ["linear", "circular"]), ("size", Setup.Names.sizes),
    ("style", Setup.Names.styles), ("indeterminateStyle", Setup.Names.indeterminateStyles),
    ("backwardAnimation", Setup.Names.backwardAnimations),
    ("material3", Setup.Names.material3Shapes),
  ]
}

/// A setup member's name, for an error's path.
func setupMemberName(_ member: SetupMember) -> String {
  let name = layouts[LayoutID.setup.rawValue].members[member.rawValue].name
  return String(
    decoding: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount),
    as: UTF8.self)
}

/// What a call answers besides a handle or an outcome: -1 a handle that is
/// not live, -2 invalid input (the record holds the error's path and
/// message).
enum Status {
  static let badHandle: Int32 = -1
  static let invalidInput: Int32 = -2
}

/// Writes the wire contract as JSON text into the text buffer.
///
/// Every layout's length and member offsets, the codes, the statuses and
/// the limits; the host reads it at load. Answers its length in bytes.
@_expose(wasm, "pe_schema")
@_cdecl("pe_schema")
public func peSchema() -> Int32 {
  beginCall()
  appendLiteral("{\"version\":1,\"layouts\":{")
  for (index, layout) in layouts.enumerated() {
    if index > 0 { appendLiteral(",") }
    appendLiteral("\"")
    appendLiteral(layout.name)
    appendLiteral("\":{\"length\":")
    appendNumber(layout.length)
    appendLiteral(",\"members\":{")
    for member in layout.members.indices {
      if member > 0 { appendLiteral(",") }
      appendLiteral("\"")
      appendLiteral(layout.members[member].name)
      appendLiteral("\":")
      appendNumber(layout.offsets[member])
    }
    appendLiteral("}}")
  }
  appendLiteral("},\"codes\":{")
  /// Appends `"name":["a","b",…]`, after a comma unless it is the first.
  func list(_ name: StaticString, _ names: [StaticString], first: Bool) {
    appendLiteral(first ? "\"" : ",\"")
    appendLiteral(name)
    appendLiteral("\":[")
    for (position, code) in names.enumerated() {
      appendLiteral(position > 0 ? ",\"" : "\"")
      appendLiteral(code)
      appendLiteral("\"")
    }
    appendLiteral("]")
  }
  for (index, (name, names)) in codes.enumerated() { list(name, names, first: index == 0) }
  for (name, names) in NameCodes.all { list(name, names, first: false) }
  appendLiteral("},\"status\":{\"badHandle\":")
  appendNumber(Int(Status.badHandle))
  appendLiteral(",\"invalidInput\":")
  appendNumber(Int(Status.invalidInput))
  appendLiteral("},\"limits\":{\"scenarioBytes\":")
  appendNumber(TraceScenario.maximumBytes)
  appendLiteral(",\"liveIndicators\":")
  appendNumber(maximumLiveIndicators)
  appendLiteral(",\"wavePointsPerWavelength\":")
  appendNumber(WaveGeometry.pointsPerWavelength)
  appendLiteral(",\"waveSegments\":")
  appendNumber(WaveGeometry.maximumSegmentCount)
  appendLiteral("}}")
  return Int32(text.count)
}

/// Lays the records out again, shuffled with gaps (seed ≠ 0) or in order
/// (0): for the test that shows the host reads every offset from the
/// schema, so that a reordered or added field cannot misalign it.
@_expose(wasm, "pe_wire_permute")
@_cdecl("pe_wire_permute")
public func peWirePermute(_ seed: Int32) {
  arrange(&layouts, seed: UInt64(UInt32(bitPattern: seed)))
}

// MARK: - Errors

/// Writes an error record (its path and message) and answers -2.
func fail(_ error: ScenarioError) -> Int32 {
  let writer = startRecord(&record, .error)
  writer.setText(ErrorMember.path, error.path)
  writer.setText(ErrorMember.message, error.message)
  return Status.invalidInput
}

// MARK: - Text measurement by the host

@_extern(wasm, module: "env", name: "pe_host_text_width")
func hostTextWidth(_ bytes: UnsafePointer<UInt8>?, _ count: Int32, _ fontSize: Double) -> Double

@_extern(wasm, module: "env", name: "pe_host_line_height")
func hostLineHeight(_ fontSize: Double) -> Double

/// Measures text with the host's fonts (a canvas's `measureText`, say).
final class HostTextMeasurer: TextMeasurer {
  func width(of text: String, fontSize: Double) -> Double {
    var text = text
    return text.withUTF8 { hostTextWidth($0.baseAddress, Int32($0.count), fontSize) }
  }

  func lineHeight(fontSize: Double) -> Double { hostLineHeight(fontSize) }
}

// MARK: - Indicators: create, destroy

/// A live indicator's runtime, in a box of its own: the table holds
/// references, so growing it or filling a slot copies no runtime.
final class RuntimeBox {
  var runtime: IndicatorRuntime
  /// The still frame `pe_changes` last compared, once it has been called.
  var still: StillFrame?
  /// Whether an event that may configure or resize it came since
  /// `pe_changes` last answered (from creation on).
  var mayReconfigure = true

  init(_ runtime: IndicatorRuntime) {
    self.runtime = runtime
  }
}

/// A frame in a box of its own: only an indicator read by `pe_changes`
/// pays for one.
final class StillFrame {
  var frame: ProgressFrame

  init(_ frame: ProgressFrame) {
    self.frame = frame
  }
}

nonisolated(unsafe) var indicators: [RuntimeBox?] = []
nonisolated(unsafe) var freeSlots: [Int] = []

/// Runs `body` on the live indicator of `handle` in place, in its box
/// (never copied); `nil` for a handle that is not live.
func withRuntime<Result>(_ handle: Int32, _ body: (inout IndicatorRuntime) -> Result) -> Result? {
  let slot = Int(handle) - 1
  guard slot >= 0, slot < indicators.count, let box = indicators[slot] else { return nil }
  return body(&box.runtime)
}

/// The most indicators live at once: 1,000,000.
///
/// About 1.6 GB of the 4 GiB a 32-bit WebAssembly memory can reach (1,638
/// bytes each). Past it `create` is refused with an error, where an
/// allocation would otherwise fail and trap the module for good (RL-15).
let maximumLiveIndicators = 1_000_000

/// Adds a runtime to the table; answers its handle, or throws when
/// ``maximumLiveIndicators`` are live.
func insert(_ runtime: consuming IndicatorRuntime) throws(ScenarioError) -> Int32 {
  guard indicators.count - freeSlots.count < maximumLiveIndicators else {
    throw ScenarioError(
      path: "$",
      message:
        "\(maximumLiveIndicators) indicators are live, the most there may be; destroy one first")
  }
  let box = RuntimeBox(runtime)
  if let slot = freeSlots.popLast() {
    indicators[slot] = box
    return Int32(slot + 1)
  }
  indicators.append(box)
  return Int32(indicators.count)
}

/// A model, or the reason it could not be made as a `ScenarioError`.
func makeModel(
  _ setup: Setup, progress: Double, hidden: Bool, theme: ProgressTheme, measuredByHost: Bool,
  at time: Double, path: String
) throws(ScenarioError) -> ProgressIndicatorModel {
  do {
    let measurer: any TextMeasurer =
      measuredByHost ? HostTextMeasurer() : EstimatedTextMeasurer()
    return try ProgressIndicatorModel(
      configuration: setup.configuration, progressType: setup.progressType ?? .determinate,
      progress: progress, isHidden: hidden,
      size: setup.size ?? FrameSize(width: 320, height: 40), theme: theme, measurer: measurer,
      at: time)
  } catch {
    switch error {
    case .invalidSize: throw ScenarioError(path: path, message: "invalid size")
    case .machine(.progressIsNaN): throw ScenarioError(path: path, message: "progressIsNaN")
    case .machine(.invalidTime): throw ScenarioError(path: path, message: "invalidTime")
    case .machine(.invalidMaterial3):
      throw ScenarioError(path: path, message: "invalidMaterial3")
    }
  }
}

/// Destroys an indicator; its handle becomes invalid.
///
/// Answers 0, or -1 for a handle that is not live.
@_expose(wasm, "pe_destroy")
@_cdecl("pe_destroy")
public func peDestroy(_ handle: Int32) -> Int32 {
  guard withRuntime(handle, { _ in }) != nil else { return Status.badHandle }
  let slot = Int(handle) - 1
  indicators[slot] = nil
  freeSlots.append(slot)
  return 0
}

/// The number of live indicators.
@_expose(wasm, "pe_live_count")
@_cdecl("pe_live_count")
public func peLiveCount() -> Int32 { Int32(indicators.count - freeSlots.count) }

// MARK: - Events

/// Writes a transition record: its outcome and reason, the request's
/// completion identity (-1 for none), then the completions and the
/// announcements it delivered (in layouts `completion` and `announcement`,
/// one after another, after the record), the event's type name, and the
/// indicator's next deadline after it (`pe_deadline`'s value, +∞ when
/// none), so that a host schedules its timer without another call (WA-3).
func putTransition(
  _ applied: TraceScenario.Applied, type: String = "", deadline: Double
) -> Int32 {
  var completions = 0
  var announcements = 0
  var transition: ProgressTransition?
  if case .transition(let made) = applied { transition = made }
  // By position: an iterator would copy the effects (four inline) each loop.
  let effects = transition?.effects ?? ProgressEffects()
  for index in effects.indices {
    switch effects[index] {
    case .complete: completions += 1
    case .announce: announcements += 1
    default: break
    }
  }
  let completionLength = layouts[LayoutID.completion.rawValue].length
  let announcementLength = layouts[LayoutID.announcement.rawValue].length
  let effectLength = layouts[LayoutID.effect.rawValue].length
  let writer = startRecord(
    &record, .transition,
    extra: completions * completionLength + announcements * announcementLength
      + effects.count * effectLength)
  var outcome = 0.0
  switch applied {
  case .transition(let made):
    switch made.outcome {
    case .applied: break
    case .ignored(let reason):
      outcome = 1
      writer.setText(TransitionMember.reason, reason.rawValue)
    case .rejected(let error):
      outcome = 2
      switch error {
      case .progressIsNaN: writer.setText(TransitionMember.reason, "progressIsNaN")
      case .invalidTime: writer.setText(TransitionMember.reason, "invalidTime")
      case .invalidMaterial3: writer.setText(TransitionMember.reason, "invalidMaterial3")
      }
    }
  case .resized: break
  case .refused(let reason):
    outcome = 2
    writer.setText(TransitionMember.reason, reason)
  }
  writer.set(TransitionMember.outcome, outcome)
  writer.set(TransitionMember.completion, transition?.completion.map { Double($0.rawValue) } ?? -1)
  writer.set(TransitionMember.completionCount, Double(completions))
  writer.set(TransitionMember.announcementCount, Double(announcements))
  writer.setText(TransitionMember.type, type)
  var next = layouts[LayoutID.transition.rawValue].length
  for index in effects.indices {
    guard case .complete(let id, let finished) = effects[index] else { continue }
    let entry = RecordView(buffer: record.base, layout: .completion, base: next)
    entry.set(CompletionMember.id, Double(id.rawValue))
    entry.set(CompletionMember.finished, finished)
    next += completionLength
  }
  for index in effects.indices {
    guard case .announce(let value) = effects[index] else { continue }
    let entry = RecordView(buffer: record.base, layout: .announcement, base: next)
    entry.setText(AnnouncementMember.text, value.description)
    next += announcementLength
  }
  // Every effect, in order: what a host that animates natively performs.
  writer.set(TransitionMember.time, transition?.time ?? 0)
  writer.set(TransitionMember.deadline, deadline)
  writer.set(TransitionMember.effectCount, Double(effects.count))
  for index in effects.indices {
    putEffect(RecordView(buffer: record.base, layout: .effect, base: next), effects[index])
    next += effectLength
  }
  return Int32(outcome)
}

/// Writes one effect (layout `effect`): its kind (the `effect` codes), a
/// value in `to` (a time in `start`), and a tween's values, start,
/// duration and CSS easing text.
func putEffect(_ writer: RecordView, _ effect: ProgressEffect) {
  var kind = 0.0
  var tween: Tween?
  switch effect {
  case .setPresentedProgress(let value): writer.set(EffectMember.to, value)
  case .animatePresentedProgress(let made):
    kind = 1
    tween = made
  case .cancelProgressAnimation: kind = 2
  case .startIndeterminateAnimation(let time):
    kind = 3
    writer.set(EffectMember.start, time)
  case .stopIndeterminateAnimation: kind = 4
  case .suspendIndeterminateAnimation(let time):
    kind = 5
    writer.set(EffectMember.start, time)
  case .resumeIndeterminateAnimation(let time):
    kind = 6
    writer.set(EffectMember.start, time)
  case .setVisibility(let value):
    kind = 7
    writer.set(EffectMember.to, value)
  case .animateVisibility(let made):
    kind = 8
    tween = made
  case .cancelVisibilityAnimation: kind = 9
  case .complete(let id, let finished):
    kind = 10
    writer.set(EffectMember.from, Double(id.rawValue))
    writer.set(EffectMember.to, finished)
  case .announce: kind = 11
  case .startWave(let time):
    kind = 12
    writer.set(EffectMember.start, time)
  case .stopWave: kind = 13
  case .suspendWave(let time):
    kind = 14
    writer.set(EffectMember.start, time)
  case .resumeWave(let time):
    kind = 15
    writer.set(EffectMember.start, time)
  case .setWaveAmplitude(let value):
    kind = 16
    writer.set(EffectMember.to, value)
  case .animateWaveAmplitude(let made):
    kind = 17
    tween = made
  }
  writer.set(EffectMember.kind, kind)
  if let tween {
    writer.set(EffectMember.from, tween.from)
    writer.set(EffectMember.to, tween.to)
    writer.set(EffectMember.start, tween.start)
    writer.set(EffectMember.duration, tween.timing.duration)
    writer.setText(EffectMember.easing, tween.timing.easing.cssText)
  }
}

/// Lets time pass to `time` — what falls due (completions, announcements) —
/// and writes the transition record; answers the outcome, or -1 for a
/// handle that is not live.
@_expose(wasm, "pe_tick")
@_cdecl("pe_tick")
public func peTick(_ handle: Int32, _ time: Double) -> Int32 {
  beginCall()
  guard
    let (transition, deadline) = withRuntime(handle, { ($0.send(.tick, at: time), $0.deadline) })
  else { return Status.badHandle }
  return putTransition(.transition(transition), deadline: deadline)
}

/// Applies an action to an indicator at `time` and writes its transition
/// record.
///
/// What `pe_send`, `pe_event` and `pe_scenario_send` share. Answers the
/// outcome, or -1 for a handle that is not live.
@inline(never)
func send(_ action: TraceScenario.Action, to handle: Int32, at time: Double) -> Int32 {
  guard
    let (applied, deadline) = withRuntime(
      handle, { (TraceScenario.apply(action, to: &$0, at: time), $0.deadline) })
  else { return Status.badHandle }
  return putTransition(applied, type: action.typeName, deadline: deadline)
}

/// Sends a common event given as numbers: the same action `pe_send` makes
/// of the event's JSON object, applied the same way, without writing and
/// reading JSON text.
///
/// `kind` is an `event` code: `setProgress` (`value`, `animated`),
/// `setHidden` (hidden when `value` ≠ 0; `animated`),
/// `startIndeterminateAnimation`, `stopIndeterminateAnimation`,
/// `setProgressType` (`value` a `progressType` code). Writes the
/// transition record. Answers the outcome, -1 for a handle that is not
/// live, -2 with the error record for a kind that is not an event code (or
/// a progress type that is not a code).
@_expose(wasm, "pe_event")
@_cdecl("pe_event")
public func peEvent(
  _ handle: Int32, _ kind: Int32, _ value: Double, _ animated: Int32, _ time: Double
) -> Int32 {
  beginCall()
  let action: TraceScenario.Action
  switch kind {
  case 0: action = .setProgress(value: value, animated: animated != 0)
  case 1: action = .setHidden(value != 0, animated: animated != 0)
  case 2: action = .startIndeterminateAnimation
  case 3: action = .stopIndeterminateAnimation
  case 4 where value == 0 || value == 1:
    action = .setProgressType(value == 0 ? .determinate : .indeterminate)
  default:
    guard withRuntime(handle, { _ in }) != nil else { return Status.badHandle }
    return fail(
      kind == 4
        ? ScenarioError(path: "$.value", message: "not a progressType code")
        : ScenarioError(path: "$.type", message: "not an event code"))
  }
  // None of these configures or resizes (pe_changes); a type switch is
  // told as pe_send tells it.
  if kind == 4 { mayReconfigure(handle) }
  return send(action, to: handle, at: time)
}

extension Setup {
  /// A runtime's configuration and size, as a `configure` event's base.
  static func current(of runtime: IndicatorRuntime) -> Setup {
    Setup(
      configuration: runtime.state.configuration, progressType: nil, size: runtime.size)
  }
}

// MARK: - Steps and frames

/// Steps an indicator to `time` (FR-8).
///
/// What fell due is written as the tick's transition record, and the frame
/// into the frame record when one is due and differs from the last one
/// delivered. Answers 1 when a frame
/// was written, 0 when none is due, -1 for a handle that is not live.
@_expose(wasm, "pe_step")
@_cdecl("pe_step")
public func peStep(_ handle: Int32, _ time: Double) -> Int32 {
  beginCall()
  // The runtime's own step, writing its frame, when it has one, here.
  var frame: ProgressFrame?
  guard
    let (step, deadline) = withRuntime(
      handle, { ($0.step(to: time, into: &frame), $0.deadline) })
  else { return Status.badHandle }
  if let tick = step.transitions.last {
    _ = putTransition(.transition(tick), deadline: deadline)
  } else {
    _ = putTransition(.resized, deadline: deadline)  // nothing fell due: an empty record
  }
  guard step.hasFrame, let frame else { return 0 }
  putFrame(frame)
  return 1
}

/// The earliest time an indicator needs a step (its runtime's wake time):
/// +∞ while idle; -∞ for a handle that is not live.
@_expose(wasm, "pe_wake_time")
@_cdecl("pe_wake_time")
public func peWakeTime(_ handle: Int32) -> Double {
  withRuntime(handle) { $0.wakeTime } ?? -.infinity
}

/// The machine's next deadline (MS-5).
///
/// When a tween ends or an announcement falls due; +∞ when none is pending
/// (a loop has none); -∞ for a handle that is not live. A host that
/// animates natively steps then.
@_expose(wasm, "pe_deadline")
@_cdecl("pe_deadline")
public func peDeadline(_ handle: Int32) -> Double {
  withRuntime(handle) { $0.deadline } ?? -.infinity
}

/// Writes an indicator's motion for a host that animates natively.
///
/// Layout `motion`, then its keyframes in layout `keyframe`: the whole path at the full line width, and the
/// indeterminate loop as keyframe tracks of path fractions with the CSS
/// easing text of each keyframe, from the loop's own timeline (IM-1 to
/// IM-4). Track 2k is stretch k's end, 2k + 1 its start (as `stretches`
/// reads them), each repeating every `period`; track 4 (Material 2 and
/// Material 3 circular) is the rotation in degrees over `period` ×
/// `turnPeriods` (Material 2's five turning cycles, IM-4; Material 3's one
/// period, MT-24; 0 without a rotation), so a host infers no span (WA-24).
/// With motion reduced the tracks are the static indication (IM-6),
/// constant.
/// Answers 0, or -1 for a handle that is not live.
@_expose(wasm, "pe_motion")
@_cdecl("pe_motion")
public func peMotion(_ handle: Int32) -> Int32 {
  beginCall()
  guard
    let (frame, state, time) = withRuntime(
      handle,
      {
        (
          $0.model.frame(
            at: $0.time,
            showing: AnimatedValues(presentedProgress: 0, visibleFraction: 1, loopTime: 0)),
          $0.state, $0.time
        )
      })
  else { return Status.badHandle }
  let configuration = state.configuration
  let motion = IndeterminateMotion.motion(for: configuration, frame.shape)
  let keyframeLength = layouts[LayoutID.keyframe.rawValue].length
  var count = 0
  for track in motion.timeline.tracks { count += track.keyframes.offsets.count }
  let writer = startRecord(&record, .motion, extra: (count + 10) * keyframeLength)
  putGeometry(writer.part(MotionMember.path), frame.path)
  writer.set(MotionMember.period, motion.period)
  putMaterial3(writer, state, frame, at: time)
  var next = layouts[LayoutID.motion.rawValue].length
  var written = 0.0
  @inline(never)
  func key(_ track: Int, _ offset: Double, _ value: Double, _ easing: Easing? = nil) {
    let entry = RecordView(buffer: record.base, layout: .keyframe, base: next)
    entry.set(KeyframeMember.track, Double(track))
    entry.set(KeyframeMember.offset, offset)
    entry.set(KeyframeMember.value, value)
    entry.setText(KeyframeMember.easing, easing?.cssText ?? "linear")
    next += keyframeLength
    written += 1
  }
  if configuration.reducesMotion {
    let still = IndeterminateMotion.reducedStretch(frame.shape)
    writer.set(MotionMember.pathDegrees, 360)
    for offset in [0.0, 1.0] {
      key(0, offset, still.end)
      key(1, offset, still.start)
    }
  } else {
    writer.set(MotionMember.pathDegrees, motion.pathDegrees)
    // The stroke never drops below a line width (IM-4): on the head.
    let radius = frame.path.arcRadius
    let minimum =
      motion.family == .material && frame.shape == .circular && radius > 0
      ? frame.lineWidth / (2 * Double.pi * radius) : 0
    // Material 3 circular's second track is its rotation (MT-24): the turn,
    // track 4, over one period; its arc starts at the path's start, a
    // constant start track.
    let turnsOnItsOwn = motion.family == .material3 && frame.shape == .circular
    for (index, track) in motion.timeline.tracks.enumerated() {
      let keys = track.keyframes
      let wire = turnsOnItsOwn && index == 1 ? 4 : index
      for position in keys.offsets.indices {
        key(
          wire, keys.offsets[position], keys.values[position] + (index == 0 ? minimum : 0),
          keys.easings[position])
      }
    }
    if turnsOnItsOwn {
      key(1, 0, 0)
      key(1, 1, 0)
      writer.set(MotionMember.turnPeriods, 1)
    }
    if minimum > 0 {
      let cycles = IndeterminateMotion.turningCycles
      for cycle in 0..<Int(cycles) {
        let turn = Double(cycle) * IndeterminateMotion.cycleTurn
        key(4, Double(cycle) / cycles, turn)
        key(4, Double(cycle + 1) / cycles, turn + IndeterminateMotion.cycleSpin)
      }
      writer.set(MotionMember.turnPeriods, cycles)
    }
  }
  writer.set(MotionMember.keyframeCount, written)
  return 0
}

/// Writes Material 3's numbers into a motion record (MT-13 to MT-15): the
/// gap, its ramp and the stop indicator's size; the wave's full amplitude,
/// wavelength (fitted on a ring) and speed; and the wave as it is at `time`
/// — its amplitude's fraction, its clock's time and whether that clock runs
/// — for a host that joins an indicator already made.
func putMaterial3(
  _ writer: RecordView, _ state: ProgressState, _ frame: ProgressFrame, at time: Double
) {
  guard let style = state.configuration.material3 else { return }
  writer.set(MotionMember.material3, true)
  writer.set(MotionMember.track, state.configuration.showsTrack)
  writer.set(MotionMember.gap, Material3Metrics.gap)
  writer.set(MotionMember.gapRamp, Material3Metrics.gapRamp)
  writer.set(MotionMember.stopSize, Material3Metrics.stopSize)
  guard style.isWavy, let wave = state.wave else { return }
  let radius = frame.path.arcRadius
  writer.set(
    MotionMember.waveAmplitude,
    radius > 0 ? Material3Metrics.circularAmplitude : Material3Metrics.linearAmplitude)
  writer.set(
    MotionMember.waveWavelength,
    radius > 0
      ? Material3Metrics.closedWavelength(circumference: 2 * Double.pi * radius)
      : Material3Metrics.linearWavelength(state.progressType))
  writer.set(MotionMember.waveSpeed, style.waveSpeed)
  writer.set(MotionMember.waveLevel, wave.amplitude.value(at: time))
  writer.set(MotionMember.waveTime, wave.clock.loopTime(at: time))
  writer.set(MotionMember.waveRunning, !wave.clock.isSuspended)
}

extension SegmentGeometry {
  /// An arc's radius; 0 for a line.
  var arcRadius: Double {
    if case .arc(let arc) = self { return arc.radius }
    return 0
  }
}

/// Whether an indicator's frames change with time; -1 for a handle that is
/// not live.
@_expose(wasm, "pe_is_animating")
@_cdecl("pe_is_animating")
public func peIsAnimating(_ handle: Int32) -> Int32 {
  withRuntime(handle) { $0.state.isAnimating ? 1 : 0 } ?? Status.badHandle
}

/// Writes the frame at `time` into the frame record without stepping (a
/// trace samples every time); answers 0, or -1 for a handle that is not
/// live.
@_expose(wasm, "pe_frame")
@_cdecl("pe_frame")
public func peFrame(_ handle: Int32, _ time: Double) -> Int32 {
  beginCall()
  guard let frame = withRuntime(handle, { $0.frame(at: time) }) else {
    return Status.badHandle
  }
  putFrame(frame)
  return 0
}

/// What of an indicator's drawing changed since this call last answered
/// for it (everything, the first time), for a host that animates from the
/// effects and reads the rest only when it changes (WA-21).
///
/// Bit 1: its still parts at `time` — all of the frame but the time, the
/// progress, the presented progress, the segments and the accessibility
/// value, which move with the tweens and loops or are not drawn — differ.
/// Bit 2: an event that may configure or resize it
/// came (`pe_send`, `pe_scenario_send`, `pe_configure_record`, `pe_resize`,
/// and `pe_event`'s `setProgressType`; its other events never do): its motion
/// (`pe_motion`, made of the configuration and the size) may differ.
/// When either is set the frame at `time` is written into the frame record.
/// Answers the bits (0: nothing to read again), or -1 for a handle that is
/// not live.
@_expose(wasm, "pe_changes")
@_cdecl("pe_changes")
public func peChanges(_ handle: Int32, _ time: Double) -> Int32 {
  beginCall()
  // The runtime in place (withRuntime): a read of box.runtime copies it.
  guard let frame = withRuntime(handle, { $0.frame(at: time) }),
    let box = indicators[Int(handle) - 1]
  else { return Status.badHandle }
  var still = frame
  still.time = 0
  still.progress = 0
  still.presentedProgress = 0
  still.segments = Segments()
  still.accessibilityValue = nil
  var changes: Int32 = box.mayReconfigure ? 2 : 0
  box.mayReconfigure = false
  if let last = box.still {
    if last.frame != still {
      last.frame = still
      changes |= 1
    }
  } else {
    box.still = StillFrame(still)
    changes |= 1
  }
  if changes != 0 { putFrame(frame) }
  return changes
}

/// Notes that an event that may configure or resize the indicator came.
func mayReconfigure(_ handle: Int32) {
  let slot = Int(handle) - 1
  if slot >= 0, slot < indicators.count { indicators[slot]?.mayReconfigure = true }
}

func putGeometry(_ writer: RecordView, _ geometry: SegmentGeometry) {
  switch geometry {
  case .line(let line):
    writer.set(GeometryMember.kind, 0.0)
    writer.set(GeometryMember.fromX, line.fromX)
    writer.set(GeometryMember.toX, line.toX)
    writer.set(GeometryMember.centerY, line.centerY)
    writer.set(GeometryMember.lineWidth, line.lineWidth)
  case .arc(let arc):
    writer.set(GeometryMember.kind, 1.0)
    writer.set(GeometryMember.arcCenterX, arc.center.x)
    writer.set(GeometryMember.arcCenterY, arc.center.y)
    writer.set(GeometryMember.radius, arc.radius)
    writer.set(GeometryMember.lineWidth, arc.lineWidth)
    writer.set(GeometryMember.startAngle, arc.startAngle)
    writer.set(GeometryMember.endAngle, arc.endAngle)
    writer.set(GeometryMember.rotation, arc.rotation)
  }
}

func putSegment(_ writer: RecordView, _ segment: Segment) {
  writer.set(SegmentMember.start, segment.start)
  writer.set(SegmentMember.end, segment.end)
  putGeometry(writer.part(SegmentMember.geometry), segment.geometry)
}

func putRect(_ writer: RecordView, _ rect: FrameRect) {
  writer.set(RectMember.x, rect.origin.x)
  writer.set(RectMember.y, rect.origin.y)
  writer.set(RectMember.width, rect.size.width)
  writer.set(RectMember.height, rect.size.height)
}

func putTextItem(_ writer: RecordView, _ item: TextItem?) {
  guard let item else { return }
  writer.set(TextItemMember.present, true)
  writer.setText(TextItemMember.text, item.text)
  putRect(writer.part(TextItemMember.frame), item.frame)
  writer.set(TextItemMember.fontSize, item.fontSize)
  let alignment: Double =
    switch item.alignment {
    case .left: 0
    case .center: 1
    case .right: 2
    }
  writer.set(TextItemMember.alignment, alignment)
  writer.set(TextItemMember.opacity, item.opacity)
  writer.set(TextItemMember.isTruncated, item.isTruncated)
}

func putColor(_ writer: RecordView, _ color: FrameColor) {
  writer.set(ColorMember.red, color.red)
  writer.set(ColorMember.green, color.green)
  writer.set(ColorMember.blue, color.blue)
  writer.set(ColorMember.alpha, color.alpha)
}

/// Writes a frame into the frame record (layout `frame`).
func putFrame(_ frame: ProgressFrame) {
  let writer = startRecord(&frameRecord, .frame)
  writer.set(FrameMember.time, frame.time)
  writer.set(FrameMember.width, frame.size.width)
  writer.set(FrameMember.height, frame.size.height)
  writer.set(FrameMember.shape, frame.shape == .circular)
  writer.set(FrameMember.progressType, frame.progressType == .indeterminate)
  writer.set(FrameMember.isIndeterminateAnimating, frame.isIndeterminateAnimating)
  writer.set(FrameMember.progress, frame.progress)
  writer.set(FrameMember.presentedProgress, frame.presentedProgress)
  writer.set(FrameMember.visibleFraction, frame.visibleFraction)
  writer.set(FrameMember.isHidden, frame.isHidden)
  writer.set(FrameMember.lineWidth, frame.lineWidth)
  writer.set(FrameMember.layoutDirection, frame.layoutDirection == .rightToLeft)
  putGeometry(writer.part(FrameMember.path), frame.path)
  if let track = frame.track {
    writer.set(FrameMember.hasTrack, true)
    putSegment(writer.part(FrameMember.track), track)
  }
  writer.set(FrameMember.segmentCount, Double(frame.segments.count))
  if frame.segments.count > 0 {
    putSegment(writer.part(FrameMember.firstSegment), frame.segments[0])
  }
  if frame.segments.count > 1 {
    putSegment(writer.part(FrameMember.secondSegment), frame.segments[1])
  }
  putTextItem(writer.part(FrameMember.percentage), frame.percentage)
  putTextItem(writer.part(FrameMember.leftLabel), frame.leftLabel)
  if let image = frame.image {
    let item = writer.part(FrameMember.image)
    item.set(ImageMember.present, true)
    item.setText(ImageMember.identifier, image.image.identifier)
    item.set(ImageMember.pixelWidth, Double(image.image.pixelWidth))
    item.set(ImageMember.pixelHeight, Double(image.image.pixelHeight))
    putRect(item.part(ImageMember.frame), image.frame)
    item.set(ImageMember.clipCenterX, image.clipCenter.x)
    item.set(ImageMember.clipCenterY, image.clipCenter.y)
    item.set(ImageMember.clipRadius, image.clipRadius)
    item.set(ImageMember.opacity, image.opacity)
  }
  if let clip = frame.clip {
    writer.set(FrameMember.hasClip, true)
    putRect(writer.part(FrameMember.clip), clip)
  }
  putColor(writer.part(FrameMember.trackColor), frame.theme.track)
  putColor(writer.part(FrameMember.progressColor), frame.theme.progress)
  putColor(writer.part(FrameMember.textColor), frame.theme.text)
  if let label = frame.accessibilityLabel {
    writer.set(FrameMember.hasAccessibilityLabel, true)
    writer.setText(FrameMember.accessibilityLabel, label)
  }
  if let value = frame.accessibilityValue {
    writer.setText(FrameMember.accessibilityValueText, value.description)
  }
  // Material 3 (MT-13, MT-15).
  if let wave = frame.wave {
    writer.set(FrameMember.hasWave, true)
    writer.set(FrameMember.waveAmplitude, wave.amplitude)
    writer.set(FrameMember.waveWavelength, wave.wavelength)
    writer.set(FrameMember.waveOffset, wave.offset)
  }
  if let stop = frame.stopIndicator {
    writer.set(FrameMember.hasStopIndicator, true)
    putRect(writer.part(FrameMember.stopIndicator), stop)
  }
}

// MARK: - Benchmark

// Only in the module Scripts/build-wasm.sh builds with --benchmark, for
// Web/tools/bench.mjs: the shipped module carries no benchmark code.
#if PROGRESS_WASM_BENCHMARK

  /// Samples `count` frames without writing them out.
  ///
  /// At `time`, `time + step`, …; answers a sum of what they show: the loop of
  /// progress-bench's `frame.*` benchmarks, to compare one frame sample in
  /// wasm with native (Web/tools/bench.mjs). -1 for a handle that is not live.
  @_expose(wasm, "pe_bench_frames")
  @_cdecl("pe_bench_frames")
  public func peBenchFrames(_ handle: Int32, _ count: Int32, _ time: Double, _ step: Double)
    -> Double
  {
    let sum = withRuntime(handle) { runtime -> Double in
      var sum = 0.0
      var now = time
      for _ in 0..<Int(max(count, 0)) {
        let frame = sampleFrame(of: runtime, at: now)
        sum +=
          frame.presentedProgress + Double(frame.segments.count) + (frame.segments.first?.end ?? 0)
        now += step
      }
      return sum
    }
    return sum ?? -1
  }

  /// One frame sample, not inlined into the benchmark loop (the engine's own
  /// call, as native code makes it, and no second copy of it in the module).
  @inline(never)
  func sampleFrame(of runtime: IndicatorRuntime, at time: Double) -> ProgressFrame {
    runtime.frame(at: time)
  }
#endif
