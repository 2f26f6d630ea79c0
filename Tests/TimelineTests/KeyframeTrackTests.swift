//===----------------------------------------------------------------------===//
// TimelineTests: keyframes, tracks and timelines (spec TL-16 to TL-18), with
// vectors from web-platform-tests css/css-easing/step-timing-functions-output.
//===----------------------------------------------------------------------===//

import ProgressTestingCore
import Testing
import Timeline

@Suite("Keyframe tracks")
struct KeyframeTrackTests {
  @Test("TL-16 missing offsets: first 0, last 1, runs spaced evenly")
  func missingOffsets() throws {
    let four = try KeyframeTrack([Keyframe(0.0), Keyframe(1.0), Keyframe(2.0), Keyframe(3.0)])
    #expect(four.offsets == [0, 1.0 / 3, 2.0 / 3, 1])
    let anchored = try KeyframeTrack([
      Keyframe(0.0), Keyframe(1.0, offset: 0.6), Keyframe(2.0), Keyframe(3.0),
    ])
    #expect(anchored.offsets[0] == 0 && anchored.offsets[1] == 0.6 && anchored.offsets[3] == 1)
    #expect(abs(anchored.offsets[2] - 0.8) < 1e-15)
    // A single keyframe is at 1; without an underlying value it holds.
    let single = try KeyframeTrack([Keyframe(5.0)])
    #expect(single.offsets == [0, 1])
    #expect(single.value(at: 0.3) == 5)
  }

