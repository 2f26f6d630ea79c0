//===----------------------------------------------------------------------===//
// ProgressEngine for WebAssembly: events, and the transition and effect
// records they answer with.
//===----------------------------------------------------------------------===//

import ProgressIndicatorKit
import ProgressStateMachine
import ProgressTrace
import Timeline

/// Appends a transition record to the record: its outcome and reason, the
/// request's completion identity (-1 for none), then the completions and
/// the announcements it delivered (in layouts `completion` and
/// `announcement`, one after another, after the record), the indicator's
/// next deadline after it (`pe_deadline`'s value, +∞
/// when none), so that a host schedules its timer without another call
/// (WA-3), and the time asked when it was earlier than the indicator's
/// (NaN otherwise; TM-6).
///
/// Not inlined: one copy for every call that writes a transition.
@inline(never)
func putTransition(
  _ applied: TraceScenario.Applied, deadline: Double
) -> Int32 {
  var transition: ProgressTransition?
  if case .transition(let made) = applied { transition = made }
  // By position: an iterator would copy the effects (four inline) each loop.
  let effects = transition?.effects ?? ProgressEffects()
  let effectLength = layouts[LayoutID.effect.rawValue].length
  let base = appendRecord(
    layouts[LayoutID.transition.rawValue].length + effects.count * effectLength)
  let writer = RecordView(buffer: record.base, layout: .transition, base: base)
  var outcome = 0.0
  switch applied {
  case .transition(let made):
    switch made.outcome {
    case .applied: break
    case .ignored(let reason):
      outcome = 1
      writer.setText(TransitionMember.reason, reason.rawValue)
    case .rejected(let error):
      outcome = 2
      switch error {
      case .progressIsNaN: writer.setText(TransitionMember.reason, "progressIsNaN")
      case .invalidTime: writer.setText(TransitionMember.reason, "invalidTime")
      case .invalidMaterial3: writer.setText(TransitionMember.reason, "invalidMaterial3")
      }
    }
  case .resized: break
  case .refused(let reason):
    outcome = 2
    writer.setText(TransitionMember.reason, reason)
  }
  writer.set(TransitionMember.outcome, outcome)
  writer.set(TransitionMember.completion, transition?.completion.map { Double($0.rawValue) } ?? -1)
  writer.set(TransitionMember.requestedTime, transition?.timeRegression?.requested ?? .nan)
  writer.set(TransitionMember.time, transition?.time ?? 0)
  writer.set(TransitionMember.deadline, deadline)
  writer.set(TransitionMember.effectCount, Double(effects.count))
  // Every effect, in order: what a host that animates natively performs,
  // the completions and announcements among them.
  var next = base + layouts[LayoutID.transition.rawValue].length
  for index in effects.indices {
    putEffect(RecordView(buffer: record.base, layout: .effect, base: next), effects[index])
    next += effectLength
  }
  return Int32(outcome)
}

