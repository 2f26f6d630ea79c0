//===----------------------------------------------------------------------===//
// ProgressTerminal: the dashboard's core — its state, its redraws, printing
// and finishing.
//===----------------------------------------------------------------------===//

import CTerminalSupport
import ProgressIndicatorKit
import ProgressStateMachine

/// The dashboard's state and its steady tick; the public class's `deinit`
/// stops the tick thread, which holds only the core.
///
/// Its concerns have files of their own: the bars and their rows
/// (`DashboardCore+Bars.swift`, `DashboardRow.swift`), the lines
/// (`DashboardCore+Lines.swift`), plain output (`DashboardCore+PlainOutput.swift`)
/// and the steady tick (`DashboardCore+SteadyTick.swift`).
final class DashboardCore: Sendable {
  /// What the dashboard's lock guards.
  struct State {
    var rows: [DashboardRow] = []
    /// The rows added since the last draw, in order: the draw puts them in
    /// place (TB-16).
    var pendingRows: [PendingRow] = []
    /// The rows visited or moved to place added rows, for a test of TB-16.
    var rowsVisited = 0
    /// The times a row's reserved columns were worked out (some sixty
    /// texts formatted each), for a test of TB-17.
    var reservedColumnsWorkedOut = 0
    var screen: TerminalScreen
    /// When the block was last drawn; −∞ before the first draw.
    var lastDraw = -Double.infinity
    /// Whether something outside the rows changed (a bar added or removed)
    /// since the last draw.
    var needsDraw = true
    /// The wake time as a time on the clock, a little early.
    ///
    /// `nil` when the rows, the last draw or ``needsDraw`` changed since it
    /// was worked out (a draw, a bar added or removed). An idle tick compares
    /// it with the clock's reading and converts nothing.
    var wakeDeadline: Duration?
    /// Whether a block is on a terminal: the cursor hidden, the handlers in.
    var started = false
    /// Whether ``finish()`` was called.
    var finished = false
    /// The handlers go once the frame being written (which gives the
    /// terminal back) is out.
    var removesHandlers = false
    /// The block's registration with the signal handlers, while it is on
    /// the terminal (TB-15).
    var registration: Int32?
    /// The device's counts of resizes and continues when this dashboard
    /// last looked: each dashboard sees each one (TB-13, TB-15).
    var seenResizes: UInt32
    var seenContinues: UInt32
    /// The steady tick's thread: 0 while it starts, `nil` when none.
    var tickerThread: UInt?
    /// Whether the steady tick should end.
    var stopTicker = false
    /// The lines of the bars at the last draw that had bars, on a terminal
    /// (those that left for the history included, none capped), kept once
    /// the block is released.
    var lastLines: [String] = []
    /// The terminal's height in rows, 0 when unknown (TB-12).
    var terminalRows: Int
    /// When the last resize was taken; −∞ before any (TB-13).
    var resizedAt = -Double.infinity
    /// The lines to print once the terminal's size has stayed put, oldest
    /// first: printed lines and finished bars (TB-13).
    var pending: [String] = []
    /// The frames each bar's runtime delivered, when recorded (a test of
    /// FR-8): by bar, oldest first.
    var deliveredFrames: [ObjectIdentifier: [ProgressFrame]] = [:]
    /// The columns the block's rows share (TB-6).
    var columnWidths = ColumnWidths()

    /// Whether a bar still counts.
    ///
    /// By index: a row is large (its runtime holds a model), and a tick asks
    /// this without copying one.
    var hasRunningRow: Bool {
      for index in rows.indices where rows[index].isRunning { return true }
      return false
    }
  }

  let device: any TerminalDevice
  let style: TerminalStyle
  let frameInterval: Double
  let clock: DashboardClock
  let steadyTick: Bool
  /// Whether the frames the bars' runtimes deliver are kept (tests).
  let recordsFrames: Bool
  let signal = WakeSignal()
  let renderer: TerminalRenderer
  let state: TerminalLock<State>

  /// The restore sequence: attributes reset, cursor shown.
  static let restore = ANSI.reset + ANSI.showCursor

  init(
    device: any TerminalDevice, style: TerminalStyle, frameInterval: Double,
    clock: DashboardClock, steadyTick: Bool, recordsFrames: Bool = false
  ) {
    self.device = device
    self.style = style
    self.frameInterval = frameInterval > 0 && frameInterval.isFinite ? frameInterval : 1.0 / 20
    self.clock = clock
    self.steadyTick = steadyTick
    self.recordsFrames = recordsFrames
    renderer = TerminalRenderer(style: style)
    state = TerminalLock(
      State(
        screen: TerminalScreen(
          columns: Self.usableColumns(device.columns),
          terminalColumns: Self.terminalColumns(device.columns)),
        seenResizes: device.resizeCount, seenContinues: device.continueCount,
        terminalRows: device.rows))
  }

