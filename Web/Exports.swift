//===----------------------------------------------------------------------===//
// ProgressEngine for WebAssembly: the C-ABI export layer over the portable
// core, compiled as Embedded Swift only by Scripts/build-wasm.sh (not part of
// the SwiftPM package). Web/progress-engine.mjs is its only caller.
//
// Ownership: an indicator is created by `pe_create` and lives until
// `pe_destroy`; the host holds a handle (a positive number), never a pointer.
// Results are written into buffers the layer owns and reuses — the record
// (64-bit floats) and the text buffer (UTF-8) — valid until the next call;
// the host copies what it keeps. Strings go in through the input buffer.
//
// The layer touches the model in three places only: `create`, `send`/
// `resize` and `frame` (the MARK sections below).
//===----------------------------------------------------------------------===//

import ProgressIndicatorKit
import ProgressStateMachine
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
nonisolated(unsafe) var text = Buffer<UInt8>(capacity: 256, zero: 0)
nonisolated(unsafe) var input = Buffer<UInt8>(capacity: 256, zero: 0)

/// Puts a number at a position of the record, which the caller made room
/// for (`startRecord`).
func put(_ index: Int, _ value: Double) {
  record.base[index] = value
}

@inline(__always) func put(_ index: Int, _ flag: Bool) { put(index, flag ? 1.0 : 0.0) }

/// Appends a string to the text buffer and writes its offset and length at
/// `index` and `index + 1`.
func putText(_ index: Int, _ string: String) {
  var string = string
  string.withUTF8 { bytes in
    text.reserve(text.count + bytes.count, zero: 0)
    if let source = bytes.baseAddress {
      (text.base + text.count).update(from: source, count: bytes.count)
    }
    put(index, Double(text.count))
    put(index + 1, Double(bytes.count))
    text.count += bytes.count
  }
}

/// Empties the text buffer and makes room for `count` numbers in the
/// record, zeroed.
func startRecord(_ count: Int) {
  record.reserve(count, zero: 0)
  record.base.update(repeating: 0, count: count)
  record.count = count
  text.count = 0
}

/// The string the host wrote into the input buffer.
func inputString(_ length: Int32) -> String {
  let count = max(0, min(Int(length), input.capacity))
  return String(decoding: UnsafeBufferPointer(start: input.base, count: count), as: UTF8.self)
}

/// The record: 64-bit floats the last call wrote.
@_expose(wasm, "pe_record")
@_cdecl("pe_record")
public func peRecord() -> UnsafeMutablePointer<Double> { record.base }

/// The text buffer: UTF-8 bytes the record's strings point into.
@_expose(wasm, "pe_text")
@_cdecl("pe_text")
public func peText() -> UnsafeMutablePointer<UInt8> { text.base }

