//===----------------------------------------------------------------------===//
// ProgressEngine for WebAssembly: the wire contract — the record layouts,
// their members and the codes, written once and published by `pe_schema`;
// the errors and statuses.
//===----------------------------------------------------------------------===//

import ProgressIndicatorKit
import ProgressStateMachine
import ProgressTrace
import Timeline

/// The record layouts, in an order where a layout comes after those it
/// contains.
enum LayoutID: Int, CaseIterable {
  case text, rect, color, geometry, segment, textItem, image, frame
  case transition, error, scenario, scenarioEvent, effect, motion
  case keyframe, setup, step
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
  case outcome, reason, completion, time, effectCount, deadline, requestedTime
}
enum ErrorMember: Int { case path, message }
enum ScenarioMember: Int { case eventCount, sampleCount, material3 }
enum ScenarioEventMember: Int { case time, type }
enum EffectMember: Int { case kind, from, to, start, duration, easing, announcement }
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
  case cadence
}
enum StepMember: Int {
  case time, transitionCount, hasFrame, motionChanged, wakeTime, requestedTime
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
        ("outcome", nil), ("reason", .text), ("completion", nil), ("time", nil),
        ("effectCount", nil), ("deadline", nil), ("requestedTime", nil),
      ]),
    Layout("error", [("path", .text), ("message", .text)]),
    Layout("scenario", [("eventCount", nil), ("sampleCount", nil), ("material3", nil)]),
    Layout("scenarioEvent", [("time", nil), ("type", .text)]),
    Layout(
      "effect",
      [
        ("kind", nil), ("from", nil), ("to", nil), ("start", nil), ("duration", nil),
        ("easing", .text), ("announcement", .text),
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
        ("trackColor", .color), ("progressColor", .color), ("textColor", .color), ("cadence", nil),
      ]),
    Layout(
      "step",
      [
        ("time", nil), ("transitionCount", nil), ("hasFrame", nil), ("motionChanged", nil),
        ("wakeTime", nil), ("requestedTime", nil),
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

/// The effect codes: an effect record's `kind` (the `effect` list of
/// `codes`, the same names in the same order; a node test compares them).
enum EffectCode: Int {
  case setPresentedProgress, animatePresentedProgress, cancelProgressAnimation
  case startIndeterminateAnimation, stopIndeterminateAnimation, suspendIndeterminateAnimation
  case resumeIndeterminateAnimation, setVisibility, animateVisibility, cancelVisibilityAnimation
  case complete, announce, startWave, stopWave, suspendWave, resumeWave, setWaveAmplitude
  case animateWaveAmplitude
}

/// The event codes `pe_event` takes (the `event` list of `codes`).
enum EventCode: Int {
  case setProgress, setHidden, startIndeterminateAnimation, stopIndeterminateAnimation
  case setProgressType
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
  // How a host draws the moving part (IndicatorRuntime.Cadence, FR-11).
  ("cadence", ["frames", "effects"]),
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

/// Writes an error record (its path and message) and answers -2.
func fail(_ error: ScenarioError) -> Int32 {
  let writer = startRecord(&record, .error)
  writer.setText(ErrorMember.path, error.path)
  writer.setText(ErrorMember.message, error.message)
  return Status.invalidInput
}
