// Material 3 for the compositor view (waapi-view.mjs): the gap between the
// indicator and the track that follows the presented progress (MT-14), the
// stop indicator (MT-15) and the wave (MT-13, MT-17). Docs/web.md.
//
// Every number comes from the engine: the gap, its ramp, the stop dot's size
// and the wave's full amplitude, wavelength and speed from the motion record
// (Indicator.motion().material3); the amplitude's tweens and the wave clock
// from the effects.
//
// - The gap track is a stroke whose round start is at the presented
//   progress + the gap: on a bar, a capsule translated by that, in a clip
//   that ends at the path's end (whose cap is a dot); on a ring, an arc of
//   the view's half-ring structure from there to the gap before 12 o'clock.
// - The stop dot is scaled by the visible fraction about the stroke's bottom
//   edge: its size and its centre follow as the frame's do.
// - A wavy stroke is a pre-drawn wave — a strip along the bar, a closed wave
//   round the ring, at the amplitude of the moment — moved by the wave clock
//   (translated one wavelength a cycle, or turned one wave), and revealed by
//   clips the bar's progress or the loop's stretch moves, each with the
//   opposite move inside it so that the wave itself stays where the clock
//   puts it. A bar's round caps are dots that follow the wave up and down.
// - The amplitude is the strip's path data: still, or an animation of `d`
//   between the wave at the tween's two amplitudes (path data interpolates
//   point by point, and each point's offset is linear in the amplitude).
//   That is paint, not composited: it runs while an amplitude tweens (half
//   a second when the progress crosses 10 % or 95 %), and while a wavy ring
//   hides or shows (a ring's wave is as high as the visible fraction says).

import { svgNumber as n, waveSegmentCount } from "../contract/progress-engine.mjs";
import { sampled, tweenValue } from "./motion-keyframes.mjs";
import { Mover, at, box, sheet, stroke } from "./waapi-view.mjs";

const SVG = "http://www.w3.org/2000/svg";

/**
 * How far a wave has travelled after `waveTime` seconds at `speed`
 * wavelengths a second, in [0, 1): the engine's `WaveGeometry.offset`
 * (MT-29) — a product past the largest number is a whole number of
 * wavelengths, 0.
 */
export function waveOffset(waveTime, speed) {
  const travelled = waveTime * speed;
  if (!Number.isFinite(travelled)) return 0;
  const fraction = travelled - Math.floor(travelled);
  return fraction < 1 ? fraction : 0;
}

/**
 * The shortest wave period the compositor moves, in seconds (WA-57): a
 * millisecond, 1,000 wavelengths a second. A browser keeps an animation's
 * times to about a microsecond, so a shorter period drifts from the
 * engine's offset by a sizeable part of a wavelength within a second, and
 * at 10^308 wavelengths a second (MT-3 allows any finite speed) the period
 * in milliseconds is below the smallest normal number. A faster wave stands
 * at the engine's offset of the time it is drawn at (MT-29): at ≥ 2^53
 * wavelengths a second that is the frames' 0 from half a second on.
 */
export const SHORTEST_WAVE_PERIOD = 0.001;

/** The amplitude's fraction of the full one: a still value or a tween, as the effects give it. */
class Level {
  constructor() {
    this.value = 0;
    this.tween = null;
  }

  still(value) {
    this.value = value;
    this.tween = null;
  }

  at(time) {
    return this.tween ? tweenValue(this.tween, time - this.tween.start) : this.value;
  }
}

export class Material3Layer {
  constructor(view) {
    this.view = view;
    this.m = null;          // motion.material3, while Material 3 is configured
    this.clock = null;      // the wave clock: { origin, heldMs } on the engine's clock
    this.level = new Level();
    this.dirty = false;
  }

  /** Whether the motion's strokes are wavy. */
  get wavy() { return Boolean(this.m?.wave); }

