//===----------------------------------------------------------------------===//
// ProgressEngine for WebAssembly: the table of live indicators, each an
// `IndicatorRuntime`: create, destroy, count.
//===----------------------------------------------------------------------===//

import ProgressIndicatorKit
import ProgressStateMachine
import ProgressTrace
import Timeline

/// A live indicator's runtime, in a box of its own: the table holds
/// references, so growing it or filling a slot copies no runtime.
final class RuntimeBox {
  var runtime: IndicatorRuntime

  init(_ runtime: IndicatorRuntime) {
    self.runtime = runtime
  }
}

nonisolated(unsafe) var indicators: [RuntimeBox?] = []
nonisolated(unsafe) var freeSlots: [Int] = []

/// Runs `body` on the live indicator of `handle` in place, in its box
/// (never copied); `nil` for a handle that is not live.
func withRuntime<Result>(_ handle: Int32, _ body: (inout IndicatorRuntime) -> Result) -> Result? {
  let slot = Int(handle) - 1
  guard slot >= 0, slot < indicators.count, let box = indicators[slot] else { return nil }
  return body(&box.runtime)
}

/// The most indicators live at once: 1,000,000.
///
/// About 1.6 GB of the 4 GiB a 32-bit WebAssembly memory can reach (1,638
/// bytes each). Past it `create` is refused with an error, where an
/// allocation would otherwise fail and trap the module for good (RL-15).
let maximumLiveIndicators = 1_000_000

/// Adds a runtime to the table; answers its handle, or throws when
/// ``maximumLiveIndicators`` are live.
func insert(_ runtime: consuming IndicatorRuntime) throws(ScenarioError) -> Int32 {
  guard indicators.count - freeSlots.count < maximumLiveIndicators else {
    throw ScenarioError(
      path: "$",
      message:
        "\(maximumLiveIndicators) indicators are live, the most there may be; destroy one first")
  }
  let box = RuntimeBox(runtime)
  if let slot = freeSlots.popLast() {
    indicators[slot] = box
    return Int32(slot + 1)
  }
  indicators.append(box)
  return Int32(indicators.count)
}

/// A model, or the reason it could not be made as a `ScenarioError`.
func makeModel(
  _ setup: Setup, progress: Double, hidden: Bool, theme: ProgressTheme, measuredByHost: Bool,
  at time: Double, path: String
) throws(ScenarioError) -> ProgressIndicatorModel {
  do {
    let measurer: any TextMeasurer =
      measuredByHost ? HostTextMeasurer() : EstimatedTextMeasurer()
    return try ProgressIndicatorModel(
      configuration: setup.configuration, progressType: setup.progressType ?? .determinate,
      progress: progress, isHidden: hidden,
      size: setup.size ?? FrameSize(width: 320, height: 40), theme: theme, measurer: measurer,
      at: time)
  } catch {
    switch error {
    case .invalidSize: throw ScenarioError(path: path, message: "invalid size")
    case .machine(.progressIsNaN): throw ScenarioError(path: path, message: "progressIsNaN")
    case .machine(.invalidTime): throw ScenarioError(path: path, message: "invalidTime")
    case .machine(.invalidMaterial3):
      throw ScenarioError(path: path, message: "invalidMaterial3")
    }
  }
}

/// Destroys an indicator; its handle becomes invalid.
///
/// Answers 0, or -1 for a handle that is not live.
@_expose(wasm, "pe_destroy")
@_cdecl("pe_destroy")
public func peDestroy(_ handle: Int32) -> Int32 {
  guard withRuntime(handle, { _ in }) != nil else { return Status.badHandle }
  let slot = Int(handle) - 1
  indicators[slot] = nil
  freeSlots.append(slot)
  return 0
}

/// The number of live indicators.
@_expose(wasm, "pe_live_count")
@_cdecl("pe_live_count")
public func peLiveCount() -> Int32 { Int32(indicators.count - freeSlots.count) }