  @Test("TL-16 offsets outside [0, 1], NaN, out of order, or no keyframe are typed errors")
  func invalidOffsets() {
    #expect(throws: TimelineError.invalidKeyframeOffset(index: 1, offset: 1.5)) {
      try KeyframeTrack([Keyframe(0.0), Keyframe(1.0, offset: 1.5)])
    }
    #expect(throws: TimelineError.self) { try KeyframeTrack([Keyframe(0.0, offset: .nan)]) }
    #expect(throws: TimelineError.keyframesOutOfOrder(index: 2)) {
      try KeyframeTrack([Keyframe(0.0, offset: 0.5), Keyframe(1.0), Keyframe(2.0, offset: 0.2)])
    }
    #expect(throws: TimelineError.noKeyframes) { try KeyframeTrack([Keyframe<Double>]()) }
  }

  @Test("TL-17 the first keyframe's easing shapes its segment; holds keep their value")
  func segmentsAndHolds() throws {
    let track = try KeyframeTrack([
      Keyframe(0.0, easing: .easeIn), Keyframe(10.0, offset: 0.5), .hold(20.0, offset: 0.75),
      Keyframe(0.0),
    ])
    #expect(track.value(at: 0.25) == 10 * Easing.easeIn.value(at: 0.5))
    #expect(track.value(at: 0.625) == 15)
    #expect(track.value(at: 0.75) == 20)
    #expect(track.value(at: 0.99) == 20)
    #expect(track.value(at: 1) == 0)
  }

  @Test(
    "TL-17 an effect easing that leaves [0, 1] extrapolates the end segments (WPT step outputs)")
  func extrapolation() throws {
    // [{left: 0, easing: K}, {left: 100}], duration 1000 ms, fill forwards,
    // effect easing E; expected lefts from the WPT file, in px.
    func left(keyframeEasing: String, effectEasing: String, at milliseconds: Double) throws
      -> Double?
    {
      var timeline = try KeyframeTimeline<Double>(tracks: [
        .init(
          name: "left",
          timing: EffectTiming(fill: .forwards, duration: 1, easing: Easing(cssText: effectEasing)),
          keyframes: KeyframeTrack([
            Keyframe(0, easing: Easing(cssText: keyframeEasing)), Keyframe(100),
          ]))
      ])
      var values: [Double?] = []
      timeline.sample(at: milliseconds / 1000, into: &values)
      return values[0]
    }
    let vectors: [(String, String, [(Double, Double)])] = [
      (
        "step-start", "cubic-bezier(0, 1.5, 1, 1.5)",
        [(0, 100), (230, 100), (250, 200), (1000, 100)]
      ),
      ("step-start", "cubic-bezier(0, 3, 1, 3)", [(0, 100), (114, 200), (500, 300), (900, 200)]),
      (
        "step-start", "cubic-bezier(0, -0.5, 1, -0.5)",
        [(0, 100), (750, 0), (800, 100), (1000, 100)]
      ),
      ("step-start", "cubic-bezier(0, -2, 1, -2)", [(0, 100), (100, 0), (500, -100), (1000, 100)]),
      ("step-end", "cubic-bezier(0, 1.5, 1, 1.5)", [(0, 0), (230, 0), (250, 100), (1000, 100)]),
      ("step-end", "cubic-bezier(0, 3, 1, 3)", [(0, 0), (114, 100), (500, 200), (900, 100)]),
      ("step-end", "cubic-bezier(0, -0.5, 1, -0.5)", [(0, 0), (750, -100), (800, 0), (1000, 100)]),
      (
        "steps(1, jump-both)", "cubic-bezier(0, 1.5, 1, 1.5)",
        [(0, 50), (230, 50), (250, 100), (1000, 100)]
      ),
      (
        "steps(1, jump-both)", "cubic-bezier(0, 3, 1, 3)",
        [(0, 50), (114, 100), (500, 150), (900, 100)]
      ),
      (
        "steps(1, jump-both)", "cubic-bezier(0, -0.5, 1, -0.5)",
        [(0, 50), (750, 0), (800, 50), (1000, 100)]
      ),
      (
        "steps(2, jump-none)", "cubic-bezier(0, 1.5, 1, 1.5)",
        [(0, 0), (45, 100), (230, 100), (250, 200), (1000, 100)]
      ),
      (
        "steps(2, jump-none)", "cubic-bezier(0, 3, 1, 3)",
        [(0, 0), (114, 300), (500, 400), (900, 300)]
      ),
      (
        "steps(2, jump-none)", "cubic-bezier(0, -0.5, 1, -0.5)",
        [(0, 0), (750, -100), (800, 0), (1000, 100)]
      ),
    ]
    for (keyframeEasing, effectEasing, samples) in vectors {
      for (time, expected) in samples {
        #expect(
          try left(keyframeEasing: keyframeEasing, effectEasing: effectEasing, at: time)
            == expected,
          "\(keyframeEasing) under \(effectEasing) at \(time) ms")
      }
    }
  }

  @Test("TL-17 several keyframes at 0 or at 1 isolate the end values outside [0, 1]")
  func duplicateEnds() throws {
    let track = try KeyframeTrack([
      Keyframe(0.0, offset: 0), Keyframe(5.0, offset: 0), Keyframe(10.0, offset: 1),
      Keyframe(20.0, offset: 1),
    ])
    #expect(track.value(at: -0.5) == 0, "progress < 0 with two keyframes at 0: the first alone")
    #expect(track.value(at: 1.5) == 20, "progress ≥ 1 with two keyframes at 1: the last alone")
    #expect(track.value(at: 0.5) == 7.5, "inside: the last keyframe at 0 to the first at 1")
  }

  @Test("TL-18 in-order sampling with the remembered segment equals a fresh lookup (random tracks)")
  func cursorEqualsLookup() throws {
    var random = ReplayableRandom(seed: 7)
    func unit() -> Double { random.unitDouble() }
    let easings: [Easing] = [.linear, .easeInOut, .steps(try StepEasing(count: 3))]
    for round in 0..<200 {
      let count = 1 + Int(unit() * 12)
      var offset = 0.0
      let keyframes = (0..<count).map { _ -> Keyframe<Double> in
        offset = min(1, offset + unit() * 0.3)
        return Keyframe(
          unit() * 10, offset: unit() < 0.3 ? nil : offset, easing: easings[Int(unit() * 3)])
      }
      var track = try KeyframeTrack(keyframes)
      let fresh = track
      var progress = -0.2
      while progress < 1.2 {
        #expect(
          track.sample(at: progress) == fresh.value(at: progress), "round \(round) at \(progress)")
        progress += unit() * 0.05
      }
      // And backwards.
      while progress > -0.2 {
        #expect(
          track.sample(at: progress) == fresh.value(at: progress), "round \(round) at \(progress)")
        progress -= unit() * 0.05
      }
    }
  }

  @Test("TL-18 a timeline samples every named track into one buffer")
  func timelineSampling() throws {
    var timeline = try KeyframeTimeline<Double>(tracks: [
      .init(
        name: "head", timing: EffectTiming(duration: 1),
        keyframes: KeyframeTrack([Keyframe(0.0), Keyframe(1.0)])),
      .init(
        name: "tail", timing: EffectTiming(delay: 0.25, fill: .backwards, duration: 1),
        keyframes: KeyframeTrack([Keyframe(0.0), Keyframe(1.0)])),
    ])
    #expect(timeline.index(ofTrackNamed: "tail") == 1)
    #expect(timeline.index(ofTrackNamed: "nope") == nil)
    var values: [Double?] = []
    timeline.sample(at: 0.5, into: &values)
    #expect(values == [0.5, 0.25])
    timeline.sample(at: 0.1, into: &values)
    #expect(values == [0.1, 0], "the tail fills backwards during its delay")
    timeline.sample(at: 1, into: &values)
    #expect(values == [nil, 0.75], "the head has ended without fill")
    #expect(timeline.value(ofTrack: 1, at: 1) == 0.75)
    #expect(throws: TimelineError.duplicateTrackName("a")) {
      try KeyframeTimeline<Double>(tracks: [
        .init(name: "a", timing: EffectTiming(), keyframes: KeyframeTrack([Keyframe(0.0)])),
        .init(name: "a", timing: EffectTiming(), keyframes: KeyframeTrack([Keyframe(0.0)])),
      ])
    }
  }

  @Test("TL-18 track names are compared by their Unicode scalars")
  func trackNamesByScalars() throws {
    func track(_ name: String) throws -> KeyframeTimeline<Double>.Track {
      try .init(name: name, timing: EffectTiming(), keyframes: KeyframeTrack([Keyframe(0.0)]))
    }
    // "é" precomposed and decomposed: canonically equivalent, two names.
    let timeline = try KeyframeTimeline<Double>(tracks: [
      try track("\u{E9}"), try track("e\u{301}"),
    ])
    #expect(timeline.index(ofTrackNamed: "\u{E9}") == 0)
    #expect(timeline.index(ofTrackNamed: "e\u{301}") == 1)
    #expect(throws: TimelineError.duplicateTrackName("e\u{301}")) {
      try KeyframeTimeline<Double>(tracks: [try track("e\u{301}"), try track("e\u{301}")])
    }
  }

  @Test("TL-17 SIMD2 values interpolate component-wise")
  func vectors() throws {
    let track = try KeyframeTrack([Keyframe(SIMD2(0.0, 10.0)), Keyframe(SIMD2(1.0, 20.0))])
    #expect(track.value(at: 0.25) == SIMD2(0.25, 12.5))
  }
}

