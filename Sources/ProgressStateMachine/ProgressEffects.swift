//===----------------------------------------------------------------------===//
// ProgressStateMachine: the effects of one transition, kept inline.
//===----------------------------------------------------------------------===//

import Timeline

/// The effects of one transition, in the order to perform them: a collection
/// of ``ProgressEffect`` that reads and compares like an array.
///
/// The first four effects are stored inline and only the ones after them in
/// an array, so sending an event allocates nothing on the heap unless it
/// causes more than four effects (issue 22). Four is the most that common
/// events cause: a non-animated `setProgress` that supersedes a running
/// animation cancels it, completes it, sets the value and completes itself.
/// Under Embedded Swift (the WebAssembly module, whose size is budgeted) all
/// the effects are in the array: there the inline slots' code would cost
/// about 2 KB gzipped, more than the budget has left.
///
/// ```swift
/// let transition = machine.send(.setProgress(1, animated: false), at: 2)
/// if transition.effects == [.complete(CompletionID(0), finished: true)] { print("done") }
/// for effect in transition.effects { print(effect) }
/// ```
public struct ProgressEffects: Hashable, Sendable {
  #if !hasFeature(Embedded)
    /// The first effects, up to four, without their tween.
    ///
    /// Plain values, so copying a transition copies bytes and at most one
    /// reference (a `Tween`'s easing), not four effects. `nil` from
    /// `inlineCount` on, so equal collections are stored alike.
    private var slot0: Slot?
    private var slot1: Slot?
    private var slot2: Slot?
    private var slot3: Slot?
    /// The tween of the one inline animating effect (an event starts at
    /// most one animation); `nil` when no inline effect animates.
    private var tween: Tween?
    /// How many effects are inline.
    private var inlineCount = 0
  #endif
  /// The effects after the inline ones, in order.
  ///
  /// From the fifth effect, or from a second animating one; empty (no
  /// allocation) until then.
  private var spilled: [ProgressEffect] = []

  /// Creates an empty collection.
  package init() {}

  /// Whether some effects are in the array, that is, whether this collection
  /// allocated.
  package var hasSpilled: Bool { !spilled.isEmpty }

  /// Adds an effect at the end.
  ///
  /// - Parameter effect: The effect to perform after the others.
  /// - Complexity: O(1) up to four effects; amortised O(1) beyond.
  package mutating func append(_ effect: ProgressEffect) {
    #if hasFeature(Embedded)
      spilled.append(effect)
    #else
      appendInline(effect)
    #endif
  }

  /// Adds effects at the end, in order.
  ///
  /// - Parameter effects: The effects to perform after the others.
  package mutating func append(contentsOf effects: some Sequence<ProgressEffect>) {
    for effect in effects { append(effect) }
  }
}

extension ProgressEffects: RandomAccessCollection {
  /// The position of the first effect: 0.
  public var startIndex: Int { 0 }

  /// The position after the last effect: the number of effects.
  public var endIndex: Int { inlineCount + spilled.count }

  /// The effect at a position.
  ///
  /// - Parameter position: A position from 0 up to, not including, the count.
  public subscript(position: Int) -> ProgressEffect {
    #if hasFeature(Embedded)
      spilled[position]
    #else
      position >= 0 && position < inlineCount
        ? inlineEffect(at: position) : spilled[position - inlineCount]  // traps out of range
    #endif
  }
}

#if hasFeature(Embedded)
  extension ProgressEffects {
    /// How many effects are stored inline, at most: none under Embedded Swift.
    package static let inlineCapacity = 0
    /// How many effects are inline: none.
    private var inlineCount: Int { 0 }
  }
