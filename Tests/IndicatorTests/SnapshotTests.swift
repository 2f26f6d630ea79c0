//===----------------------------------------------------------------------===//
// IndicatorTests: snapshots restore exactly, and corrupted ones are
// rejected clearly (spec RL-3).
//===----------------------------------------------------------------------===//

import Foundation
import ProgressIndicatorKit
import ProgressStateMachine
import ProgressTesting
import Testing
import Timeline

@Suite("Snapshots")
struct SnapshotTests {
  /// The model after a JSON round trip of its snapshot.
  func roundTrip(_ model: ProgressIndicatorModel) throws -> ProgressIndicatorModel {
    let data = try JSONEncoder().encode(model.snapshot())
    let snapshot = try JSONDecoder().decode(ProgressIndicatorModel.Snapshot.self, from: data)
    return try ProgressIndicatorModel(restoring: snapshot)
  }

  /// Sends the same events to both models and compares every frame and
  /// transition at 60 frames a second from `start` to `end`.
  func expectSameFuture(
    _ original: ProgressIndicatorModel, _ restored: ProgressIndicatorModel, from start: Double,
    to end: Double,
    events: [(Double, ProgressEvent)]
  ) {
    var (a, b) = (original, restored)
    var pending = events[...]
    var frames = 0
    var time = start
    while time <= end {
      while let (at, event) = pending.first, at <= time {
        #expect(a.send(event, at: at) == b.send(event, at: at), "\(event) at \(at)")
        pending = pending.dropFirst()
      }
      #expect(a.send(.tick, at: time) == b.send(.tick, at: time))
      #expect(a.frame(at: time) == b.frame(at: time), "frame at \(time)")
      frames += 1
      time = start + Double(frames) / 60
    }
    #expect(frames > 10)
  }

  @Test(
    "RL-3 mid-animation (a spring), mid-show, an announcement pending: the same frames after restoring"
  )
  func determinate() throws {
    var model = try ProgressIndicatorModel(
      configuration: ProgressConfiguration(
        variant: .linear(size: .medium, style: .percentage), leftLabelText: "Saving",
        progressAnimation: try AnimationTiming(
          duration: 0.6, easing: .spring(try Spring(duration: 0.5, bounce: 0.3)))),
      isHidden: true, size: FrameSize(width: 320, height: 60), theme: .dark)
    model.send(.setHidden(false, animated: true), at: 0)
    model.send(.setProgress(0.7, animated: true), at: 0.05)
    model.send(.tick, at: 0.1)
    let restored = try roundTrip(model)
    #expect(restored.snapshot() == model.snapshot())
    #expect(restored.frame(at: 0.1) == model.frame(at: 0.1))
    expectSameFuture(
      model, restored, from: 0.1, to: 2.5,
      events: [(0.3, .setProgress(0.2, animated: true)), (1.5, .setHidden(true, animated: true))])
  }

  @Test("RL-3 a running loop, suspended while hidden: the same frames after restoring")
  func loop() throws {
    var model = try ProgressIndicatorModel(
      configuration: ProgressConfiguration(
        variant: .circular(size: .medium, style: .empty), indeterminateStyle: .material),
      progressType: .indeterminate, size: FrameSize(width: 140, height: 140))
    model.send(.startIndeterminateAnimation, at: 0.2)
    model.send(.setHidden(true, animated: true), at: 0.9)
    model.send(.tick, at: 1.4)
    let restored = try roundTrip(model)
    guard case .indeterminateRunning(let clock) = restored.state.mode else {
      Issue.record("the restored loop does not run")
      return
    }
    #expect(restored.state.mode == model.state.mode && clock.suspendedAt == 1.15)
    expectSameFuture(
      model, restored, from: 1.4, to: 4,
      events: [(2, .setHidden(false, animated: true)), (3.5, .stopIndeterminateAnimation)])
  }

  @Test("RL-3 time that passed while saved counts: deadlines fall due at their original times")
  func timePassed() throws {
    var model = try ProgressIndicatorModel(size: FrameSize(width: 320, height: 40))
    model.send(.setProgress(1, animated: true), at: 0)
    var restored = try roundTrip(model)
    let late = restored.send(.tick, at: 10)
    #expect(late.effects.contains(.complete(CompletionID(0), finished: true)))
    #expect(restored.frame(at: 10).presentedProgress == 1)
    #expect(late == model.send(.tick, at: 10))
  }

