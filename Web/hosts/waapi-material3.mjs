// Material 3 for the Web Animations host (waapi-host.mjs): the gap between
// indicator and track that follows the presented progress (MT-14), the stop
// indicator (MT-15) and the wave (MT-13, MT-17), all as browser animations
// started from the machine's effects — no JavaScript per frame. Docs/web.md.
//
// Every number comes from the engine: the gap, its ramp, the stop dot's size
// and the wave's full amplitude, wavelength and speed from the motion record
// (Indicator.motion().material3); the amplitude's tweens and the wave clock
// from the effects (animateWaveAmplitude, setWaveAmplitude, startWave,
// suspendWave, resumeWave, stopWave).
//
// - The wave clock is one animation of the registered, inherited --pe-wave
//   (0 → 1 linearly, once a wavelength, 1 / speed seconds, for ever) on the
//   strokes' group, placed, held and released on the engine's clock as the
//   loop's animations are (MT-7, VS-9).
// - A wavy stroke's path is the wave drawn one wavelength (a turn on a
//   ring) before the path's start; --pe-wave translates it along the bar
//   (rotates it on the ring) by a wavelength a cycle, and moves its dash
//   back by as much, so the stretch stays where the bar says while the wave
//   travels through it. Its pathLength is its length along the path, so
//   dashes are distances along the path as for a flat stroke.
// - The amplitude is the path data itself: an animation of `d` between the
//   wave at the tween's two amplitudes (path data interpolates point by
//   point: amplitude × cos, linear in the amplitude), with the tween's
//   duration and CSS easing text, × the visible fraction.

import { svgNumber as n, waveSegmentCount } from "../contract/progress-engine.mjs";

const SVG = "http://www.w3.org/2000/svg";
/** The documents the wave's property is registered in (a registration is a document's). */
const registered = new WeakSet();

/** Registers the wave's clock, --pe-wave, in `document` (numbers interpolate). */
export function registerWave(document = globalThis.document) {
  const css = document?.defaultView?.CSS;
  if (!css?.registerProperty || registered.has(document)) return;
  registered.add(document);
  try {
    css.registerProperty({ name: "--pe-wave", syntax: "<number>", inherits: true, initialValue: "0" });
  } catch {
    // Already registered by another copy of this module.
  }
}


/** Whether a tween still moves at `time`. */
const moving = (tween, time) => tween !== null && tween.duration > 0 && time < tween.start + tween.duration;

export class Material3Layer {
  constructor(view) {
    registerWave();
    this.view = view;
    this.stop = null;      // the stop dot, made when first needed
    this.trackKey = "";    // what the track's styles were last written for
    this.motion = null;    // motion.material3, while Material 3 is configured
    this.path = null;      // the motion's whole path
    this.clock = null;     // Placed: the wave clock (--pe-wave)
    this.amplitude = null; // the amplitude's tween {from, to, start, duration, easing}
    this.shapes = [];      // Placed: the wavy strokes' `d` animations
    this.trackProgress = null;  // the bar's presented progress followed on the track (the gap follows it)
    this.wavy = false;
    this.dirty = false;
  }

  /** Its own animations (the track's copy of the progress is the bar's tween's, WA-25). */
  *animations() {
    if (this.clock) yield this.clock;
    yield* this.shapes;
  }

