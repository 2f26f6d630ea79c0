//===----------------------------------------------------------------------===//
// ProgressEngine for WebAssembly: the motion record, for a host that
// performs the moving part itself.
//===----------------------------------------------------------------------===//

import ProgressIndicatorKit
import ProgressStateMachine
import ProgressTrace
import Timeline

/// Writes an indicator's motion for a host that animates natively.
///
/// Layout `motion`, then its keyframes in layout `keyframe`: the whole path at the full line width, and the
/// indeterminate loop as keyframe tracks of path fractions with the CSS
/// easing text of each keyframe, from the loop's own timeline (IM-1 to
/// IM-4). Track 2k is stretch k's end, 2k + 1 its start (as `stretches`
/// reads them), each repeating every `period`; track 4 (Material 2 and
/// Material 3 circular) is the rotation in degrees over `period` ×
/// `turnPeriods` (Material 2's five turning cycles, IM-4; Material 3's one
/// period, MT-24; 0 without a rotation), so a host infers no span (WA-24).
/// With motion reduced the tracks are the static indication (IM-6),
/// constant.
/// Answers 0, or -1 for a handle that is not live.
@_expose(wasm, "pe_motion")
@_cdecl("pe_motion")
public func peMotion(_ handle: Int32) -> Int32 {
  beginCall()
  guard
    let (frame, state, time) = withRuntime(
      handle,
      {
        ($0.stillFrame(at: $0.time), $0.storedState, $0.time)
      })
  else { return Status.badHandle }
  let configuration = state.configuration
  let motion = IndeterminateMotion.motion(for: configuration, frame.shape)
  let keyframeLength = layouts[LayoutID.keyframe.rawValue].length
  var count = 0
  for track in motion.timeline.tracks { count += track.keyframes.offsets.count }
  let writer = startRecord(&record, .motion, extra: (count + 10) * keyframeLength)
  putGeometry(writer.part(MotionMember.path), frame.path)
  writer.set(MotionMember.period, motion.period)
  putMaterial3(writer, state, frame, at: time)
  var next = layouts[LayoutID.motion.rawValue].length
  var written = 0.0
  @inline(never)
  func key(_ track: Int, _ offset: Double, _ value: Double, _ easing: Easing? = nil) {
    let entry = RecordView(buffer: record.base, layout: .keyframe, base: next)
    entry.set(KeyframeMember.track, Double(track))
    entry.set(KeyframeMember.offset, offset)
    entry.set(KeyframeMember.value, value)
    entry.setText(KeyframeMember.easing, easing?.cssText ?? "linear")
    next += keyframeLength
    written += 1
  }
  if configuration.reducesMotion {
    let still = IndeterminateMotion.reducedStretch(frame.shape)
    writer.set(MotionMember.pathDegrees, 360)
    for offset in [0.0, 1.0] {
      key(0, offset, still.end)
      key(1, offset, still.start)
    }
  } else {
    writer.set(MotionMember.pathDegrees, motion.pathDegrees)
    // The stroke never drops below a line width (IM-4): on the head.
    let radius = frame.path.arcRadius
    let minimum =
      motion.family == .material && frame.shape == .circular && radius > 0
      ? frame.lineWidth / (2 * Double.pi * radius) : 0
    // Material 3 circular's second track is its rotation (MT-24): the turn,
    // track 4, over one period; its arc starts at the path's start, a
    // constant start track.
    let turnsOnItsOwn = motion.family == .material3 && frame.shape == .circular
    for (index, track) in motion.timeline.tracks.enumerated() {
      let keys = track.keyframes
      let wire = turnsOnItsOwn && index == 1 ? 4 : index
      for position in keys.offsets.indices {
        key(
          wire, keys.offsets[position], keys.values[position] + (index == 0 ? minimum : 0),
          keys.easings[position])
      }
    }
    if turnsOnItsOwn {
      key(1, 0, 0)
      key(1, 1, 0)
      writer.set(MotionMember.turnPeriods, 1)
    }
    if minimum > 0 {
      let cycles = IndeterminateMotion.turningCycles
      for cycle in 0..<Int(cycles) {
        let turn = Double(cycle) * IndeterminateMotion.cycleTurn
        key(4, Double(cycle) / cycles, turn)
        key(4, Double(cycle + 1) / cycles, turn + IndeterminateMotion.cycleSpin)
      }
      writer.set(MotionMember.turnPeriods, cycles)
    }
  }
  writer.set(MotionMember.keyframeCount, written)
  return 0
}

/// Writes Material 3's numbers into a motion record (MT-13 to MT-15): the
/// gap, its ramp and the stop indicator's size; the wave's full amplitude,
/// wavelength (fitted on a ring) and speed; and the wave as it is at `time`
/// — its amplitude's fraction, its clock's time and whether that clock runs
/// — for a host that joins an indicator already made.
func putMaterial3(
  _ writer: RecordView, _ state: ProgressState, _ frame: ProgressFrame, at time: Double
) {
  guard let style = state.configuration.material3 else { return }
  writer.set(MotionMember.material3, true)
  writer.set(MotionMember.track, state.configuration.showsTrack)
  writer.set(MotionMember.gap, Material3Metrics.gap)
  writer.set(MotionMember.gapRamp, Material3Metrics.gapRamp)
  writer.set(MotionMember.stopSize, Material3Metrics.stopSize)
  guard style.isWavy, let wave = state.wave else { return }
  let radius = frame.path.arcRadius
  writer.set(
    MotionMember.waveAmplitude,
    radius > 0 ? Material3Metrics.circularAmplitude : Material3Metrics.linearAmplitude)
  writer.set(
    MotionMember.waveWavelength,
    radius > 0
      ? Material3Metrics.closedWavelength(circumference: 2 * Double.pi * radius)
      : Material3Metrics.linearWavelength(state.progressType))
  writer.set(MotionMember.waveSpeed, style.waveSpeed)
  writer.set(MotionMember.waveLevel, wave.amplitude.value(at: time))
  writer.set(MotionMember.waveTime, wave.clock.loopTime(at: time))
  writer.set(MotionMember.waveRunning, !wave.clock.isSuspended)
}

extension SegmentGeometry {
  /// An arc's radius; 0 for a line.
  var arcRadius: Double {
    if case .arc(let arc) = self { return arc.radius }
    return 0
  }
}
