//===----------------------------------------------------------------------===//
// ProgressTesting: scenarios — a configuration and timed events — and their
// generators.
//===----------------------------------------------------------------------===//

public import ProgressStateMachine
import Timeline

/// One step of a scenario: wait `delay` seconds, then send `event`.
public struct ProgressStep: Hashable, Sendable, CustomStringConvertible {
  /// Seconds since the previous step; may be 0 or huge, never negative.
  public var delay: Double
  /// The event.
  public var event: ProgressEvent

  /// Creates a step.
  ///
  /// - Parameters:
  ///   - delay: Seconds since the previous step.
  ///   - event: The event.
  public init(delay: Double, event: ProgressEvent) {
    self.delay = delay
    self.event = event
  }

  /// `+delay event`, as in a timeline.
  public var description: String { "+\(delay) \(event)" }
}

/// A configuration, an initial type and a list of steps: one run of an
/// indicator.
public struct ProgressScenario: Hashable, Sendable, CustomStringConvertible {
  /// The settings at creation.
  public var configuration: ProgressConfiguration
  /// The type at creation.
  public var progressType: ProgressType
  /// The steps, in order.
  public var steps: [ProgressStep]

  /// Creates a scenario.
  ///
  /// - Parameters:
  ///   - configuration: The settings.
  ///   - progressType: The initial type.
  ///   - steps: The steps.
  public init(
    configuration: ProgressConfiguration, progressType: ProgressType, steps: [ProgressStep]
  ) {
    self.configuration = configuration
    self.progressType = progressType
    self.steps = steps
  }

  /// The scenario as a readable timeline, one step a line with its absolute
  /// time.
  public var description: String {
    var lines = ["created \(progressType.rawValue), \(describe(configuration))"]
    var time = 0.0
    for (index, step) in steps.enumerated() {
      time += step.delay
      lines.append("  \(index + 1). t=\(time)  \(step.event)")
    }
    return lines.joined(separator: "\n")
  }

  private func describe(_ configuration: ProgressConfiguration) -> String {
    var parts = [Self.describe(configuration.variant)]
    if configuration.progressAnimation.duration != 0.25 {
      parts.append("progress \(configuration.progressAnimation.duration)s")
    }
    if configuration.visibilityAnimation.duration != 0.25 {
      parts.append("visibility \(configuration.visibilityAnimation.duration)s")
    }
    if configuration.backwardAnimation == .reset { parts.append("backward reset") }
    if configuration.reducesMotion { parts.append("reduced motion") }
    return parts.joined(separator: ", ")
  }

  /// The variant as it is written in Swift: `circular(size: .small, style:
  /// .percentage)`, without the module and type names that `String(describing:)`
  /// gives its payloads.
  static func describe(_ variant: ProgressVariant) -> String {
    switch variant {
    case .linear(let size, let style):
      return "linear(size: .\(size.rawValue), style: .\(style.rawValue))"
    case .circular(let size, let style):
      let styleText =
        switch style {
        case .percentage: ".percentage"
        case .empty: ".empty"
        case .image(let image): ".image(\"\(image.identifier)\")"
        }
      return "circular(size: .\(size.rawValue), style: \(styleText))"
    }
  }
}

extension Generator where Value == Double {
  /// Progress values with the edges a property test must visit: 0, 1, just
  /// below and above each, negative, above 1, NaN, ±infinity, hundredths and
  /// arbitrary values.
  public static var progressValue: Generator { progressValues }

  /// Delays between steps: mostly frame-sized, sometimes zero, sometimes
  /// seconds, rarely days.
  public static var stepDelay: Generator { stepDelays }
}

/// ``Generator/progressValue``, made once: a generator is a tree of
/// closures, and building it for every event was a tenth of a soak step.
private let progressValues = Generator<Double>.frequency([
  (6, .double(in: 0...1)),
  (3, Generator<Int>.int(in: 0...100).map { Double($0) / 100 }),
  (1, .constant(0)),
  (1, .constant(1)),
  (
    1,
    .oneOf([
      .constant(Double.leastNonzeroMagnitude), .constant((1.0).nextDown),
      .constant((1.0).nextUp), .constant(-(0.0).nextUp),
    ])
  ),
  (1, .double(in: -2...0)),
  (1, .double(in: 1...3)),
  (1, .oneOf([.constant(.nan), .constant(.infinity), .constant(-.infinity)])),
])

/// ``Generator/stepDelay``, made once.
private let stepDelays = Generator<Double>.frequency([
  (2, .constant(0)),
  (6, Generator<Int>.int(in: 1...8).map { Double($0) / 60 }),
  (3, .double(in: 0...0.5)),
  (2, .double(in: 0.5...3)),
  (1, Generator<Int>.int(in: 1...30).map { Double($0) * 86_400 }),
])

