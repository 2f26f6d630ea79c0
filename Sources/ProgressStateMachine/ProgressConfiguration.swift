//===----------------------------------------------------------------------===//
// ProgressStateMachine: everything a host configures (spec CF, DA, VS).
//===----------------------------------------------------------------------===//

public import Timeline

/// The settings of an indicator, all changeable at any time.
///
/// A configuration is a plain value; change it with
/// ``ProgressEvent/configure(_:)``. The defaults follow rules CF-7, DA-2 and
/// VS-2 of `Docs/spec.md`.
///
/// ```swift
/// var configuration = ProgressConfiguration()
/// configuration.variant = .linear(size: .medium, style: .percentage)
/// configuration.leftLabelText = "Downloading..."
/// configuration.progressAnimation = try AnimationTiming(duration: 0.4, easing: .easeOut)
/// ```
public struct ProgressConfiguration: Hashable, Sendable {
  /// The shape, size and style (CF-1 to CF-5).
  ///
  /// Default: linear, medium, empty.
  public var variant: ProgressVariant
  /// Whether the track, the grey line or circle behind the progress, is drawn.
  ///
  /// Default: `true` (CF-6).
  public var showsTrack: Bool
  /// The text at the top left of a linear bar.
  ///
  /// Shown by the `percentage` and `labelOnly` styles only (CF-6). Default:
  /// `nil`.
  public var leftLabelText: String?
  /// The name an assistive technology reads for the indicator.
  ///
  /// Default: `nil`, meaning the platform's "Progress" phrase (AX-1).
  public var accessibilityLabel: String?
  /// The timing of an animated determinate change.
  ///
  /// Default: 0.25 s, linear (DA-2).
  public var progressAnimation: AnimationTiming
  /// What an animated change to a lower value does.
  ///
  /// Default: ``BackwardAnimation/animate`` (DA-5).
  public var backwardAnimation: BackwardAnimation
  /// The timing of a full animated show or hide.
  ///
  /// Default: 0.25 s, linear (VS-2).
  public var visibilityAnimation: AnimationTiming
  /// Whether motion is reduced.
  ///
  /// When `true`, determinate and visibility changes apply at once even when
  /// requested animated (DA-7, VS-7), and the indeterminate loop shows a
  /// static indication instead of moving (IM-6). Default: `false`.
  public var reducesMotion: Bool
  /// The motion of the indeterminate loop (IM-1 to IM-4); a Material 3
  /// configuration (``material3``) runs Material 3's own loop instead
  /// (MT-23, MT-24).
  ///
  /// Default: ``IndeterminateStyle/vitamin``.
  public var indeterminateStyle: IndeterminateStyle
  /// The direction of the layout; right-to-left mirrors a linear bar and its
  /// labels (LG-6).
  ///
  /// Default: ``LayoutDirection/leftToRight``.
  public var layoutDirection: LayoutDirection
  /// Material 3's look and motion, flat or wavy, or `nil` for the look
  /// ``indeterminateStyle`` picks (MT-1).
  ///
  /// Default: `nil`.
  public var material3: Material3Style?

  /// The default timing of determinate and visibility animations: 0.25 s,
  /// linear (DA-2, VS-2).
  public static let defaultAnimation = AnimationTiming.defaultProgressAnimation