  /** Performs the effects that concern Material 3, in order (MS-7). */
  perform(transition) {
    const { time } = transition;
    for (const effect of transition.effects) {
      switch (effect.kind) {
        case "startWave":
          this.clock = { origin: effect.start, heldMs: null };
          break;
        case "stopWave":
          this.clock = null;
          this.level.still(0);
          break;
        case "suspendWave":
          if (this.clock && this.clock.heldMs === null) this.clock.heldMs = (effect.start - this.clock.origin) * 1000;
          break;
        case "resumeWave":
          if (this.clock && this.clock.heldMs !== null) {
            this.clock.origin = effect.start - this.clock.heldMs / 1000;
            this.clock.heldMs = null;
          }
          break;
        case "setWaveAmplitude":
          this.level.still(effect.to);
          break;
        case "animateWaveAmplitude":
          this.level.tween = { from: effect.from, to: effect.to, start: effect.start, duration: effect.duration,
            easing: effect.easing };
          this.level.value = effect.to;
          break;
        default:
          continue;
      }
      this.dirty = true;
    }
    if (this.level.tween && time >= this.level.tween.start + this.level.tween.duration) {
      this.level.still(this.level.tween.to);
      this.dirty = true;
    }
  }

  /**
   * Reads Material 3's numbers from the motion. The wave's clock and
   * amplitude come from the effects only: a view made for an indicator whose
   * wave runs gets them from the joining transition (FR-12).
   */
  update(frame, motion) {
    const before = this.m;
    this.m = motion.material3 ?? null;
    if (JSON.stringify(before) !== JSON.stringify(this.m)) this.dirty = true;
  }

  /** Whether the plain track is drawn: a Material 3 determinate one is the gap track instead. */
  trackShown(parts) {
    const gapped = this.m !== null && !this.view.indeterminate;
    parts.showTrack(!gapped && this.view.trackPresent);
  }

  /**
   * Applies Material 3's state to the parts: the gap track and the stop dot
   * (determinate), the wave's clock and amplitude (wavy).
   */
  render(time, hidden, dirty) {
    const { view } = this;
    const parts = view.parts;
    const all = dirty.all || this.dirty;
    this.dirty = false;
    if (!parts) return;
    const gapped = this.m !== null && !view.indeterminate && this.m.track && !hidden;
    if (all || dirty.progress || dirty.visible) {
      if (parts.kind === "bar") this.barGap(parts, gapped);
      else this.ringGap(parts, gapped);
    }
    if (this.wavy && (all || dirty.visible || dirty.progress || dirty.loop)) this.waves(parts, time, hidden);
  }

  // MARK: the gap and the stop dot

  /** The gap's space before the track, in points: (gap + line width × visible) × the ramp (MT-14). */
  space(p, v, w) {
    const { m } = this;
    const shown = Math.min(Math.max(p, 0), 1);
    const ramp = Math.min(1, Math.max(0, shown / m.gapRamp), Math.max(0, (1 - shown) / m.gapRamp));
    return (m.gap + w * Math.min(Math.max(v, 0), 1)) * ramp;
  }

  barGap(parts, gapped) {
    const { view } = this;
    const { w, fromX, cy, dir, length } = parts;
    if (!gapped) {
      if (parts.gap) css(parts.gap.group, "display", "none");
      if (parts.gap) parts.gap.mover.stop();
      if (parts.stop) css(parts.stop.group, "display", "none");
      if (parts.stop) parts.stop.mover.stop();
      return;
    }
    if (!parts.gap) {
      // A clip that ends at the path's end (its cap a dot there), holding a
      // capsule whose round start is translated to the gap's end.
      const group = box(parts.thin);
      const toX = fromX + dir * length;
      const edge = Math.round(toX);
      const span = Math.ceil(length + 2 * w);
      const top = Math.floor(cy - w);
      const clipX = dir > 0 ? edge - span : edge;
      const clip = box(group, `width:${span}px;height:${Math.ceil(2 * w) + 2}px;overflow:hidden;`
        + `${at(clipX, top)}`);
      const reach = Math.min(2 * length + w, Number.MAX_VALUE / 4);
      const holder = box(clip);
      const capsule = sheet(holder, Math.min(fromX, fromX + dir * reach) - w, cy - w,
        Math.max(fromX, fromX + dir * reach) + w, cy + w, { x: clipX, y: top });
      const body = stroke(capsule, `M${n(fromX)} ${n(cy)}L${n(fromX + dir * reach)} ${n(cy)}`, w);
      const endDot = sheet(group, toX - w, cy - w, toX + w, cy + w);
      const cap = stroke(endDot, `M${n(toX)} ${n(cy)}L${n(toX)} ${n(cy)}`, w);
      parts.gap = { group, mover: new Mover(view, holder, "x"), strokes: [body, cap], endDot };
      // The stop dot: a circle at the path's end, scaled by the visible
      // fraction about the stroke's bottom edge (its size and centre as the frame's).
      const stopGroup = box(parts.root, `transform-origin:${toX}px ${cy + w / 2}px`);
      const stopSheet = sheet(stopGroup, toX - w, cy - w, toX + w, cy + w);
      const dot = document.createElementNS(SVG, "circle");
      dot.setAttribute("cx", n(toX));
      dot.setAttribute("cy", n(cy));
      dot.setAttribute("r", n(this.m.stopSize / 2));
      stopSheet.appendChild(dot);
      parts.stop = { group: stopGroup, dot, mover: new Mover(view, stopGroup, "scale") };
      this.paint(parts);
    }
    css(parts.gap.group, "display", "");
    css(parts.stop.group, "display", "");
    // The track's start: p × length + the space; none once it reaches the end.
    parts.gap.mover.follow((p, v) => {
      const start = Math.min(Math.max(p, 0), 1) * length + this.space(p, v, w);
      return start < length ? dir * start : NaN;
    }, dir * (length + 4 * w));
    const present = view.progress.tween ? true
      : Math.min(Math.max(view.progress.value, 0), 1) * length + this.space(view.progress.value, 1, w) < length;
    css(parts.gap.endDot, "display", present ? "" : "none");
    parts.stop.mover.follow((p, v) => Math.min(Math.max(v, 0), 1));
  }

