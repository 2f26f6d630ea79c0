// The compositor view's sampler (motion-keyframes.mjs): keyframes at every
// break, and a chord within the tolerance of the function between them
// (WA-51). The functions are a view's: a stretch's length, a clamp, a value
// of two tweens of which one starts later.
import { test } from "node:test";
import assert from "node:assert/strict";
import { sampled, mappedTrack } from "../hosts/motion-keyframes.mjs";

/** The keyframes' value at time t, as Web Animations interpolates linear keyframes. */
function played(keyframes, duration, t) {
  const x = t / duration;
  let k = 0;
  while (k + 1 < keyframes.length - 1 && keyframes[k + 1].offset <= x) k++;
  const a = keyframes[k];
  const b = keyframes[k + 1];
  if (!(b.offset > a.offset)) return b.value;
  return a.value + ((b.value - a.value) * (x - a.offset)) / (b.offset - a.offset);
}

const cases = [
  // A stretch's length: the difference of two eased tracks, in px.
  ["a stretch's length", (t) => 320 * Math.max(Math.sin(Math.PI * t) ** 2 - (1 - Math.cos(Math.PI * t)) / 4, 0), 1, [], 0.05],
  // A value set while hiding (deadline-order): held at 1 until the hide starts at 0.1.
  ["a hide that starts later", (t) => (t < 0.1 ? 1 : Math.max(1 - (t - 0.1) / 0.25, 0)), 0.35, [0.1, 0.35], 0.005],
  // A clamp of an overshooting easing.
  ["a clamped overshoot", (t) => Math.min(1.2 * Math.sin((Math.PI / 2) * t), 1), 0.5, [], 0.005],
];

test("WA-51 sampled keyframes hold every break and stay within the tolerance of the function between them", () => {
  for (const [name, f, duration, breaks, tolerance] of cases) {
    const keyframes = sampled(f, duration, { breaks, tolerance });
    for (const at of breaks) {
      assert.ok(keyframes.some((k) => Math.abs(k.offset * duration - at) < 1e-12), `${name}: a keyframe at ${at}`);
    }
    let worst = 0;
    for (let k = 0; k <= 2000; k++) {
      const t = (duration * k) / 2000;
      worst = Math.max(worst, Math.abs(played(keyframes, duration, t) - f(t)));
    }
    // Halving stops once the midpoint is within the tolerance: a chord's
    // worst point may be a little past it, never twice.
    assert.ok(worst <= 2 * tolerance, `${name}: worst ${worst} against ${tolerance} (${keyframes.length} keyframes)`);
    assert.ok(keyframes.length < 400, `${name}: ${keyframes.length} keyframes`);
  }
});

test("WA-51 without its break a hide that starts later is off by more than the tolerance", () => {
  const [, f, duration, , tolerance] = cases[1];
  const keyframes = sampled(f, duration, { tolerance });
  const worst = Math.max(...Array.from({ length: 351 }, (_, k) => Math.abs(played(keyframes, duration, k / 1000) - f(k / 1000))));
  assert.ok(worst > tolerance, `the break matters: ${worst}`);
});

test("WA-51 a track mapped linearly keeps its offsets and easings (exact)", () => {
  const track = [{ offset: 0, value: 0, easing: "cubic-bezier(0.4, 0, 0.2, 1)" }, { offset: 0.6, value: 1, easing: "linear" },
    { offset: 1, value: 0.25, easing: "linear" }];
  assert.deepEqual(mappedTrack(track, 312, 4), [{ offset: 0, value: 4, easing: "cubic-bezier(0.4, 0, 0.2, 1)" },
    { offset: 0.6, value: 316, easing: "linear" }, { offset: 1, value: 82, easing: "linear" }]);
});
