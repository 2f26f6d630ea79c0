//===----------------------------------------------------------------------===//
// BackendTests: the trace lines and the scenario reader (spec BK-10, BK-11).
//===----------------------------------------------------------------------===//

import ProgressIndicatorKit
import ProgressStateMachine
import ProgressTrace
import Testing

@Suite("Trace and scenario")
struct TraceTests {
  static let scenario = """
    {"version": 1, "rules": ["TS-1"],
     "configuration": {"variant": "linear", "size": "medium", "style": "percentage",
                       "leftLabelText": "Upload", "width": 320, "height": 60},
     "events": [{"at": 0, "type": "setProgress", "value": 0.4, "animated": false},
                {"at": 0.5, "type": "setProgressType", "value": "indeterminate"},
                {"at": 0.5, "type": "setProgress", "value": 0.9, "animated": true}],
     "sample": {"at": [0, 0.5]}}
    """

  @Test("BK-10 a trace is a header, then events before the frame of their time")
  func order() throws {
    let lines = try TraceScenario(json: Self.scenario).trace()
    #expect(lines.count == 6)
    #expect(lines[0] == #"{"kind":"header","format":"progress-trace","version":1}"#)
    #expect(
      lines[1]
        == #"{"kind":"event","at":0,"type":"setProgress","outcome":"applied","completions":[{"id":0,"finished":true}],"announcements":[]}"#
    )
    #expect(lines[2].hasPrefix(#"{"kind":"frame","at":0,"mode":"determinate","#))
    #expect(lines[2].contains(#""percentageText":"40%","leftLabelText":"Upload","#))
    // The bar: 8 pt, its path from 4 to 316, 40 % drawn: 0.4 × 312 + 8 = 132.8.
    #expect(lines[2].contains(#""geometry":{"lineWidth":8,"segments":[[0,0.4]],"barCenterY":"#))
    #expect(lines[2].contains(#""filledLength":132.8,"segmentsX":[[4,128.8]]}"#))
    #expect(lines[3].contains(#""type":"setProgressType","outcome":"applied""#))
    #expect(
      lines[4]
        == #"{"kind":"event","at":0.5,"type":"setProgress","outcome":"ignored","reason":"indeterminateMode","completions":[{"id":1,"finished":false}],"announcements":[]}"#
    )
    // The frame at 0.5 shows the switch: reset to 0, no percentage (TS-1, PX-4).
    #expect(
      lines[5].contains(#""mode":"indeterminate","indeterminateAnimating":false,"progress":0,"#))
    #expect(lines[5].contains(#""percentageText":null"#))
    for line in lines { #expect((try? JSONValue(parsing: line)) != nil) }
  }

  @Test("BK-11 a trace given where a scenario belongs is named as one, one line of it or many")
  func traceGivenAsScenario() throws {
    let scenario = try TraceScenario(
      json: #"{"configuration": {}, "events": [], "sample": {"at": [0, 0.5]}}"#)
    let trace = try scenario.trace().joined(separator: "\n")
    let header = try scenario.trace()[0]
    let message =
      "$: this looks like a trace (JSON Lines), not a scenario; `progress check` reads traces"
    let crlf = try scenario.trace().joined(separator: "\r\n")
    for text in [trace, header, crlf] {
      let error = #expect(throws: ScenarioError.self) { try TraceScenario(json: text) }
      #expect(error?.description == message)
    }
    // Not every object with a "kind" is a trace: in a scenario it is an
    // unknown field.
    let other = #expect(throws: ScenarioError.self) {
      try TraceScenario(json: #"{"kind": "header", "configuration": {}}"#)
    }
    #expect(
      other?.description.hasPrefix("$: unknown field \"kind\"") == true,
      "\(String(describing: other))")
  }

  @Test(
    "BK-11 invalid scenarios name the JSON path and what is wrong",
    arguments: [
      ("{", "$: malformed JSON: line 1, column 2: expected a member name in double quotes"),
      (
        #"{"configuration": {"variant": 3}, "events": [], "sample": {"at": []}}"#,
        "$.configuration.variant: expected a string, got a number"
      ),
      (
        #"{"configuration": {"colour": "red"}, "events": [], "sample": {"at": []}}"#,
        "$.configuration: unknown field \"colour\""
      ),
      // The shape's name is checked before the size is read.
      (
        #"{"configuration": {"variant": "oval", "size": 5}, "events": [], "sample": {"at": []}}"#,
        #"$.configuration.variant: expected "linear" or "circular", got "oval""#
      ),
      (
        #"{"configuration": {}, "events": [{"at": 0, "type": "explode"}], "sample": {"at": []}}"#,
        "$.events[0].type: unknown event type 'explode'"
      ),
      (
        #"{"configuration": {}, "events": [{"at": 1, "type": "startIndeterminateAnimation"}, {"at": 0.5, "type": "stopIndeterminateAnimation"}], "sample": {"at": []}}"#,
        "$.events[1].at: events must be in time order: 0.5 comes after 1.0"
      ),
      (
        #"{"configuration": {"width": -1}, "events": [], "sample": {"at": []}}"#,
        "$.configuration.width: a size must be ≥ 0 points, got -1.0"
      ),
      (
        #"{"configuration": {}, "events": [{"at": -1, "type": "startIndeterminateAnimation"}], "sample": {"at": []}}"#,
        "$.events[0].at: a time must be ≥ 0 seconds, got -1.0"
      ),
      (
        #"{"version": 2, "configuration": {}, "events": [], "sample": {"at": []}}"#,
        "$.version: unsupported version 2"
      ),
      (
        #"{"configuration": {}, "events": [{"at": 0, "type": "setProgress"}], "sample": {"at": []}}"#,
        "$.events[0]: missing field \"value\""
      ),
      (
        #"{"configuration": {}, "events": [], "sample": {"from": 0, "to": 1, "every": 0}}"#,
        "$.sample.every: \"every\" must be positive"
      ),
      (
        #"{"configuration": {"progressAnimation": {"duration": 1, "easing": "cubic-bezier(2, 0, 1, 1)"}}, "events": [], "sample": {"at": []}}"#,
        "$.configuration.progressAnimation.easing: invalid easing"
      ),
    ])
  func invalid(json: String, expected: String) {
    #expect(throws: ScenarioError.self) { try TraceScenario(json: json) }
    do {
      _ = try TraceScenario(json: json)
    } catch {
      #expect(error.description.hasPrefix(expected), "\(error.description)")
    }
  }

  @Test("BK-10 a configure event may switch the type alone, as setProgressType does")
  func configureType() throws {
    let json = """
      {"configuration": {"style": "percentage"},
       "events": [{"at": 0, "type": "setProgress", "value": 0.5},
                  {"at": 1, "type": "configure", "configuration": {"progressType": "indeterminate"}}],
       "sample": {"at": [1]}}
      """
    let lines = try TraceScenario(json: json).trace()
    #expect(lines[2].contains(#""type":"configure","outcome":"applied""#), "\(lines[2])")
    #expect(lines[3].contains(#""mode":"indeterminate""#) && lines[3].contains(#""progress":0,"#))
  }

  @Test("BK-11 the JSON reader rejects what RFC 8259 rejects, with line and column")
  func json() throws {
    #expect(
      try JSONValue(parsing: #" {"a": [1, -2.5e3, true, null, "\u00e9\n"]} "#)
        == .object([
          .init("a", .array([.number(1), .number(-2500), .bool(true), .null, .string("é\n")]))
        ]))
    for bad in [
      "", "01", "[1,]", "{\"a\":1,\"a\":2}", "\"\\x\"", "[1] 2", "1e999", "tru", "\"\u{01}\"",
    ] {
      #expect(throws: JSONParseError.self, "\(bad)") { try JSONValue(parsing: bad) }
    }
    do {
      _ = try JSONValue(parsing: "{\n  \"a\" 1}")
    } catch {
      #expect(error.line == 2 && error.column == 7)
    }
    #expect(
      JSONValue.number(0.1).serialized() == "0.1" && JSONValue.number(.nan).serialized() == "null")
  }

  @Test("BK-11 an error lists the fields allowed in ascending order, as every reader lists them")
  func fieldLists() throws {
    var lists = [TraceScenario.eventFields, Setup.fields]
    lists += TraceScenario.eventTypes.map(TraceScenario.fields(of:))
    for list in lists { #expect(list == list.sorted(), "\(list)") }
    for (json, expected) in [
      (
        #"{"colour": 1, "configuration": {}, "events": [], "sample": {"at": []}}"#,
        #"$: unknown field "colour"; expected one of configuration, description, events, expect, rules, sample, version"#
      ),
      (
        #"{"configuration": {"colour": 1}, "events": [], "sample": {"at": []}}"#,
        #"$.configuration: unknown field "colour"; expected one of accessibilityLabel, backwardAnimation, height, indeterminateStyle, layoutDirection, leftLabelText, material3, progressAnimation, progressType, reduceMotion, showTrack, size, style, variant, visibilityAnimation, width"#
      ),
      (
        #"{"configuration": {}, "events": [{"at": 0, "type": "resize", "colour": 3}], "sample": {"at": []}}"#,
        #"$.events[0]: unknown field "colour"; expected one of animated, at, configuration, height, type, value, width"#
      ),
      (
        #"{"configuration": {}, "events": [{"at": 0, "type": "resize", "width": 1, "height": 2, "value": 3}], "sample": {"at": []}}"#,
        "$.events[0].value: field not used by this event type; it takes at, height, type, width"
      ),
      (
        #"{"configuration": {}, "events": [{"at": 0, "type": "setHidden", "value": true, "width": 3}], "sample": {"at": []}}"#,
        "$.events[0].width: field not used by this event type; it takes animated, at, type, value"
      ),
      (
        #"{"configuration": {}, "events": [{"at": 0, "type": "configure", "configuration": {}, "value": 1}], "sample": {"at": []}}"#,
        "$.events[0].value: field not used by this event type; it takes at, configuration, type"
      ),
      (
        #"{"configuration": {}, "events": [], "sample": {"at": [], "step": 1}}"#,
        #"$.sample: unknown field "step"; expected one of at, every, from, to"#
      ),
      (
        #"{"configuration": {"progressAnimation": {"duration": 1, "curve": "ease"}}, "events": [], "sample": {"at": []}}"#,
        #"$.configuration.progressAnimation: unknown field "curve"; expected one of duration, easing"#
      ),
      (
        #"{"configuration": {}, "events": [], "sample": {"at": []}, "expect": [{"at": 0, "frames": {}}]}"#,
        #"$.expect[0]: unknown field "frames"; expected one of at, event, frame"#
      ),
    ] {
      #expect(throws: ScenarioError.self) { try TraceScenario(json: json) }
      do {
        _ = try TraceScenario(json: json)
      } catch {
        #expect(error.description == expected)
      }
    }
  }

  @Test("BK-11 member names are compared by their Unicode scalars, as RFC 8259 compares them")
  func memberNamesByScalars() throws {
    // "é" precomposed and "e" with a combining acute: canonically equivalent,
    // different scalars, so different names (not a repeated member).
    let precomposed = "\u{E9}"
    let decomposed = "e\u{301}"
    let value = try JSONValue(parsing: #"{"\#(precomposed)": 1, "\#(decomposed)": 2}"#)
    #expect(value[precomposed] == .number(1))
    #expect(value[decomposed] == .number(2))
    // The same in an object long enough to find repeated names by hash.
    let members = (0..<100).map { #""m\#($0)": 0"# }.joined(separator: ", ")
    let long = try JSONValue(
      parsing: "{\(members), \"\(precomposed)\": 1, \"\(decomposed)\": 2}")
    #expect(long[precomposed] == .number(1) && long[decomposed] == .number(2))
    #expect(long["m99"] == .number(0) && long["m100"] == nil)
    // The same scalars again are a repeated member, short or long.
    for text in [
      "{\"\(decomposed)\": 1, \"\(decomposed)\": 2}",
      "{\(members), \"\(decomposed)\": 1, \"\(decomposed)\": 2}",
      "{\(members), \"m7\": 1}",
    ] {
      #expect(throws: JSONParseError.self) { try JSONValue(parsing: text) }
    }
  }

  @Test("RL-1 a configure is all or nothing, and one that changes the size alone is applied")
  func configureAllOrNothing() throws {
    let model = try ProgressIndicatorModel(
      configuration: ProgressConfiguration(leftLabelText: "before"),
      size: FrameSize(width: 320, height: 40), at: 0)
    var runtime = IndicatorRuntime(model)
    var changed = runtime.state.configuration
    changed.leftLabelText = "after"
    changed.layoutDirection = .rightToLeft
    // An invalid size refuses the event: the label and the direction stay.
    for width in [Double.infinity, -1, .nan] {
      let answer = TraceScenario.apply(
        .configure(
          changed, size: FrameSize(width: width, height: 40), progressType: .indeterminate),
        to: &runtime, at: 1)
      guard case .refused("invalid size") = answer else {
        Issue.record("width \(width): \(answer)")
        continue
      }
      #expect(runtime.state.configuration.leftLabelText == "before")
      #expect(runtime.state.configuration.layoutDirection == .leftToRight)
      #expect(runtime.state.progressType == .determinate)
      #expect(runtime.model.size == FrameSize(width: 320, height: 40))
    }
    // A rejected configure (a time that is not finite) keeps the size too.
    let rejected = TraceScenario.apply(
      .configure(changed, size: FrameSize(width: 500, height: 40), progressType: nil),
      to: &runtime, at: .nan)
    guard case .transition(let transition) = rejected, case .rejected = transition.outcome else {
      Issue.record("\(rejected)")
      return
    }
    #expect(runtime.model.size == FrameSize(width: 320, height: 40))
    #expect(runtime.state.configuration.leftLabelText == "before")
    // The size alone: applied, and truthfully so; the same size again is unchanged.
    let unchanged = runtime.state.configuration
    for (width, outcome) in [
      (500.0, ProgressTransition.Outcome.applied), (500, .ignored(reason: .unchanged)),
    ] {
      let answer = TraceScenario.apply(
        .configure(unchanged, size: FrameSize(width: width, height: 40), progressType: nil),
        to: &runtime, at: 2)
      guard case .transition(let transition) = answer else {
        Issue.record("\(answer)")
        continue
      }
      #expect(transition.outcome == outcome)
      #expect(runtime.model.size == FrameSize(width: 500, height: 40))
    }
  }

  @Test("the setup's name codes are the enums' raw values, and each code makes its name's variant")
  func nameCodes() throws {
    func texts(_ names: [StaticString]) -> [String] { names.map { "\($0)" } }
    let linearSizes = ProgressVariant.LinearSize.allCases.map(\.rawValue)
    let circularSizes = ProgressVariant.CircularSize.allCases.map(\.rawValue)
    let linearStyles = ProgressVariant.LinearStyle.allCases.map(\.rawValue)
    #expect(
      texts(Setup.Names.sizes) == linearSizes + circularSizes.filter { !linearSizes.contains($0) })
    #expect(texts(Setup.Names.styles) == linearStyles + ["image"])
    #expect(texts(Setup.Names.indeterminateStyles) == IndeterminateStyle.allCases.map(\.rawValue))
    #expect(texts(Setup.Names.backwardAnimations) == BackwardAnimation.allCases.map(\.rawValue))
    #expect(texts(Setup.Names.material3Shapes) == Material3Style.Shape.allCases.map(\.rawValue))
    #expect(
      Setup.Names.indeterminateStyleCases.map(\.rawValue) == texts(Setup.Names.indeterminateStyles))
    #expect(
      Setup.Names.backwardAnimationCases.map(\.rawValue) == texts(Setup.Names.backwardAnimations))
    #expect(Setup.Names.material3ShapeCases.map(\.rawValue) == texts(Setup.Names.material3Shapes))
    let bar = ProgressVariant.linear(size: .medium, style: .empty)
    let ring = ProgressVariant.circular(size: .medium, style: .percentage)
    for (code, name) in texts(Setup.Names.sizes).enumerated() {
      #expect(Setup.Names.code(of: name, in: Setup.Names.sizes) == code)
      let linear = try? Setup.variant(circular: false, size: code, style: nil, current: ring)
      #expect(
        linear
          == ProgressVariant.LinearSize(rawValue: name).map { .linear(size: $0, style: .empty) })
      let circular = try? Setup.variant(circular: true, size: code, style: 2, current: bar)
      #expect(
        circular
          == ProgressVariant.CircularSize(rawValue: name).map {
            .circular(size: $0, style: .empty)
          })
    }
    let image = ProgressVariant.CircularStyle.image(
      ProgressImage(identifier: "image", pixelWidth: 64, pixelHeight: 64))
    let ringStyles: [String: ProgressVariant.CircularStyle] = [
      "percentage": .percentage, "empty": .empty, "image": image,
    ]
    for (code, name) in texts(Setup.Names.styles).enumerated() {
      #expect(Setup.Names.code(of: name, in: Setup.Names.styles) == code)
      let linear = try? Setup.variant(circular: false, size: 0, style: code, current: ring)
      #expect(
        linear
          == ProgressVariant.LinearStyle(rawValue: name).map { .linear(size: .small, style: $0) })
      let circular = try? Setup.variant(circular: true, size: 0, style: code, current: bar)
      #expect(circular == ringStyles[name].map { .circular(size: .small, style: $0) })
    }
    #expect(Setup.Names.code(of: "Small", in: Setup.Names.sizes) == -1)
  }
}
