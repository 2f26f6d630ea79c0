//===----------------------------------------------------------------------===//
// ProgressTesting: model-based testing — shortest paths covering every
// (state, event) transition, replayed against an implementation.
//===----------------------------------------------------------------------===//

public import ProgressStateMachine

/// Shortest event paths that cover every transition of the machine, found on
/// the reference model and replayed against an implementation.
///
/// States are the pairs (mode, visibility) that an observation shows; events
/// are the representative events of `Docs/state-machine.md`. A breadth-first
/// search from the initial state finds the shortest path to every reachable
/// state; each path followed by each event is one test path.
///
/// ```swift
/// import Testing
///
/// let paths = TransitionCoverage.paths()
/// let mismatches = TransitionCoverage.replay(paths, on: IndicatorSubject.self)
/// #expect(mismatches.isEmpty)
/// ```
public enum TransitionCoverage {
  /// A state as observed: the mode and the visibility.
  public struct State: Hashable, Sendable, CustomStringConvertible {
    /// The mode state.
    public var mode: ProgressMode.Kind
    /// The visibility state.
    public var visibility: ProgressVisibility.Kind

    /// Reads the state from an observation.
    ///
    /// - Parameter observation: What an implementation shows.
    package init(_ observation: ProgressObservation) {
      switch (
        observation.progressType, observation.isAnimatingProgress,
        observation.isIndeterminateAnimating
      ) {
      case (.determinate, true, _): mode = .determinateAnimating
      case (.determinate, false, _): mode = .determinateIdle
      case (.indeterminate, _, true): mode = .indeterminateRunning
      case (.indeterminate, _, false): mode = .indeterminateStopped
      }
      visibility = observation.visibility
    }

    /// `mode/visibility`.
    public var description: String { "\(mode.rawValue)/\(visibility.rawValue)" }
  }

  /// One test path: steps, and the state expected after each.
  public struct Path: Sendable, CustomStringConvertible {
    /// The steps.
    public var steps: [ProgressStep]
    /// The state expected after each step.
    public var expected: [State]

    /// The steps and states, one a line.
    public var description: String {
      zip(steps, expected).map { "\($0.0.event) → \($0.1)" }.joined(separator: "; ")
    }
  }

  /// The events tried in every state.
  ///
  /// They cover progress, type, loop, visibility and the passing of time.
  /// Events come 0.01 s apart, so 0.25 s animations are still running at the
  /// next one; `tick` waits 10 s.
  package static let events: [ProgressEvent] = [
    .setProgress(0.9, animated: true), .setProgress(0.3, animated: false),
    .setProgress(.nan, animated: true),
    .setProgressType(.determinate), .setProgressType(.indeterminate), .startIndeterminateAnimation,
    .stopIndeterminateAnimation, .setHidden(true, animated: true),
    .setHidden(true, animated: false),
    .setHidden(false, animated: true), .setHidden(false, animated: false), .tick,
  ]

  static func step(_ event: ProgressEvent) -> ProgressStep {
    ProgressStep(delay: event == .tick ? 10 : 0.01, event: event)
  }

  /// The test paths: for every reachable state, the shortest path to it
  /// followed by every event.
  ///
  /// - Parameter configuration: The configuration to run with; linear easing.
  /// - Returns: The paths, one per (state, event) pair.
  /// - Complexity: O(states × events) model steps.
  public static func paths(configuration: ProgressConfiguration = ProgressConfiguration()) -> [Path]
  {
    struct Node {
      var model: ReferenceProgressModel
      var time: Double
      var path: Path
    }
    guard
      let start = try? ReferenceProgressModel(
        configuration: configuration, progressType: .determinate)
    else {
      return []
    }
    var first = start
    let initial = State(first.send(.tick, at: 0))
    var queue = [Node(model: start, time: 0, path: Path(steps: [], expected: []))]
    var seen: Set<State> = [initial]
    var reached: [(State, Node)] = [(initial, queue[0])]
    var head = 0
    while head < queue.count {
      let node = queue[head]
      head += 1
      for event in events {
        var model = node.model
        let step = step(event)
        let time = node.time + step.delay
        let state = State(model.send(event, at: time))
        guard !seen.contains(state) else { continue }
        seen.insert(state)
        let next = Node(
          model: model, time: time,
          path: Path(steps: node.path.steps + [step], expected: node.path.expected + [state]))
        queue.append(next)
        reached.append((state, next))
      }
    }
    var paths: [Path] = []
    for (_, node) in reached {
      for event in events {
        var model = node.model
        let step = step(event)
        let state = State(model.send(event, at: node.time + step.delay))
        paths.append(Path(steps: node.path.steps + [step], expected: node.path.expected + [state]))
      }
    }
    return paths
  }

  /// Replays paths against an implementation, checking the observed
  /// (mode, visibility) state after every step.
  ///
  /// Only that pair is compared: the mode read from the type, whether a
  /// determinate animation runs and whether the loop runs, and the
  /// visibility. Progress values, texts, completions and announcements are
  /// the differential test's to compare
  /// (`ProgressPropertyTest.run(_:reference:)`).
  ///
  /// - Parameters:
  ///   - paths: The paths.
  ///   - subject: The implementation.
  ///   - configuration: The configuration the paths were made with.
  /// - Returns: One message per path that diverged; empty when all agree.
  public static func replay<Subject: ProgressSubject>(
    _ paths: [Path], on subject: Subject.Type,
    configuration: ProgressConfiguration = ProgressConfiguration()
  ) -> [String] {
    var mismatches: [String] = []
    for path in paths {
      guard
        var implementation = try? Subject(configuration: configuration, progressType: .determinate)
      else {
        return ["the subject could not be created"]
      }
      var time = 0.0
      for (index, step) in path.steps.enumerated() {
        time += step.delay
        let state = State(implementation.send(step.event, at: time))
        if state != path.expected[index] {
          mismatches.append(
            "after step \(index + 1) of [\(path)]: \(state), expected \(path.expected[index])")
          break
        }
      }
    }
    return mismatches
  }
}
