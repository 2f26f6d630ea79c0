//===----------------------------------------------------------------------===//
// ProgressTrace: a scenario written as JSON — the inverse of the reader, so a
// scenario built in code (a property test's counterexample, a generated
// case) becomes a file every host plays.
//===----------------------------------------------------------------------===//

public import ProgressIndicatorKit
public import ProgressStateMachine
import Timeline

extension TraceScenario {
  /// Creates a scenario from its parts.
  ///
  /// ```swift
  /// let scenario = TraceScenario(
  ///   configuration: ProgressConfiguration(variant: .linear(size: .medium, style: .percentage)),
  ///   events: [TraceScenario.Event(time: 0, action: .setProgress(value: 0.5, animated: true))],
  ///   sampleTimes: [0, 0.1, 0.25])
  /// let text = scenario.json  // reads back with TraceScenario(json:)
  /// ```
  ///
  /// - Parameters:
  ///   - configuration: The initial configuration.
  ///   - progressType: The initial progress type.
  ///   - size: The frame size in points.
  ///   - events: The events, in time order.
  ///   - sampleTimes: The sample times, in increasing order.
  public init(
    configuration: ProgressConfiguration, progressType: ProgressType = .determinate,
    size: FrameSize = FrameSize(width: 320, height: 40), events: [Event] = [],
    sampleTimes: [Double] = []
  ) {
    rules = []
    self.configuration = configuration
    self.progressType = progressType
    self.size = size
    self.events = events
    self.sampleTimes = sampleTimes
  }

  /// The scenario as JSON text in the format ``init(json:)`` reads: the same
  /// scenario when read back, but for what the format cannot hold (an
  /// image's identifier and pixel size, a spring's exact curve, which CSS
  /// writes as `linear()` points, and the expectations).
  public var json: String {
    var members: [JSONValue.Member] = [.init("version", .number(Double(Self.formatVersion)))]
    if !rules.isEmpty { members.append(.init("rules", .array(rules.map { .string($0) }))) }
    var setup = Self.members(of: configuration)
    setup.append(.init("progressType", .string(progressType.name)))
    setup.append(.init("width", .number(size.width)))
    setup.append(.init("height", .number(size.height)))
    members.append(.init("configuration", .object(setup)))
    members.append(.init("events", .array(events.map(\.jsonValue))))
    members.append(.init("sample", .object([.init("at", .array(sampleTimes.map { .number($0) }))])))
    return JSONValue.object(members).serialized()
  }

  /// A configuration's members in the scenario format.
  package static func members(of configuration: ProgressConfiguration) -> [JSONValue.Member] {
    var members: [JSONValue.Member] = []
    switch configuration.variant {
    case .linear(let size, let style):
      members.append(.init("variant", .string("linear")))
      members.append(.init("size", .string(size.rawValue)))
      members.append(.init("style", .string(style.rawValue)))
    case .circular(let size, let style):
      members.append(.init("variant", .string("circular")))
      members.append(.init("size", .string(size.rawValue)))
      let name =
        switch style {
        case .percentage: "percentage"
        case .image: "image"
        case .empty: "empty"
        }
      members.append(.init("style", .string(name)))
    }
    func text(_ value: String?) -> JSONValue { value.map { .string($0) } ?? .null }
    func timing(_ timing: AnimationTiming) -> JSONValue {
      .object([
        .init("duration", .number(timing.duration)),
        .init("easing", .string(timing.easing.cssText)),
      ])
    }
    members += [
      .init("showTrack", .bool(configuration.showsTrack)),
      .init("leftLabelText", text(configuration.leftLabelText)),
      .init("accessibilityLabel", text(configuration.accessibilityLabel)),
      .init("progressAnimation", timing(configuration.progressAnimation)),
      .init("visibilityAnimation", timing(configuration.visibilityAnimation)),
      .init("indeterminateStyle", .string(configuration.indeterminateStyle.rawValue)),
      .init("backwardAnimation", .string(configuration.backwardAnimation.rawValue)),
      .init("layoutDirection", .string(configuration.layoutDirection.rawValue)),
      .init("reduceMotion", .bool(configuration.reducesMotion)),
    ]
    // Written only when set, so scenarios without Material 3 are unchanged.
    if let style = configuration.material3 {
      var fields: [JSONValue.Member] = [.init("shape", .string(style.shape.rawValue))]
      if style.isWavy { fields.append(.init("waveSpeed", .number(style.waveSpeed))) }
      members.append(.init("material3", .object(fields)))
    }
    return members
  }
}

extension TraceScenario.Event {
  /// The event in the scenario format.
  package var jsonValue: JSONValue {
    var members: [JSONValue.Member] = [
      .init("at", .number(time)), .init("type", .string(action.typeName)),
    ]
    switch action {
    case .setProgress(let value, let animated):
      let number: JSONValue =
        value.isNaN
        ? .string("NaN")
        : value.isInfinite
          ? .string(value > 0 ? "Infinity" : "-Infinity")
          : .number(value)
      members += [.init("value", number), .init("animated", .bool(animated))]
    case .setProgressType(let type):
      members.append(.init("value", .string(type.name)))
    case .startIndeterminateAnimation, .stopIndeterminateAnimation:
      break
    case .setHidden(let hidden, let animated):
      members += [.init("value", .bool(hidden)), .init("animated", .bool(animated))]
    case .resize(let size):
      members += [.init("width", .number(size.width)), .init("height", .number(size.height))]
    case .configure(let configuration, let size, let type):
      var changed = TraceScenario.members(of: configuration)
      // A configure event's absent field keeps the current value: `null`
      // turns Material 3 off.
      if configuration.material3 == nil { changed.append(.init("material3", .null)) }
      if let type { changed.append(.init("progressType", .string(type.name))) }
      if let size {
        changed += [.init("width", .number(size.width)), .init("height", .number(size.height))]
      }
      members.append(.init("configuration", .object(changed)))
    }
    return .object(members)
  }
}

extension ProgressType {
  /// The type's name in the scenario format.
  fileprivate var name: String {
    switch self {
    case .determinate: "determinate"
    case .indeterminate: "indeterminate"
    }
  }
}