  /** Performs the effects that concern Material 3, in order (MS-7). */
  perform(transition) {
    const { time } = transition;
    const { view } = this;
    for (const effect of transition.effects) {
      switch (effect.kind) {
        case "startWave":
          this.clock?.animation.cancel();
          this.clock = this.startClock(effect.start);
          break;
        case "stopWave":
          this.clock?.animation.cancel();
          this.clock = null;
          this.amplitude = null;
          this.dirty = true;
          break;
        case "suspendWave":
          if (this.clock && this.clock.heldMs === null) view.hold(this.clock, effect.start);
          break;
        case "resumeWave":
          if (this.clock) view.release(this.clock, effect.start);
          break;
        case "setWaveAmplitude":
          this.amplitude = { from: effect.to, to: effect.to, start: time, duration: 0, easing: "linear" };
          this.dirty = true;
          break;
        case "animateWaveAmplitude":
          this.amplitude = { from: effect.from, to: effect.to, start: effect.start,
            duration: effect.duration, easing: effect.easing };
          this.dirty = true;
          break;
        case "setVisibility":
        case "animateVisibility":
        case "cancelVisibilityAnimation":
          this.dirty = true;
          break;
        default:
          break;
      }
    }
    // Drawn now: the engine may say no still part changed (WA-21) — an
    // amplitude tween of a wave that stands, a hide of one — so the update
    // after may not come. The update re-draws only what a new motion changes.
    if (this.dirty && this.wavy) {
      this.shape(time);
      this.dirty = false;
    }
  }

  /** The wave clock from `origin`: --pe-wave runs 0 → 1 once a wavelength. */
  startClock(origin) {
    const animation = this.view.animate(this.view.strokes, [{ "--pe-wave": "0" }, { "--pe-wave": "1" }],
      { duration: this.period(), iterations: Infinity });
    return this.view.place(animation, origin);
  }

  /** A wavelength's time in milliseconds (a speed of 0 stands still). */
  period() {
    const speed = this.motion?.wave?.speed ?? 1;
    return speed > 0 ? 1000 / speed : 1e15;
  }

  /**
   * Reads the statics after a transition (after the host's own update): the
   * motion's Material 3 numbers, the type, the theme.
   */
  update(frame, motion, laidOut) {
    const { view } = this;
    const material3 = motion.material3;
    this.motion = material3;
    this.path = motion.path;
    // The track reads the presented progress (the gap follows it): the
    // bar's tweened property, followed on the track while Material 3 is on.
    if (material3 && !this.trackProgress) this.trackProgress = view.progressTween.follow(view.track);
    if (!material3 && this.trackProgress) {
      view.progressTween.unfollow(this.trackProgress);
      this.trackProgress = null;
    }
    const wave = material3?.wave ?? null;
    if (wave && !this.clock) {
      // An indicator made before this view: its wave as it is now.
      const { now } = wave;
      this.clock = this.startClock(frame.time - now.time);
      if (!now.running) view.hold(this.clock, frame.time);
      this.amplitude = { from: now.level, to: now.level, start: frame.time, duration: 0, easing: "linear" };
      this.dirty = true;
    }
    if (this.clock) this.clock.animation.effect.updateTiming({ duration: this.period() });
    const wavy = wave !== null;
    if (wavy !== this.wavy || (laidOut && wavy)) {
      this.wavy = wavy;
      this.dirty = true;
      if (wavy) this.layOutWave(motion);
      else this.unlayWave(laidOut);
    }
    this.layOutTrack(frame, motion, laidOut);
    if (this.dirty) this.shape(frame.time);
    this.dirty = false;
  }

  /**
   * Whether the track is drawn: a Material 3 track may be left out of a
   * frame because the gap leaves none of it, not because there is none.
   */
  showsTrack(frame, motion) {
    const m = motion.material3;
    if (!m || frame.progressType !== "determinate") return frame.track !== null;
    return m.track && !frame.isHidden && frame.visibleFraction > 0;
  }

