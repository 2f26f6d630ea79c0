// The engine's motion as keyframes a compositor can run (Docs/web.md, spec
// WA-50 to WA-53). The view (waapi-view.mjs) moves each of its elements by
// one composited property — a translation in pixels or a rotation in
// degrees — and each element's value is a function of the engine's tracks
// (the loop's, Indicator.motion()) or of a tween (an effect's from, to,
// start, duration and CSS easing text):
//
// - an element whose value is one track or one tween mapped linearly
//   (k × value + c) gets that track's keyframes or the tween's two ends with
//   the engine's own easing text per keyframe: exact at every time;
// - any other function of them (the length of a stretch, end − start; a
//   clamp; a sum with the loop's turn) is sampled: keyframes at every
//   keyframe offset of the tracks it reads (where it may bend or jump), and
//   between them as many as keep the straight line between two keyframes
//   within `tolerance` of the function (midpoints halved until they are),
//   with the easing between keyframes linear.
//
// The easing curves are evaluated by the browser itself, the code its
// compositor runs: a CSS easing text is the timing function of a detached
// KeyframeEffect whose eased progress is read at a chosen time. JavaScript
// interpolates between keyframes as the Web Animations model does and
// types out no easing.

/** The browser's timing functions by CSS text, as detached effects (a few dozen texts at most). */
const probes = new Map();

/** The eased progress of CSS easing `text` at input progress `x` (0…1), as the browser computes it. */
export function eased(text, x) {
  if (text === "linear") return x;
  let probe = probes.get(text);
  if (probe === undefined) {
    if (probes.size >= 64) probes.clear();
    probe = new Animation(new KeyframeEffect(null, null, { duration: 1, fill: "both", easing: text }), null);
    probes.set(text, probe);
  }
  probe.currentTime = x;
  return probe.effect.getComputedTiming().progress;
}

/**
 * A keyframe track's value at offset `x` (0…1), as Web Animations
 * interpolates it: the easing of the keyframe an interval starts at. With
 * `left`, the limit from below (a track that jumps at x: two keyframes at
 * one offset).
 */
export function trackValue(track, x, left = false) {
  const last = track.length - 1;
  if (x <= track[0].offset) return track[0].value;
  if (x >= track[last].offset && !(left && x === track[last].offset)) return track[last].value;
  let k = 0;
  // The interval [k, k + 1] that holds x: from the right, the last keyframe
  // at or before x; from the left, the last one before it.
  while (k < last - 1 && (left ? track[k + 1].offset < x : track[k + 1].offset <= x)) k += 1;
  const a = track[k];
  const b = track[k + 1];
  const span = b.offset - a.offset;
  if (!(span > 0)) return left ? a.value : b.value;
  return a.value + (b.value - a.value) * eased(a.easing, (x - a.offset) / span);
}

/** A tween's value at `t` seconds after its start (its duration 0: its end). */
export function tweenValue(tween, t) {
  if (!(tween.duration > 0) || t >= tween.duration) return tween.to;
  return tween.from + (tween.to - tween.from) * eased(tween.easing, Math.max(t, 0) / tween.duration);
}

/** Whether an easing's output stays within [0, 1] (then a tween stays between its ends). */
export function staysWithin(text) {
  const bezier = /^cubic-bezier\(([^)]*)\)$/.exec(text);
  if (bezier) {
    const [, y1, , y2] = bezier[1].split(",").map(Number);
    return y1 >= 0 && y1 <= 1 && y2 >= 0 && y2 <= 1;
  }
  return !text.startsWith("linear(");  // keywords and steps() stay; linear() points may not
}

/** The lowest and highest value a tween takes (its ends, or beyond them for an easing that overshoots). */
export function tweenRange(tween) {
  let low = Math.min(tween.from, tween.to);
  let high = Math.max(tween.from, tween.to);
  if (!staysWithin(tween.easing) && tween.duration > 0) {
    for (let k = 1; k < 64; k++) {
      const value = tweenValue(tween, (tween.duration * k) / 64);
      low = Math.min(low, value);
      high = Math.max(high, value);
    }
  }
  return [low, high];
}

/**
 * Samples `f` (time in seconds → value, or NaN where the element is
 * absent) over [0, duration] into keyframes `{ offset, value }` with linear
 * easing between them: every time of `breaks` (where f may bend or jump:
 * both one-sided values are kept), the edges of the absent stretches (found
 * by bisection on a grid of `grid` seconds), and midpoints halved until the
 * chord is within `tolerance` of f. An absent stretch holds `absent`.
 */
export function sampled(f, duration, { breaks = [], tolerance = 0.05, grid = 1 / 120, absent = 0 } = {}) {
  const times = [...new Set([0, duration, ...breaks.filter((t) => t > 0 && t < duration)])].sort((a, b) => a - b);
  // Each break's value from the left and from the right (f(t, true) from the left).
  const keyframes = [];
  const push = (t, value) => {
    keyframes.push({ offset: duration > 0 ? t / duration : 0, value: Number.isNaN(value) ? absent : value });
  };
  const present = (t, left) => !Number.isNaN(f(t, left));
  // Splits [a, b] (both ends present or both absent per their one-sided
  // values) at the edges of absent stretches found on the grid.
  const pieces = [];
  for (let i = 0; i + 1 < times.length; i++) {
    let a = times[i];
    const b = times[i + 1];
    const steps = Math.max(1, Math.ceil((b - a) / grid));
    let state = present(a, false);
    let from = a;
    for (let s = 1; s <= steps; s++) {
      const t = s === steps ? b : a + ((b - a) * s) / steps;
      const next = present(t, s === steps);
      if (next !== state) {
        let lo = s === 1 ? a : a + ((b - a) * (s - 1)) / steps;
        let hi = t;
        for (let k = 0; k < 40; k++) {
          const mid = (lo + hi) / 2;
          if (present(mid, false) === state) lo = mid;
          else hi = mid;
        }
        // The piece ends at the last time of its state, the next starts at the first of its own.
        pieces.push([from, lo, state]);
        from = hi;
        state = next;
      }
    }
    pieces.push([from, b, state]);
    a = b;
  }
  const at = (t, left) => f(t, left);
  const refine = (a, va, b, vb, depth) => {
    const m = (a + b) / 2;
    const vm = at(m, false);
    if (depth < 14 && (depth < 2 || Math.abs(vm - (va + vb) / 2) > tolerance)) {
      refine(a, va, m, vm, depth + 1);
      push(m, vm);
      refine(m, vm, b, vb, depth + 1);
    }
  };
  for (const [a, b, shown] of pieces) {
    const va = shown ? at(a, false) : NaN;
    const vb = shown ? at(b, true) : NaN;
    push(a, va);
    if (shown && b > a) refine(a, va, b, vb, 0);
    push(b, vb);
  }
  // Consecutive keyframes that repeat the same offset and value are one.
  return keyframes.filter((k, i) => i === 0 || k.offset !== keyframes[i - 1].offset
    || k.value !== keyframes[i - 1].value);
}

/** Keyframes of a track mapped linearly (k × value + c), with the track's own easing: exact. */
export function mappedTrack(track, k, c) {
  return track.map(({ offset, value, easing }) => ({ offset, value: k * value + c, easing }));
}
