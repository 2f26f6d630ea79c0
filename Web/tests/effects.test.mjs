// The effects and the loop's motion as the WebAssembly layer hands them to a
// host that animates natively (Web/waapi-host.mjs). Expected values come
// from the spec (VS-2's 0.25 s linear default, IM-1's 1.0 s sweep of a
// 1.2 s period, IM-6's middle third), not from the engine's output.
import { test } from "node:test";
import assert from "node:assert/strict";
import { ProgressEngine } from "../progress-engine.mjs";

const wasm = process.env.PROGRESS_WASM ?? ".build/wasm/ProgressEngine.wasm";
const load = () => ProgressEngine.load(new URL(wasm, `file://${process.cwd()}/`));

test("WA-1 a transition carries its effects in order with the tween's CSS easing text",
  async () => {
    const engine = await load();
    const bar = engine.create({ variant: "linear",
      progressAnimation: { duration: 0.5, easing: "cubic-bezier(0.3, 1.5, 0.7, 1.5)" } });
    const first = bar.setProgress(0.5, { animated: true }, 1);
    assert.equal(first.time, 1);
    assert.deepEqual(first.effects, [{ kind: "animatePresentedProgress", from: 0, to: 0.5,
      start: 1, duration: 0.5, easing: "cubic-bezier(0.3, 1.5, 0.7, 1.5)" }]);
    // A retarget: the old request is cancelled and completes unfinished first (CP-3).
    const second = bar.setProgress(1, { animated: true }, 1.2);
    assert.deepEqual(second.effects.map((e) => e.kind),
      ["cancelProgressAnimation", "complete", "animatePresentedProgress"]);
    assert.equal(second.effects[1].from, first.completion);
    assert.equal(second.effects[1].to, 0);
    // At 2 the retargeted tween has ended: its completion falls due first (TM-2, CP-3).
    const hide = bar.setHidden(true, { animated: true }, 2);
    assert.deepEqual(hide.effects.map((e) => e.kind), ["complete", "animateVisibility"]);
    assert.deepEqual(hide.effects[1], { kind: "animateVisibility", from: 1, to: 0, start: 2,
      duration: 0.25, easing: "linear" });
  });

test("WA-3 the deadline is the machine's: a tween's end, none for a running loop", async () => {
  const engine = await load();
  const bar = engine.create({ variant: "linear" });
  bar.tick(2);  // past the announcement timer of creation (AX-5)
  assert.equal(bar.deadline, Infinity);
  bar.setHidden(true, { animated: true }, 3);
  assert.equal(bar.deadline, 3.25);
  const loop = engine.create({ variant: "linear", progressType: "indeterminate" });
  loop.startIndeterminateAnimation(0);
  assert.equal(loop.deadline, 1);  // the new value "in progress" is announced 1 s later (AX-5)
  loop.tick(1);
  assert.equal(loop.deadline, Infinity);  // the loop itself has none
});

test("WA-4 suspend and resume carry the times the loop stops and runs on (VS-9)", async () => {
  const engine = await load();
  const loop = engine.create({ variant: "linear", progressType: "indeterminate" });
  assert.deepEqual(loop.startIndeterminateAnimation(0.5).effects,
    [{ kind: "startIndeterminateAnimation", from: 0, to: 0, start: 0.5 }]);
  const hidden = loop.setHidden(true, { animated: false }, 1);
  assert.ok(hidden.effects.some((e) => e.kind === "suspendIndeterminateAnimation" && e.start === 1));
  const shown = loop.setHidden(false, { animated: false }, 4);
  assert.ok(shown.effects.some((e) => e.kind === "resumeIndeterminateAnimation" && e.start === 4));
});

test("WA-2 the loop's keyframes are the engine's motion: Vitamin linear's head and tail (IM-1), reduced motion (IM-6)",
  async () => {
    const engine = await load();
    const bar = engine.create({ variant: "linear", width: 208, progressType: "indeterminate" });
    const motion = bar.motion();
    assert.equal(motion.period, 1.2);
    assert.deepEqual(motion.path, { kind: "line", fromX: 4, toX: 204, centerY: 20, lineWidth: 8 });
    const [head, tail] = motion.tracks;
    assert.equal(head[0].easing, "ease-in-out");
    assert.equal(head[0].value, 0);
    assert.ok(Math.abs(head[1].offset - 1.0 / 1.2) < 1e-12);
    assert.equal(head[1].value, 1);
    assert.ok(Math.abs(tail[1].offset - 0.25 / 1.2) < 1e-12);
    assert.equal(tail[1].easing, "ease-in-out");
    assert.equal(motion.tracks.length, 2);
    const material = engine.create({ variant: "linear", indeterminateStyle: "material",
      progressType: "indeterminate" }).motion();
    assert.equal(material.period, 1.8);
    assert.equal(material.tracks.length, 4);
    assert.equal(material.tracks[0][0].easing, "cubic-bezier(0.2, 0, 0.8, 1)");
    const still = engine.create({ variant: "linear", reduceMotion: true,
      progressType: "indeterminate" }).motion();
    assert.deepEqual(still.tracks.map((track) => track.map((k) => [k.offset, k.value])),
      [[[0, 2 / 3], [1, 2 / 3]], [[0, 1 / 3], [1, 1 / 3]]]);
  });