/// The parts of the easings of configurations that are not linear-only: a
/// cubic Bézier that overshoots both ways and a bouncing spring, so that
/// values outside [0, 1] while animating are visited.
///
/// Held as their parts, made once (a spring's settling time takes hundreds
/// of evaluations), not as `Easing` values: `Easing` is indirect and its
/// cases are tagged pointers, which LeakSanitizer cannot follow from a
/// global, so a global array of them reads as a leak in the fuzzers' ASan
/// runs.
private let overshootingCurve = try? CubicBezier(x1: 0.3, y1: -0.6, x2: 0.7, y2: 1.6)
private let bouncingSpring = try? Spring(duration: 0.5, bounce: 0.4)

/// The number of easings ``nonLinearEasing(_:)`` chooses from.
private let nonLinearEasingCount = 6

/// One of the easings of configurations that are not linear-only: the
/// standard curves, the overshooting curve and the spring.
private func nonLinearEasing(_ index: Int) -> Easing {
  switch index {
  case 0: return .linear
  case 1: return .easeInOut
  case 2: return .ease
  case 3: return .easeOut
  case 4: return overshootingCurve.map(Easing.cubicBezier) ?? .linear
  default: return bouncingSpring.map(Easing.spring) ?? .linear
  }
}

/// The variants and durations configurations are drawn from, made once.
private let generatedVariants: [ProgressVariant] = [
  .linear(size: .small, style: .percentage), .linear(size: .medium, style: .labelOnly),
  .linear(size: .large, style: .empty), .circular(size: .small, style: .percentage),
  .circular(size: .medium, style: .empty),
]
private let generatedDurations = [0.0, 0.1, 0.25, 0.5]

extension Generator where Value == ProgressConfiguration {
  /// Configurations over every variant, size and style, with short or zero
  /// durations, both backward modes and reduced motion; `linearOnly`
  /// restricts easings to linear (what the reference model supports).
  ///
  /// With `material3`, one configuration in two more is Material 3, flat
  /// or wavy, at one of three wave speeds (MT-1, MT-10), and one Material 3
  /// ring in two at one of Material 3's ring sizes (MT-27); without it the
  /// draws are those of before the family existed, so every seeded scenario
  /// stays the same.
  ///
  /// - Parameters:
  ///   - linearOnly: Whether every easing is linear.
  ///   - material3: Whether Material 3 configurations are drawn too.
  /// - Returns: The generator.
  public static func configuration(linearOnly: Bool = true, material3: Bool = false) -> Generator {
    Generator { random in
      let variants = generatedVariants
      let durations = generatedDurations
      func timing() -> AnimationTiming {
        let duration = durations[random.below(durations.count)]
        let index = random.below(linearOnly ? 1 : nonLinearEasingCount)
        let easing = linearOnly ? .linear : nonLinearEasing(index)
        return (try? AnimationTiming(duration: duration, easing: easing)) ?? .immediate
      }
      var configuration = ProgressConfiguration(variant: variants[random.below(variants.count)])
      configuration.showsTrack = random.below(4) != 0
      configuration.leftLabelText = random.below(2) == 0 ? nil : "Downloading..."
      configuration.progressAnimation = timing()
      configuration.visibilityAnimation = timing()
      configuration.backwardAnimation = random.below(3) == 0 ? .reset : .animate
      configuration.reducesMotion = random.below(6) == 0
      configuration.indeterminateStyle = random.below(2) == 0 ? .vitamin : .material
      if material3, random.below(2) == 0 {
        let speeds = [1.0, 0.5, 0]
        let speed = speeds[random.below(speeds.count)]
        configuration.material3 =
          random.below(3) == 0
          ? Material3Style(shape: .flat)
          : (try? Material3Style(shape: .wavy, waveSpeed: speed)) ?? Material3Style(shape: .wavy)
        // One Material 3 ring of two at one of Material 3's own sizes, which
        // show nothing in their centre (MT-27, MT-28).
        if case .circular = configuration.variant, random.below(2) == 0 {
          let sizes: [ProgressVariant.CircularSize] = [
            .material3Medium, .material3Small, .material3ExtraSmall,
          ]
          configuration.variant = .circular(size: sizes[random.below(sizes.count)], style: .empty)
        }
      }
      return configuration
    }
  }
}

