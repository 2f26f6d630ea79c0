//===----------------------------------------------------------------------===//
// ProgressConformance: the features a case needs and an implementation
// declares (Docs/conformance.md, "Features"; CS-2).
//===----------------------------------------------------------------------===//

import ProgressStateMachine
package import ProgressTrace
import Timeline

/// A part of the spec an implementation may do or leave out.
///
/// A case needs the features its scenario uses and, for the fields a feature
/// owns, those whose rules the case checks; an implementation runs the cases
/// whose features it declares every one of, and is compared only on the
/// fields of the features it declares (and on the fields no feature owns).
package enum ConformanceFeature: String, CaseIterable, Hashable, Sendable, Comparable {
  /// A linear bar (CF-2, LG-1, LG-2).
  case linear
  /// A ring (CF-3, LG-4).
  case circular
  /// The determinate type: a progress and its animation (PV, DA).
  case determinate
  /// The indeterminate type and Vitamin's loop (PT, IA, TS, IM-1, IM-2).
  case indeterminate
  /// Material's loops, `indeterminateStyle: "material"` (IM-3, IM-4).
  case materialLoop
  /// Showing and hiding, `setHidden` (VS).
  case visibility
  /// Material 3, flat (MT): its track, gap, stop indicator, loops and ring
  /// sizes; owns the fields `geometry.track` and `geometry.stopIndicator`.
  case material3
  /// Material 3's wave (MT-13); owns `geometry.wave`.
  case wavy
  /// Right to left (LG-6).
  case rtl
  /// `reduceMotion` (DA-7, VS-7, IM-6).
  case reducedMotion
  /// An animation whose easing is not `linear`: CSS easing text (TL-4,
  /// TL-7, TL-8; springs come as `linear()` points).
  case easing
  /// `configure` events (CF-8).
  case configure
  /// `resize` events, or a `configure` with a size (LG-5).
  case resize
  /// The texts: owns `percentageText` and `leftLabelText` (PX, LG-3).
  case text
  /// The accessibility value and label: owns `accessibilityValue` and
  /// `accessibilityLabel` (AX-1 to AX-4).
  case accessibility
  /// Announcements: owns `announcements` (AX-5, AX-6).
  case announcements
  /// What each event did: owns the event lines' `outcome`, `reason` and
  /// `completions`, and the frame lines' `completions` (CP, MS-2, MS-3).
  case outcomes

  package static func < (a: Self, b: Self) -> Bool {
    (allCases.firstIndex(of: a) ?? 0) < (allCases.firstIndex(of: b) ?? 0)
  }

  /// What the feature means, as Docs/conformance.md's table says it.
  var meaning: String {
    switch self {
    case .linear: "a linear bar (CF-2, LG-1, LG-2)"
    case .circular: "a ring (CF-3, LG-4)"
    case .determinate: "the determinate type: the progress and its animation (PV, PX, DA)"
    case .indeterminate: "the indeterminate type and Vitamin's loop (PT, IA, TS, IM-1, IM-2)"
    case .materialLoop: "Material's loops, indeterminateStyle \"material\" (IM-3, IM-4)"
    case .visibility: "setHidden: showing and hiding (VS)"
    case .material3: "Material 3, flat: track, gap, stop indicator, loops, ring sizes (MT)"
    case .wavy: "Material 3's wave (MT-13)"
    case .rtl: "layoutDirection rightToLeft (LG-6)"
    case .reducedMotion: "reduceMotion (DA-7, VS-7, IM-6)"
    case .easing: "an animation easing other than linear, as CSS text (TL-4, TL-7, TL-8)"
    case .configure: "configure events (CF-8)"
    case .resize: "resize events, or a configure with a size (LG-5)"
    case .text: "the fields percentageText and leftLabelText (PX, LG-3)"
    case .accessibility: "the fields accessibilityValue and accessibilityLabel (AX-1 to AX-4)"
    case .announcements: "the fields announcements (AX-5, AX-6)"
    case .outcomes: "the events' outcome, reason and completions, the frames' completions (CP)"
    }
  }

  /// The rules that make a case need a feature that owns fields: a case
  /// that checks one of them checks it through those fields.
  package var rules: Set<String> {
    switch self {
    case .text: ["PX-1", "PX-2", "PX-3", "PX-4", "LG-3"]
    case .accessibility: ["AX-1", "AX-2", "AX-3", "AX-4"]
    case .announcements: ["AX-5", "AX-6"]
    case .outcomes: ["CP-1", "CP-2", "CP-3", "MS-2", "MS-3"]
    default: []
    }
  }

  /// The feature that owns a field of a line, or `nil` when every
  /// implementation is compared on it.
  ///
  /// - Parameters:
  ///   - field: The field's dotted path (`geometry.wave.offset`).
  ///   - isFrame: Whether the line is a frame line.
  /// - Returns: The feature.
  static func owner(of field: String, isFrame: Bool) -> ConformanceFeature? {
    if isFrame {
      switch field {
      case "percentageText", "leftLabelText": return .text
      case "accessibilityValue", "accessibilityLabel": return .accessibility
      case "announcements": return .announcements
      case "completions": return .outcomes
      case "geometry.track", "geometry.stopIndicator": return .material3
      default: return field.hasPrefix("geometry.wave") ? .wavy : nil
      }
    }
    switch field {
    case "outcome", "reason", "completions": return .outcomes
    case "announcements": return .announcements
    default: return nil
    }
  }

  /// The features a scenario uses.
  ///
  /// - Parameter scenario: The scenario.
  /// - Returns: The features, in the order of ``allCases``.
  package static func used(by scenario: TraceScenario) -> Set<ConformanceFeature> {
    var features: Set<ConformanceFeature> = []
    var configurations = [scenario.configuration]
    var types: Set<ProgressType> = [scenario.progressType]
    var startsLoop = false
    for event in scenario.events {
      switch event.action {
      case .setProgressType(let type): types.insert(type)
      case .startIndeterminateAnimation: startsLoop = true
      case .setHidden: features.insert(.visibility)
      case .resize: features.insert(.resize)
      case .configure(let configuration, let size, let type):
        features.insert(.configure)
        configurations.append(configuration)
        if size != nil { features.insert(.resize) }
        if let type { types.insert(type) }
      case .setProgress, .stopIndeterminateAnimation: break
      }
    }
    if types.contains(.determinate) { features.insert(.determinate) }
    if types.contains(.indeterminate) { features.insert(.indeterminate) }
    for configuration in configurations {
      switch configuration.variant {
      case .linear: features.insert(.linear)
      case .circular: features.insert(.circular)
      }
      if let style = configuration.material3 {
        features.insert(.material3)
        if style.isWavy { features.insert(.wavy) }
      } else if configuration.indeterminateStyle == .material, startsLoop,
        types.contains(.indeterminate)
      {
        features.insert(.materialLoop)
      }
      if configuration.layoutDirection == .rightToLeft { features.insert(.rtl) }
      if configuration.reducesMotion { features.insert(.reducedMotion) }
      if configuration.progressAnimation.easing != .linear
        || configuration.visibilityAnimation.easing != .linear
      {
        features.insert(.easing)
      }
    }
    return features
  }

  /// The features a case needs: those its scenario uses, and those whose
  /// fields the case's rules are observed through.
  ///
  /// - Parameters:
  ///   - scenario: The case's scenario.
  ///   - rules: The rules the case checks.
  /// - Returns: The features, sorted.
  package static func needed(by scenario: TraceScenario, rules: [String])
    -> [ConformanceFeature]
  {
    var features = used(by: scenario)
    for feature in allCases where !feature.rules.isDisjoint(with: rules) {
      features.insert(feature)
    }
    return features.sorted()
  }
}