@Suite("Cubic Bézier outputs through keyframes")
struct CubicBezierKeyframeTests {
  /// Replays WPT css-easing/cubic-bezier-timing-functions-output.html.
  ///
  /// A keyframe easing K runs under an effect easing E; the expected left is
  /// 100·K(E(t)), with K extrapolated by the formulas the WPT file writes out.
  /// Tolerance 0.01 px.
  @Test("TL-3 keyframe easings extrapolate under overshooting effect easings (WPT output vectors)")
  func wptVectors() throws {
    typealias Points = (Double, Double, Double, Double)
    let cases:
      [(keyframe: Points, effect: Points, times: [Double], extrapolate: (Double) -> Double)] = [
        (
          (0.5, 1, 0.5, 0), (0, 1.5, 1, 1.5), [0, 230, 240, 700, 990, 1000],
          { 1 + (0 - 1) / (0.5 - 1) * ($0 - 1) }
        ),
        ((0, 1.5, 1, 1.5), (0, 1.5, 1, 1.5), [0, 230, 240, 700, 990, 1000], { _ in 1 }),
        ((0.5, 1, 0.5, 0), (0, -0.5, 1, -0.5), [0, 10, 300, 750, 770, 1000], { (1 / 0.5) * $0 }),
        ((0, -0.5, 1, -0.5), (0, -0.5, 1, -0.5), [0, 10, 300, 750, 770, 1000], { _ in 0 }),
      ]
    for (k, e, times, extrapolate) in cases {
      let keyframeEasing = Easing.cubicBezier(try CubicBezier(x1: k.0, y1: k.1, x2: k.2, y2: k.3))
      let effectEasing = Easing.cubicBezier(try CubicBezier(x1: e.0, y1: e.1, x2: e.2, y2: e.3))
      var timeline = try KeyframeTimeline<Double>(tracks: [
        .init(
          name: "left", timing: EffectTiming(fill: .forwards, duration: 1, easing: effectEasing),
          keyframes: KeyframeTrack([Keyframe(0, easing: keyframeEasing), Keyframe(100)]))
      ])
      var values: [Double?] = []
      for milliseconds in times {
        let portion = milliseconds / 1000
        let eased = referenceBezier(e.0, e.1, e.2, e.3, at: portion)
        let expected =
          (0...1).contains(eased)
          ? 100 * referenceBezier(k.0, k.1, k.2, k.3, at: eased) : 100 * extrapolate(eased)
        timeline.sample(at: portion, into: &values)
        let left = try #require(values[0])
        #expect(
          abs(left - expected) <= 0.01,
          "K \(k) under E \(e) at \(milliseconds) ms: \(left) vs \(expected)")
      }
    }
  }
}