  ringGap(parts, gapped) {
    if (!gapped) {
      if (parts.gap) parts.showArc(parts.gap, false);
      return;
    }
    if (!parts.gap) {
      parts.gap = parts.makeArc(true, true);
      this.paint(parts);
    }
    const { R, w } = parts;
    const C = 2 * Math.PI * R;
    const degrees = (points) => (points / C) * 360;
    // From the presented progress + the space to the space before 12 o'clock (MT-14).
    const start = (p, v) => Math.min(Math.max(p, 0), 1) * 360 + degrees(this.space(p, v, w));
    const end = (p, v) => 360 - degrees(this.space(p, v, w));
    const span = (p, v) => Math.min(Math.max(end(p, v) - start(p, v), 0), 360);
    const { progress } = this.view;
    const present = progress.tween !== null || span(progress.value, this.view.visible.value) > 0;
    parts.showArc(parts.gap, present);
    if (!present) return;
    parts.gap.start.follow(start);
    parts.gap.first.follow((p, v) => Math.min(span(p, v), 180));
    parts.gap.second.follow((p, v) => Math.max(span(p, v) - 180, 0));
    parts.gap.end.follow(end);
  }

  /** The gap track in the track's colour, the stop dot in the progress colour. */
  paint(parts) {
    const colours = this.view.colours;
    if (!colours) return;
    const strokes = parts.gap?.strokes ?? [];
    for (const node of strokes) {
      node.style.stroke = colours.track;
      node.setAttribute("stroke-opacity", n(colours.trackAlpha));
    }
    if (parts.stop) {
      parts.stop.dot.style.fill = colours.progress;
      parts.stop.dot.setAttribute("fill-opacity", n(colours.progressAlpha));
    }
  }

  // MARK: the wave

  /** The wave's period in seconds, while the compositor moves it: else Infinity (a speed of 0, or too fast, WA-57). */
  get period() {
    const speed = this.m?.wave?.speed ?? 0;
    return speed > 0 && 1 / speed >= SHORTEST_WAVE_PERIOD ? 1 / speed : Infinity;
  }

  /** The wave's offset in wavelengths at engine time `time`, as the engine's frame has it (MT-29). */
  offsetAt(time) {
    const clock = this.clock;
    if (clock === null) return 0;
    const waveTime = clock.heldMs !== null ? clock.heldMs / 1000 : time - clock.origin;
    return waveOffset(waveTime, this.m?.wave?.speed ?? 0);
  }

