//===----------------------------------------------------------------------===//
// ProgressIndicatorKit: the pure model — machine, layout and motion → frames.
//===----------------------------------------------------------------------===//

import ProgressStateMachine
import Timeline

/// An error from the indicator layer.
public enum IndicatorError: Error, Hashable, Sendable {
  /// A frame size was negative, NaN or infinite; sizes are finite and ≥ 0
  /// (a zero size is valid and shows nothing).
  case invalidSize(width: Double, height: Double)
  /// The state machine refused to start (a NaN progress or time).
  case machine(ProgressError)
}

/// A progress indicator as a pure value: the state machine, its layout in a
/// frame and its animations, sampled into ``ProgressFrame``s.
///
/// The model never reads a clock and owns no sink or callback, so it is
/// `Sendable` and every result is a function of its inputs; ``ProgressIndicator``
/// wraps it with sinks and completion blocks.
///
/// ```swift
/// var model = try ProgressIndicatorModel(
///   configuration: ProgressConfiguration(variant: .circular(size: .medium, style: .percentage)),
///   size: FrameSize(width: 160, height: 160))
/// model.send(.setProgress(0.25, animated: true), at: 0)
/// let frame = model.frame(at: 0.25)   // a 90° arc from 12 to 3 o'clock, "25%"
/// ```
public struct ProgressIndicatorModel: Sendable {
  // Stored in the order that makes a frame's reads one run of memory: the
  // size, theme and layout, then the machine, whose state ends with what a
  // frame does not read (completions, announcements), then the measurer,
  // which it does not read either (issue 22 §4).

  /// The size of the frame the indicator is laid out in.
  public private(set) var size: FrameSize
  /// The colours.
  public var theme: ProgressTheme
  /// The layout, recomputed whenever the configuration, size or measurer
  /// changes (LG-5).
  var layout: IndicatorLayout
  /// The state machine.
  package private(set) var machine: ProgressMachine
  /// The text measurer used by the layout.
  public private(set) var measurer: any TextMeasurer
  /// Creates a model from its parts, as a snapshot restores them.
  init(machine: ProgressMachine, size: FrameSize, theme: ProgressTheme, measurer: any TextMeasurer)
  {
    self.machine = machine
    self.size = size
    self.theme = theme
    self.measurer = measurer
    layout = IndicatorLayout(
      configuration: machine.state.configuration, bounds: size, measurer: measurer)
  }

  /// Creates a model.
  ///
  /// - Parameters:
  ///   - configuration: The settings.
  ///   - progressType: The initial type (PT-2).
  ///   - progress: The initial progress (PV-1).
  ///   - isHidden: Whether the indicator starts hidden.
  ///   - size: The frame size; finite and ≥ 0.
  ///   - theme: The colours; Vitamin's light theme by default.
  ///   - measurer: The text measurer; an estimate by default.
  ///   - time: The creation time.
  /// - Throws: ``IndicatorError``.
  public init(
    configuration: ProgressConfiguration = ProgressConfiguration(),
    progressType: ProgressType = .determinate,
    progress: Double = 0,
    isHidden: Bool = false,
    size: FrameSize,
    theme: ProgressTheme = .light,
    measurer: any TextMeasurer = EstimatedTextMeasurer(),
    at time: Double = 0
  ) throws(IndicatorError) {
    try Self.validate(size)
    do {
      machine = try ProgressMachine(
        configuration: configuration, progressType: progressType, progress: progress,
        isHidden: isHidden,
        at: time)
    } catch {
      throw .machine(error)
    }
    self.size = size
    self.theme = theme
    self.measurer = measurer
    layout = IndicatorLayout(configuration: configuration, bounds: size, measurer: measurer)
  }

  /// The machine's state.
  public var state: ProgressState { machine.state }

  /// Whether frames change with time: a determinate or visibility animation
  /// runs, or the loop runs, shown, with motion not reduced (MS-5, IM-6).
  package var isAnimating: Bool { machine.state.isAnimating }

