//===----------------------------------------------------------------------===//
// ProgressTerminal: a bar's life — running, finished one way, or removed — and
// its transitions, written once (spec TB-3).
//===----------------------------------------------------------------------===//

/// Where a bar is in its life, and the only ways it moves on.
///
/// ```
/// running ──finish(style, at:)──▶ finished(style, at:)
///    │                                   │
///    └────────────remove()───────────────┴──▶ removed
/// ```
///
/// A bar starts running. ``finish(_:at:)`` moves a running bar to
/// ``finished(_:at:)`` once — a later finish changes nothing — and
/// ``remove()`` takes any bar off the dashboard for good. A handle changes
/// its bar's lifecycle under the bar's lock; the dashboard's row keeps the
/// lifecycle it last read.
enum BarLifecycle: Hashable, Sendable {
  /// Counting: the dashboard reads its count, total and texts at each redraw.
  case running
  /// Finished by its handle, at a time on the dashboard's clock: left full,
  /// cleared or abandoned (TB-3). Its elapsed time stops at that time.
  case finished(FinishStyle, at: Double)
  /// Taken off the dashboard: removed (with its parent), or added after the
  /// dashboard finished.
  case removed

  /// Whether the bar still counts.
  ///
  /// A pattern, not `==`: the dashboard asks it of every row at each tick.
  var isRunning: Bool {
    if case .running = self { true } else { false }
  }

  /// Whether the bar has a line on the dashboard: running, or finished and
  /// left or abandoned.
  var isShown: Bool {
    switch self {
    case .running, .finished(.leave, _), .finished(.abandon, _): true
    case .finished(.clear, _), .removed: false
    }
  }

  /// Finishes a running bar; a bar that is not running stays as it is.
  ///
  /// - Parameters:
  ///   - style: How the bar leaves.
  ///   - time: When, on the dashboard's clock.
  /// - Returns: Whether the bar was running (and is now finished).
  mutating func finish(_ style: FinishStyle, at time: Double) -> Bool {
    guard isRunning else { return false }
    self = .finished(style, at: time)
    return true
  }

  /// Takes the bar off the dashboard, whatever its state.
  mutating func remove() {
    self = .removed
  }
}
