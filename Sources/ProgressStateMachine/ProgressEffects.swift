//===----------------------------------------------------------------------===//
// ProgressStateMachine: the effects of one transition, kept inline.
//===----------------------------------------------------------------------===//

/// The effects of one transition, in the order to perform them: a collection
/// of ``ProgressEffect`` that reads and compares like an array.
///
/// The first four effects are stored inline and only the ones after them in
/// an array, so sending an event allocates nothing on the heap unless it
/// causes more than four effects. Four is the most that common
/// events cause: a non-animated `setProgress` that supersedes a running
/// animation cancels it, completes it, sets the value and completes itself.
/// Under Embedded Swift (the WebAssembly module, whose size is budgeted) all
/// the effects are in the array: there the inline slots' code would cost
/// about 2 KB gzipped, more than the budget has left.
///
/// ```swift
/// var machine = try ProgressMachine()
/// let transition = machine.send(.setProgress(1, animated: false), at: 2)
/// if let id = transition.completion, transition.effects == [.complete(id, finished: true)] {
///   print("done")
/// }
/// for effect in transition.effects { print(effect) }
/// ```
public struct ProgressEffects: Hashable, Sendable {
  #if !hasFeature(Embedded)
    /// The first effects, up to four; `nil` from `count` on, so equal
    /// collections are stored alike.
    private var slot0: ProgressEffect?
    private var slot1: ProgressEffect?
    private var slot2: ProgressEffect?
    private var slot3: ProgressEffect?
    /// How many effects there are, inline and spilled.
    private var storedCount = 0
  #endif
  /// The effects after the inline ones, in order.
  ///
  /// From the fifth effect on; empty (no allocation) until then.
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
  public var endIndex: Int {
    #if hasFeature(Embedded)
      spilled.count
    #else
      storedCount
    #endif
  }

  /// The effect at a position.
  ///
  /// - Parameter position: A position from 0 up to, not including, the count.
  public subscript(position: Int) -> ProgressEffect {
    #if hasFeature(Embedded)
      spilled[position]
    #else
      // Either traps out of range.
      position < Self.inlineCapacity
        ? inlineEffect(at: position) : spilled[position - Self.inlineCapacity]
    #endif
  }
}

#if hasFeature(Embedded)
  extension ProgressEffects {
    /// How many effects are stored inline, at most: none under Embedded Swift.
    package static let inlineCapacity = 0
  }
#else
  extension ProgressEffects {
    /// How many effects are stored inline, at most.
    package static let inlineCapacity = 4

    /// Adds an effect at the end: inline while there is room.
    private mutating func appendInline(_ effect: ProgressEffect) {
      switch storedCount {
      case 0: slot0 = effect
      case 1: slot1 = effect
      case 2: slot2 = effect
      case 3: slot3 = effect
      default: spilled.append(effect)
      }
      storedCount += 1
    }

    /// The inline effect at a position below four; traps at or beyond the
    /// count.
    private func inlineEffect(at position: Int) -> ProgressEffect {
      let effect: ProgressEffect?
      switch position {
      case 0: effect = slot0
      case 1: effect = slot1
      case 2: effect = slot2
      case 3: effect = slot3
      default: effect = nil  // a negative position
      }
      // A slot is `nil` exactly when its position is at or beyond the count.
      guard let effect else { preconditionFailure("ProgressEffects: index out of range") }
      return effect
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