  /// Sends an event to the machine and keeps the layout in step with its
  /// configuration.
  ///
  /// - Parameters:
  ///   - event: What happens.
  ///   - time: When.
  /// - Returns: The machine's transition.
  @discardableResult @inline(never)
  public mutating func send(_ event: ProgressEvent, at time: Double) -> ProgressTransition {
    // Not inlined: the host loop sends from four places, and one copy of the
    // machine's step serves them all (0.8 KB of the WebAssembly module).
    let transition = machine.send(event, at: time)
    if case .configure = event, case .applied = transition.outcome {
      layout = IndicatorLayout(
        configuration: machine.state.configuration, bounds: size, measurer: measurer)
    }
    return transition
  }

  /// Moves the machine's time forward when nothing falls due on the way
  /// (an idle step of a host).
  ///
  /// - Parameter time: The new time.
  mutating func passTime(to time: Double) {
    machine.passTime(to: time)
  }

  /// Changes the frame size; the layout follows at once (LG-5).
  ///
  /// - Parameter newSize: The new size; finite and ≥ 0.
  /// - Throws: ``IndicatorError/invalidSize(width:height:)``; the model is
  ///   unchanged.
  public mutating func resize(to newSize: FrameSize) throws(IndicatorError) {
    try Self.validate(newSize)
    size = newSize
    layout = IndicatorLayout(
      configuration: machine.state.configuration, bounds: size, measurer: measurer)
  }

  /// Replaces the text measurer; the layout follows at once.
  ///
  /// - Parameter newMeasurer: The measurer.
  public mutating func setMeasurer(_ newMeasurer: any TextMeasurer) {
    measurer = newMeasurer
    layout = IndicatorLayout(
      configuration: machine.state.configuration, bounds: size, measurer: measurer)
  }

  package static func validate(_ size: FrameSize) throws(IndicatorError) {
    guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else {
      throw .invalidSize(width: size.width, height: size.height)
    }
  }

  /// Returns everything visible at `time` (FR-1).
  ///
  /// Sampling is a pure function of the model and the time, and allocates
  /// nothing.
  ///
  /// - Parameter time: The time to sample; usually the time of the last
  ///   event or later.
  /// - Returns: The frame.
  /// - Complexity: O(1): a few easing evaluations.
  @_optimize(speed)
  public func frame(at time: Double) -> ProgressFrame {
    frame(at: time, showing: machine.state.animatedValues(at: time))
  }

  /// The frame's still part at `time`: the frame drawn with its moving
  /// part at rest — no presented progress, fully visible, the loop at its
  /// start, no wave (spec FR-10).
  ///
  /// What a host that performs the moving part itself from the effects
  /// reads: the texts, colours, clip, size, type and accessibility, and the
  /// path at the full line width. It depends on the model alone (and the
  /// time it is stamped with): while the model stands still it does not
  /// change, whatever moves.
  ///
  /// - Parameter time: The time the frame is stamped with.
  /// - Returns: The still frame.
  package func stillFrame(at time: Double) -> ProgressFrame {
    frame(
      at: time,
      showing: AnimatedValues(presentedProgress: 0, visibleFraction: 1, loopTime: nil))
  }

