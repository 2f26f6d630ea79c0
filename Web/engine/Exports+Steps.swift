//===----------------------------------------------------------------------===//
// ProgressEngine for WebAssembly: steps and frames — the runtime's step (the
// one every host takes), its wake time and deadline, the joining transition,
// the frame at a time.
//===----------------------------------------------------------------------===//

import ProgressIndicatorKit
import ProgressStateMachine
import ProgressTrace
import Timeline

/// Steps an indicator to `time`: its runtime's step, as every host takes it
/// (FR-8, FR-11).
///
/// Writes the step record (layout `step`): the time used, the number of
/// transitions — each written after it as a transition record, in order
/// (what queued events did, then the tick of what fell due) — whether a
/// frame was written into the frame record (with the effects cadence the
/// still frame), whether the motion changed, the wake time after the step,
/// and the time asked when it was earlier than the indicator's (NaN
/// otherwise; TM-6). Answers 1 when a frame was written, 0 when none, -1
/// for a handle that is not live.
@_expose(wasm, "pe_step")
@_cdecl("pe_step")
public func peStep(_ handle: Int32, _ time: Double) -> Int32 {
  beginCall()
  // The runtime's own step, writing its frame, when it has one, here.
  var frame: ProgressFrame?
  guard
    let (step, regression, wake, deadline, now) = withRuntime(
      handle,
      { runtime in
        let regression = runtime.timeRegression(at: time)
        // An earlier time is the indicator's time (TM-3).
        let step = runtime.step(to: regression?.used ?? time, into: &frame)
        return (step, regression, runtime.wakeTime, runtime.deadline, runtime.time)
      })
  else { return Status.badHandle }
  let writer = startRecord(&record, .step)
  writer.set(StepMember.time, now)
  writer.set(StepMember.transitionCount, Double(step.transitions.count))
  writer.set(StepMember.hasFrame, step.hasFrame)
  writer.set(StepMember.motionChanged, step.motionChanged)
  writer.set(StepMember.wakeTime, wake)
  writer.set(StepMember.requestedTime, regression?.requested ?? .nan)
  for transition in step.transitions {
    _ = putTransition(.transition(transition), deadline: deadline)
  }
  guard step.hasFrame, let frame else { return 0 }
  putFrame(frame)
  return 1
}

/// The earliest time an indicator needs a step (its runtime's wake time):
/// +∞ while idle; NaN for a handle that is not live (a wake time never is).
@_expose(wasm, "pe_wake_time")
@_cdecl("pe_wake_time")
public func peWakeTime(_ handle: Int32) -> Double {
  withRuntime(handle) { $0.wakeTime } ?? .nan
}

/// The machine's next deadline (MS-5).
///
/// When a tween ends or an announcement falls due; +∞ when none is pending
/// (a loop has none); NaN for a handle that is not live. A host that
/// animates natively steps then.
@_expose(wasm, "pe_deadline")
@_cdecl("pe_deadline")
public func peDeadline(_ handle: Int32) -> Double {
  withRuntime(handle) { $0.deadline } ?? .nan
}

/// Writes the indicator's joining transition (FR-12).
///
/// The effects that bring a host that has performed none to its state at
/// its time — what a host that makes a view for it performs first. Answers
/// 0, or -1 for a handle that is not live.
@_expose(wasm, "pe_join")
@_cdecl("pe_join")
public func peJoin(_ handle: Int32) -> Int32 {
  beginCall()
  return withRuntime(handle) { putTransition(.transition($0.joining), deadline: $0.deadline) }
    ?? Status.badHandle
}

/// Whether an indicator's frames change with time; -1 for a handle that is
/// not live.
@_expose(wasm, "pe_is_animating")
@_cdecl("pe_is_animating")
public func peIsAnimating(_ handle: Int32) -> Int32 {
  withRuntime(handle) { $0.isAnimating ? 1 : 0 } ?? Status.badHandle
}

/// Writes the frame at `time` into the frame record without stepping (a
/// trace samples every time); answers 0, or -1 for a handle that is not
/// live.
@_expose(wasm, "pe_frame")
@_cdecl("pe_frame")
public func peFrame(_ handle: Int32, _ time: Double) -> Int32 {
  beginCall()
  guard let frame = withRuntime(handle, { $0.frame(at: time) }) else {
    return Status.badHandle
  }
  putFrame(frame)
  return 0
}
