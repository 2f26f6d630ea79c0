//===----------------------------------------------------------------------===//
// ProgressTerminal: the steady tick — a thread that redraws when a redraw is due
// (TB-5).
//===----------------------------------------------------------------------===//

import CTerminalSupport

extension DashboardCore {
  func startTickerThread() {
    let context = Unmanaged.passRetained(self).toOpaque()
    var thread: UInt = 0
    let status = progress_thread_start(
      &thread,
      { context in
        guard let context else { return }
        let core = Unmanaged<DashboardCore>.fromOpaque(context).takeRetainedValue()
        core.runTicker()
      }, context)
    if status != 0 {
      Unmanaged<DashboardCore>.fromOpaque(context).release()
      state.withLock { $0.tickerThread = nil }
      return
    }
    let stopped = state.withLock { state -> Bool in
      if state.stopTicker { return true }
      state.tickerThread = thread
      return false
    }
    if stopped { progress_thread_join(thread) }
  }

  /// The steady tick: draw when due, sleep until the scheduler's wake time
  /// or a signal (a bar added, finished or removed).
  func runTicker() {
    while true {
      let elapsed = clock.elapsed()
      let (wake, stop) = state.withLock { state -> (Double, Bool) in
        if state.stopTicker { return (0, true) }
        step(&state, elapsed: elapsed)
        return (wakeTime(state), false)
      }
      if stop { return }
      // Woken early (a bar added, finished or removed) or not, look again.
      clock.sleep(until: wake, orUntil: signal)
    }
  }
}
