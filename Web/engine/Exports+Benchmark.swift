//===----------------------------------------------------------------------===//
// ProgressEngine for WebAssembly: the benchmark export, in the module
// Scripts/build-wasm.sh builds with --benchmark only.
//===----------------------------------------------------------------------===//

import ProgressIndicatorKit
import ProgressStateMachine
import ProgressTrace
import Timeline

// Only in the module Scripts/build-wasm.sh builds with --benchmark, for
// Web/tools/bench.mjs: the shipped module carries no benchmark code.
#if PROGRESS_WASM_BENCHMARK

  /// Samples `count` frames without writing them out.
  ///
  /// At `time`, `time + step`, …; answers a sum of what they show: the loop of
  /// progress-bench's `frame.*` benchmarks, to compare one frame sample in
  /// wasm with native (Web/tools/bench.mjs). -1 for a handle that is not live.
  @_expose(wasm, "pe_bench_frames")
  @_cdecl("pe_bench_frames")
  public func peBenchFrames(_ handle: Int32, _ count: Int32, _ time: Double, _ step: Double)
    -> Double
  {
    let sum = withRuntime(handle) { runtime -> Double in
      var sum = 0.0
      var now = time
      for _ in 0..<Int(max(count, 0)) {
        let frame = sampleFrame(of: runtime, at: now)
        sum +=
          frame.presentedProgress + Double(frame.segments.count) + (frame.segments.first?.end ?? 0)
        now += step
      }
      return sum
    }
    return sum ?? -1
  }

  /// One frame sample, not inlined into the benchmark loop (the engine's own
  /// call, as native code makes it, and no second copy of it in the module).
  @inline(never)
  func sampleFrame(of runtime: IndicatorRuntime, at time: Double) -> ProgressFrame {
    runtime.frame(at: time)
  }
#endif
