//===----------------------------------------------------------------------===//
// ProgressTerminal: stacked indicators drawn in a terminal, or logged.
//===----------------------------------------------------------------------===//

import ProgressIndicator
import ProgressStateMachine
import Timeline

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Several indicators stacked in a terminal, one per row, redrawn in place.
///
/// Each row is fed by a ``TerminalRowSink``, a `FrameSink` an indicator
/// writes to; ``render(at:force:)`` draws the rows at a bounded frame rate,
/// and only when a line changed. On a terminal the cursor is hidden while
/// drawing and shown again by ``finish()`` — or by a signal handler when the
/// process is interrupted (Ctrl-C, SIGTERM, SIGHUP). When the output is not
/// a terminal, nothing is redrawn: one plain line, with no escape code, is
/// appended whenever a row's meaningful state changes (its label, its value
/// as read by accessibility, its type, its loop, shown or hidden).
///
/// ```swift
/// let dashboard = TerminalDashboard()
/// let download = try dashboard.addTask(label: "Downloading", total: 4_200_000, unit: .bytes)
/// for received in chunks {
///   download.report(completed: received)
///   dashboard.tick()
/// }
/// dashboard.finish()
/// ```
public final class TerminalDashboard {
  /// Where lines are written.
  public let output: any TerminalOutput
  /// Colours on or off.
  public let style: TerminalStyle
  /// The shortest time between two redraws, in seconds.
  public var frameInterval: Double
  /// Whether lines are redrawn in place (the output is a terminal).
  public var isInteractive: Bool { output.isTerminal }

  struct Row {
    var frame: ProgressFrame?
    var trailing = ""
    var plainKey: String?
    /// The last left label seen, to name the row once it is hidden.
    var label: String?
    /// The widest trailing text so far: the text is padded to it, so the
    /// bar keeps its width while the text changes.
    var trailingColumns = 0
  }
  var rows: [Row] = []
  private var indicators: [ProgressIndicator] = []
  private var tasks: [WorkProgress] = []
  private var screen: TerminalScreen
  private var renderer: TerminalRenderer
  private var lastDraw = -Double.infinity
  private var started = false
  private var finished = false
  private let clock = MonotonicClock()

  /// The restore sequence: attributes reset, cursor shown, a newline.
  static let restore = ANSI.reset + ANSI.showCursor

  /// Creates a dashboard.
  ///
  /// - Parameters:
  ///   - output: Where to write; standard output by default.
  ///   - style: Colours on or off; by default on for a terminal unless the
  ///     `NO_COLOR` environment variable is set and not empty.
  ///   - frameInterval: The shortest time between redraws; 1/30 s.
  public init(
    output: any TerminalOutput = FileDescriptorOutput.standardOutput,
    style: TerminalStyle? = nil,
    frameInterval: Double = 1.0 / 30
  ) {
    self.output = output
    let resolved = style ?? TerminalStyle(usesColor: output.isTerminal && !Self.noColorRequested)
    self.style = resolved
    self.frameInterval = frameInterval
    renderer = TerminalRenderer(style: resolved)
    screen = TerminalScreen(columns: Self.usableColumns(output.columns))
  }

  deinit { finish() }

  /// Whether `NO_COLOR` is set to a non-empty value (no-color.org).
  public static var noColorRequested: Bool {
    guard let value = getenv("NO_COLOR") else { return false }
    return value.pointee != 0
  }

  // MARK: - Rows

  /// Adds a row and answers the sink that feeds it.
  ///
  /// - Returns: A sink to give to an indicator.
  public func addRow() -> TerminalRowSink {
    rows.append(Row())
    return TerminalRowSink(dashboard: self, row: rows.count - 1)
  }

  /// Adds a row for an indicator, which ``tick(at:)`` advances.
  ///
  /// - Parameter indicator: The indicator; the dashboard adds its row's sink
  ///   to it.
  /// - Returns: The row's index.
  @discardableResult
  public func add(_ indicator: ProgressIndicator) -> Int {
    let sink = addRow()
    indicator.addSink(sink)
    indicators.append(indicator)
    return sink.row
  }

  /// Adds a row that reports work done of a total, with the elapsed time,
  /// the rate and the time remaining after the bar.
  ///
  /// - Parameters:
  ///   - label: The left label.
  ///   - total: The amount of work, > 0.
  ///   - unit: What the work is counted in.
  ///   - time: The start time; the dashboard's monotonic clock by default.
  /// - Returns: The task to report to.
  /// - Throws: ``TerminalError/invalidTotal(_:)`` when `total` is not
  ///   positive and finite.
  public func addTask(
    label: String?, total: Double, unit: WorkUnit = .items, at time: Double? = nil
  ) throws(TerminalError) -> WorkProgress {
    let task = try WorkProgress(label: label, total: total, unit: unit, at: time ?? clock.now)
    let row = add(task.indicator)
    task.row = row
    tasks.append(task)
    return task
  }