  /** The wave's path data along a bar at `level` × the full amplitude, from `from` to `to` points along it. */
  stripPath(parts, level, from, to) {
    const { wave } = this.m;
    const { fromX, cy, dir } = parts;
    const count = waveSegmentCount(wave, to - from);
    let d = "";
    for (let index = 0; index <= count; index++) {
      const s = from + (to - from) * (index / count);
      const y = cy - level * wave.amplitude * Math.cos(2 * Math.PI * (s / wave.wavelength));
      d += `${index === 0 ? "M" : "L"}${n(fromX + dir * s)} ${n(y)}`;
    }
    return d;
  }

  /** The closed wave round a ring at `level` × the full amplitude. */
  ringPath(parts, level) {
    const { wave } = this.m;
    const { R, cx, cy } = parts;
    const C = 2 * Math.PI * R;
    const count = waveSegmentCount(wave, C);
    let d = "";
    for (let index = 0; index <= count; index++) {
      const s = C * (index / count);
      const radius = R - level * wave.amplitude * Math.cos(2 * Math.PI * (s / wave.wavelength));
      const radians = (2 * Math.PI * s) / C;
      d += `${index === 0 ? "M" : "L"}${n(cx + radius * Math.sin(radians))} ${n(cy - radius * Math.cos(radians))}`;
    }
    return `${d}Z`;
  }

  /**
   * A wave strip for a bar: a sheet with the wave's path from a wavelength
   * before the path's start to a wavelength after its end, in a box the
   * clock translates one wavelength a cycle.
   */
  strip(parts, parent, origin) {
    const { w, fromX, cy, dir, length } = parts;
    const { wave } = this.m;
    const travel = box(parent);
    const reach = wave.wavelength;
    const svg = sheet(travel, Math.min(fromX - dir * reach, fromX + dir * (length + reach)) - w,
      cy - wave.amplitude - w, Math.max(fromX - dir * reach, fromX + dir * (length + reach)) + w,
      cy + wave.amplitude + w, origin);
    const path = stroke(svg, "", w);
    parts.progressStrokes.push(path);
    (parts.widths ??= []).push({ path });
    const one = { travel: new Mover(this.view, travel, "x", { layer: true }), path, d: null, shape: null,
      draw: (level) => this.stripPath(parts, level, -reach, length + reach), ring: false };
    (parts.strips ??= []).push(one);
    return one;
  }

  /** A closed wave round a ring, turned one wave a cycle by the clock. */
  ringStrip(parts, parent) {
    const { R, w, cx, cy } = parts;
    const { wave } = this.m;
    const travel = box(parent, `transform-origin:${cx}px ${cy}px`);
    const svg = sheet(travel, cx - R - wave.amplitude - w, cy - R - wave.amplitude - w,
      cx + R + wave.amplitude + w, cy + R + wave.amplitude + w);
    const path = svg.appendChild(document.createElementNS(SVG, "path"));
    path.setAttribute("fill", "none");
    path.setAttribute("stroke-width", n(w));
    path.setAttribute("stroke-linejoin", "round");
    parts.progressStrokes.push(path);
    (parts.widths ??= []).push({ path });
    const one = { travel: new Mover(this.view, travel, "rotate", { layer: true }), path, d: null, shape: null,
      draw: (level) => this.ringPath(parts, level), ring: true };
    (parts.strips ??= []).push(one);
    return one;
  }

  /** A dot that follows the wave up and down at one place of the bar (its round cap). */
  waveDot(parts, parent) {
    const { w, fromX, cy } = parts;
    const bob = box(parent);
    const svg = sheet(bob, fromX - w, cy - w, fromX + w, cy + w);
    const path = stroke(svg, `M${n(fromX)} ${n(cy)}L${n(fromX)} ${n(cy)}`, w);
    parts.progressStrokes.push(path);
    (parts.widths ??= []).push({ path });
    return new Mover(this.view, bob, "y");
  }

