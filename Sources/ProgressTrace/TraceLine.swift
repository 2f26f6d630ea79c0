//===----------------------------------------------------------------------===//
// ProgressTrace: the trace format — JSON Lines of events and frames.
//===----------------------------------------------------------------------===//

public import ProgressIndicatorKit
public import ProgressStateMachine

/// The lines of a trace (format version 1, minor 1, `Docs/conformance.md`).
///
/// A header, then in time order an `event` line for each event and a
/// `frame` line for each sample. Numbers are plain JSON numbers.
///
/// ```swift
/// let model = try ProgressIndicatorModel(size: FrameSize(width: 320, height: 40))
/// let frame = model.frame(at: 0.1)
/// TraceLine.frame(frame).serialized()
/// // {"kind":"frame","at":0.1,"mode":"determinate","indeterminateAnimating":false,…}
/// ```
public enum TraceLine {
  /// The format version written in the header.
  package static let formatVersion = 1
  /// The minor version of a trace with Material 3's fields: 1 (MT-20).
  static let material3MinorVersion = 1

  /// The first line: `{"kind":"header","format":"progress-trace","version":1}`.
  public static var header: JSONValue { header(material3: false) }

  /// The first line; with Material 3's fields it adds `"minor":1` (MT-20),
  /// which a version 1 reader ignores.
  ///
  /// - Parameter material3: Whether the frame lines carry `geometry.wave`
  ///   and `geometry.stopIndicator`.
  /// - Returns: The header.
  package static func header(material3: Bool) -> JSONValue {
    var members: [JSONValue.Member] = [
      .init("kind", .string("header")), .init("format", .string("progress-trace")),
      .init("version", .number(Double(formatVersion))),
    ]
    if material3 { members.append(.init("minor", .number(Double(material3MinorVersion)))) }
    return .object(members)
  }

  /// An event line: when, which event, its outcome, why it was not applied,
  /// and what it delivered (completions and announcements).
  ///
  /// - Parameters:
  ///   - time: The event's time.
  ///   - type: The event's type name.
  ///   - transition: The machine's answer, or `nil` for an event the machine
  ///     does not see (a resize).
  ///   - rejection: Why an event the machine does not see was rejected.
  /// - Returns: The line.
  public static func event(
    at time: Double, type: String, transition: ProgressTransition?, rejection: String? = nil
  ) -> JSONValue {
    var members: [JSONValue.Member] = [
      .init("kind", .string("event")), .init("at", .number(time)), .init("type", .string(type)),
    ]
    if let transition {
      switch transition.outcome {
      case .applied:
        members.append(.init("outcome", .string("applied")))
      case .ignored(let reason):
        members.append(.init("outcome", .string("ignored")))
        members.append(.init("reason", .string(reason.rawValue)))
      case .rejected(let error):
        members.append(.init("outcome", .string("rejected")))
        members.append(.init("reason", .string(reasonText(error))))
      }
    } else if let rejection {
      members.append(.init("outcome", .string("rejected")))
      members.append(.init("reason", .string(rejection)))
    } else {
      members.append(.init("outcome", .string("applied")))
    }
    members += deliveries(transition)
    return .object(members)
  }

  /// The completions and announcements a transition delivered, as the
  /// `completions` and `announcements` members of a line.
  static func deliveries(_ transition: ProgressTransition?) -> [JSONValue.Member] {
    var completions: [JSONValue] = []
    var announcements: [JSONValue] = []
    for effect in transition?.effects ?? [] {
      switch effect {
      case .complete(let id, let finished):
        completions.append(
          .object([.init("id", .number(Double(id.rawValue))), .init("finished", .bool(finished))]))
      case .announce(let value):
        announcements.append(.string(value.description))
      default:
        break
      }
    }
    return [
      .init("completions", .array(completions)), .init("announcements", .array(announcements)),
    ]
  }

  /// A rejection's reason: `progressIsNaN`, `invalidTime`,
  /// `invalidMaterial3`.
  static func reasonText(_ error: ProgressError) -> String {
    switch error {
    case .progressIsNaN: return "progressIsNaN"
    case .invalidTime: return "invalidTime"
    case .invalidMaterial3: return "invalidMaterial3"
    }
  }

  /// A frame line: what is visible at the frame's time.
  ///
  /// - Parameters:
  ///   - frame: The frame.
  ///   - delivered: The transition that brought the indicator to the frame's
  ///     time (its completions and announcements are written), or `nil`.
  /// - Returns: The line.
  public static func frame(_ frame: ProgressFrame, delivered: ProgressTransition? = nil)
    -> JSONValue
  {
    self.frame(frame, delivered: delivered, material3: false)
  }

