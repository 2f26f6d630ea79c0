//===----------------------------------------------------------------------===//
// ProgressStateMachine: the pure transition function.
//===----------------------------------------------------------------------===//

import Timeline

extension ProgressMachine {
  /// Computes the next state and the effects of one event, without changing
  /// anything: the machine's pure core.
  ///
  /// The steps, in order (MS-1, TM-1 to TM-3):
  /// 1. A non-finite time, or a NaN progress, rejects the event: the state
  ///    is returned unchanged and there are no effects.
  /// 2. A time earlier than the state's is replaced by the state's time and
  ///    reported in ``ProgressTransition/timeRegression``.
  /// 3. Every deadline up to that time takes effect, earliest first.
  /// 4. The event is applied, or ignored with a reason.
  /// 5. A change of the accessibility value schedules an announcement.
  ///
  /// - Parameters:
  ///   - state: The current state.
  ///   - event: What happens.
  ///   - time: When it happens, in seconds on the host's clock.
  /// - Returns: The next state and the transition record.
  /// - Complexity: O(1).
  public static func transition(
    from state: ProgressState, on event: ProgressEvent, at time: Double
  ) -> (state: ProgressState, transition: ProgressTransition) {
    var next = state
    let record = step(&next, on: event, at: time)
    return (next, record)
  }

  /// The transition function's body, applied to a state in place: the pure
  /// ``transition(from:on:at:)`` runs it on a copy, ``send(_:at:)`` on the
  /// machine's own state, so a running machine copies nothing.
  static func step(_ state: inout ProgressState, on event: ProgressEvent, at time: Double)
    -> ProgressTransition
  {
    var record = ProgressTransition(
      event: event, time: time, outcome: .applied, effects: ProgressEffects())
    if let error = validate(event, at: time) {
      record.outcome = .rejected(error: error)
      return record
    }
    var now = time
    if now < state.time {
      record.timeRegression = ProgressTransition.TimeRegression(requested: time, used: state.time)
      now = state.time
    }
    record.time = now
    // The effects go straight into the record: it is returned as it is
    // built, without copying them (they are inline, issue 22).
    state.processDeadlines(through: now, into: &record.effects)
    let before = state.accessibilityValue
    record.outcome = state.apply(event, at: now, record: &record)
    state.updateWave(at: now, into: &record.effects)
    state.scheduleAnnouncement(ifChangedFrom: before, at: now)
    state.time = now
    return record
  }

  /// Returns why an event cannot be taken at `time`, or `nil` if it can.
  static func validate(_ event: ProgressEvent, at time: Double) -> ProgressError? {
    guard time.isFinite else { return .invalidTime(time) }
    if case .setProgress(let value, _) = event, value.isNaN { return .progressIsNaN }
    if case .configure(let configuration) = event, let problem = configuration.material3Problem {
      return .invalidMaterial3(problem)
    }
    return nil
  }
}

extension ProgressState {
  // MARK: - Time (TM-2, DA-3, VS-3, AX-5)

  /// Lets every deadline at or before `time` take effect, earliest first; on
  /// equal times, the progress animation, then visibility, then the
  /// announcement.
  mutating func processDeadlines(through time: Double, into effects: inout ProgressEffects) {
    while true {
      var dueTime = Double.infinity
      var due: Deadline?
      if case .determinateAnimating(let animation) = mode, animation.tween.end <= time {
        dueTime = animation.tween.end
        due = .progressAnimation
      }
      if let animation = visibility.animation, animation.tween.end <= time,
        animation.tween.end < dueTime
      {
        dueTime = animation.tween.end
        due = .visibilityAnimation
      }
      if let announcementTime = announcement.due, announcementTime <= time,
        announcementTime < dueTime
      {
        dueTime = announcementTime
        due = .announcement
      }
      guard let due else { return }
      let before = accessibilityValue
      switch due {
      case .progressAnimation:
        if case .determinateAnimating(let animation) = mode {
          mode = .determinateIdle(progress: animation.tween.to)
          effects.append(.complete(animation.completion, finished: true))
        }
      case .visibilityAnimation:
        if let animation = visibility.animation {
          visibility = animation.tween.to == 0 ? .hidden : .shown
          if visibility == .hidden {
            suspendLoop(at: dueTime, into: &effects)
            updateWave(at: dueTime, into: &effects)
          }
          effects.append(.complete(animation.completion, finished: true))
        }
      case .announcement:
        announcement.due = nil
        if let value = accessibilityValue, value != announcement.lastAnnounced {
          announcement.lastAnnounced = value
          effects.append(.announce(value))
        }
      }
      scheduleAnnouncement(ifChangedFrom: before, at: dueTime)
    }
  }