#else
  extension ProgressEffects {
    /// How many effects are stored inline, at most.
    package static let inlineCapacity = 4

    /// Adds an effect at the end: inline while there is room.
    private mutating func appendInline(_ effect: ProgressEffect) {
      guard spilled.isEmpty, inlineCount < Self.inlineCapacity,
        let slot = Slot(effect, tweenIsFree: tween == nil)
      else { return spilled.append(effect) }
      switch effect {
      case .animatePresentedProgress(let new), .animateVisibility(let new): tween = new
      default: break
      }
      switch inlineCount {
      case 0: slot0 = slot
      case 1: slot1 = slot
      case 2: slot2 = slot
      default: slot3 = slot
      }
      inlineCount += 1
    }

    /// The inline effect at a position before `inlineCount`.
    private func inlineEffect(at position: Int) -> ProgressEffect {
      let slot: Slot?
      switch position {
      case 0: slot = slot0
      case 1: slot = slot1
      case 2: slot = slot2
      default: slot = slot3
      }
      // The slots before `inlineCount` are set, and so is the tween of an
      // animating one.
      guard let effect = slot?.effect(tween: tween) else {
        preconditionFailure("ProgressEffects: an inline effect is missing")
      }
      return effect
    }

    /// An inline effect: a ``ProgressEffect`` without its tween.
    ///
    /// The tween, if any, is kept beside the slots; a slot is trivially
    /// copyable.
    private enum Slot: Hashable {
      case setPresentedProgress(Double)
      case animatePresentedProgress
      case cancelProgressAnimation
      case startIndeterminateAnimation(at: Double)
      case stopIndeterminateAnimation
      case suspendIndeterminateAnimation(at: Double)
      case resumeIndeterminateAnimation(at: Double)
      case setVisibility(Double)
      case animateVisibility
      case cancelVisibilityAnimation
      case complete(CompletionID, finished: Bool)
      case announce(AccessibilityValue)

      /// The slot of an effect, or `nil` for an animating effect when the
      /// tween is taken.
      init?(_ effect: ProgressEffect, tweenIsFree: Bool) {
        switch effect {
        case .setPresentedProgress(let value): self = .setPresentedProgress(value)
        case .animatePresentedProgress:
          guard tweenIsFree else { return nil }
          self = .animatePresentedProgress
        case .cancelProgressAnimation: self = .cancelProgressAnimation
        case .startIndeterminateAnimation(let time): self = .startIndeterminateAnimation(at: time)
        case .stopIndeterminateAnimation: self = .stopIndeterminateAnimation
        case .suspendIndeterminateAnimation(let time):
          self = .suspendIndeterminateAnimation(at: time)
        case .resumeIndeterminateAnimation(let time): self = .resumeIndeterminateAnimation(at: time)
        case .setVisibility(let value): self = .setVisibility(value)
        case .animateVisibility:
          guard tweenIsFree else { return nil }
          self = .animateVisibility
        case .cancelVisibilityAnimation: self = .cancelVisibilityAnimation
        case .complete(let id, let finished): self = .complete(id, finished: finished)
        case .announce(let value): self = .announce(value)
        }
      }

      /// The effect, with the tween kept beside the slots.
      func effect(tween: Tween?) -> ProgressEffect? {
        switch self {
        case .setPresentedProgress(let value): return .setPresentedProgress(value)
        case .animatePresentedProgress: return tween.map { .animatePresentedProgress($0) }
        case .cancelProgressAnimation: return .cancelProgressAnimation
        case .startIndeterminateAnimation(let time): return .startIndeterminateAnimation(at: time)
        case .stopIndeterminateAnimation: return .stopIndeterminateAnimation
        case .suspendIndeterminateAnimation(let time):
          return .suspendIndeterminateAnimation(at: time)
        case .resumeIndeterminateAnimation(let time): return .resumeIndeterminateAnimation(at: time)
        case .setVisibility(let value): return .setVisibility(value)
        case .animateVisibility: return tween.map { .animateVisibility($0) }
        case .cancelVisibilityAnimation: return .cancelVisibilityAnimation
        case .complete(let id, let finished): return .complete(id, finished: finished)
        case .announce(let value): return .announce(value)
        }
      }
    }
  }
#endif

extension ProgressEffects: ExpressibleByArrayLiteral {
  /// Creates the collection of the effects listed, in order.
  ///
  /// - Parameter elements: The effects.
  public init(arrayLiteral elements: ProgressEffect...) {
    self.init()
    append(contentsOf: elements)
  }
}

extension ProgressEffects: CustomStringConvertible {
  /// The effects as an array prints them: `[cancelProgressAnimation, …]`.
  public var description: String {
    "[" + map { $0.description }.joined(separator: ", ") + "]"
  }
}
