//===----------------------------------------------------------------------===//
// progress demo: a simulated download, drawn in the terminal (the main job).
//===----------------------------------------------------------------------===//

import ProgressIndicator
import ProgressStateMachine
import ProgressTerminal
import Timeline

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The showcase: three stacked indicators tell a download and an install —
/// determinate progress with labels, a switch to indeterminate, the switch
/// back with its reset to 0, a hide — and the demo ends by itself after
/// ``duration`` seconds (divided by the speed).
enum DemoCommand {
  static let usage = """
    usage: progress demo [--no-color] [--speed FACTOR]

    An animated showcase in the terminal: a simulated download, then an install
    that waits (indeterminate), restarts from 0 and hides. Ends by itself in
    about ten seconds. When standard output is not a terminal it writes plain
    lines, one per meaningful change.

    options:
      --no-color        no colours (also when NO_COLOR is set)
      --speed FACTOR    play faster or slower, 0.1 to 100 (default 1)
      -h, --help        print this help
    """

  /// The length of the script in seconds at speed 1.
  static let duration = 9.6

  /// One scripted action on the install indicators.
  enum Action {
    case show
    case progress(Double)
    case label(String)
    case type(ProgressType)
    case start
    case hide
  }

  /// The install part of the script: (time, action) for rows 2 and 3.
  static let script: [(Double, Action)] = [
    (0.8, .show),
    (1.2, .progress(0.12)),
    (1.8, .progress(0.27)),
    (2.4, .progress(0.4)),
    (3.4, .label("Installing: waiting for a lock…")),
    (3.4, .type(.indeterminate)),
    (3.4, .start),
    (5.6, .label("Installing")),
    (5.6, .type(.determinate)),
    (6.2, .progress(0.35)),
    (7.0, .progress(0.7)),
    (7.8, .progress(1)),
    (8.8, .hide),
  ]

  static func run(_ arguments: [String]) throws(UsageError) {
    var arguments = Arguments(arguments)
    if arguments.wantsHelp() {
      print(usage)
      return
    }
    let noColor = arguments.flag("--no-color")
    let speed: Double
    do throws(UsageError) {
      speed = try arguments.number("--speed", in: 0.1...100) ?? 1
      try arguments.finish()
    } catch {
      throw error.with(usage: usage)
    }

    let output = FileDescriptorOutput.standardOutput
    let usesColor = output.isTerminal && !noColor && !TerminalDashboard.noColorRequested
    let dashboard = TerminalDashboard(output: output, style: TerminalStyle(usesColor: usesColor))
    do {
      try play(on: dashboard, speed: speed)
    } catch {
      dashboard.finish()
      printError("progress demo: \(error)")
      exit(status: 1)
    }
    dashboard.finish()
  }

  /// Plays the script in real time, `speed` times faster.
  static func play(on dashboard: TerminalDashboard, speed: Double) throws {
    let clock = MonotonicClock()
    let origin = clock.now
    let download = try dashboard.addTask(
      label: "Downloading archive.zip", total: 48_000_000, unit: .bytes, at: 0)
    let install = try ProgressIndicator(
      configuration: ProgressConfiguration(
        variant: .linear(size: .medium, style: .percentage), leftLabelText: "Installing"),
      isHidden: true, size: Size(width: 320, height: 40), theme: .dark)
    let ring = try ProgressIndicator(
      configuration: ProgressConfiguration(
        variant: .circular(size: .small, style: .percentage), indeterminateStyle: .material),
      isHidden: true, size: Size(width: 64, height: 64), theme: .dark)
    dashboard.add(install)
    dashboard.add(ring)

    var next = 0
    var lastReport = -1.0
    while true {
      let time = min((clock.now - origin) * speed, duration)
      // The download: 48 MB in 3.2 s at an uneven rate, reported every 0.1 s.
      if time - lastReport >= 0.1 || time >= duration {
        lastReport = time
        download.report(completed: downloaded(at: time), at: time)
      }
      while next < script.count, script[next].0 <= time {
        for indicator in [install, ring] {
          perform(script[next].1, on: indicator, at: time)
        }
        next += 1
      }
      dashboard.tick(at: time)
      if time >= duration { break }
      sleep(seconds: 1.0 / 60 / max(1, speed / 4))
    }
  }

  /// The bytes received by `time`: an uneven curve that reaches 48 MB at 3.2 s.
  static func downloaded(at time: Double) -> Double {
    let x = min(max(time / 3.2, 0), 1)
    let wobble = 0.04 * sin(x * 18) * x * (1 - x)
    return 48_000_000 * min(1, max(0, x * x * (3 - 2 * x) + wobble))
  }

  static func perform(_ action: Action, on indicator: ProgressIndicator, at time: Double) {
    indicator.update(to: time)
    switch action {
    case .show: indicator.setHidden(false, animated: true)
    case .progress(let value): indicator.setProgress(value, animated: true)
    case .label(let text):
      var configuration = indicator.configuration
      guard case .linear = configuration.variant else { return }
      configuration.leftLabelText = text
      indicator.configure(configuration)
    case .type(let type): indicator.progressType = type
    case .start: indicator.startIndeterminateAnimation()
    case .hide: indicator.setHidden(true, animated: true)
    }
  }

  static func sleep(seconds: Double) {
    var request = timespec(tv_sec: 0, tv_nsec: Int(seconds * 1e9))
    _ = nanosleep(&request, nil)
  }
}