  /// A frame line; with `material3`, or when the frame has a wave or a
  /// stop indicator, its geometry has `track` (the track's path fractions
  /// `[start, end]`, where the gap shows, or `null`), `wave` (`{"amplitude","wavelength",
  /// "offset"}` or `null`) and `stopIndicator` (`[x, y, width, height]` or
  /// `null`) (MT-20).
  package static func frame(
    _ frame: ProgressFrame, delivered: ProgressTransition?, material3: Bool
  ) -> JSONValue {
    func string(_ text: String?) -> JSONValue { text.map { .string($0) } ?? .null }
    var geometry: [JSONValue.Member] = [.init("lineWidth", .number(frame.lineWidth))]
    geometry.append(
      .init(
        "segments",
        .array(frame.segments.map { .array([.number($0.start), .number($0.end)]) })))
    switch frame.path {
    case .line(let line):
      var filled = 0.0
      var spans: [JSONValue] = []
      for segment in frame.segments {
        guard case .line(let drawn) = segment.geometry else { continue }
        if drawn.lineWidth > 0 { filled += drawn.visibleLength }
        spans.append(.array([.number(drawn.fromX), .number(drawn.toX)]))
      }
      geometry.append(.init("barCenterY", .number(line.centerY)))
      geometry.append(.init("filledLength", .number(filled)))
      geometry.append(.init("segmentsX", .array(spans)))
    case .arc(let arc):
      geometry.append(.init("diameter", .number(2 * arc.radius + arc.lineWidth)))
      geometry.append(.init("centerX", .number(arc.center.x)))
      geometry.append(.init("centerY", .number(arc.center.y)))
    }
    if material3 || frame.wave != nil || frame.stopIndicator != nil {
      let wave: JSONValue =
        frame.wave.map {
          .object([
            .init("amplitude", .number($0.amplitude)), .init("wavelength", .number($0.wavelength)),
            .init("offset", .number($0.offset)),
          ])
        } ?? .null
      let stop: JSONValue =
        frame.stopIndicator.map {
          .array([
            .number($0.origin.x), .number($0.origin.y), .number($0.size.width),
            .number($0.size.height),
          ])
        } ?? .null
      let track: JSONValue =
        frame.track.map { .array([.number($0.start), .number($0.end)]) } ?? .null
      geometry.append(.init("track", track))
      geometry.append(.init("wave", wave))
      geometry.append(.init("stopIndicator", stop))
    }
    return .object(
      [
        .init("kind", .string("frame")),
        .init("at", .number(frame.time)),
        .init(
          "mode", .string(frame.progressType == .determinate ? "determinate" : "indeterminate")),
        .init("indeterminateAnimating", .bool(frame.isIndeterminateAnimating)),
        .init("progress", .number(frame.progress)),
        .init("presentedProgress", .number(frame.presentedProgress)),
        .init("percentageText", string(frame.percentage?.text)),
        .init("leftLabelText", string(frame.leftLabel?.text)),
        .init("trackVisible", .bool(frame.track != nil)),
        .init("hidden", .bool(frame.isHidden)),
        .init("accessibilityValue", string(frame.accessibilityValue?.description)),
        .init("accessibilityLabel", string(frame.accessibilityLabel)),
        .init("geometry", .object(geometry)),
      ] + deliveries(delivered))
  }
}

/// A sink that drops every frame.
struct DiscardingSink: FrameSink {
  mutating func consume(_ frame: ProgressFrame) {}
}

/// A sink that writes each frame it receives as a trace line.
///
/// ```swift
/// var lines: [String] = []
/// let sink = TraceFrameSink { lines.append($0) }
/// ```
public struct TraceFrameSink: FrameSink {
  private let write: (String) -> Void

  /// Creates a sink that hands each line, without a newline, to `write`.
  ///
  /// - Parameter write: Receives the lines.
  public init(write: @escaping (String) -> Void) {
    self.write = write
  }

  /// Writes the frame as one line.
  ///
  /// - Parameter frame: The frame.
  public mutating func consume(_ frame: ProgressFrame) {
    write(TraceLine.frame(frame).serialized())
  }
}

