//===----------------------------------------------------------------------===//
// ProgressStress: random event sequences on an indicator, checked against the
// invariants after every step. The bytes choose the configuration, then
// (event, time step) pairs; times may jump, repeat or go backwards.
//===----------------------------------------------------------------------===//

import ProgressIndicator
import ProgressStateMachine
import Timeline

extension FuzzTarget {
  /// Random event sequences on an indicator, the invariants checked after
  /// every step, and a rejected event must leave the state as it was.
  ///
  /// - Parameter bytes: The input: the configuration, then (event, time
  ///   step) pairs; times may jump, repeat or go backwards.
  public static func events(_ bytes: UnsafeRawBufferPointer) {
    var reader = ByteReader(bytes)
    let variants: [ProgressVariant] = [
      .linear(size: .small, style: .percentage), .linear(size: .large, style: .labelOnly),
      .linear(size: .medium, style: .empty), .circular(size: .small, style: .percentage),
      .circular(size: .medium, style: .empty),
    ]
    var configuration = ProgressConfiguration(
      variant: variants[reader.index(variants.count)], showsTrack: reader.bool(),
      leftLabelText: reader.bool() ? "Label 🚀 שלום" : nil, reducesMotion: reader.bool(),
      indeterminateStyle: reader.bool() ? .vitamin : .material,
      layoutDirection: reader.bool() ? .leftToRight : .rightToLeft)
    if reader.bool(),
      let timing = try? AnimationTiming(duration: reader.double(), easing: .easeInOut)
    {
      configuration.progressAnimation = timing
    }
    guard
      var model = try? ProgressIndicatorModel(
        configuration: configuration, progressType: reader.bool() ? .determinate : .indeterminate,
        isHidden: reader.bool(),
        size: Size(width: reader.double() * 400, height: reader.double() * 200))
    else { return }
    var time = 0.0
    while !reader.isAtEnd {
      let choice = reader.index(9)
      let step = reader.double()
      // Mostly small steps; sometimes a huge jump or a step back.
      time += choice == 8 ? step * 86_400 : (reader.bool() ? step * 0.3 : -step * 0.1)
      let value = reader.special()
      let event: ProgressEvent
      switch choice {
      case 0: event = .setProgress(value, animated: reader.bool())
      case 1: event = .setProgressType(reader.bool() ? .determinate : .indeterminate)
      case 2: event = .startIndeterminateAnimation
      case 3: event = .stopIndeterminateAnimation
      case 4: event = .setHidden(reader.bool(), animated: reader.bool())
      case 5:
        configuration.showsTrack.toggle()
        event = .configure(configuration)
      case 6:
        _ = try? model.resize(to: Size(width: value, height: reader.double() * 100))
        event = .tick
      default: event = .tick
      }
      let before = model.state
      let transition = model.send(event, at: time)
      if case .rejected = transition.outcome, model.state != before {
        fatalError("a rejected event changed the state: \(event)")
      }
      let broken = model.invariantViolations()
      if !broken.isEmpty { fatalError("after \(event) at \(time): \(broken)") }
    }
  }
}

/// Reads typed values from the fuzzer's bytes; zeros when they run out.
struct ByteReader {
  let bytes: UnsafeRawBufferPointer
  var offset = 0

  init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

  var isAtEnd: Bool { offset >= bytes.count }

  mutating func byte() -> UInt8 {
    guard offset < bytes.count else { return 0 }
    defer { offset += 1 }
    return bytes[offset]
  }

  mutating func bool() -> Bool { byte() & 1 == 1 }
  mutating func index(_ count: Int) -> Int { Int(byte()) % count }
  /// A value in [0, 1].
  mutating func double() -> Double { Double(UInt16(byte()) << 8 | UInt16(byte())) / 65535 }
  /// A progress value, sometimes NaN, infinite or out of range.
  mutating func special() -> Double {
    switch byte() % 8 {
    case 0: return .nan
    case 1: return .infinity
    case 2: return -.infinity
    case 3: return -double() * 10
    case 4: return 1 + double() * 10
    default: return double()
    }
  }
}