  /// The terminal's width as the dashboard counts it: 80 when unknown, and
  /// at most ``TerminalRenderer/maximumColumns`` (a `$COLUMNS` near `Int.max`
  /// would overflow the layout's sums, RL-14).
  static func terminalColumns(_ reported: Int) -> Int {
    reported > 0 ? min(reported, TerminalRenderer.maximumColumns) : 80
  }

  /// The columns lines may use: one less than the terminal, so the cursor
  /// never waits at the right margin; 80 when the width is unknown.
  static func usableColumns(_ reported: Int) -> Int {
    max(1, terminalColumns(reported) - 1)
  }

  // MARK: Printing

  func println(_ line: String) {
    let now = clock.now()
    state.withLock { state in
      guard !state.finished else {
        device.write(line + "\n")
        return
      }
      // The bars are read first: what happened to them before this call
      // comes out before the line (TB-14). Then the line where the block
      // was, the block again below: one write.
      let texts = line.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      emitFrame(&state) { draw(&$0, now: now, sample: true, printing: texts) }
    }
  }

  /// Works out a frame with `body` and writes it, as one frame for a stop.
  ///
  /// A Ctrl-Z that arrives in between stops the process once the bytes are
  /// out, so a frame worked out for the block before the stop is never
  /// written after `fg`, over the shell's lines (TB-15). A frame that gives
  /// the terminal back (`removesHandlers`) removes the signal handlers once
  /// it is out, not before: a Ctrl-Z while it is written still waits for it.
  func emitFrame(_ state: inout State, _ body: (inout State) -> String) {
    device.beginFrame()
    defer { device.endFrame() }
    let bytes = body(&state)
    if !bytes.isEmpty { device.write(bytes) }
    if state.removesHandlers {
      state.removesHandlers = false
      if let registration = state.registration { device.removeInterruptRestore(registration) }
      state.registration = nil
    }
  }