  /** The gap before the track and the stop dot (MT-14, MT-15), determinate only. */
  layOutTrack(frame, motion, laidOut) {
    const { view } = this;
    const m = this.motion;
    const gapped = m !== null && frame.progressType === "determinate";
    // Written only when what they are made of changes (a write restyles);
    // nothing at all for an indicator that never had Material 3.
    const key = gapped ? `${view.motionKey}|${frame.theme.progress.css}` : "";
    if (key === this.trackKey && !(laidOut && gapped)) return;
    this.trackKey = key;
    const { path } = motion;
    const width = path.lineWidth;
    const track = view.track.style;
    if (!gapped) {
      track.strokeDasharray = "";
      track.strokeDashoffset = "";
      track.strokeWidth = `calc(${width}px * var(--pe-visible))`;
      if (this.stop) this.stop.style.display = "none";
      return;
    }
    const line = path.kind === "line";
    const length = line ? Math.abs(path.toX - path.fromX) : 2 * Math.PI * path.radius;
    // In points along the path: the presented progress, clamped, and the gap
    // and the two half caps, ramped to 0 within gapRamp of either end.
    const p = "clamp(0, var(--pe-progress), 1)";
    const ramp = `min(1, max(0, ${p} / ${m.gapRamp}), max(0, (1 - ${p}) / ${m.gapRamp}))`;
    const space = `(${m.gap} + ${width} * var(--pe-visible)) * ${ramp}`;
    const start = `(${p} * ${length} + ${space})`;
    const end = line ? `${length}` : `(${length} - ${space})`;
    track.strokeDasharray = `calc(max(0, ${end} - ${start}) * 1px) ${n(Math.min(4 * length + 1, Number.MAX_VALUE))}px`;
    track.strokeDashoffset = `calc(-1px * ${start})`;
    track.strokeWidth = `calc(${width}px * var(--pe-visible) * clamp(0, (${end} - ${start}) * 1000000, 1))`;
    const dot = line && m.track;
    if (dot && !this.stop) {
      this.stop = document.createElementNS(SVG, "circle");
      this.stop.setAttribute("data-role", "stop");
      view.strokes.appendChild(this.stop);
    }
    if (this.stop) this.stop.style.display = dot ? "" : "none";
    if (dot) {
      this.stop.setAttribute("cx", n(path.toX));
      this.stop.setAttribute("cy", n(path.centerY));
      this.stop.style.r = `calc(${m.stopSize / 2}px * var(--pe-visible))`;
      this.stop.style.fill = `var(--progress-indicator-color, ${frame.theme.progress.css.slice(0, 7)})`;
      this.stop.setAttribute("fill-opacity", n(frame.theme.progress.alpha));
    }
  }

  /** The wavy strokes: the bar and the loop's segments (MT-13). */
  layOutWave(motion) {
    const { view } = this;
    const { path } = motion;
    const { wavelength } = this.motion.wave;
    const width = path.lineWidth;
    const drawnWidth = (extent) => `calc(${width}px * var(--pe-visible) * clamp(0, (${extent}) * 1000000, 1))`;
    const line = path.kind === "line";
    const length = line ? Math.abs(path.toX - path.fromX) : 2 * Math.PI * path.radius;
    // One wavelength before the path's start on a bar, one turn on a ring.
    const before = line ? wavelength : length;
    // A turn before 12 o'clock, the loop's stretch and a turn it may be turned by.
    const turns = line ? 1 : 2 + Math.ceil(motion.pathDegrees / 360);
    const extent = line ? length + 2 * wavelength : turns * length;
    this.extent = extent;
    this.length = length;
    this.before = before;
    // The wave's travel: a wavelength a cycle, along the bar or around the ring.
    const travel = line
      ? `translateX(calc(var(--pe-wave) * ${Math.sign(path.toX - path.fromX) * wavelength}px))`
      : `rotate(calc(var(--pe-wave) * ${(wavelength / length) * 360}deg))`;
    const dash = (node, start, end, along) => {
      node.setAttribute("pathLength", n(extent));
      node.style.strokeDasharray = `calc(max(0, ${end} - ${start}) * ${along}px) ${n(Math.min(2 * extent + 1, Number.MAX_VALUE))}px`;
      node.style.strokeDashoffset =
        `calc(var(--pe-wave) * ${wavelength}px - ${before}px - ${start} * ${along}px)`;
      node.style.strokeWidth = drawnWidth(`${end} - ${start}`);
      node.setAttribute("stroke-linejoin", "round");
    };
    dash(view.bar, "0", "clamp(0, var(--pe-progress), 1)", length);
    view.bar.style.transform = travel;
    const along = line ? length : length * motion.pathDegrees / 360;
    // A ring's loop turns its arc and the wave on it together (MT-26: the
    // wave's distances from 12 o'clock turned with the segment): one
    // rotation, the loop's turn and the wave's travel.
    const turned = `rotate(calc(var(--pe-turn) * 1deg + var(--pe-wave) * ${(wavelength / length) * 360}deg))`;
    view.loopSegments.forEach((node, k) => {
      dash(node, `var(--pe-start${k})`, `var(--pe-end${k})`, along);
      node.style.transform = line ? travel : turned;
    });
  }