  /**
   * The wavy bar (determinate): a box translated to the progress holding the
   * end's dot and a clip up to it, in which the opposite translation holds
   * the strip; the start's dot bobs at the path's start.
   */
  makeWavyBar(parts) {
    const { view } = this;
    const { w, fromX, cy, dir, length } = parts;
    const { wave } = this.m;
    const group = box(this.wavyRoot(parts));
    // The path's start: a clip from the start onwards (the start's cut under its dot).
    const edge = Math.round(fromX);
    const top = Math.floor(cy - wave.amplitude - 2 * w);
    const height = Math.ceil(2 * (wave.amplitude + 2 * w)) + 2;
    const span = Math.ceil(length + 2 * w);
    const areaX = dir > 0 ? edge : edge - span;
    const area = box(group, `width:${span}px;height:${height}px;overflow:hidden;`
      + `${at(areaX, top)}`);
    const back = box(area, `${at(-areaX, -top)}`);
    const end = box(back);
    // The clip up to the end: its edge at the path's start, moved with the end.
    const clipX = dir > 0 ? edge - span : edge;
    const clip = box(end, `width:${span}px;height:${height}px;overflow:hidden;${at(clipX, top)}`);
    const counter = box(clip, `${at(-clipX, -top)}`);
    const inner = box(counter);
    const strip = this.strip(parts, inner, { x: 0, y: 0 });
    const endDot = this.waveDot(parts, end);
    const startDot = this.waveDot(parts, group);
    parts.bar = { group, wavy: true, end: new Mover(view, end, "x"), counter: new Mover(view, inner, "x"),
      strip, endDot, startDot, shown: null };
    parts.paint(view.colours);
    return parts.bar;
  }

  /**
   * A wavy stretch of the loop: a box translated to the start (its clip's
   * edge), in it a box translated by the stretch's length (the end's clip),
   * in it the opposite of the end, holding the strip.
   */
  makeWavySegment(parts, k) {
    const { view } = this;
    const { w, fromX, cy, dir, length } = parts;
    const { wave } = this.m;
    const low = Math.min(fromX, fromX + dir * length) - w;
    const top = Math.floor(cy - wave.amplitude - 2 * w);
    const height = Math.ceil(2 * (wave.amplitude + 2 * w)) + 2;
    const area = box(this.wavyRoot(parts), `width:${Math.ceil(length + 2 * w) + 2}px;height:${height}px;overflow:hidden;`
      + `${at(Math.floor(low), top)}`);
    const back = box(area, `${at(-Math.floor(low), -top)}`);
    const start = box(back);
    const edge = Math.round(fromX);
    const span = Math.ceil(Math.min(2 * length + 2 * w, Number.MAX_VALUE / 4));
    const leftX = dir > 0 ? edge : edge - span;
    const fromStart = box(start, `width:${span}px;height:${height}px;overflow:hidden;${at(leftX, top)}`);
    const spanBox = box(box(fromStart, `${at(-leftX, -top)}`));
    const rightX = dir > 0 ? edge - span : edge;
    const toEnd = box(spanBox, `width:${span}px;height:${height}px;overflow:hidden;${at(rightX, top)}`);
    const inner = box(box(toEnd, `${at(-rightX, -top)}`));
    const strip = this.strip(parts, inner, { x: 0, y: 0 });
    const segment = { area, wavy: true, start: new Mover(view, start, "x", { layer: true }),
      span: new Mover(view, spanBox, "x", { layer: true }), counter: new Mover(view, inner, "x", { layer: true }), strip,
      shown: null };
    parts.segments[k] = segment;
    parts.paint(view.colours);
    return segment;
  }

  /**
   * Where a bar's wavy strokes are: not in the bar's thinning scale (a wave
   * scaled on y is not the thinner wave the frame draws) but moved down as
   * the stroke thins, its path and width drawn at the visible fraction.
   */
  wavyRoot(parts) {
    if (!parts.wavyRoot) {
      const node = box(parts.root);
      parts.wavyRoot = node;
      parts.wavyShift = new Mover(this.view, node, "y");
    }
    return parts.wavyRoot;
  }

  /** Moves a wavy bar: the end and its opposite with the progress, the dots with the wave. */
  showWavyBar(parts, bar) {
    const { length, dir } = parts;
    const place = (p) => (p > 0 ? dir * Math.min(p, 1) * length : NaN);
    bar.end.follow(place, dir * -(length + 4 * parts.w));
    bar.counter.follow((p) => -place(p) || 0);
  }