  /// Sets the text drawn after a row's bar.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - row: The row's index.
  public func setTrailing(_ text: String, row: Int) {
    guard rows.indices.contains(row) else { return }
    rows[row].trailing = text
    rows[row].trailingColumns = max(rows[row].trailingColumns, TerminalText.columns(of: text))
  }

  func receive(_ frame: ProgressFrame, row: Int) {
    guard rows.indices.contains(row) else { return }
    rows[row].frame = frame
  }

  // MARK: - Drawing

  /// Advances every indicator added with ``add(_:)`` to `time`, then draws.
  ///
  /// - Parameter time: The time; the dashboard's monotonic clock by default.
  public func tick(at time: Double? = nil) {
    let now = time ?? clock.now
    for indicator in indicators { indicator.update(to: now) }
    for task in tasks { setTrailing(task.summary(at: now), row: task.row) }
    render(at: now)
  }

  /// Draws the rows if `frameInterval` has passed since the last draw (or
  /// `force`), writing only what changed.
  ///
  /// - Parameters:
  ///   - time: The current time in seconds.
  ///   - force: Whether to draw even within the frame interval.
  public func render(at time: Double, force: Bool = false) {
    guard !finished else { return }
    guard force || time - lastDraw >= frameInterval else { return }
    lastDraw = time
    if output.isTerminal {
      drawInPlace()
    } else {
      appendPlainLines()
    }
  }

  /// Draws a last time, shows the cursor and removes the signal handlers.
  ///
  /// Safe to call more than once.
  public func finish() {
    guard !finished else { return }
    render(at: lastDraw, force: true)
    finished = true
    if started, output.isTerminal {
      output.write(Self.restore)
      output.removeInterruptRestore()
    }
  }

  /// The lines a terminal shows now, with the current width: the left
  /// labels of the linear rows padded to the widest (at most 30 % of the
  /// width), so that their bars line up.
  public func currentLines() -> [String] {
    let columns = screen.columns
    var labelColumns = 0
    for row in rows {
      if let label = row.frame?.leftLabel?.text {
        labelColumns = max(labelColumns, TerminalText.columns(of: label))
      }
    }
    labelColumns = min(labelColumns, columns * 3 / 10)
    return rows.map { row in
      guard let frame = row.frame else { return "" }
      let trailing = TerminalText.pad(row.trailing, toColumns: row.trailingColumns)
      return renderer.line(
        for: frame, columns: columns, trailing: row.trailing.isEmpty ? "" : trailing,
        labelColumns: frame.shape == .linear ? labelColumns : nil)
    }
  }

  private func drawInPlace() {
    if !started {
      started = true
      output.installInterruptRestore(Self.restore + "\n")
      output.write(ANSI.hideCursor)
    }
    if output.takeResize() {
      screen.resize(columns: Self.usableColumns(output.columns))
    }
    let bytes = screen.update(to: currentLines())
    if !bytes.isEmpty { output.write(bytes) }
  }

  private func appendPlainLines() {
    started = true
    for index in rows.indices {
      guard let frame = rows[index].frame else { continue }
      if let label = frame.leftLabel?.text { rows[index].label = label }
      let invisible = frame.isHidden || frame.visibility == 0
      // A row that starts hidden says nothing until it is first shown.
      if invisible, rows[index].plainKey == nil { continue }
      let key = Self.plainKey(frame, label: rows[index].label)
      guard key != rows[index].plainKey else { continue }
      rows[index].plainKey = key
      var line = key
      if !rows[index].trailing.isEmpty { line += "  " + rows[index].trailing }
      output.write(line + "\n")
    }
  }

  /// A row's meaningful state as plain text: what a log line says.
  ///
  /// - Parameters:
  ///   - frame: The row's frame.
  ///   - label: The row's last left label, named when the frame has none.
  /// - Returns: The line's text, without the trailing text.
  static func plainKey(_ frame: ProgressFrame, label: String?) -> String {
    var text = (frame.leftLabel?.text ?? label).map { $0 + ": " } ?? ""
    text += frame.shape == .linear ? "" : "(circular) "
    guard !frame.isHidden, frame.visibility > 0, let value = frame.accessibilityValue else {
      return text + "hidden"
    }
    switch frame.progressType {
    case .determinate:
      if case .percent(let percent) = value { return text + "\(percent)%" }
      return text + value.description
    case .indeterminate:
      return text + (frame.isIndeterminateAnimating ? "working…" : "waiting (indeterminate)")
    }
  }

  /// The columns lines may use: one less than the terminal, so the cursor
  /// never waits at the right margin; 80 when the width is unknown.
  static func usableColumns(_ reported: Int) -> Int {
    max(1, (reported > 0 ? reported : 80) - 1)
  }
}

/// The sink of one row of a ``TerminalDashboard``.
public struct TerminalRowSink: FrameSink {
  /// The dashboard, held weakly: a frame for a dashboard that is gone is
  /// dropped.
  weak var dashboard: TerminalDashboard?
  /// The row's index.
  public let row: Int

  /// Stores the frame for the next draw.
  ///
  /// - Parameter frame: The frame.
  public mutating func consume(_ frame: ProgressFrame) {
    dashboard?.receive(frame, row: row)
  }
}