extension TraceScenario {
  /// Plays the scenario and answers its trace: the header, then the event
  /// and frame lines in time order; events at a sample's time come before
  /// its frame.
  ///
  /// The whole trace is kept; to write or compare a long trace, use
  /// ``forEachTraceLine(_:)``, which keeps none of it.
  ///
  /// - Returns: The lines, without newlines.
  /// - Throws: ``ScenarioError`` when the initial setup is invalid (a
  ///   non-finite progress, say).
  /// - Complexity: O(events + samples).
  public func trace() throws(ScenarioError) -> [String] {
    var lines: [String] = []
    try forEachTraceLine { line in
      lines.append(line.serialized())
      return true
    }
    return lines
  }

  /// Plays the scenario and answers its trace as JSON values.
  ///
  /// - Returns: The header, then the event and frame lines.
  /// - Throws: ``ScenarioError`` when the initial setup is invalid.
  /// - Complexity: O(events + samples).
  func traceLines() throws(ScenarioError) -> [JSONValue] {
    var lines: [JSONValue] = []
    try forEachTraceLine { line in
      lines.append(line)
      return true
    }
    return lines
  }

  /// Plays the scenario and hands each line of its trace to `body` as soon
  /// as it is computed: the header, then the event and frame lines in time
  /// order.
  ///
  /// Nothing of the trace is kept, so a trace of a million samples is
  /// written or compared in memory independent of its length, and its first
  /// line is out before the rest is computed.
  ///
  /// ```swift
  /// let scenario = try TraceScenario(
  ///   json: #"{"configuration": {}, "events": [], "sample": {"at": [0, 1]}}"#)
  /// try scenario.forEachTraceLine { line in
  ///   print(line.serialized())
  ///   return true  // false stops the playing here
  /// }
  /// ```
  ///
  /// - Parameter body: Receives each line; answers `false` to stop.
  /// - Throws: ``ScenarioError`` when the initial setup is invalid.
  /// - Complexity: O(events + samples) time; O(1) memory beyond the
  ///   scenario.
  public func forEachTraceLine(_ body: (JSONValue) -> Bool) throws(ScenarioError) {
    guard body(TraceLine.header(material3: usesMaterial3)) else { return }
    var sink = DiscardingSink()
    try play(into: &sink, onLine: body)
  }

  /// Plays the scenario, handing each frame to `sink`, each event line to
  /// `onEvent` and each frame line to `onFrame`.
  ///
  /// - Parameters:
  ///   - sink: Receives a frame at every sample time.
  ///   - onEvent: Receives each event line.
  ///   - onFrame: Receives each frame line, with what the time passed since
  ///     the last line delivered.
  /// - Throws: ``ScenarioError`` when the initial setup is invalid.
  /// - Complexity: O(events + samples).
  public func play<Sink: FrameSink>(
    into sink: inout Sink, onEvent: (JSONValue) -> Void = { _ in },
    onFrame: (JSONValue) -> Void = { _ in }
  ) throws(ScenarioError) {
    try play(into: &sink) { line in
      if line["kind"] == .string("frame") { onFrame(line) } else { onEvent(line) }
      return true
    }
  }

  /// Plays the scenario, handing each frame to `sink` and each event and
  /// frame line to `onLine`, until `onLine` answers `false`.
  func play<Sink: FrameSink>(into sink: inout Sink, onLine: (JSONValue) -> Bool)
    throws(ScenarioError)
  {
    var runtime: IndicatorRuntime
    do {
      runtime = IndicatorRuntime(
        try ProgressIndicatorModel(
          configuration: configuration, progressType: progressType, size: size, at: 0))
    } catch {
      throw ScenarioError(path: "$.configuration", message: "\(error)")
    }
    var next = 0
    var goesOn = true
    let material3 = usesMaterial3
    func apply(_ event: Event) {
      let type = event.action.typeName
      let line: JSONValue
      switch Self.apply(event.action, to: &runtime, at: event.time) {
      case .transition(let transition):
        line = TraceLine.event(at: event.time, type: type, transition: transition)
      case .resized:
        line = TraceLine.event(at: event.time, type: type, transition: nil)
      case .refused(let reason):
        line = TraceLine.event(at: event.time, type: type, transition: nil, rejection: reason)
      }
      goesOn = onLine(line)
    }
    for time in sampleTimes {
      while goesOn, next < events.count, events[next].time <= time {
        apply(events[next])
        next += 1
      }
      guard goesOn else { return }
      let tick = runtime.send(.tick, at: time)
      let frame = runtime.frame(at: time)
      sink.consume(frame)
      goesOn = onLine(TraceLine.frame(frame, delivered: tick, material3: material3))
    }
    while goesOn, next < events.count {
      apply(events[next])
      next += 1
    }
  }
}