  /** Moves a wavy stretch of the loop: start, length and the end's opposite. */
  showWavySegment(parts, segment, k, clock, gaps) {
    const { view } = this;
    const { length, dir } = parts;
    const drawn = (tau, left) => clock.value(2 * k, tau, left) > clock.value(2 * k + 1, tau, left);
    view.runLoop(segment.start, `wave-start${k}`, gaps
      ? { value: (tau, left) => (drawn(tau, left) ? dir * clock.value(2 * k + 1, tau, left) * length : NaN),
        absent: dir * parts.far }
      : { track: { index: 2 * k + 1, k: dir * length, c: 0 } });
    view.runLoop(segment.span, `wave-span${k}`, {
      value: (tau, left) => dir * Math.max(clock.value(2 * k, tau, left) - clock.value(2 * k + 1, tau, left), 0) * length,
    });
    view.runLoop(segment.counter, `wave-end${k}`, { track: { index: 2 * k, k: -dir * length, c: 0 } });
  }

  /**
   * A ring's half holding the wave: in the half-plane of the arc's turned
   * frame, a frame turned by the half's angle, its other half-plane, and in
   * it the opposite turn holding the closed wave (which thus turns with the
   * arc's start, the loop's turn, MT-26, and its own clock only). `layer`:
   * the arc moves with the loop (Mover's layer).
   */
  makeWavyHalf(parts, turned, right, layer) {
    const { view } = this;
    const spin = parts.turning(parts.halfPlane(turned, right));
    const counter = parts.turning(parts.halfPlane(spin, !right));
    const one = parts.ring(counter, null, (parent) => this.ringStrip(parts, parent));
    return { spin: new Mover(view, spin, "rotate", { layer }), counter: new Mover(view, counter, "rotate", { layer }),
      ring: one };
  }

  /** The wave's clock and amplitude on every strip; the bar's dots with the wave. */
  waves(parts, time, hidden) {
    const strips = parts.strips ?? [];
    const { view } = this;
    const clock = this.clock;
    const { wave } = this.m;
    const period = this.period;
    const running = clock !== null && Number.isFinite(period) && !hidden;
    for (const strip of strips) {
      if (!running) {
        // Stood still at the clock's offset (held, or no speed), or flat.
        const offset = this.offsetAt(time);
        strip.travel.still(strip.ring ? offset * (360 * wave.wavelength) / (2 * Math.PI * parts.R)
          : parts.dir * offset * wave.wavelength);
      } else {
        const distance = strip.ring ? (360 * wave.wavelength) / (2 * Math.PI * parts.R) : parts.dir * wave.wavelength;
        strip.travel.run(`travel|${distance}|${period}`, [{ value: 0 }, { value: distance }],
          { duration: period * 1000, iterations: Infinity }, clock.origin, clock.heldMs);
      }
      this.shape(strip, time);
    }
    for (const one of parts.widths ?? []) this.thin(one, time);
    parts.wavyShift?.follow((p, v) => ((1 - Math.min(Math.max(v, 0), 1)) * parts.w) / 2);
    const bar = parts.kind === "bar" ? parts.bar : null;
    if (bar?.wavy && bar.shown) this.bob(parts, bar, time, running);
    void view;
  }

  /**
   * A strip's path data: the wave at the amplitude's level (× the visible
   * fraction on a ring, which the bar's thinning scale does itself), still
   * or moving along whichever tween moves (the amplitude's when both do).
   */
  shape(strip, time) {
    const { view } = this;
    const level = this.clock === null ? { value: 0, tween: null } : this.level;
    const visible = view.visible;
    const moving = (tween) => tween !== null && tween.duration > 0 && time < tween.start + tween.duration;
    let driver = null;
    let ends;
    if (moving(level.tween)) {
      driver = level.tween;
      ends = [level.tween.from * visible.value, level.tween.to * visible.value];
    } else if (moving(visible.tween)) {
      driver = visible.tween;
      ends = [level.value * visible.tween.from, level.value * visible.tween.to];
    }
    const key = driver ? `${driver.start}|${driver.duration}|${driver.easing}|${ends}` : `${level.value * visible.value}`;
    if (key !== strip.key) {
      strip.key = key;
      if (strip.shape) view.forget(strip.shape);
      strip.shape = null;
      if (!driver) {
        strip.path.style.d = `path("${strip.draw(level.value * visible.value)}")`;
      } else {
        strip.path.style.d = "";
        strip.shape = view.make(strip.path, [{ d: `path("${strip.draw(ends[0])}")` }, { d: `path("${strip.draw(ends[1])}")` }],
          { duration: driver.duration * 1000, easing: driver.easing, fill: "both" }, driver.start);
      }
    }
  }

