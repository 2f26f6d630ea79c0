//===----------------------------------------------------------------------===//
// terminal-workloads: small programs that drive a TerminalDashboard the way
// real programs do, for the end-to-end tests that run them in tmux (TB-11 to
// TB-14). Not a product.
//
//   TerminalWorkloads pool N [PAUSE_MS]   N short-lived bars: add, fill,
//                                         finish(.clear), println
//   TerminalWorkloads leave N [PAUSE_MS]  N bars filled and left on screen,
//                                         each while the next runs
//   TerminalWorkloads live BARS LINES     BARS running bars, LINES printed
//                                         20 ms apart, then all cleared
//   TerminalWorkloads stream LINES        3 running bars and LINES printed
//                                         10 ms apart, then all cleared
//   TerminalWorkloads order               finish, println, addBar back to back
//
// The dashboard writes to standard output.
//===----------------------------------------------------------------------===//

import ProgressTerminal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

func pause(milliseconds: Int) {
  guard milliseconds > 0 else { return }
  var request = timespec(tv_sec: milliseconds / 1000, tv_nsec: (milliseconds % 1000) * 1_000_000)
  _ = nanosleep(&request, nil)
}

/// Running bars, `lines` lines printed `interval` ms apart, then the bars cleared.
func printWhileRunning(bars count: Int, lines: Int, interval: Int, on dashboard: TerminalDashboard)
{
  let bars = (1...max(1, count)).map { dashboard.addBar("bar \($0)", total: lines) }
  for line in 1...max(1, lines) {
    for bar in bars { bar.advance() }
    dashboard.println("printed line \(line) of \(lines)")
    pause(milliseconds: interval)
  }
  for bar in bars { bar.finish(.clear) }
}

let arguments = CommandLine.arguments.dropFirst().map { $0 }
let number = { (index: Int, fallback: Int) in
  arguments.count > index ? Int(arguments[index]) ?? fallback : fallback
}
let dashboard = TerminalDashboard(output: .standardOutput)
switch arguments.first {
case "pool":
  for item in 1...max(1, number(1, 40)) {
    let bar = dashboard.addBar("item \(item)", total: 4096, unit: .bytes)
    for _ in 0..<4 { bar.advance(by: 1024) }
    bar.finish(.clear)
    dashboard.println("processed item \(item)")
    pause(milliseconds: number(2, 0))
  }
case "leave":
  var previous: ProgressBar?
  for item in 1...max(1, number(1, 40)) {
    let bar = dashboard.addBar("left \(item)", total: 10)
    previous?.finish()
    bar.advance(by: 10)
    pause(milliseconds: number(2, 0))
    previous = bar
  }
  previous?.finish()
case "live":
  printWhileRunning(bars: number(1, 60), lines: number(2, 18), interval: 20, on: dashboard)
case "stream":
  printWhileRunning(bars: 3, lines: number(1, 150), interval: 10, on: dashboard)
case "order":
  let scan = dashboard.addBar("Scan", total: 10)
  scan.advance(by: 10)
  scan.finish()
  dashboard.println("found 10 files")
  let total = dashboard.addBar("Total", total: 10)
  total.advance(by: 10)
  total.finish()
default:
  print("usage: TerminalWorkloads pool|leave|live|stream|order [NUMBERS]")
  exit(2)
}
dashboard.finish()
