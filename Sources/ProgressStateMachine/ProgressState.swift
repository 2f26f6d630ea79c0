//===----------------------------------------------------------------------===//
// ProgressStateMachine: the complete state of one indicator.
//===----------------------------------------------------------------------===//

import Timeline

/// Everything the machine knows about one indicator at one time.
///
/// The state is a plain value: copying it snapshots the indicator, and
/// comparing two states compares everything, including animations in flight.
/// Only ``ProgressMachine/transition(from:on:at:)`` produces new states, so a
/// state always satisfies the rules of `Docs/spec.md`; what is derived from it
/// (the model value, the percentage text, the accessibility value) is computed
/// by the members in `ProgressState+Presentation.swift`.
public struct ProgressState: Hashable, Sendable {
  /// The host's settings.
  public internal(set) var configuration: ProgressConfiguration
  /// The mode region: type and progress animation.
  public internal(set) var mode: ProgressMode
  /// The visibility region: shown, hidden or animating between them.
  public internal(set) var visibility: ProgressVisibility
  /// Where the Material 3 wave is kept: out of line, so that a state
  /// without one (every indicator but a wavy Material 3 one) carries one
  /// word for it, and a frame's sampling reads one word to learn there is
  /// none (issue 22 §4).
  private var waveBox: Boxed<WaveMotion>? = nil
  /// The latest time the machine has seen, in seconds on the host's clock
  /// (TM-3: time never goes backwards).
  public internal(set) var time: Double
  // Last: what sampling a frame does not read.

  /// The identity the next request awaiting a completion will get (CP-1).
  package internal(set) var nextCompletion: CompletionID
  /// The debounce of accessibility announcements (AX-5, AX-6).
  package internal(set) var announcement: AnnouncementState
  /// The Material 3 wave's amplitude and clock, while the configuration is
  /// wavy (MT-2).
  package internal(set) var wave: WaveMotion? {
    get { waveBox?.value }
    set { waveBox = newValue.map(Boxed.init) }
  }

  /// Creates a state without a wave; the machine adds one for a wavy
  /// configuration.
  init(
    configuration: ProgressConfiguration, mode: ProgressMode, visibility: ProgressVisibility,
    time: Double, nextCompletion: CompletionID, announcement: AnnouncementState
  ) {
    self.configuration = configuration
    self.mode = mode
    self.visibility = visibility
    self.time = time
    self.nextCompletion = nextCompletion
    self.announcement = announcement
  }

  /// Bookkeeping for debounced accessibility announcements.
  package struct AnnouncementState: Hashable, Sendable {
    /// The last value announced, or the value at creation (AX-6).
    package internal(set) var lastAnnounced: AccessibilityValue?
    /// When the pending announcement falls due, if one is pending (AX-5).
    package internal(set) var due: Double?
  }
}

// Codable, which Embedded Swift does not have (snapshots, JSON hosts).
#if !hasFeature(Embedded)
  extension ProgressState.AnnouncementState: Codable {}
#endif