  /** A wavy stroke's width: the line width × the visible fraction, still or along its tween (paint). */
  thin(strip, time) {
    const { view } = this;
    const w = view.parts.w;
    const tween = view.visible.tween;
    const moving = tween !== null && tween.duration > 0 && time < tween.start + tween.duration;
    const key = moving ? `${tween.start}|${tween.duration}|${tween.easing}|${tween.from}|${tween.to}` : `${view.visible.value}`;
    if (key === strip.widthKey) return;
    strip.widthKey = key;
    if (strip.width) view.forget(strip.width);
    strip.width = null;
    const clamp = (v) => Math.min(Math.max(v, 0), 1);
    if (!moving) {
      strip.path.style.strokeWidth = `${w * clamp(view.visible.value)}px`;
      return;
    }
    strip.path.style.strokeWidth = "";
    strip.width = view.make(strip.path, [{ strokeWidth: `${w * clamp(tween.from)}px` }, { strokeWidth: `${w * clamp(tween.to)}px` }],
      { duration: tween.duration * 1000, easing: tween.easing, fill: "both" }, tween.start);
  }

  /**
   * The bar's round caps on the wave: each dot's height is the wave's at its
   * place, −level × amplitude × cos(2π (s / wavelength − offset)); at the
   * start s = 0, at the end the progress's length. While nothing but the
   * clock moves that is one period of the wave, placed with the clock
   * (shifted by the end's phase); while the progress or the amplitude
   * moves, it is sampled over the tween.
   */
  bob(parts, bar, time, running) {
    const { view } = this;
    const { wave } = this.m;
    const { length } = parts;
    const clock = this.clock;
    const level = clock === null ? new Level() : this.level;
    const period = this.period;
    // A wave too fast for the compositor stands where it is drawn (WA-57).
    const still = Number.isFinite(period) ? null : this.offsetAt(time);
    const offsetAt = (t) => still ?? this.offsetAt(t);
    const visible = view.visible;
    const height = (s, t) => -level.at(t) * Math.min(Math.max(visible.at(t), 0), 1) * wave.amplitude
      * Math.cos(2 * Math.PI * (s / wave.wavelength - offsetAt(t)));
    const progress = view.progress;
    const dots = [[bar.startDot, () => 0], [bar.endDot, (t) => Math.min(Math.max(progress.at(t), 0), 1) * length]];
    const tweens = [progress.tween, level.tween, visible.tween].filter((tween) => tween && time < tween.start + tween.duration);
    for (const [mover, place] of dots) {
      if (level.value === 0 && !level.tween) {
        mover.still(0);
      } else if (tweens.length > 0) {
        const start = Math.min(...tweens.map((tween) => tween.start));
        const end = Math.max(...tweens.map((tween) => tween.start + tween.duration));
        const key = `${start}|${end}|${tweens.map((tween) => `${tween.from}|${tween.to}|${tween.easing}`)}|${clock?.origin}|${clock?.heldMs}|${still}`;
        mover.runOnce(key, () => sampled((t) => height(place(start + t), start + t), end - start, { tolerance: 0.05 }),
          { duration: (end - start) * 1000, fill: "both" }, start);
      } else if (!running) {
        mover.still(height(place(time), time));
      } else {
        // One period of the wave at this place; the end's phase is a shift of the clock.
        const s = place(time);
        const amplitude = level.value * Math.min(Math.max(visible.value, 0), 1) * wave.amplitude;
        const keyframes = view.loopKeyframes(`bob|${amplitude}|${period}`, () => ({
          keyframes: sampled((t) => -amplitude * Math.cos(2 * Math.PI * (-t / period)), period, { tolerance: 0.05 }),
        }));
        const shift = (s / wave.wavelength) * period;
        const held = clock.heldMs === null ? null
          : ((((clock.heldMs - shift * 1000) % (period * 1000)) + period * 1000) % (period * 1000));
        mover.run(keyframes, keyframes.keyframes, { duration: period * 1000, iterations: Infinity },
          clock.origin + shift, held);
      }
    }
  }

  destroy() {
    this.clock = null;
  }
}

/** Writes a style property (the view's own helper is internal to it). */
function css(node, name, value) {
  if (node.style[name] !== value) node.style[name] = value;
}
