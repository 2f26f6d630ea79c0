//===----------------------------------------------------------------------===//
// ProgressTesting: composable generators.
//===----------------------------------------------------------------------===//

/// A recipe for random values, driven by a ``ReplayableRandom``.
///
/// Generators compose: `map`, `flatMap`, `zip`, `oneOf`, `frequency` and
/// `array`.
///
/// ```swift
/// let percent = Generator.int(in: 0...100).map { Double($0) / 100 }
/// let pair = Generator.zip(percent, .bool)
/// var random = ReplayableRandom(seed: 7)
/// pair.generate(using: &random)   // (0.42, true), the same every time
/// ```
public struct Generator<Value>: Sendable {
  private let body: @Sendable (inout ReplayableRandom) -> Value

  /// Creates a generator from a function of the random source.
  ///
  /// - Parameter body: Produces one value.
  public init(_ body: @escaping @Sendable (inout ReplayableRandom) -> Value) {
    self.body = body
  }

  /// Produces one value.
  ///
  /// - Parameter random: The random source, advanced by the call.
  /// - Returns: The value.
  public func generate(using random: inout ReplayableRandom) -> Value {
    body(&random)
  }

  /// A generator of transformed values.
  ///
  /// - Parameter transform: The transformation.
  /// - Returns: The new generator.
  public func map<Other>(_ transform: @escaping @Sendable (Value) -> Other) -> Generator<Other> {
    Generator<Other> { random in transform(self.generate(using: &random)) }
  }

  /// A generator that chooses its next generator from each value.
  ///
  /// - Parameter transform: Returns the generator to use next.
  /// - Returns: The new generator.
  public func flatMap<Other>(_ transform: @escaping @Sendable (Value) -> Generator<Other>)
    -> Generator<Other>
  {
    Generator<Other> { random in transform(self.generate(using: &random)).generate(using: &random) }
  }

  /// An array of values with a length from `count`.
  ///
  /// - Parameter count: The generator of lengths, ≥ 0.
  /// - Returns: The array generator.
  public func array(count: Generator<Int>) -> Generator<[Value]> {
    Generator<[Value]> { random in
      let length = max(count.generate(using: &random), 0)
      return (0..<length).map { _ in self.generate(using: &random) }
    }
  }
}

extension Generator {
  /// Always the same value.
  ///
  /// - Parameter value: The value.
  /// - Returns: The generator.
  public static func constant(_ value: Value) -> Generator where Value: Sendable {
    Generator { _ in value }
  }

  /// Pairs of values from two generators.
  ///
  /// - Parameters:
  ///   - first: The first generator.
  ///   - second: The second generator.
  /// - Returns: The pair generator.
  public static func zip<A, B>(_ first: Generator<A>, _ second: Generator<B>) -> Generator<(A, B)>
  where Value == (A, B) {
    Generator { random in (first.generate(using: &random), second.generate(using: &random)) }
  }

  /// One of several generators, chosen uniformly.
  ///
  /// - Parameter choices: At least one generator.
  /// - Returns: The generator.
  public static func oneOf(_ choices: [Generator]) -> Generator {
    precondition(!choices.isEmpty, "oneOf needs at least one generator")
    return Generator { random in choices[random.below(choices.count)].generate(using: &random) }
  }

  /// One of several generators, chosen with the given weights.
  ///
  /// - Parameter choices: Pairs of a positive weight and a generator.
  /// - Returns: The generator.
  public static func frequency(_ choices: [(Int, Generator)]) -> Generator {
    let total = choices.reduce(0) { $0 + max($1.0, 0) }
    precondition(total > 0, "frequency needs a positive total weight")
    return Generator { random in
      var pick = random.below(total)
      for (weight, generator) in choices where weight > 0 {
        if pick < weight { return generator.generate(using: &random) }
        pick -= weight
      }
      return choices[choices.count - 1].1.generate(using: &random)
    }
  }
}

extension Generator where Value == Int {
  /// A uniform integer in a range.
  ///
  /// - Parameter range: The range.
  /// - Returns: The generator.
  public static func int(in range: ClosedRange<Int>) -> Generator {
    Generator { random in range.lowerBound + random.below(range.count) }
  }
}

extension Generator where Value == Double {
  /// A uniform Double in a range.
  ///
  /// - Parameter range: A finite range.
  /// - Returns: The generator.
  public static func double(in range: ClosedRange<Double>) -> Generator {
    Generator { random in random.double(in: range) }
  }
}

extension Generator where Value == Bool {
  /// A fair coin.
  public static var bool: Generator { Generator { random in random.below(2) == 1 } }
}