  /// The kinds of deadline, in the order they are processed on a tie.
  private enum Deadline {
    case progressAnimation
    case visibilityAnimation
    case announcement
  }

  /// Restarts the announcement debounce when the accessibility value
  /// differs from `before` (AX-5).
  mutating func scheduleAnnouncement(ifChangedFrom before: AccessibilityValue?, at time: Double) {
    if accessibilityValue != before {
      announcement.due = time + ProgressMachine.announcementDelay
    }
  }

  /// Issues the identity of a new request awaiting a completion (CP-1).
  ///
  /// Identities never wrap: a machine starts at 0, one request a nanosecond
  /// would take 292 years to reach ``ProgressState/completionLimit`` (2^63),
  /// and a snapshot at or beyond it is rejected (RL-3).
  mutating func issueCompletion() -> CompletionID {
    let id = nextCompletion
    nextCompletion = CompletionID(id.rawValue &+ 1)
    return id
  }

  // MARK: - Events

  /// Applies one valid event at `time`, after deadlines were processed;
  /// its effects are appended to the record's.
  mutating func apply(
    _ event: ProgressEvent,
    at time: Double,
    record: inout ProgressTransition
  ) -> ProgressTransition.Outcome {
    switch event {
    case .setProgress(let value, let animated):
      let id = issueCompletion()
      record.completion = id
      return setProgress(value, animated: animated, completion: id, at: time, record: &record)
    case .setProgressType(let type):
      return setProgressType(type, at: time, into: &record.effects)
    case .startIndeterminateAnimation:
      return startIndeterminateAnimation(at: time, into: &record.effects)
    case .stopIndeterminateAnimation:
      return stopIndeterminateAnimation(into: &record.effects)
    case .setHidden(let hidden, let animated):
      let id = issueCompletion()
      record.completion = id
      return setHidden(
        hidden, animated: animated, completion: id, at: time, into: &record.effects)
    case .configure(let newConfiguration):
      guard newConfiguration != configuration else { return .ignored(reason: .unchanged) }
      configuration = newConfiguration
      return .applied
    case .tick:
      return .applied
    }
  }

  // MARK: Progress value (PV, DA, PT-4)

  private mutating func setProgress(
    _ value: Double,
    animated: Bool,
    completion id: CompletionID,
    at time: Double,
    record: inout ProgressTransition
  ) -> ProgressTransition.Outcome {
    guard progressType == .determinate else {
      record.effects.append(.complete(id, finished: false))
      return .ignored(reason: .indeterminateMode)
    }
    let target = min(max(value, 0), 1)
    if target != value {
      record.clamping = ProgressTransition.Clamping(requested: value, applied: target)
    }
    // The value shown, as it is drawn (DA-9 clamps an overshoot to [0, 1]):
    // the new animation starts there, so every tween starts within [0, 1]
    // and the bar moves at once rather than waiting for an overshoot to
    // come back into range.
    let drawn = presentedProgress(at: time)
    let shown = min(max(drawn, 0), 1)
    if case .determinateAnimating(let running) = mode {
      record.effects.append(.cancelProgressAnimation)
      record.effects.append(.complete(running.completion, finished: false))
    }
    let timing = configuration.progressAnimation
    let resets = configuration.backwardAnimation == .reset && target < shown
    let from = resets ? 0 : shown
    if !animated || configuration.reducesMotion || timing.duration == 0 || from == target {
      mode = .determinateIdle(progress: target)
      // Against the value before clamping: a cancelled overshoot stops
      // where it is, outside [0, 1], and must still be set (MS-7).
      if drawn != target { record.effects.append(.setPresentedProgress(target)) }
      record.effects.append(.complete(id, finished: true))
      return .applied
    }
    if resets { record.effects.append(.setPresentedProgress(0)) }
    let tween = Tween(uncheckedFrom: from, to: target, start: time, timing: timing)
    mode = .determinateAnimating(RunningAnimation(tween: tween, completion: id))
    record.effects.append(.animatePresentedProgress(tween))
    return .applied
  }

  // MARK: Switching type (TS)