/// Writes one effect (layout `effect`): its kind (the `effect` codes), a
/// value in `to` (a time in `start`), and a tween's values, start,
/// duration and CSS easing text.
func putEffect(_ writer: RecordView, _ effect: ProgressEffect) {
  var kind = EffectCode.setPresentedProgress
  var tween: Tween?
  switch effect {
  case .setPresentedProgress(let value): writer.set(EffectMember.to, value)
  case .animatePresentedProgress(let made):
    kind = .animatePresentedProgress
    tween = made
  case .cancelProgressAnimation: kind = .cancelProgressAnimation
  case .startIndeterminateAnimation(let time):
    kind = .startIndeterminateAnimation
    writer.set(EffectMember.start, time)
  case .stopIndeterminateAnimation: kind = .stopIndeterminateAnimation
  case .suspendIndeterminateAnimation(let time):
    kind = .suspendIndeterminateAnimation
    writer.set(EffectMember.start, time)
  case .resumeIndeterminateAnimation(let time):
    kind = .resumeIndeterminateAnimation
    writer.set(EffectMember.start, time)
  case .setVisibility(let value):
    kind = .setVisibility
    writer.set(EffectMember.to, value)
  case .animateVisibility(let made):
    kind = .animateVisibility
    tween = made
  case .cancelVisibilityAnimation: kind = .cancelVisibilityAnimation
  case .complete(let id, let finished):
    kind = .complete
    writer.set(EffectMember.from, Double(id.rawValue))
    writer.set(EffectMember.to, finished)
  case .announce(let value):
    kind = .announce
    writer.setText(EffectMember.announcement, value.description)
  case .startWave(let time):
    kind = .startWave
    writer.set(EffectMember.start, time)
  case .stopWave: kind = .stopWave
  case .suspendWave(let time):
    kind = .suspendWave
    writer.set(EffectMember.start, time)
  case .resumeWave(let time):
    kind = .resumeWave
    writer.set(EffectMember.start, time)
  case .setWaveAmplitude(let value):
    kind = .setWaveAmplitude
    writer.set(EffectMember.to, value)
  case .animateWaveAmplitude(let made):
    kind = .animateWaveAmplitude
    tween = made
  }
  writer.set(EffectMember.kind, Double(kind.rawValue))
  if let tween {
    writer.set(EffectMember.from, tween.from)
    writer.set(EffectMember.to, tween.to)
    writer.set(EffectMember.start, tween.start)
    writer.set(EffectMember.duration, tween.timing.duration)
    writer.setText(EffectMember.easing, tween.timing.easing.cssText)
  }
}

/// Applies an action to an indicator at `time` and writes its transition
/// record.
///
/// What `pe_send`, `pe_event` and `pe_scenario_send` share. Answers the
/// outcome, or -1 for a handle that is not live.
@inline(never)
func send(_ action: TraceScenario.Action, to handle: Int32, at time: Double) -> Int32 {
  guard
    let (applied, deadline) = withRuntime(
      handle, { (TraceScenario.apply(action, to: &$0, at: time), $0.deadline) })
  else { return Status.badHandle }
  return putTransition(applied, deadline: deadline)
}

/// Sends a common event given as numbers: the same action `pe_send` makes
/// of the event's JSON object, applied the same way, without writing and
/// reading JSON text.
///
/// `kind` is an `event` code: `setProgress` (`value`, `animated`),
/// `setHidden` (hidden when `value` ≠ 0; `animated`),
/// `startIndeterminateAnimation`, `stopIndeterminateAnimation`,
/// `setProgressType` (`value` a `progressType` code). Writes the
/// transition record. Answers the outcome, -1 for a handle that is not
/// live, -2 with the error record for a kind that is not an event code (or
/// a progress type that is not a code).
@_expose(wasm, "pe_event")
@_cdecl("pe_event")
public func peEvent(
  _ handle: Int32, _ kind: Int32, _ value: Double, _ animated: Int32, _ time: Double
) -> Int32 {
  beginCall()
  let action: TraceScenario.Action
  let code = EventCode(rawValue: Int(kind))
  switch code {
  case .setProgress: action = .setProgress(value: value, animated: animated != 0)
  case .setHidden: action = .setHidden(value != 0, animated: animated != 0)
  case .startIndeterminateAnimation: action = .startIndeterminateAnimation
  case .stopIndeterminateAnimation: action = .stopIndeterminateAnimation
  case .setProgressType where value == 0 || value == 1:
    action = .setProgressType(value == 0 ? .determinate : .indeterminate)
  default:
    guard withRuntime(handle, { _ in }) != nil else { return Status.badHandle }
    return fail(
      code == .setProgressType
        ? ScenarioError(path: "$.value", message: "not a progressType code")
        : ScenarioError(path: "$.type", message: "not an event code"))
  }
  return send(action, to: handle, at: time)
}

extension Setup {
  /// A runtime's configuration and size, as a `configure` event's base.
  static func current(of runtime: IndicatorRuntime) -> Setup {
    Setup(
      configuration: runtime.configuration, progressType: nil, size: runtime.size)
  }
}
