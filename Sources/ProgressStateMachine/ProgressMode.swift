//===----------------------------------------------------------------------===//
// ProgressStateMachine: the states of the two regions of the machine.
//===----------------------------------------------------------------------===//

public import Timeline

/// The mode region of the machine: which type the indicator has and what its
/// progress animation is doing.
///
/// This region and ``ProgressVisibility`` run in parallel, like the orthogonal
/// regions of a statechart; ``ProgressState`` holds one of each. The cases
/// are the states of `Docs/state-machine.md`.
///
/// ```swift
/// let machine = try ProgressMachine(progressType: .indeterminate)
/// switch machine.state.mode {
/// case .determinateIdle(let progress): print("showing", progress)
/// case .determinateAnimating(let animation): print("moving to", animation.tween.to)
/// case .indeterminateStopped: print("track only")
/// case .indeterminateRunning(let loop): print("looping since", loop.origin)
/// }
/// ```
public enum ProgressMode: Hashable, Sendable {
  /// Determinate, showing `progress` at rest.
  case determinateIdle(progress: Double)
  /// Determinate, animating towards `animation.tween.to`, which is already
  /// the model value (DA-1).
  case determinateAnimating(RunningAnimation)
  /// Indeterminate with its loop stopped: only the track is drawn (IA-5).
  case indeterminateStopped
  /// Indeterminate with its loop running, on the loop's clock (IA-1); the
  /// clock is suspended while the indicator is hidden (VS-9).
  case indeterminateRunning(LoopClock)

  /// The names of the states of this region, without their data.
  public enum Kind: String, Hashable, Sendable, CaseIterable {
    /// ``ProgressMode/determinateIdle(progress:)``.
    case determinateIdle
    /// ``ProgressMode/determinateAnimating(_:)``.
    case determinateAnimating
    /// ``ProgressMode/indeterminateStopped``.
    case indeterminateStopped
    /// ``ProgressMode/indeterminateRunning(_:)``.
    case indeterminateRunning
  }

  /// The state's name, without its data.
  public var kind: Kind {
    switch self {
    case .determinateIdle: return .determinateIdle
    case .determinateAnimating: return .determinateAnimating
    case .indeterminateStopped: return .indeterminateStopped
    case .indeterminateRunning: return .indeterminateRunning
    }
  }

  /// The progress type this state belongs to.
  package var progressType: ProgressType {
    switch self {
    case .determinateIdle, .determinateAnimating: return .determinate
    case .indeterminateStopped, .indeterminateRunning: return .indeterminate
    }
  }
}

/// The visibility region of the machine: shown, hidden, or animating between
/// them (MDC's `setHidden(_:animated:completion:)`).
public enum ProgressVisibility: Hashable, Sendable {
  /// Fully shown.
  case shown
  /// Animating towards hidden; the tween runs the visible fraction to 0.
  case hiding(RunningAnimation)
  /// Fully hidden: nothing is drawn (VS-5).
  case hidden
  /// Animating towards shown; the tween runs the visible fraction to 1.
  case showing(RunningAnimation)

  /// The names of the states of this region, without their data.
  public enum Kind: String, Hashable, Sendable, CaseIterable {
    /// ``ProgressVisibility/shown``.
    case shown
    /// ``ProgressVisibility/hiding(_:)``.
    case hiding
    /// ``ProgressVisibility/hidden``.
    case hidden
    /// ``ProgressVisibility/showing(_:)``.
    case showing
  }

  /// The state's name, without its data.
  public var kind: Kind {
    switch self {
    case .shown: return .shown
    case .hiding: return .hiding
    case .hidden: return .hidden
    case .showing: return .showing
    }
  }

  /// The running animation, if any.
  package var animation: RunningAnimation? {
    switch self {
    case .hiding(let animation), .showing(let animation): return animation
    case .shown, .hidden: return nil
    }
  }
}

