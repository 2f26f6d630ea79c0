//===----------------------------------------------------------------------===//
// ProgressTerminal: `for item in items.progress("Indexing")`.
//===----------------------------------------------------------------------===//

extension Sequence {
  /// The sequence, counted on a progress bar as it is iterated (spec TB-2).
  ///
  /// An element counts as done when the next one is asked for; the bar
  /// finishes (full) when the sequence ends, and is abandoned when the loop
  /// is left early. The total is the count of a `Collection`, else
  /// `underestimatedCount` when not 0, else unknown.
  ///
  /// ```swift
  /// let files = ["a.txt", "b.txt", "c.txt"]
  /// for file in files.progress("Indexing") { print("indexed", file) }
  /// ```
  ///
  /// - Parameters:
  ///   - label: The bar's name.
  ///   - total: The number of elements; counted as above when `nil`.
  ///   - unit: What an element is.
  ///   - dashboard: The dashboard; ``TerminalDashboard/shared`` by default.
  /// - Returns: The sequence, counted.
  @inlinable
  public func progress(
    _ label: String = "", total: Int? = nil, unit: ProgressUnit = .items,
    on dashboard: TerminalDashboard = .shared
  ) -> ProgressSequence<Self> {
    let count = total ?? (underestimatedCount > 0 ? underestimatedCount : nil)
    return ProgressSequence(
      base: self, label: label, total: count, unit: unit, dashboard: dashboard)
  }
}

extension Collection {
  /// The collection, counted on a progress bar as it is iterated.
  ///
  /// Its total is its count. See `Sequence.progress(_:total:unit:on:)`.
  ///
  /// - Parameters:
  ///   - label: The bar's name.
  ///   - total: The number of elements; `count` when `nil`.
  ///   - unit: What an element is.
  ///   - dashboard: The dashboard; ``TerminalDashboard/shared`` by default.
  /// - Returns: The collection's elements, counted.
  /// - Complexity: O(*n*) for a collection that is not random-access (its count).
  @inlinable
  public func progress(
    _ label: String = "", total: Int? = nil, unit: ProgressUnit = .items,
    on dashboard: TerminalDashboard = .shared
  ) -> ProgressSequence<Self> {
    ProgressSequence(
      base: self, label: label, total: total ?? count, unit: unit, dashboard: dashboard)
  }
}

/// A sequence counted on a progress bar as it is iterated.
public struct ProgressSequence<Base: Sequence>: Sequence {
  @usableFromInline let base: Base
  @usableFromInline let label: String
  @usableFromInline let total: Int?
  @usableFromInline let unit: ProgressUnit
  @usableFromInline let dashboard: TerminalDashboard

  @usableFromInline
  init(base: Base, label: String, total: Int?, unit: ProgressUnit, dashboard: TerminalDashboard) {
    self.base = base
    self.label = label
    self.total = total
    self.unit = unit
    self.dashboard = dashboard
  }

  /// The iterator: each `next()` counts the element before it as done.
  public struct Iterator: IteratorProtocol {
    @usableFromInline var base: Base.Iterator
    @usableFromInline let bar: ProgressBar
    @usableFromInline var started = false

    @usableFromInline
    init(base: Base.Iterator, bar: ProgressBar) {
      self.base = base
      self.bar = bar
    }

    /// The next element; the bar finishes at the end.
    ///
    /// - Returns: The element, or `nil` at the end.
    @inlinable
    public mutating func next() -> Base.Element? {
      if started { bar.advance() }
      started = true
      guard let element = base.next() else {
        bar.finish()
        return nil
      }
      return element
    }
  }

  /// Adds the bar and starts iterating.
  ///
  /// - Returns: The iterator.
  @inlinable
  public func makeIterator() -> Iterator {
    Iterator(
      base: base.makeIterator(),
      bar: dashboard.addBar(label, total: total, unit: unit))
  }

  /// The base's underestimated count.
  @inlinable
  public var underestimatedCount: Int { base.underestimatedCount }
}

extension AsyncSequence {
  /// The sequence, counted on a progress bar as it is iterated, as
  /// `Sequence.progress(_:total:unit:on:)` counts a sequence.
  ///
  /// ```swift
  /// // fragment: `url.lines` is Foundation's, on Darwin (and Linux 6.1 or later)
  /// for try await line in url.lines.progress("Reading", total: nil) { … }
  /// ```
  ///
  /// - Parameters:
  ///   - label: The bar's name.
  ///   - total: The number of elements, or `nil` when unknown.
  ///   - unit: What an element is.
  ///   - dashboard: The dashboard; ``TerminalDashboard/shared`` by default.
  /// - Returns: The sequence, counted.
  public func progress(
    _ label: String = "", total: Int?, unit: ProgressUnit = .items,
    on dashboard: TerminalDashboard = .shared
  ) -> ProgressAsyncSequence<Self> {
    ProgressAsyncSequence(base: self, label: label, total: total, unit: unit, dashboard: dashboard)
  }
}

/// An asynchronous sequence counted on a progress bar as it is iterated.
public struct ProgressAsyncSequence<Base: AsyncSequence>: AsyncSequence {
  let base: Base
  let label: String
  let total: Int?
  let unit: ProgressUnit
  let dashboard: TerminalDashboard

  /// The iterator: each `next()` counts the element before it as done.
  public struct AsyncIterator: AsyncIteratorProtocol {
    var base: Base.AsyncIterator
    let bar: ProgressBar
    var started = false

    /// The next element; the bar finishes at the end, and is abandoned when
    /// the base fails.
    ///
    /// - Parameter actor: The caller's isolation.
    /// - Returns: The element, or `nil` at the end.
    /// - Throws: What the base throws.
    public mutating func next(isolation actor: isolated (any Actor)?) async throws(Base.Failure)
      -> Base.Element?
    {
      if started { bar.advance() }
      started = true
      let element: Base.Element?
      do {
        element = try await base.next(isolation: actor)
      } catch {
        bar.finish(.abandon)
        throw error
      }
      if element == nil { bar.finish() }
      return element
    }
  }

  /// Adds the bar and starts iterating.
  ///
  /// - Returns: The iterator.
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(
      base: base.makeAsyncIterator(), bar: dashboard.addBar(label, total: total, unit: unit))
  }
}