  /// Returns the frame at `time` with the given animated values in place of
  /// the state's: for a host that runs its own animations from the effects
  /// (an `AnimationPlayer`), and for the test that proves both agree
  /// (MS-7).
  ///
  /// - Parameters:
  ///   - time: The time to sample.
  ///   - values: The presented progress, visible fraction and loop time.
  /// - Returns: The frame.
  /// - Complexity: O(1): a few easing evaluations.
  @_optimize(speed)
  public func frame(at time: Double, showing values: AnimatedValues) -> ProgressFrame {
    // Compiled for speed in the -Osize WebAssembly build, as are the other
    // functions of a frame sample (the native build is -O: no change there):
    // about 20 % fewer instructions a frame for 355 bytes gzipped (issue 22 §3).
    // Every field is worked out first and the frame built once, from the
    // state read where it is stored: a frame filled in after it is built,
    // or a copy of the state, costs copies of the frame (hundreds of bytes)
    // and of the configuration (references retained and released).
    let visibility = min(max(values.visibleFraction, 0), 1)
    let isHidden = machine.state.isHidden
    let drawnWidth = layout.lineWidth * visibility
    // Hiding collapses a bar towards its bottom edge (VS-9).
    let centerY = layout.barCenterY + (layout.lineWidth - drawnWidth) / 2
    let path =
      visibility == 1
      ? layout.fullPath : layout.trackSegment(lineWidth: drawnWidth, centerY: centerY).geometry
    var track: Segment?
    var segments = Segments()
    var percentage: TextItem?
    var leftLabel: TextItem?
    var image: ImageItem?
    if !isHidden && visibility != 0 {
      if machine.state.configuration.showsTrack {
        track = Segment(start: 0, end: 1, geometry: path)
      }
      switch machine.state.mode {
      case .determinateIdle, .determinateAnimating:
        // An overshooting easing cannot draw beyond the path: clamp (DA-9).
        let shown = min(max(values.presentedProgress, 0), 1)
        if shown > 0 {
          segments.append(
            layout.segment(
              from: 0, to: shown, lineWidth: drawnWidth, centerY: centerY, pathDegrees: 360,
              rotation: 0))
        }
      case .indeterminateRunning:
        appendLoopSegments(
          to: &segments, loopTime: values.loopTime ?? 0, lineWidth: drawnWidth, centerY: centerY)
      case .indeterminateStopped:
        break
      }
      if let items = layout.items {
        if let box = items.percentageFrame, let text = machine.state.percentageText {
          percentage = TextItem(
            text: text, frame: box, fontSize: items.percentageFontSize,
            alignment: items.percentageAlignment,
            opacity: visibility, isTruncated: false)
        }
        if var label = items.leftLabel {
          label.opacity = visibility
          leftLabel = label
        }
        if var item = items.image {
          item.opacity = visibility
          image = item
        }
      }
    }
    var frame = ProgressFrame(
      time: time, size: size, shape: layout.shape, progressType: machine.state.progressType,
      isIndeterminateAnimating: machine.state.isIndeterminateAnimating,
      progress: machine.state.progress,
      presentedProgress: values.presentedProgress, visibleFraction: visibility,
      isHidden: isHidden, lineWidth: drawnWidth, path: path, track: track, segments: segments,
      percentage: percentage, leftLabel: leftLabel, image: image, clip: layout.clip, theme: theme,
      layoutDirection: machine.state.configuration.layoutDirection,
      accessibilityLabel: machine.state.configuration.accessibilityLabel,
      accessibilityValue: machine.state.accessibilityValue)
    // Material 3's geometry (MT-13 to MT-15) on a shown frame.
    if !isHidden && visibility != 0, let style = machine.state.configuration.material3 {
      applyMaterial3(style, to: &frame, values: values, centerY: centerY)
    }
    return frame
  }

  /// Adds the loop's segments: the moving stretches, or the static
  /// indication when motion is reduced (IM-6).
  @_optimize(speed)
  private func appendLoopSegments(
    to segments: inout Segments, loopTime: Double, lineWidth: Double, centerY: Double
  ) {
    if machine.state.configuration.reducesMotion {
      let still = IndeterminateMotion.reducedStretch(layout.shape)
      segments.append(
        layout.segment(
          from: still.start, to: still.end, lineWidth: lineWidth, centerY: centerY,
          pathDegrees: 360, rotation: 0))
      return
    }
    let motion = IndeterminateMotion.motion(for: machine.state.configuration, layout.shape)
    let minimumStroke = layout.radius > 0 ? layout.lineWidth / (2 * Double.pi * layout.radius) : 0
    let (first, second) = motion.stretches(at: loopTime, minimumStroke: minimumStroke)
    // Two explicit appends rather than a loop over an array literal, which
    // would allocate on every frame.
    if let first {
      segments.append(
        layout.segment(
          from: first.start, to: first.end, lineWidth: lineWidth, centerY: centerY,
          pathDegrees: motion.pathDegrees, rotation: first.rotation))
    }
    if let second {
      segments.append(
        layout.segment(
          from: second.start, to: second.end, lineWidth: lineWidth, centerY: centerY,
          pathDegrees: motion.pathDegrees, rotation: second.rotation))
    }
  }
}