/// An animation in flight — a determinate progress animation
/// (``ProgressMode/determinateAnimating(_:)``), or a show or hide
/// (``ProgressVisibility/showing(_:)``, ``ProgressVisibility/hiding(_:)``) —
/// with the request it will complete.
///
/// ```swift
/// var machine = try ProgressMachine()
/// machine.send(.setProgress(0.5, animated: true), at: 0)
/// if case .determinateAnimating(let animation) = machine.state.mode {
///   print(animation.tween.to, animation.completion)   // 0.5 #0
/// }
/// ```
public struct RunningAnimation: Hashable, Sendable {
  /// The motion of the animated value: the presented progress, whose
  /// `tween.to` is the model value, or the visible fraction (1 fully shown,
  /// 0 fully hidden).
  public var tween: Tween
  /// The request completed when the tween ends or is superseded.
  public var completion: CompletionID

  /// Creates an animation record.
  ///
  /// - Parameters:
  ///   - tween: The motion of the animated value.
  ///   - completion: The request it completes.
  package init(tween: Tween, completion: CompletionID) {
    self.tween = tween
    self.completion = completion
  }
}

/// A determinate progress animation in flight: ``RunningAnimation``, under
/// the name it had while the progress and the visibility had a type each.
public typealias ProgressAnimation = RunningAnimation

/// A show or hide animation in flight: ``RunningAnimation``, under the name
/// it had while the progress and the visibility had a type each.
public typealias VisibilityAnimation = RunningAnimation

/// The clock of a running indeterminate loop: the loop's time is the host's
/// time since the loop started, not counting the time it spent hidden (IA-1,
/// VS-9).
///
/// The machine owns it: a start sets ``origin``, the indicator becoming
/// hidden sets ``suspendedAt``, and becoming visible again moves the origin
/// on by the time spent hidden — each reported by an effect, so a host that
/// animates natively keeps the same clock.
///
/// ```swift
/// var clock = LoopClock(origin: 2)
/// clock.loopTime(at: 3.5)   // 1.5
/// clock.suspend(at: 4)      // hidden at 4 s
/// clock.loopTime(at: 9)     // 2: frozen while hidden
/// clock.resume(at: 10)      // shown again at 10 s: origin 8
/// clock.loopTime(at: 10.5)  // 2.5
/// ```
public struct LoopClock: Hashable, Sendable {
  /// The time the loop would have started had it never been suspended.
  public var origin: Double
  /// When the loop was suspended by a hide, or `nil` while it runs.
  public var suspendedAt: Double?

  /// Creates a loop clock.
  ///
  /// - Parameters:
  ///   - origin: When the loop would have started had it never been
  ///     suspended.
  ///   - suspendedAt: When it was suspended, or `nil` while it runs.
  public init(origin: Double, suspendedAt: Double? = nil) {
    self.origin = origin
    self.suspendedAt = suspendedAt
  }

  /// Whether the clock is suspended (the indicator is hidden).
  public var isSuspended: Bool { suspendedAt != nil }

  /// The loop time at `time`: seconds run since the start, excluding time
  /// spent hidden.
  ///
  /// - Parameter time: The host's time.
  /// - Returns: The loop time.
  public func loopTime(at time: Double) -> Double {
    (suspendedAt ?? time) - origin
  }

  /// Freezes the loop time at `time`; no effect when already suspended.
  ///
  /// - Parameter time: When the indicator became hidden.
  public mutating func suspend(at time: Double) {
    if suspendedAt == nil { suspendedAt = time }
  }

  /// Lets the loop time run again from where it was frozen; no effect when
  /// running.
  ///
  /// - Parameter time: When the indicator became visible again.
  public mutating func resume(at time: Double) {
    guard let suspended = suspendedAt else { return }
    origin += time - suspended
    suspendedAt = nil
  }
}

// Codable, which Embedded Swift does not have (snapshots, JSON hosts).
#if !hasFeature(Embedded)
  extension ProgressMode: Codable {}
  extension ProgressMode.Kind: Codable {}
  extension ProgressVisibility: Codable {}
  extension ProgressVisibility.Kind: Codable {}
  extension RunningAnimation: Codable {}
  extension LoopClock: Codable {}
#endif
