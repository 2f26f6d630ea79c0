//===----------------------------------------------------------------------===//
// ProgressStateMachine: the state as a Codable value, checked on decoding
// (spec RL-3), so that a snapshot restores only a state a machine can reach.
//===----------------------------------------------------------------------===//

import Timeline

// Codable is not in Embedded Swift: snapshots and JSON hosts use this natively.
#if !hasFeature(Embedded)
  extension ProgressState: Codable {
    private enum CodingKeys: String, CodingKey {
      case configuration, mode, visibility, time, nextCompletion, announcement, wave
    }

    /// Encodes every field of the state.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: An encoding error.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(configuration, forKey: .configuration)
      try container.encode(mode, forKey: .mode)
      try container.encode(visibility, forKey: .visibility)
      try container.encode(time, forKey: .time)
      try container.encode(nextCompletion, forKey: .nextCompletion)
      try container.encode(announcement, forKey: .announcement)
      try container.encodeIfPresent(wave, forKey: .wave)
    }

    /// Decodes a state and checks that a machine could be in it.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: A decoding error; `dataCorrupted`, naming what is wrong, for
    ///   a state no machine reaches (a progress outside [0, 1], a non-finite
    ///   time, an animation that starts after the state's time, a completion
    ///   identity not yet handed out…).
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      configuration = try container.decode(ProgressConfiguration.self, forKey: .configuration)
      mode = try container.decode(ProgressMode.self, forKey: .mode)
      visibility = try container.decode(ProgressVisibility.self, forKey: .visibility)
      time = try container.decode(Double.self, forKey: .time)
      nextCompletion = try container.decode(CompletionID.self, forKey: .nextCompletion)
      announcement = try container.decode(AnnouncementState.self, forKey: .announcement)
      wave = try container.decodeIfPresent(WaveMotion.self, forKey: .wave)
      if let problem = validationProblem() {
        throw DecodingError.dataCorrupted(
          .init(
            codingPath: decoder.codingPath, debugDescription: "invalid progress state: \(problem)"))
      }
    }

    /// The first completion identity no machine hands out: 2^63, which
    /// takes 292 years of one request a nanosecond to reach; a snapshot at or
    /// beyond it would wrap to identities already delivered.
    static let completionLimit = CompletionID(1 << 63)

    /// What makes the state unreachable, or `nil` when a machine can be in it.
    func validationProblem() -> String? {
      guard time.isFinite else { return "the time \(time) is not finite" }
      guard nextCompletion < Self.completionLimit else {
        return
          "the next completion \(nextCompletion) is one no machine hands out (at most \(Self.completionLimit))"
      }
      if let problem = Self.tweenProblem(phase: mode, visibility: visibility) { return problem }
      if let problem = configuration.material3Problem {
        return "the configuration is one no machine takes: \(problem)"
      }
      switch mode {
      case .determinateIdle(let progress):
        guard (0...1).contains(progress) else { return "progress \(progress) is outside [0, 1]" }
      case .determinateAnimating(let animation):
        guard (0...1).contains(animation.tween.to) else {
          return "the animation's target \(animation.tween.to) is outside [0, 1]"
        }
        guard animation.tween.start <= time else {
          return "the progress animation starts after the state's time"
        }
        guard animation.completion < nextCompletion else {
          return "the progress animation's completion \(animation.completion) was not handed out"
        }
      case .indeterminateStopped:
        break
      case .indeterminateRunning(let clock):
        guard clock.origin.isFinite, clock.suspendedAt.map({ $0.isFinite && $0 <= time }) ?? true
        else {
          return
            "the loop's clock (origin \(clock.origin)) is not finite or is after the state's time"
        }
        // A loop's time never runs ahead of the host's: the origin moves on
        // only by time spent hidden, and the clock is suspended exactly while
        // hidden (VS-9).
        guard clock.origin <= (clock.suspendedAt ?? time) else {
          return "the loop starts at \(clock.origin), after the state's time"
        }
        guard clock.isSuspended == (visibility == .hidden) else {
          return clock.isSuspended
            ? "the loop is suspended while the indicator is not hidden"
            : "the loop runs while the indicator is hidden"
        }
      }
      if let animation = visibility.animation {
        guard (0...1).contains(animation.tween.from), (0...1).contains(animation.tween.to) else {
          return "a visible fraction is outside [0, 1]"
        }
        guard animation.tween.start <= time else {
          return "the visibility animation starts after the state's time"
        }
        guard animation.completion < nextCompletion else {
          return "the visibility animation's completion \(animation.completion) was not handed out"
        }
        if case .determinateAnimating(let progress) = mode,
          progress.completion == animation.completion
        {
          return "two animations share the completion \(animation.completion)"
        }
      }
      if let problem = waveProblem() { return problem }
      if let due = announcement.due, !due.isFinite {
        return "the announcement's time \(due) is not finite"
      }
      return nil
    }

    /// What makes the wave unreachable: present exactly while the
    /// configuration is wavy (MT-2), its clock suspended exactly while hidden
    /// or with motion reduced (MT-7, MT-9), its amplitude in [0, 1].
    func waveProblem() -> String? {
      guard let motion = wave else {
        return configuration.material3?.isWavy == true ? "a wavy indicator has no wave" : nil
      }
      guard configuration.material3?.isWavy == true else { return "a wave without a wavy style" }
      let amplitude = motion.amplitude
      guard (0...1).contains(amplitude.from), (0...1).contains(amplitude.to),
        amplitude.start <= time
      else { return "the wave's amplitude runs outside [0, 1] or starts after the state's time" }
      let clock = motion.clock
      guard clock.origin.isFinite, clock.origin <= (clock.suspendedAt ?? time),
        clock.suspendedAt.map({ $0 <= time }) ?? true
      else { return "the wave's clock (origin \(clock.origin)) is after the state's time" }
      guard clock.isSuspended == waveIsStill else {
        return clock.isSuspended
          ? "the wave stands still while shown with motion" : "the wave runs while still"
      }
      return nil
    }

    /// What no machine's tweens are: a start outside [0, 1] (a machine starts
    /// each animation from the value as drawn, DA-4, DA-9), or values that
    /// are not finite over the run.
    static func tweenProblem(phase: ProgressMode, visibility: ProgressVisibility) -> String? {
      var tweens: [(String, Tween)] = []
      if case .determinateAnimating(let animation) = phase {
        tweens.append(("the progress animation", animation.tween))
      }
      if let animation = visibility.animation {
        tweens.append(("the visibility animation", animation.tween))
      }
      for (name, tween) in tweens {
        guard (0...1).contains(tween.from) else {
          return "\(name) starts from \(tween.from), outside [0, 1]"
        }
        let duration = tween.timing.duration
        for fraction in [0, 0.25, 0.5, 0.75, 1.0] {
          let value = tween.value(at: tween.start + fraction * duration)
          guard value.isFinite else { return "\(name) is not finite at \(fraction) of its run" }
        }
      }
      return nil
    }
  }
#endif