extension Generator where Value == ProgressScenario {
  /// Scenarios whose events are aware of the state: mostly events that
  /// matter where the indicator is (progress while determinate, start and
  /// stop while indeterminate), with a weighted share of ignored and invalid
  /// ones, and time advancing by realistic and extreme steps.
  ///
  /// - Parameters:
  ///   - length: The range of step counts.
  ///   - configurations: The configurations to start from.
  /// - Returns: The generator.
  public static func scenario(
    length: ClosedRange<Int> = 1...40,
    configurations: Generator<ProgressConfiguration> = .configuration()
  ) -> Generator {
    Generator { random in
      let configuration = configurations.generate(using: &random)
      let type: ProgressType = random.below(4) == 0 ? .indeterminate : .determinate
      // A machine of our own tracks the state, only to bias the choices.
      var machine: ProgressMachine? = try? ProgressMachine(
        configuration: configuration, progressType: type)
      var steps: [ProgressStep] = []
      var time = 0.0
      let count = length.lowerBound + random.below(length.count)
      for _ in 0..<count {
        let delay = Generator<Double>.stepDelay.generate(using: &random)
        let event = nextEvent(for: machine?.state, configurations: configurations, random: &random)
        time += delay
        machine?.send(event, at: time)
        steps.append(ProgressStep(delay: delay, event: event))
      }
      return ProgressScenario(configuration: configuration, progressType: type, steps: steps)
    }
  }

  private static func nextEvent(
    for state: ProgressState?, configurations: Generator<ProgressConfiguration>,
    random: inout ReplayableRandom
  ) -> ProgressEvent {
    Generator<ProgressEvent>.event(after: state, configurations: configurations)
      .generate(using: &random)
  }
}

extension Generator where Value == ProgressEvent {
  /// Events aware of the state they are sent in: mostly events that matter
  /// there (progress while determinate, start and stop while
  /// indeterminate), with a weighted share of ignored and invalid ones —
  /// NaN and out-of-range progress, a type that is already the type, a
  /// show while shown — new configurations and ticks.
  ///
  /// The one event generator of the kit: scenarios, the soak run and the
  /// event fuzzer draw from it.
  ///
  /// - Parameters:
  ///   - state: The state the event will be sent in; `nil` when unknown.
  ///   - configurations: Where `configure` events come from.
  /// - Returns: The generator.
  public static func event(
    after state: ProgressState?,
    configurations: Generator<ProgressConfiguration> = .configuration()
  ) -> Generator {
    let determinate = state?.progressType != .indeterminate
    let running = state?.isIndeterminateAnimating ?? false
    let hidden = state?.isHidden ?? false
    return Generator { random in
      event(
        determinate: determinate, running: running, hidden: hidden, configurations: configurations,
        using: &random)
    }
  }

  /// Draws one event of ``event(after:configurations:)`` for a state with
  /// these facts: the same draws from `random`, without making a generator
  /// or copying the state (the soak run's every step).
  ///
  /// - Parameters:
  ///   - determinate: Whether the state is determinate (or unknown).
  ///   - running: Whether its loop runs.
  ///   - hidden: Whether it is hidden.
  ///   - configurations: Where `configure` events come from.
  ///   - random: The source of the draws.
  /// - Returns: The event.
  package static func event(
    determinate: Bool, running: Bool, hidden: Bool,
    configurations: Generator<ProgressConfiguration>, using random: inout ReplayableRandom
  ) -> ProgressEvent {
    // The weight of each kind of event here: what matters weighs most.
    func weight(_ kind: Int) -> Int {
      switch kind {
      case 0: determinate ? 10 : 1  // setProgress
      case 1: determinate ? 2 : 4  // switch the type
      case 2: 1  // "switch" to the current type
      case 3: determinate ? 1 : (running ? 1 : 4)  // start
      case 4: determinate ? 1 : (running ? 4 : 1)  // stop
      case 5: hidden ? 4 : 2  // show or hide
      case 6, 7: 1  // show while shown, hide while hidden; configure
      default: 4  // tick
      }
    }
    var total = 0
    for kind in 0..<9 { total += weight(kind) }
    // The kind first, then only that kind's values are drawn.
    var pick = random.below(total)
    var kind = 0
    while pick >= weight(kind) {
      pick -= weight(kind)
      kind += 1
    }
    switch kind {
    case 0:
      let progress = Generator<Double>.progressValue.generate(using: &random)
      return .setProgress(progress, animated: random.below(4) != 0)
    case 1: return .setProgressType(determinate ? .indeterminate : .determinate)
    case 2: return .setProgressType(determinate ? .determinate : .indeterminate)
    case 3: return .startIndeterminateAnimation
    case 4: return .stopIndeterminateAnimation
    case 5: return .setHidden(!hidden, animated: random.below(3) != 0)
    case 6: return .setHidden(hidden, animated: random.below(2) == 0)
    case 7: return .configure(configurations.generate(using: &random))
    default: return .tick
    }
  }
}
