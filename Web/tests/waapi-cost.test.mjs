// What keeps the Web Animations host's script per event small (issue 20's
// cost target): events as numbers (WA-22), the engine saying what of the
// drawing changed (WA-21), and one animation per tweened property (WA-23).
// Expected values come from the spec (CP-3's retarget, the percentage text
// round(p·100), VS-2's 0.25 s linear hide), not from the engine's output.
import { test } from "node:test";
import assert from "node:assert/strict";
import { ProgressEngine, ProgressEngineError } from "../contract/progress-engine.mjs";
import { install, observeWrites } from "./fake-dom.mjs";

const wasm = process.env.PROGRESS_WASM ?? ".build/wasm/ProgressEngineJSON.wasm";
const load = () => ProgressEngine.load(new URL(wasm, `file://${process.cwd()}/`));

test("WA-22 an event sent as numbers is the engine event its JSON object is: the same transitions and frames",
  async () => {
    const engine = await load();
    const configuration = { variant: "circular", style: "percentage", width: 64, height: 64 };
    const numbers = engine.create(configuration);
    const json = engine.create(configuration);
    // Each step: through the method (numbers), and the same event through send (JSON).
    const steps = [
      [(i, t) => i.setProgress(0.25, { animated: true }, t), { type: "setProgress", value: 0.25, animated: true }],
      [(i, t) => i.setProgress(0.75, { animated: true }, t), { type: "setProgress", value: 0.75, animated: true }],
      [(i, t) => i.setProgress(-0, undefined, t), { type: "setProgress", value: 0 }],
      [(i, t) => i.setProgress(1.5, { animated: false }, t), { type: "setProgress", value: 1.5, animated: false }],
      [(i, t) => i.setProgress(NaN, undefined, t), { type: "setProgress", value: "NaN" }],
      [(i, t) => i.setProgress(-Infinity, { animated: true }, t), { type: "setProgress", value: "-Infinity", animated: true }],
      [(i, t) => i.setHidden(true, { animated: true }, t), { type: "setHidden", value: true, animated: true }],
      [(i, t) => i.setHidden(false, undefined, t), { type: "setHidden", value: false }],
      [(i, t) => i.setProgressType("indeterminate", t), { type: "setProgressType", value: "indeterminate" }],
      [(i, t) => i.startIndeterminateAnimation(t), { type: "startIndeterminateAnimation" }],
      [(i, t) => i.setHidden(true, { animated: false }, t), { type: "setHidden", value: true, animated: false }],
      [(i, t) => i.setHidden(false, { animated: true }, t), { type: "setHidden", value: false, animated: true }],
      [(i, t) => i.stopIndeterminateAnimation(t), { type: "stopIndeterminateAnimation" }],
      [(i, t) => i.setProgress(0.5, { animated: true }, t), { type: "setProgress", value: 0.5, animated: true }],
    ];
    let time = 0;
    for (const [method, event] of steps) {
      time += 0.1;
      const a = method(numbers, time);
      const b = json.send(event, time);
      assert.deepEqual(a, b, `${JSON.stringify(event)} at ${time}`);
      assert.deepEqual(numbers.frame(time + 0.05), json.frame(time + 0.05));
    }
    // Rejected NaN (RL-1), clamped out-of-range values: the outcomes the JSON path gives.
    assert.equal(numbers.setProgress(NaN, undefined, 5).outcome, "rejected");
    // Not a number: the JSON reader's error, with its path.
    assert.throws(() => numbers.setProgress("0.5", undefined, 5),
      (error) => error instanceof ProgressEngineError && error.path === "$.value");
    assert.throws(() => numbers.setHidden(1, undefined, 5),
      (error) => error instanceof ProgressEngineError && error.path === "$.value");
    // A code that names no event is an error; a handle that is not live is refused.
    const { exports } = engine;
    assert.equal(exports.pe_event(numbers.handle, 99, 0, 0, 5), engine.contract.status.invalidInput);
    const destroyed = engine.create({});
    destroyed.destroy();
    assert.throws(() => destroyed.setProgress(0.5, undefined, 5), /not live/);
    assert.throws(() => numbers.setProgress(0.5, undefined, "5"), TypeError);
  });