/// The input buffer, at least `capacity` bytes, for a string the host passes
/// to the next call.
@_expose(wasm, "pe_input")
@_cdecl("pe_input")
public func peInput(_ capacity: Int32) -> UnsafeMutablePointer<UInt8> {
  input.reserve(Int(max(capacity, 1)), zero: 0)
  return input.base
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

// MARK: - The staged setup: a configuration the host builds field by field

struct Staged {
  var configuration = ProgressConfiguration()
  var progressType = ProgressType.determinate
  var progress = 0.0
  var isHidden = false
  var size = FrameSize(width: 320, height: 40)
  var theme = ProgressTheme.light
  var measuredByHost = false
  var imageIdentifier = "image"
}

nonisolated(unsafe) var staged = Staged()

/// Stages the defaults, or, for a live handle, that indicator's current
/// configuration, size and type (a `configure` applies on top of them).
@_expose(wasm, "pe_stage")
@_cdecl("pe_stage")
public func peStage(_ handle: Int32) -> Int32 {
  staged = Staged()
  guard handle != 0 else { return 0 }
  let found: Void? = withModel(handle) { model in
    staged.configuration = model.state.configuration
    staged.progressType = model.state.progressType
    staged.size = model.size
    staged.theme = model.theme
  }
  return found == nil ? -1 : 0
}

/// Sets a numeric or Boolean field of the staged setup.
///
/// Fields: 0 showTrack, 1 progressType (0 determinate, 1 indeterminate),
/// 2 width, 3 height, 4 indeterminateStyle (0 vitamin, 1 material),
/// 5 backwardAnimation (0 animate, 1 reset), 6 layoutDirection (0 left to
/// right, 1 right to left), 7 reduceMotion, 8 initial progress, 9 initially
/// hidden, 10 text measured by the host. Returns 0, or -1 for an unknown field.
@_expose(wasm, "pe_stage_set")
@_cdecl("pe_stage_set")
public func peStageSet(_ field: Int32, _ value: Double) -> Int32 {
  let flag = value != 0
  switch field {
  case 0: staged.configuration.showsTrack = flag
  case 1: staged.progressType = flag ? .indeterminate : .determinate
  case 2: staged.size.width = value
  case 3: staged.size.height = value
  case 4: staged.configuration.indeterminateStyle = flag ? .material : .vitamin
  case 5: staged.configuration.backwardAnimation = flag ? .reset : .animate
  case 6: staged.configuration.layoutDirection = flag ? .rightToLeft : .leftToRight
  case 7: staged.configuration.reducesMotion = flag
  case 8: staged.progress = value
  case 9: staged.isHidden = flag
  case 10: staged.measuredByHost = flag
  default: return -1
  }
  return 0
}

/// Sets the staged variant.
///
/// `circular` 0 or 1; `size` 0 small, 1 medium, 2 large (linear only); `style` 0 percentage, 1 label only (linear),
/// 2 empty, 3 image (circular, with the staged image). Returns 0, or -1 for
/// a combination the component does not have.
@_expose(wasm, "pe_stage_variant")
@_cdecl("pe_stage_variant")
public func peStageVariant(
  _ circular: Int32, _ size: Int32, _ style: Int32, _ imageWidth: Int32, _ imageHeight: Int32
) -> Int32 {
  if circular != 0 {
    let circularSize: ProgressVariant.CircularSize
    switch size {
    case 0: circularSize = .small
    case 1: circularSize = .medium
    default: return -1
    }
    let circularStyle: ProgressVariant.CircularStyle
    switch style {
    case 0: circularStyle = .percentage
    case 2: circularStyle = .empty
    case 3:
      circularStyle = .image(
        ProgressImage(
          identifier: staged.imageIdentifier, pixelWidth: Int(imageWidth),
          pixelHeight: Int(imageHeight)))
    default: return -1
    }
    staged.configuration.variant = .circular(size: circularSize, style: circularStyle)
    return 0
  }
  let linearSize: ProgressVariant.LinearSize
  switch size {
  case 0: linearSize = .small
  case 1: linearSize = .medium
  case 2: linearSize = .large
  default: return -1
  }
  let linearStyle: ProgressVariant.LinearStyle
  switch style {
  case 0: linearStyle = .percentage
  case 1: linearStyle = .labelOnly
  case 2: linearStyle = .empty
  default: return -1
  }
  staged.configuration.variant = .linear(size: linearSize, style: linearStyle)
  return 0
}

/// Sets a string field from the input buffer.
///
/// `length` bytes; a negative length is `null`. Fields: 0 leftLabelText, 1 accessibilityLabel, 2 the image
/// identifier for the next circular image variant. Returns 0 or -1.
@_expose(wasm, "pe_stage_string")
@_cdecl("pe_stage_string")
public func peStageString(_ field: Int32, _ length: Int32) -> Int32 {
  let value = length < 0 ? nil : inputString(length)
  switch field {
  case 0: staged.configuration.leftLabelText = value
  case 1: staged.configuration.accessibilityLabel = value
  case 2: staged.imageIdentifier = value ?? "image"
  default: return -1
  }
  return 0
}

/// The input buffer's `index`-th 64-bit float.
func inputNumber(_ index: Int) -> Double {
  guard (index + 1) * 8 <= input.capacity else { return .nan }
  return UnsafeRawPointer(input.base).loadUnaligned(fromByteOffset: index * 8, as: Double.self)
}

/// Sets an animation timing.
///
/// `which` 0 progressAnimation, 1 visibilityAnimation, with its duration
/// and easing. The easing arrives
/// parsed (Web/progress-engine.mjs reads the CSS text), its numbers as
/// 64-bit floats in the input buffer: `kind` 0 linear; 1 cubic-bezier (x1,
/// y1, x2, y2); 2 steps (count, position: 0 jump-start, 1 jump-end,
/// 2 jump-none, 3 jump-both); 3 linear() with `count` stops of 4 numbers
/// (output, number of inputs, input, input). The engine's own initializers
/// check them. Returns 0, 1 for an invalid easing, 2 for an invalid
/// duration, -1 for an unknown field or kind.
@_expose(wasm, "pe_stage_animation")
@_cdecl("pe_stage_animation")
public func peStageAnimation(_ which: Int32, _ duration: Double, _ kind: Int32, _ count: Int32)
  -> Int32
{
  guard which == 0 || which == 1 else { return -1 }
  let easing: Easing
  do throws(TimelineError) {
    switch kind {
    case 0:
      easing = .linear
    case 1:
      easing = .cubicBezier(
        try CubicBezier(
          x1: inputNumber(0), y1: inputNumber(1), x2: inputNumber(2), y2: inputNumber(3)))
    case 2:
      let positions: [StepEasing.Position] = [.jumpStart, .jumpEnd, .jumpNone, .jumpBoth]
      let number = inputNumber(0)
      let position = Int(inputNumber(1))
      guard number == number.rounded(), abs(number) < 1e9, position >= 0, position < 4 else {
        return 1
      }
      easing = .steps(try StepEasing(count: Int(number), position: positions[position]))
    case 3:
      var stops: [PiecewiseLinearEasing.Stop] = []
      for stop in 0..<Int(max(count, 0)) {
        let inputCount = Int(inputNumber(4 * stop + 1))
        guard inputCount >= 0, inputCount <= 2 else { return 1 }
        stops.append(
          PiecewiseLinearEasing.Stop(
            output: inputNumber(4 * stop),
            inputs: (0..<inputCount).map { inputNumber(4 * stop + 2 + $0) }))
      }
      easing = .piecewiseLinear(try PiecewiseLinearEasing(stops: stops))
    default:
      return -1
    }
  } catch {
    return 1
  }
  guard let timing = try? AnimationTiming(duration: duration, easing: easing) else { return 2 }
  if which == 0 {
    staged.configuration.progressAnimation = timing
  } else {
    staged.configuration.visibilityAnimation = timing
  }
  return 0
}

/// Sets a colour of the staged theme.
///
/// `which` 0 track, 1 progress, 2 text; components from 0 to 1. Returns 0 or -1.
@_expose(wasm, "pe_stage_color")
@_cdecl("pe_stage_color")
public func peStageColor(
  _ which: Int32, _ red: Double, _ green: Double, _ blue: Double, _ alpha: Double
) -> Int32 {
  let color = FrameColor(red: red, green: green, blue: blue, alpha: alpha)
  switch which {
  case 0: staged.theme.track = color
  case 1: staged.theme.progress = color
  case 2: staged.theme.text = color
  default: return -1
  }
  return 0
}

// MARK: - Indicators (create, destroy)

nonisolated(unsafe) var indicators: [ProgressIndicatorModel?] = []
nonisolated(unsafe) var freeSlots: [Int] = []

/// Runs `body` on the live indicator of `handle` in place, in the table
/// (never copied); `nil` for a bad handle.
func withModel<Result>(_ handle: Int32, _ body: (inout ProgressIndicatorModel) -> Result)
  -> Result?
{
  let slot = Int(handle) - 1
  guard slot >= 0, slot < indicators.count else { return nil }
  return indicators[slot]?.apply(body)
}

extension ProgressIndicatorModel {
  /// Runs `body` on the model itself: through optional chaining on a table
  /// slot, the model is changed where it is.
  mutating func apply<Result>(_ body: (inout ProgressIndicatorModel) -> Result) -> Result {
    body(&self)
  }
}

/// Creates an indicator from the staged setup at `time`; answers its handle
/// (> 0), or -1 for an invalid size, -2 for a NaN progress, -3 for an
/// invalid time.
@_expose(wasm, "pe_create")
@_cdecl("pe_create")
public func peCreate(_ time: Double) -> Int32 {
  let created: ProgressIndicatorModel
  do {
    if staged.measuredByHost {
      created = try ProgressIndicatorModel(
        configuration: staged.configuration, progressType: staged.progressType,
        progress: staged.progress, isHidden: staged.isHidden, size: staged.size,
        theme: staged.theme, measurer: HostTextMeasurer(), at: time)
    } else {
      created = try ProgressIndicatorModel(
        configuration: staged.configuration, progressType: staged.progressType,
        progress: staged.progress, isHidden: staged.isHidden, size: staged.size,
        theme: staged.theme, at: time)
    }
  } catch {
    switch error {
    case .invalidSize: return -1
    case .machine(.progressIsNaN): return -2
    case .machine(.invalidTime): return -3
    }
  }
  if let slot = freeSlots.popLast() {
    indicators[slot] = created
    return Int32(slot + 1)
  }
  indicators.append(created)
  return Int32(indicators.count)
}

/// Destroys an indicator; its handle becomes invalid.
///
/// Returns 0, or -1 for a handle that is not live.
@_expose(wasm, "pe_destroy")
@_cdecl("pe_destroy")
public func peDestroy(_ handle: Int32) -> Int32 {
  guard withModel(handle, { _ in }) != nil else { return -1 }
  let slot = Int(handle) - 1
  indicators[slot] = nil
  freeSlots.append(slot)
  return 0
}

/// The number of live indicators.
@_expose(wasm, "pe_live_count")
@_cdecl("pe_live_count")
public func peLiveCount() -> Int32 { Int32(indicators.count - freeSlots.count) }

// MARK: - Events (send, resize)

/// The transition record: [0] outcome (0 applied, 1 ignored, 2 rejected),
/// [1, 2] the reason's text, [3] the request's completion identity or -1,
/// [4] completions count, [5] announcements count, then (identity,
/// finished) pairs, then (kind, percent) pairs — kind 1 percent,
/// 2 in progress, 3 halted.
func putTransition(_ transition: ProgressTransition) {
  var deliveries = 0
  for effect in transition.effects {
    switch effect {
    case .complete, .announce: deliveries += 1
    default: break
    }
  }
  startRecord(6 + 2 * deliveries)
  switch transition.outcome {
  case .applied:
    put(0, 0.0)
    putText(1, "")
  case .ignored(let reason):
    put(0, 1.0)
    putText(1, reason.rawValue)
  case .rejected(let error):
    put(0, 2.0)
    switch error {
    case .progressIsNaN: putText(1, "progressIsNaN")
    case .invalidTime: putText(1, "invalidTime")
    }
  }
  put(3, transition.completion.map { Double($0.rawValue) } ?? -1)
  var completions = 0
  var announcements = 0
  for effect in transition.effects {
    switch effect {
    case .complete: completions += 1
    case .announce: announcements += 1
    default: break
    }
  }
  put(4, Double(completions))
  put(5, Double(announcements))
  var next = 6
  var nextAnnouncement = 6 + 2 * completions
  for effect in transition.effects {
    switch effect {
    case .complete(let id, let finished):
      put(next, Double(id.rawValue))
      put(next + 1, finished)
      next += 2
    case .announce(let value):
      putAccessibilityValue(nextAnnouncement, value)
      nextAnnouncement += 2
    default: break
    }
  }
}

func putAccessibilityValue(_ index: Int, _ value: AccessibilityValue?) {
  switch value {
  case nil:
    put(index, 0.0)
    put(index + 1, 0.0)
  case .percent(let percent)?:
    put(index, 1.0)
    put(index + 1, Double(percent))
  case .inProgress?:
    put(index, 2.0)
    put(index + 1, 0.0)
  case .halted?:
    put(index, 3.0)
    put(index + 1, 0.0)
  }
}

/// Sends an event at `time` and writes its transition record; answers the
/// outcome (0 applied, 1 ignored, 2 rejected) or -1 for a bad handle or kind.
///
/// Kinds: 0 setProgress(`value`, animated: `flag`), 1 setProgressType
/// (`value` 0 determinate, 1 indeterminate), 2 startIndeterminateAnimation,
/// 3 stopIndeterminateAnimation, 4 setHidden(`value` ≠ 0, animated: `flag`),
/// 5 configure (the staged configuration), 6 tick (time passes).
@_expose(wasm, "pe_send")
@_cdecl("pe_send")
public func peSend(_ handle: Int32, _ kind: Int32, _ value: Double, _ flag: Int32, _ time: Double)
  -> Int32
{
  let event: ProgressEvent
  switch kind {
  case 0: event = .setProgress(value, animated: flag != 0)
  case 1: event = .setProgressType(value != 0 ? .indeterminate : .determinate)
  case 2: event = .startIndeterminateAnimation
  case 3: event = .stopIndeterminateAnimation
  case 4: event = .setHidden(value != 0, animated: flag != 0)
  case 5: event = .configure(staged.configuration)
  case 6: event = .tick
  default: return -1
  }
  guard let transition = withModel(handle, { $0.send(event, at: time) }) else { return -1 }
  putTransition(transition)
  return Int32(record.base[0])
}

/// Resizes an indicator; answers 0, 1 for an invalid size, -1 for a bad handle.
@_expose(wasm, "pe_resize")
@_cdecl("pe_resize")
public func peResize(_ handle: Int32, _ width: Double, _ height: Double) -> Int32 {
  let resized = withModel(handle) { model -> Int32 in
    do throws(IndicatorError) {
      try model.resize(to: FrameSize(width: width, height: height))
      return 0
    } catch {
      return 1
    }
  }
  return resized ?? -1
}

/// Whether an indicator's frames change with time (a frame is due at every
/// display refresh only then); -1 for a bad handle.
@_expose(wasm, "pe_is_animating")
@_cdecl("pe_is_animating")
public func peIsAnimating(_ handle: Int32) -> Int32 {
  withModel(handle) { $0.isAnimating ? 1 : 0 } ?? -1
}

// MARK: - Frames

/// Where each field of a frame is in the record; Web/progress-engine.mjs
/// reads the same positions.
enum FrameField {
  static let time = 0  // time, width, height, shape, type, animating, progress,
  // presented, visibility, hidden, lineWidth, direction (0 to 11)
  static let path = 12  // geometry: 8 numbers
  static let track = 20  // present, start, end, geometry
  static let segmentCount = 31
  static let segments = 32  // 2 × (start, end, geometry)
  static let percentage = 52  // text item: 11 numbers
  static let leftLabel = 63
  static let image = 74  // 13 numbers
  static let clip = 87  // present, x, y, width, height
  static let theme = 92  // track, progress, text: r, g, b, a each
  static let accessibilityLabel = 104  // present, text
  static let accessibilityValue = 107  // kind, percent
  static let count = 109
}

/// A geometry as 8 numbers: kind 0 line (fromX, toX, centerY, lineWidth),
/// kind 1 arc (centerX, centerY, radius, lineWidth, startAngle, endAngle,
/// rotation).
func putGeometry(_ index: Int, _ geometry: SegmentGeometry) {
  switch geometry {
  case .line(let line):
    put(index, 0.0)
    put(index + 1, line.fromX)
    put(index + 2, line.toX)
    put(index + 3, line.centerY)
    put(index + 4, line.lineWidth)
    put(index + 5, 0.0)
    put(index + 6, 0.0)
    put(index + 7, 0.0)
  case .arc(let arc):
    put(index, 1.0)
    put(index + 1, arc.center.x)
    put(index + 2, arc.center.y)
    put(index + 3, arc.radius)
    put(index + 4, arc.lineWidth)
    put(index + 5, arc.startAngle)
    put(index + 6, arc.endAngle)
    put(index + 7, arc.rotation)
  }
}

func putSegment(_ index: Int, _ segment: Segment) {
  put(index, segment.start)
  put(index + 1, segment.end)
  putGeometry(index + 2, segment.geometry)
}

func putRect(_ index: Int, _ rect: FrameRect) {
  put(index, rect.origin.x)
  put(index + 1, rect.origin.y)
  put(index + 2, rect.size.width)
  put(index + 3, rect.size.height)
}

/// A text item: present, text (2), rect (4), fontSize, alignment (0 left,
/// 1 centre, 2 right), opacity, truncated.
func putTextItem(_ index: Int, _ item: TextItem?) {
  guard let item else {
    put(index, 0.0)
    return
  }
  put(index, 1.0)
  putText(index + 1, item.text)
  putRect(index + 3, item.frame)
  put(index + 7, item.fontSize)
  switch item.alignment {
  case .left: put(index + 8, 0.0)
  case .center: put(index + 8, 1.0)
  case .right: put(index + 8, 2.0)
  }
  put(index + 9, item.opacity)
  put(index + 10, item.isTruncated)
}

func putColor(_ index: Int, _ color: FrameColor) {
  put(index, color.red)
  put(index + 1, color.green)
  put(index + 2, color.blue)
  put(index + 3, color.alpha)
}

/// Writes the frame at `time` into the record (positions in ``FrameField``);
/// answers 0, or -1 for a bad handle.
@_expose(wasm, "pe_frame")
@_cdecl("pe_frame")
public func peFrame(_ handle: Int32, _ time: Double) -> Int32 {
  guard let frame = withModel(handle, { $0.frame(at: time) }) else { return -1 }
  startRecord(FrameField.count)
  put(0, frame.time)
  put(1, frame.size.width)
  put(2, frame.size.height)
  put(3, frame.shape == .circular)
  put(4, frame.progressType == .indeterminate)
  put(5, frame.isIndeterminateAnimating)
  put(6, frame.progress)
  put(7, frame.presentedProgress)
  put(8, frame.visibleFraction)
  put(9, frame.isHidden)
  put(10, frame.lineWidth)
  put(11, frame.layoutDirection == .rightToLeft)
  putGeometry(FrameField.path, frame.path)
  if let track = frame.track {
    put(FrameField.track, 1.0)
    putSegment(FrameField.track + 1, track)
  }
  put(FrameField.segmentCount, Double(frame.segments.count))
  for (index, segment) in frame.segments.enumerated() {
    putSegment(FrameField.segments + 10 * index, segment)
  }
  putTextItem(FrameField.percentage, frame.percentage)
  putTextItem(FrameField.leftLabel, frame.leftLabel)
  if let image = frame.image {
    let index = FrameField.image
    put(index, 1.0)
    putText(index + 1, image.image.identifier)
    put(index + 3, Double(image.image.pixelWidth))
    put(index + 4, Double(image.image.pixelHeight))
    putRect(index + 5, image.frame)
    put(index + 9, image.clipCenter.x)
    put(index + 10, image.clipCenter.y)
    put(index + 11, image.clipRadius)
    put(index + 12, image.opacity)
  }
  if let clip = frame.clip {
    put(FrameField.clip, 1.0)
    putRect(FrameField.clip + 1, clip)
  }
  putColor(FrameField.theme, frame.theme.track)
  putColor(FrameField.theme + 4, frame.theme.progress)
  putColor(FrameField.theme + 8, frame.theme.text)
  if let label = frame.accessibilityLabel {
    put(FrameField.accessibilityLabel, 1.0)
    putText(FrameField.accessibilityLabel + 1, label)
  }
  putAccessibilityValue(FrameField.accessibilityValue, frame.accessibilityValue)
  return 0
}

/// Sends a tick at `time`, then writes the frame at `time`.
///
/// One call per displayed frame. The tick's completions and announcements are lost; use
/// `pe_send(handle, 6, …)` then `pe_frame` to read them.
@_expose(wasm, "pe_advance")
@_cdecl("pe_advance")
public func peAdvance(_ handle: Int32, _ time: Double) -> Int32 {
  guard withModel(handle, { $0.send(.tick, at: time) }) != nil else { return -1 }
  return peFrame(handle, time)
}

// MARK: - Benchmark

/// Samples `count` frames without writing them out.
///
/// At `time`, `time + step`, …; answers a sum of what they show: the loop of progress-bench's
/// `frame.*` benchmarks, to compare one frame sample in wasm with native
/// (Web/bench.mjs). -1 for a bad handle.
@_expose(wasm, "pe_bench_frames")
@_cdecl("pe_bench_frames")
public func peBenchFrames(_ handle: Int32, _ count: Int32, _ time: Double, _ step: Double)
  -> Double
{
  let sum = withModel(handle) { model -> Double in
    var sum = 0.0
    var now = time
    for _ in 0..<Int(max(count, 0)) {
      let frame = sampleFrame(of: model, at: now)
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
func sampleFrame(of model: ProgressIndicatorModel, at time: Double) -> ProgressFrame {
  model.frame(at: time)
}