  /// Creates a configuration.
  ///
  /// - Parameters:
  ///   - variant: The shape, size and style.
  ///   - showsTrack: Whether the track is drawn.
  ///   - leftLabelText: The left label of a linear bar.
  ///   - accessibilityLabel: The name read by assistive technologies.
  ///   - progressAnimation: The timing of animated determinate changes.
  ///   - backwardAnimation: What an animated change downwards does.
  ///   - visibilityAnimation: The timing of animated show and hide.
  ///   - reducesMotion: Whether changes apply without animation.
  ///   - indeterminateStyle: The motion of the indeterminate loop.
  ///   - layoutDirection: The direction of the layout.
  ///   - material3: Material 3's look and motion, or `nil`.
  public init(
    variant: ProgressVariant = .linear(size: .medium, style: .empty),
    showsTrack: Bool = true,
    leftLabelText: String? = nil,
    accessibilityLabel: String? = nil,
    progressAnimation: AnimationTiming = ProgressConfiguration.defaultAnimation,
    backwardAnimation: BackwardAnimation = .animate,
    visibilityAnimation: AnimationTiming = ProgressConfiguration.defaultAnimation,
    reducesMotion: Bool = false,
    indeterminateStyle: IndeterminateStyle = .vitamin,
    layoutDirection: LayoutDirection = .leftToRight,
    material3: Material3Style? = nil
  ) {
    self.variant = variant
    self.showsTrack = showsTrack
    self.leftLabelText = leftLabelText
    self.accessibilityLabel = accessibilityLabel
    self.progressAnimation = progressAnimation
    self.backwardAnimation = backwardAnimation
    self.visibilityAnimation = visibilityAnimation
    self.reducesMotion = reducesMotion
    self.indeterminateStyle = indeterminateStyle
    self.layoutDirection = layoutDirection
    self.material3 = material3
  }
}

extension ProgressConfiguration {
  /// Whether two configurations are the same: every setting equal, the
  /// labels the same Unicode scalars (CF-8).
  ///
  /// Labels are compared as text to draw, not by canonical equivalence: a
  /// label whose scalars change (`"é"` precomposed, then decomposed) is a
  /// change, which a renderer may draw differently.
  ///
  /// - Parameters:
  ///   - left: A configuration.
  ///   - right: Another configuration.
  /// - Returns: Whether they are the same.
  public static func == (left: ProgressConfiguration, right: ProgressConfiguration) -> Bool {
    left.variant == right.variant && left.showsTrack == right.showsTrack
      && left.leftLabelText.hasSameScalars(as: right.leftLabelText)
      && left.accessibilityLabel.hasSameScalars(as: right.accessibilityLabel)
      && left.progressAnimation == right.progressAnimation
      && left.backwardAnimation == right.backwardAnimation
      && left.visibilityAnimation == right.visibilityAnimation
      && left.reducesMotion == right.reducesMotion
      && left.indeterminateStyle == right.indeterminateStyle
      && left.layoutDirection == right.layoutDirection && left.material3 == right.material3
  }
}

/// The motion of the indeterminate loop (IM-1 to IM-4).
public enum IndeterminateStyle: String, Hashable, Sendable, CaseIterable {
  /// Vitamin's chasing segment: a head sweeping the path with a tail behind.
  case vitamin
  /// Material's motion: MDCProgressView's two bars (linear) and
  /// MDCActivityIndicator's rotating stroke (circular).
  case material
}

/// The direction of the layout (LG-6).
public enum LayoutDirection: String, Hashable, Sendable, CaseIterable {
  /// Left to right: a linear bar fills from the left.
  case leftToRight
  /// Right to left: a linear bar fills from the right, labels are mirrored.
  case rightToLeft
}

/// What an animated determinate change to a lower value does (DA-5).
public enum BackwardAnimation: String, Hashable, Sendable, CaseIterable {
  /// Animate down from the value shown (the default).
  case animate
  /// Jump to 0, then animate up to the new value (MDC's `Reset` mode).
  case reset
}

extension AnimationTiming {
  /// 0.25 s, linear: MDC's progress and show/hide animation, and Core
  /// Animation's implicit duration that Vitamin relies on.
  static var defaultProgressAnimation: AnimationTiming {
    // 0.25 is finite and positive, so this cannot throw; fall back to the
    // immediate timing rather than trap if that ever changed.
    (try? AnimationTiming(duration: 0.25, easing: .linear)) ?? .immediate
  }
}

// Codable, which Embedded Swift does not have (snapshots, JSON hosts).
#if !hasFeature(Embedded)
  extension ProgressConfiguration: Codable {}
  extension IndeterminateStyle: Codable {}
  extension LayoutDirection: Codable {}
  extension BackwardAnimation: Codable {}
#endif