  func suspend<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure)
    -> Result
  {
    waitForSettledSize()
    let cleared = state.withLock { state -> Bool in
      guard device.isTerminal, !state.finished else { return false }
      applyResize(&state, now: clock.now())
      // Lines held back by a resize come out before the body's own, and
      // the block is cleared — where it is: after a stop the shell wrote
      // below it, and it is not moved over (TB-15).
      emitFrame(&state) { state in
        var bytes = resumeAfterStop(&state)
        bytes += state.screen.print(state.pending, then: [])
        state.pending = []
        return bytes
      }
      return true
    }
    defer {
      if cleared {
        let now = clock.now()
        state.withLock { state in
          // A body that finished the dashboard gave the terminal back: no
          // block, and no hidden cursor, comes after it.
          guard !state.finished else { return }
          emitFrame(&state) { draw(&$0, now: now, sample: false) }
        }
      }
    }
    return try body()
  }

  // MARK: Ticking

  /// Reads the bars and redraws when a redraw is due.
  func tick() {
    let elapsed = clock.elapsed()
    state.withLock { state in
      // Idle: one comparison of durations.
      if let deadline = state.wakeDeadline, elapsed < deadline { return }
      step(&state, elapsed: elapsed)
    }
  }

  /// Reads the bars and redraws when a redraw is due at `elapsed` on the
  /// clock: one comparison of durations when none is.
  func step(_ state: inout State, elapsed: Duration) {
    guard !state.finished else { return }
    if let deadline = state.wakeDeadline {
      guard elapsed >= deadline else { return }
    } else {
      let deadline = Self.deadline(at: wakeTime(state))
      state.wakeDeadline = deadline
      guard elapsed >= deadline else { return }
    }
    // The deadline is a little early: the wake time itself decides.
    let now = DashboardClock.seconds(elapsed)
    guard now >= wakeTime(state) else { return }
    emitFrame(&state) { draw(&$0, now: now, sample: true) }
  }

  /// A wake time as a time on the clock, a microsecond early so that a
  /// rounding never makes a draw late; the longest `Duration` for +∞.
  static func deadline(at wakeTime: Double) -> Duration {
    guard wakeTime < 1e15 else { return .seconds(Int64.max) }
    guard wakeTime > 0 else { return .zero }
    return .seconds(wakeTime) - .microseconds(1)
  }

  /// When the block is next drawn: at the frame interval after the last
  /// draw while a bar runs (its elapsed time, rate and spinner move) or
  /// something changed; otherwise when a bar's runtime next needs a step
  /// (the end of its animation), but never sooner than the interval; +∞
  /// when nothing is on screen.
  func wakeTime(_ state: State) -> Double {
    let next = state.lastDraw + frameInterval
    if state.needsDraw || state.hasRunningRow { return next }
    var earliest = Double.infinity
    for index in state.rows.indices { earliest = min(earliest, state.rows[index].runtime.wakeTime) }
    return max(next, earliest)
  }

  /// Reads the bars into their rows (when `sample`), builds the lines and
  /// answers the bytes that draw them, `texts` printed above; records the
  /// draw's time.
  ///
  /// On a terminal, finished bars leave the block for the history, above
  /// `texts` (TB-12, TB-14), and the block drawn fits in the window
  /// (TB-12); a resize is taken before anything moves (TB-13).
  ///
  /// Within ``resizeSettle`` of a resize nothing is written but the
  /// cursor's hiding: the lines to print wait in ``State/pending``, unless
  /// `flush` (TB-13).
  func draw(
    _ state: inout State, now: Double, sample: Bool, printing texts: [String] = [],
    flush: Bool = false
  ) -> String {
    placePendingRows(&state)
    if sample { read(&state, now: now) }
    var bytes = ""
    if device.isTerminal {
      if !state.started, !state.rows.isEmpty {
        state.started = true
        state.registration = device.installInterruptRestore(Self.restore + "\n")
        bytes += ANSI.hideCursor
        // No handler watched the size while no block was drawn: a new
        // block reads it again (TB-13), and neither a resize nor a continue
        // counted before it is its own, nor a settle a resize then began.
        state.seenResizes = device.resizeCount
        state.seenContinues = device.continueCount
        state.resizedAt = -.infinity
        let reported = device.columns
        state.screen.resize(
          columns: Self.usableColumns(reported), terminalColumns: Self.terminalColumns(reported))
        state.terminalRows = device.rows
      } else {
        bytes += resumeAfterStop(&state)
      }
      applyResize(&state, now: now)
      let all = lines(&state, now: now)
      if !all.isEmpty { state.lastLines = all }
      let (history, block) = retireFinished(&state, lines: all)
      state.pending += history + texts
      let shown = Self.capped(block, rows: state.terminalRows, columns: state.screen.columns)
      // With no block on screen and none to draw, nothing moves: the lines
      // go out at once.
      let moves = !state.screen.lines.isEmpty || !shown.isEmpty
      if !flush, moves, isSettling(state, now: now) {
        // The size moves: wait until it stays put, and draw then.
        state.lastDraw = now
        state.needsDraw = true
        state.wakeDeadline = nil
        return bytes
      }
      bytes += state.screen.print(state.pending, then: shown)
      state.pending = []
      if state.started, !state.hasRunningRow {
        // Every bar is done: leave the lines, give the cursor back.
        state.screen.release()
        state.rows.removeAll()
        state.columnWidths = ColumnWidths()
        state.started = false
        bytes += Self.restore
        state.removesHandlers = true
      }
    } else {
      bytes += plainLines(&state, now: now)
      for text in texts { bytes += text + "\n" }
      if !state.hasRunningRow {
        state.rows.removeAll()
        state.columnWidths = ColumnWidths()
      }
    }
    state.lastDraw = now
    state.needsDraw = false
    state.wakeDeadline = nil
    return bytes
  }

  /// Forgets the block after a stop; answers the bytes that hide the cursor
  /// again, or nothing when the process was not continued since the last look.
  ///
  /// A stop (Ctrl-Z, then `fg`) showed the cursor and left the block where
  /// it was, and the shell wrote below it: what comes next is written where
  /// the cursor is (TB-15).
  func resumeAfterStop(_ state: inout State) -> String {
    guard state.started else { return "" }
    let continues = device.continueCount
    guard continues != state.seenContinues else { return "" }
    state.seenContinues = continues
    state.screen.release()
    return ANSI.hideCursor
  }

  // MARK: Finishing

  func finish() {
    waitForSettledSize()
    let now = clock.now()
    let thread = state.withLock { state -> UInt? in
      if !state.finished {
        emitFrame(&state) { state in
          var bytes = draw(&state, now: now, sample: true, flush: true)
          state.finished = true
          if state.started, device.isTerminal {
            bytes += Self.restore
            state.removesHandlers = true
            state.started = false
          }
          return bytes
        }
      }
      state.stopTicker = true
      defer { state.tickerThread = nil }
      return state.tickerThread
    }
    signal.raise()
    if let thread, thread != 0, thread != UInt(progress_current_thread()) {
      progress_thread_join(thread)
    }
  }
}