  /** Back to the host's flat strokes (its layOut has set their dashes when it ran). */
  unlayWave(laidOut) {
    for (const placed of this.shapes) placed.animation.cancel();
    this.shapes = [];
    for (const node of [this.view.bar, ...this.view.loopSegments]) {
      node.removeAttribute("pathLength");
      node.style.d = "";
    }
    if (!laidOut) this.view.layOut(this.view.motion);
  }

  /**
   * The wave's path data at `scale` × the full amplitude: the engine's
   * points a wavelength, at most its maximum (MT-17), from one wavelength (a
   * turn) before the path's start.
   */
  wavePath(scale) {
    const { path } = this;
    const { amplitude, wavelength } = this.motion.wave;
    const count = waveSegmentCount(this.motion.wave, this.extent);
    const offset = (s) => scale * amplitude * Math.cos(2 * Math.PI * (s / wavelength));
    let d = "";
    for (let index = 0; index <= count; index++) {
      const s = this.extent * (index / count) - this.before;  // the fraction first: no overflow
      let x;
      let y;
      if (path.kind === "line") {
        x = path.fromX + Math.sign(path.toX - path.fromX) * s;
        y = path.centerY - offset(s);
      } else {
        const radians = (2 * Math.PI * s) / this.length;
        const radius = path.radius - offset(s);
        x = path.center.x + radius * Math.sin(radians);
        y = path.center.y - radius * Math.cos(radians);
      }
      d += `${index === 0 ? "M" : "L"}${n(x)} ${n(y)}`;
    }
    return `path("${d}")`;
  }

  /**
   * The wavy strokes' path data: the amplitude's tween × the visible
   * fraction, as one `d` animation a stroke driven by whichever of the two
   * moves (both rarely move at once; then the amplitude's tween drives, at
   * the visibility's end value).
   */
  shape(time) {
    for (const placed of this.shapes) placed.animation.cancel();
    this.shapes = [];
    const nodes = [this.view.bar, ...this.view.loopSegments];
    if (!this.wavy || !this.amplitude) return;
    const { view } = this;
    // The visible fraction's tween as the engine gave it, or its still value
    // (from = to): the host's TweenedProperty knows both (WA-23, WA-25).
    const tween = view.visibility ? view.visibleTween.tween() : null;
    const still = view.visibleTween.to;
    const amplitude = this.amplitude;
    let driver = null;
    let keys;
    if (moving(amplitude, time)) {
      const v = moving(tween, time) ? tween.to : tween ? tween.to : still;
      driver = amplitude;
      keys = [amplitude.from * v, amplitude.to * v];
    } else if (moving(tween, time)) {
      driver = tween;
      keys = [amplitude.to * tween.from, amplitude.to * tween.to];
    } else {
      const value = this.wavePath(amplitude.to * (tween ? tween.to : still));
      for (const node of nodes) node.style.d = value;
      return;
    }
    const frames = [{ d: this.wavePath(keys[0]) }, { d: this.wavePath(keys[1]) }];
    for (const node of nodes) {
      node.style.d = "";
      const animation = view.animate(node, frames,
        { duration: driver.duration * 1000, easing: driver.easing, fill: "both" });
      this.shapes.push(view.place(animation, driver.start));
    }
  }

  destroy() {
    for (const placed of [...this.animations()]) placed.animation.cancel();
    if (this.trackProgress) this.view.progressTween.unfollow(this.trackProgress);
    this.clock = this.trackProgress = null;
    this.shapes = [];
  }
}