  @Test("RL-3 corrupted, foreign and version-mismatched snapshots are rejected with a clear error")
  func rejected() throws {
    var model = try ProgressIndicatorModel(size: FrameSize(width: 320, height: 40))
    model.send(.setProgress(0.5, animated: true), at: 0)
    let json = String(decoding: try JSONEncoder().encode(model.snapshot()), as: UTF8.self)
    func decode(_ text: String) throws -> ProgressIndicatorModel {
      try ProgressIndicatorModel(
        restoring: JSONDecoder().decode(ProgressIndicatorModel.Snapshot.self, from: Data(text.utf8))
      )
    }
    #expect(throws: DecodingError.self) { try decode(String(json.dropLast(10))) }
    // Version 1 kept the loop's clock beside the state; this code reads 2.
    for version in [1, 3] {
      #expect(throws: SnapshotError.unsupportedVersion(version)) {
        try decode(json.replacingOccurrences(of: #""version":2"#, with: #""version":\#(version)"#))
      }
    }
    #expect(throws: SnapshotError.notASnapshot(format: "something-else")) {
      try decode(
        json.replacingOccurrences(of: "progress-indicator-snapshot", with: "something-else"))
    }
    #expect(json.contains(#""to":0.5"#))
    for (corruption, message) in [
      (
        json.replacingOccurrences(of: #""to":0.5"#, with: #""to":2"#),
        "the animation's target 2.0 is outside [0, 1]"
      ),
      (
        json.replacingOccurrences(of: #""time":0"#, with: #""time":-1"#),
        "starts after the state's time"
      ),
      (
        json.replacingOccurrences(of: #""duration":0.25"#, with: #""duration":-1"#),
        "invalid duration -1.0"
      ),
    ] {
      #expect(corruption != json)
      do {
        _ = try decode(corruption)
        Issue.record("accepted: \(message)")
      } catch DecodingError.dataCorrupted(let context) {
        #expect(context.debugDescription.contains(message), "\(context.debugDescription)")
      } catch {
        Issue.record("\(error)")
      }
    }
  }
}

@Suite("Snapshots of states no machine reaches")
struct SnapshotReachabilityTests {
  func decode(_ text: String) throws -> ProgressIndicatorModel {
    try ProgressIndicatorModel(
      restoring: JSONDecoder().decode(ProgressIndicatorModel.Snapshot.self, from: Data(text.utf8)))
  }

  func json(_ model: ProgressIndicatorModel) throws -> String {
    // Sorted keys: the edits below find fields by their neighbours, and an
    // unsorted encoder orders keys differently from run to run.
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return String(decoding: try encoder.encode(model.snapshot()), as: UTF8.self)
  }

  func overshooting() throws -> ProgressConfiguration {
    var configuration = ProgressConfiguration()
    configuration.progressAnimation = try AnimationTiming(
      duration: 1, easing: try Easing(cssText: "cubic-bezier(0.3, 1.5, 0.7, 1.5)"))
    configuration.visibilityAnimation = try AnimationTiming(
      duration: 1, easing: try Easing(cssText: "cubic-bezier(0.3, 1.5, 0.7, 1.5)"))
    return configuration
  }

  @Test(
    "RL-3 DA-4 a tween starts within [0, 1]: one starting outside, or a wrapping identity, is rejected"
  )
  func unreachable() throws {
    var model = try ProgressIndicatorModel(size: FrameSize(width: 320, height: 40))
    model.send(.setProgress(0.5, animated: true), at: 0)
    let text = try json(model)
    #expect(text.contains(#""from":0,"#), "\(text)")
    for (from, shown) in [("1.54", "1.54"), ("-6.2e307", "-6.2e+307")] {
      do {
        _ = try decode(text.replacingOccurrences(of: #""from":0,"#, with: #""from":\#(from),"#))
        Issue.record("restored a tween from \(from)")
      } catch DecodingError.dataCorrupted(let context) {
        #expect(
          context.debugDescription.contains("the progress animation starts from \(shown)"),
          "\(context.debugDescription)")
      }
    }
    #expect(text.contains(#""nextCompletion":{"rawValue":1}"#), "\(text)")
    do {
      _ = try decode(
        text.replacingOccurrences(
          of: #""nextCompletion":{"rawValue":1}"#,
          with: #""nextCompletion":{"rawValue":\#(UInt64.max)}"#))
      Issue.record("restored a machine about to wrap its completion identities")
    } catch DecodingError.dataCorrupted(let context) {
      #expect(
        context.debugDescription.contains("no machine hands out"), "\(context.debugDescription)")
    }
  }

  @Test(
    "RL-3 DA-4 VS-3 retargeted mid-overshoot, a machine starts within [0, 1], and its snapshot restores"
  )
  func overshootRetarget() throws {
    var model = try ProgressIndicatorModel(
      configuration: try overshooting(), size: FrameSize(width: 320, height: 40))
    model.send(.setProgress(1, animated: true), at: 0)
    model.send(.setHidden(true, animated: false), at: 0)
    model.send(.setHidden(false, animated: true), at: 0)
    #expect(model.frame(at: 0.5).presentedProgress > 1)
    #expect(model.machine.state.visibleFraction(at: 0.5) > 1)
    model.send(.setProgress(0.5, animated: true), at: 0.5)
    model.send(.setHidden(true, animated: true), at: 0.5)
    guard case .determinateAnimating(let animation) = model.machine.state.mode else {
      Issue.record("not animating")
      return
    }
    // The bar was drawn at 1 (DA-9 clamps drawing): the new tween starts there.
    #expect(animation.tween.from == 1)
    #expect(model.machine.state.visibility.animation?.tween.from == 1)
    let restored = try ProgressIndicatorModel(
      restoring: JSONDecoder().decode(
        ProgressIndicatorModel.Snapshot.self, from: JSONEncoder().encode(model.snapshot())))
    #expect(restored.frame(at: 0.7) == model.frame(at: 0.7))
  }

  @Test("RL-3 TL-21 a restored animation with an extreme easing keeps every invariant")
  func extremeEasing() throws {
    var configuration = ProgressConfiguration()
    configuration.progressAnimation = try AnimationTiming(
      duration: 1, easing: try Easing(cssText: "cubic-bezier(0.5, 1e308, 0.5, -1e308)"))
    var model = try ProgressIndicatorModel(
      configuration: configuration, size: FrameSize(width: 320, height: 40))
    model.send(.setProgress(1, animated: true), at: 0)
    let restored = try decode(try json(model))
    for time in stride(from: 0.0, through: 1.2, by: 0.05) {
      #expect(ProgressInvariant.standard.violations(of: restored, at: time).isEmpty, "at \(time)")
    }
  }
}