test("WA-44 FR-11 the step tells an effect host what changed: the still frame when it differs, the motion when what it is made of does",
  async () => {
    for (const file of [wasm, wasm.replace(/ProgressEngineJSON\.wasm$/, "ProgressEngine.wasm")]) {
      const engine = await ProgressEngine.load(new URL(file, `file://${process.cwd()}/`));
      const bar = engine.create({ variant: "linear", style: "empty", width: 120, height: 12 },
        { cadence: "effects" });
      const first = bar.step(0);
      assert.ok(first.frame !== null && first.motionChanged, "the first step gives everything");
      assert.equal(first.frame.presentedProgress, 0, "the still frame: its moving part at rest");
      assert.equal(first.frame.visibleFraction, 1);
      assert.equal(first.wakeTime, Infinity, "nothing pending");
      const idle = bar.step(0.5);
      assert.deepEqual([idle.frame, idle.motionChanged, idle.transitions], [null, false, []]);
      // A tween moves the presented progress: nothing still changes but the
      // accessibility value, and the indicator wakes at the tween's end only.
      bar.setProgress(0.5, { animated: true }, 1);
      const set = bar.step(1);
      assert.equal(set.frame?.accessibilityValue, "50%");
      assert.equal(set.frame?.presentedProgress, 0);
      assert.equal(set.motionChanged, false);
      assert.equal(set.wakeTime, 1.25, "the tween's end (DA-2: 0.25 s), not the next frame");
      assert.equal(bar.step(1.1).frame, null, "inside the tween: no frame");
      bar.setProgress(0.9, { animated: true }, 1.1);  // a retarget (CP-3)
      assert.equal(bar.step(1.1).frame?.accessibilityValue, "90%");
      // A hide: isHidden flips at its end, a still change.
      bar.setHidden(true, { animated: true }, 2);
      assert.equal(bar.step(2).frame, null, "a hide starts with nothing still changed");
      assert.equal(bar.step(2.1).frame, null, "nor inside it");
      const end = bar.step(2.25);
      assert.equal(end.frame?.isHidden, true, "hidden at the hide's end");
      assert.ok(end.transitions.some((made) => made.effects.some((e) => e.kind === "complete")));
      // A resize or a configuration the motion reads: the motion changed.
      bar.resize(200, 12, 3);
      const resized = bar.step(3);
      assert.equal(resized.motionChanged, true);
      assert.equal(resized.frame?.size.width, 200);
      bar.configure({ indeterminateStyle: "material" }, 3.5);
      assert.equal(bar.step(3.5).motionChanged, true);
      assert.equal(bar.step(3.5).motionChanged, false, "once");
      bar.configure({ leftLabelText: "not drawn" }, 3.6);
      assert.equal(bar.step(3.6).motionChanged, false, "a label is not motion");
      // A percentage: its text is drawn, so a new value changes the still part.
      const ring = engine.create({ variant: "circular", style: "percentage", width: 64, height: 64 },
        { cadence: "effects" });
      ring.step(0);
      ring.setProgress(0.425, { animated: true }, 1);
      const changed = ring.step(1);
      assert.equal(changed.frame?.percentage?.text, "43%", "round(p·100), ties up");
      assert.equal(changed.motionChanged, false);
      // The same text: the still frame still comes (its progress is still),
      // with the text as it was.
      ring.setProgress(0.43, { animated: true }, 1.1);
      assert.equal(ring.step(1.1).frame?.percentage?.text, "43%");
      ring.setProgress(0.43, { animated: true }, 1.2);  // the same value: nothing still changes
      assert.equal(ring.step(1.2).frame, null);
      // A frame host's indicator: a frame at every step while it moves.
      const frames = engine.create({ variant: "linear" });
      frames.step(0);
      frames.setProgress(0.5, { animated: true }, 1);
      assert.notEqual(frames.step(1.05).frame, null);
      assert.notEqual(frames.step(1.1).frame, null);
      assert.equal(frames.step(1.1).motionChanged, false);
      // What fell due, as a frame host reads it: the step's completions are
      // its transitions' (the tween's end).
      const ended = frames.step(2);
      assert.equal(ended.completions.length, 1);
      assert.deepEqual(ended.completions, ended.transitions.flatMap((made) => made.completions));
      assert.deepEqual(ended.announcements, ended.transitions.flatMap((made) => made.announcements));
      // An earlier time: clamped and told (TM-6).
      assert.deepEqual(frames.step(0.5).timeRegression, { requested: 0.5, used: 2 });
      assert.deepEqual(frames.setProgress(0.2, {}, 0.7).timeRegression, { requested: 0.7, used: 2 });
      assert.equal(frames.setProgress(0.3, {}, 2).timeRegression, null);
    }
  });

