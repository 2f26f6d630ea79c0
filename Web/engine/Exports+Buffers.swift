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
//
// This file: the buffers shared with the host. Each other concern of the
// layer is a file of its own in Web/engine/ (Exports+*.swift).
//===----------------------------------------------------------------------===//

import ProgressIndicatorKit
import ProgressStateMachine
import ProgressTrace
import Timeline

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

/// Starts a call's output: the text buffer and the record empty.
func beginCall() {
  text.count = 0
  record.count = 0
}

/// Makes room for `count` numbers, zeroed, at the end of the record;
/// answers where they start.
func appendRecord(_ count: Int) -> Int {
  let start = record.count
  record.reserve(start + count, zero: 0)
  (record.base + start).update(repeating: 0, count: count)
  record.count = start + count
  return start
}

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