  private mutating func setProgressType(
    _ type: ProgressType, at time: Double, into effects: inout ProgressEffects
  ) -> ProgressTransition.Outcome {
    guard type != progressType else { return .ignored(reason: .unchanged) }
    switch mode {
    case .determinateAnimating(let running):
      effects.append(.cancelProgressAnimation)
      effects.append(.complete(running.completion, finished: false))
      if running.tween.value(at: time) != 0 { effects.append(.setPresentedProgress(0)) }
    case .determinateIdle(let progress):
      if progress != 0 { effects.append(.setPresentedProgress(0)) }
    case .indeterminateRunning:
      effects.append(.stopIndeterminateAnimation)
    case .indeterminateStopped:
      break
    }
    mode = type == .determinate ? .determinateIdle(progress: 0) : .indeterminateStopped
    return .applied
  }

  // MARK: Indeterminate loop (IA)

  private mutating func startIndeterminateAnimation(
    at time: Double, into effects: inout ProgressEffects
  ) -> ProgressTransition.Outcome {
    switch mode {
    case .determinateIdle, .determinateAnimating:
      return .ignored(reason: .determinateMode)
    case .indeterminateRunning:
      return .ignored(reason: .alreadyRunning)
    case .indeterminateStopped:
      mode = .indeterminateRunning(LoopClock(origin: time))
      effects.append(.startIndeterminateAnimation(at: time))
      // Started while hidden: its clock waits until the indicator shows.
      if isHidden { suspendLoop(at: time, into: &effects) }
      return .applied
    }
  }

  private mutating func stopIndeterminateAnimation(
    into effects: inout ProgressEffects
  ) -> ProgressTransition.Outcome {
    switch mode {
    case .determinateIdle, .determinateAnimating:
      return .ignored(reason: .determinateMode)
    case .indeterminateStopped:
      return .ignored(reason: .notRunning)
    case .indeterminateRunning:
      mode = .indeterminateStopped
      effects.append(.stopIndeterminateAnimation)
      return .applied
    }
  }

  // MARK: Visibility (VS)

  private mutating func setHidden(
    _ hidden: Bool,
    animated: Bool,
    completion id: CompletionID,
    at time: Double,
    into effects: inout ProgressEffects
  ) -> ProgressTransition.Outcome {
    switch (visibility, hidden) {
    case (.hidden, true):
      effects.append(.complete(id, finished: true))
      return .ignored(reason: .alreadyHidden)
    case (.shown, false):
      effects.append(.complete(id, finished: true))
      return .ignored(reason: .alreadyShown)
    default:
      break
    }
    let target: Double = hidden ? 0 : 1
    // As drawn: an overshooting visibility easing is clamped to [0, 1].
    let current = min(max(visibleFraction(at: time), 0), 1)
    // Leaving hidden: the loop runs again from now (VS-9).
    if !hidden, visibility == .hidden { resumeLoop(at: time, into: &effects) }
    if let running = visibility.animation {
      effects.append(.cancelVisibilityAnimation)
      effects.append(.complete(running.completion, finished: false))
    }
    let timing = configuration.visibilityAnimation.scaled(by: abs(target - current))
    if !animated || configuration.reducesMotion || timing.duration == 0 {
      visibility = hidden ? .hidden : .shown
      effects.append(.setVisibility(target))
      if hidden { suspendLoop(at: time, into: &effects) }
      effects.append(.complete(id, finished: true))
      return .applied
    }
    let tween = Tween(uncheckedFrom: current, to: target, start: time, timing: timing)
    let animation = RunningAnimation(tween: tween, completion: id)
    visibility = hidden ? .hiding(animation) : .showing(animation)
    effects.append(.animateVisibility(tween))
    return .applied
  }

  // MARK: The loop's clock while hidden (VS-9)

  /// Freezes a running loop's clock at `time`, when the indicator became
  /// hidden.
  private mutating func suspendLoop(at time: Double, into effects: inout ProgressEffects) {
    guard case .indeterminateRunning(var clock) = mode, !clock.isSuspended else { return }
    clock.suspend(at: time)
    mode = .indeterminateRunning(clock)
    effects.append(.suspendIndeterminateAnimation(at: time))
  }

  /// Lets a suspended loop's clock run again from `time`, when the
  /// indicator begins to show.
  private mutating func resumeLoop(at time: Double, into effects: inout ProgressEffects) {
    guard case .indeterminateRunning(var clock) = mode, clock.isSuspended else { return }
    clock.resume(at: time)
    mode = .indeterminateRunning(clock)
    effects.append(.resumeIndeterminateAnimation(at: time))
  }
}
