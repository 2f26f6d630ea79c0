//===----------------------------------------------------------------------===//
// progress demo: downloads and a scan, drawn in the terminal (the main job).
//===----------------------------------------------------------------------===//

import ProgressTerminal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The showcase of the terminal API: three downloads nested under a total,
/// each logged above the bars as it finishes (the smallest bar removed when
/// done, one stalling for a moment), then a scan of unknown size with a
/// spinner, its findings logged above it; it ends by itself after
/// ``duration`` seconds (divided by the speed).
enum DemoCommand {
  static let usage = """
    usage: progress demo [--no-color] [--speed FACTOR]

    An animated showcase in the terminal: three downloads under a total, each
    logged above the bars when done (one bar removed, one stalling for a
    moment), then a scan of unknown size with a spinner. Ends by itself in
    about ten seconds. When standard output is not a terminal it writes plain
    lines.

    options:
      --no-color        no colours (also when NO_COLOR is set)
      --speed FACTOR    play faster or slower, 0.1 to 100 (default 1)
      -h, --help        print this help
    """

  /// The length of the script in seconds at speed 1.
  static let duration = 9.5

  /// A simulated download: its size, when it ends, and a stall.
  struct Download {
    var name: String
    var size: Int
    var end: Double
    var stall: ClosedRange<Double>? = nil
    /// Removed from the screen when done (its log line stays).
    var clears = false

    /// The bytes received by `time`: an uneven curve, flat during the stall.
    func received(at time: Double) -> Int {
      let stallLength = stall.map { $0.upperBound - $0.lowerBound } ?? 0
      var active = time
      if let stall, time > stall.lowerBound {
        active = time - min(time, stall.upperBound) + stall.lowerBound
      }
      let x = min(max(active / (end - stallLength), 0), 1)
      let wobble = 0.03 * sin(x * 17) * x * (1 - x)
      return Int(Double(size) * min(1, max(0, x * (0.6 + 0.4 * x) + wobble)))
    }
  }

  static let downloads = [
    Download(name: "archive.zip", size: 48_000_000, end: 4.6),
    Download(name: "assets.tar", size: 30_000_000, end: 5.2, stall: 2.0...2.9),
    Download(name: "docs.pdf", size: 6_000_000, end: 1.6, clears: true),
  ]

  /// The downloads' line: the default's fields but the elapsed time, joined
  /// by spaces, so that at 100 columns a message is shown whole beside a bar.
  static let downloadLine: LineTemplate = {
    do {
      return try LineTemplate(
        "{prefix} {label} {bar} {percent} {count}/{total} {rate} ETA {eta}  {message}")
    } catch {
      preconditionFailure("\(error)")
    }
  }()

  /// When the scan starts and ends.
  static let scan = 5.6...9.2
  /// What the scan logs, and when.
  static let findings: [(Double, String)] = [
    (6.6, "  photos/2019: 12 duplicates"),
    (7.9, "  music/live: 3 files unreadable"),
  ]

  static func run(_ arguments: [String]) throws(UsageError) {
    var arguments = Arguments(arguments)
    if arguments.wantsHelp() {
      print(usage)
      return
    }
    let noColor = arguments.flag("--no-color")
    let speed = try arguments.number("--speed", in: 0.1...100) ?? 1
    try arguments.finish()
    let dashboard = TerminalDashboard(output: .standardOutput, style: noColor ? .plain : nil)
    play(on: dashboard, speed: speed)
    dashboard.finish()
  }

  /// Plays the script in real time, `speed` times faster.
  static func play(on dashboard: TerminalDashboard, speed: Double) {
    let clock = ContinuousClock()
    let start = clock.now
    var log = dashboard.log
    let total = downloads.reduce(0) { $0 + $1.size }
    // The prefix is given with the bar: set afterwards, a line could be
    // written without it (a piped demo on a loaded machine did).
    let overall = dashboard.addBar(
      "Downloading", total: total, unit: .bytes, template: downloadLine, prefix: "[1/2]")
    let bars = downloads.map {
      overall.addChild($0.name, total: $0.size, unit: .bytes, template: downloadLine)
    }
    var scanBar: ProgressBar?
    var nextFinding = 0
    while true {
      let time = min(start.duration(to: clock.now) / .seconds(1) * speed, duration)
      var received = 0
      for (download, bar) in zip(downloads, bars) where !bar.isFinished {
        let bytes = download.received(at: time)
        bar.set(completed: bytes)
        if download.stall?.contains(time) == true {
          bar.message = "waiting for the mirror…"
        } else if !bar.message.isEmpty {
          bar.message = ""
        }
        if bytes >= download.size {
          print(
            "✔ fetched \(download.name) (\(ProgressUnit.bytes.amount(Double(download.size))))",
            to: &log)
          bar.finish(download.clears ? .clear : .leave)
        }
      }
      for (download, bar) in zip(downloads, bars) {
        received += bar.isFinished ? download.size : download.received(at: time)
      }
      overall.set(completed: received)
      if received >= total, !overall.isFinished { overall.finish() }
      if time >= scan.lowerBound, scanBar == nil {
        let bar = dashboard.addBar(
          "Scanning", total: nil, unit: .counted("files"), prefix: "[2/2]")
        scanBar = bar
      }
      if let scanBar, !scanBar.isFinished {
        let t = min(time, scan.upperBound) - scan.lowerBound
        scanBar.set(completed: Int(380 * t + 60 * sin(t * 5)))
        scanBar.message = ["~/photos", "~/music", "~/documents"][min(2, Int(t / 1.3))]
        while nextFinding < findings.count, findings[nextFinding].0 <= time {
          print(findings[nextFinding].1, to: &log)
          nextFinding += 1
        }
        if time >= scan.upperBound {
          let files = ProgressUnit.counted("files").amount(Double(scanBar.completed))
          scanBar.finish(.leave, message: "")
          print("✔ scanned \(files)", to: &log)
        }
      }
      if time >= duration { break }
      sleep(seconds: 1.0 / 60 / max(1, speed / 4))
    }
  }

  static func sleep(seconds: Double) {
    var request = timespec(tv_sec: 0, tv_nsec: Int(seconds * 1e9))
    _ = nanosleep(&request, nil)
  }
}
