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
      // An earlier time: clamped and told (TM-6).
      assert.deepEqual(frames.step(0.5).timeRegression, { requested: 0.5, used: 1.1 });
      assert.deepEqual(frames.setProgress(0.2, {}, 0.7).timeRegression, { requested: 0.7, used: 1.1 });
      assert.equal(frames.setProgress(0.3, {}, 2).timeRegression, null);
    }
  });

test("WA-23 the host moves a tweened property with one animation for the life of the view, placed anew per tween",
  async () => {
    install();
    const { AnimatedIndicatorView } = await import("../hosts/waapi-host.mjs");
    const { EffectDriver } = await import("../hosts/effect-host.mjs");
    const engine = await load();
    const indicator = engine.create({ variant: "linear", width: 120, height: 12,
      progressAnimation: { duration: 0.5, easing: "cubic-bezier(0.3, 1.5, 0.7, 1.5)" } },
      { cadence: "effects" });
    const view = new AnimatedIndicatorView();
    const host = new EffectDriver(indicator, view, { time: 0 });
    const bar = view.bar;
    const ends = () => [Number(bar.style["--pe-progress-from"]), Number(bar.style["--pe-progress-to"])];
    // The presented progress is the tween's ends and an eased fraction.
    assert.equal(bar.style["--pe-progress"],
      "calc(var(--pe-progress-from) + (var(--pe-progress-to) - var(--pe-progress-from)) * var(--pe-progress-eased))");
    assert.deepEqual(ends(), [0, 0]);
    host.perform(indicator.setProgress(0.5, { animated: true }, 1));
    host.perform(indicator.setProgress(0.25, { animated: true }, 1.2));  // a retarget (CP-3)
    host.step(2);
    host.perform(indicator.setProgress(1, { animated: true }, 3));
    assert.equal(bar.animations.length, 1, "one animation for four tweens");
    const [animation] = bar.animations;
    assert.deepEqual(animation.keyframes, [{ "--pe-progress-eased": "0" }, { "--pe-progress-eased": "1" }]);
    assert.equal(animation.timing.duration, 500);
    assert.equal(animation.timing.easing, "cubic-bezier(0.3, 1.5, 0.7, 1.5)");
    assert.equal(animation.timing.fill, "both");
    assert.equal(animation.startTime, 3000, "placed at the last tween's start");
    assert.deepEqual(ends(), [0.25, 1], "from the value the retargeted tween ended at");
    // The retarget's cancelled tween was not held and settled: the new one drew over it.
    assert.deepEqual(animation.calls.filter((call) => call !== "updateTiming"), []);
    // A cancel that no new value follows (the effects allow it) holds the tween where it
    // was drawn: from + (to − from) × the eased progress (the fake's is 0.5 at any time).
    view.perform({ time: 3.25, effects: [{ kind: "cancelProgressAnimation", from: 0, to: 0, start: 0 }] });
    assert.deepEqual(animation.calls.filter((call) => call !== "updateTiming"), ["pause"]);
    assert.equal(animation.currentTime, 250);
    assert.deepEqual(ends(), [0.625, 0.625]);
    // A still value: from = to.
    const still = engine.create({ variant: "linear", width: 120, height: 12 }, { cadence: "effects" });
    const stillView = new AnimatedIndicatorView();
    const stillHost = new EffectDriver(still, stillView, { time: 0 });
    stillHost.perform(still.setProgress(0.3, { animated: false }, 1));
    assert.deepEqual([stillView.bar.style["--pe-progress-from"], stillView.bar.style["--pe-progress-to"]],
      ["0.3", "0.3"]);
    assert.equal(stillView.bar.animations.length, 0);
  });

test("WA-32 an event writes only what it changed: a tween its ends, a new percentage one Text node's characters",
  async () => {
    install();
    const { AnimatedIndicatorView } = await import("../hosts/waapi-host.mjs");
    const { EffectDriver } = await import("../hosts/effect-host.mjs");
    const engine = await load();
    const ring = engine.create({ variant: "circular", style: "percentage", width: 64, height: 64 },
      { cadence: "effects" });
    const view = new AnimatedIndicatorView();
    const host = new EffectDriver(ring, view, { time: 0 });
    const names = new Map([[view.svg, "svg"], [view.bar, "bar"], [view.percentage, "percentage"],
      [view.percentage.characters, "percentage's characters"]]);
    const writes = [];
    observeWrites((node, kind, name, value) => writes.push([names.get(node) ?? node.name, kind, name, value]));
    try {
      // From the still 0 (the from end unchanged) to 0.4, whose text is 40 % (round(p·100)).
      host.perform(ring.setProgress(0.4, { animated: true }, 1));
      assert.deepEqual(writes, [["bar", "style", "--pe-progress-to", "0.4"],
        ["percentage's characters", "data", "data", "40%"]]);
      // A retarget (CP-3) 0.1 s into the 0.25 s linear tween: from the value drawn then.
      writes.length = 0;
      host.perform(ring.setProgress(0.9, { animated: true }, 1.1));
      assert.deepEqual(writes.map(([node, kind, name]) => [node, kind, name]),
        [["bar", "style", "--pe-progress-from"], ["bar", "style", "--pe-progress-to"],
          ["percentage's characters", "data", "data"]]);
      assert.ok(Math.abs(Number(writes[0][3]) - 0.4 * 0.1 / 0.25) < 1e-9);
      assert.equal(writes[1][3], "0.9");
      assert.equal(writes[2][3], "90%");
      // The tween's end (a completion, an announcement later): nothing drawn changes.
      writes.length = 0;
      host.step(1.35);
      host.step(3);
      assert.deepEqual(writes, []);
      // A value of the same text (89.6 % is 90 %): the tween only.
      host.perform(ring.setProgress(0.896, { animated: true }, 4));
      assert.deepEqual(writes.map(([node, kind, name]) => [node, kind, name]),
        [["bar", "style", "--pe-progress-from"], ["bar", "style", "--pe-progress-to"]]);
      // A resize: the size and the text's place are written again, the text is not.
      writes.length = 0;
      host.perform(ring.resize(80, 80, 5));
      const written = writes.map(([node, kind, name]) => `${node} ${name}`);
      for (const expected of ["svg width", "svg height", "svg viewBox", "percentage x", "percentage y"]) {
        assert.ok(written.includes(expected), `${expected} in ${JSON.stringify(written)}`);
      }
      assert.equal(view.percentage.attributes.x, "40", "centred in the 80 pt ring");
      assert.ok(!written.includes("percentage's characters data"));
      // A frame whose text moved, or whose theme changed, with the same motion: each
      // part is compared with the last frame's, and written when it differs.
      const frame = ring.frame(6);
      const moved = structuredClone(frame);
      moved.percentage.frame.x += 5;
      writes.length = 0;
      view.update(moved, view.motion);
      assert.deepEqual(writes.map(([node, kind, name, value]) => `${node} ${name} ${value}`), ["percentage x 45"]);
      const themed = structuredClone(moved);
      themed.theme.progress = { ...themed.theme.progress, css: "#FF0000", alpha: 0.5 };
      writes.length = 0;
      view.update(themed, view.motion);
      assert.ok(writes.some(([node, , name, value]) => node === "bar" && name === "stroke"
        && value.includes("#FF0000")), JSON.stringify(writes));
      assert.ok(writes.some(([node, , name, value]) => node === "bar" && name === "stroke-opacity"
        && value === "0.5"), JSON.stringify(writes));
      // Indeterminate, the percentage goes (PX-4); back to determinate, it comes again.
      writes.length = 0;
      host.perform(ring.setProgressType("indeterminate", 7));
      assert.ok(writes.some(([node, , name, value]) => node === "percentage" && name === "display"
        && value === "none"), JSON.stringify(writes));
      writes.length = 0;
      host.perform(ring.setProgressType("determinate", 8));
      assert.ok(writes.some(([node, , name, value]) => node === "percentage" && name === "display"
        && value === ""), JSON.stringify(writes));
      assert.equal(view.percentage.style.display, "");
    } finally {
      observeWrites(null);
    }
  });

test("WA-34 a tween's animation holds its end value without finishing: the next tween places a running one",
  async () => {
    install();
    const { AnimatedIndicatorView } = await import("../hosts/waapi-host.mjs");
    const { EffectDriver } = await import("../hosts/effect-host.mjs");
    const engine = await load();
    const indicator = engine.create({ variant: "linear", width: 120, height: 12 }, { cadence: "effects" });
    const view = new AnimatedIndicatorView();
    const host = new EffectDriver(indicator, view, { time: 0 });
    host.perform(indicator.setProgress(0.5, { animated: true }, 1));
    host.perform(indicator.setHidden(true, { animated: true }, 2));
    const year = 365 * 24 * 3600 * 1000;
    for (const [name, node] of [["progress", view.bar], ["visibility", view.svg]]) {
      const [animation] = node.animations;
      // Filled before and after its tween, and not finished for a year after it.
      assert.equal(animation.timing.fill, "both", name);
      assert.ok(animation.timing.endDelay >= year, `${name}: ${animation.timing.endDelay}`);
    }
    // A new duration keeps it (updateTiming writes the whole timing).
    host.perform(indicator.configure({ progressAnimation: { duration: 0.5, easing: "linear" } }, 3));
    host.perform(indicator.setProgress(0.9, { animated: true }, 4));
    const [animation] = view.bar.animations;
    assert.equal(animation.timing.duration, 500);
    assert.ok(animation.timing.endDelay >= year);
  });

test("LG-5 MT-17 MT-22 WA-5 the largest finite sizes are drawn by both hosts with finite numbers (no \"Infinity\" in an attribute or a style) and a wave of at most 8,192 segments",
  async () => {
    install();
    const { AnimatedIndicatorView } = await import("../hosts/waapi-host.mjs");
    const { EffectDriver } = await import("../hosts/effect-host.mjs");
    const { IndicatorView, wavePathData } = await import("../hosts/renderer.mjs");
    const { waveSegmentCount } = await import("../contract/progress-engine.mjs");
    const engine = await load();
    // The engine's polyline limits (MT-17): 16 points a wavelength, at most 8,192 segments.
    assert.equal(waveSegmentCount({ wavelength: 40 }, 400), 160);
    assert.equal(waveSegmentCount({ wavelength: 40 }, 20_481), 8192);
    assert.equal(waveSegmentCount({ wavelength: 40 }, 1e308), 8192);
    const line = { kind: "line", fromX: 4, toX: 1e308, centerY: 20, lineWidth: 4 };
    const drawn = wavePathData(line, { amplitude: 3, wavelength: 40, offset: 0 }, line);
    assert.equal(drawn.split("L").length, 8193);
    const writes = [];
    observeWrites((node, kind, name, value) => writes.push(`${node.name} ${kind} ${name}=${value}`));
    try {
      for (const [variant, width, height, material3] of [["linear", 1e308, 40, null],
        ["circular", 1.7e308, 1.7e308, null], ["linear", 1e308, 40, { shape: "flat" }],
        ["linear", 1e308, 40, { shape: "wavy" }]]) {
        const configuration = { variant, style: "percentage", width, height, material3 };
        const waapi = engine.create(configuration, { progress: 0.5, cadence: "effects" });
        const host = new EffectDriver(waapi, new AnimatedIndicatorView(), { time: 0 });
        host.perform(waapi.setProgress(0.9, { animated: true }, 1));
        const frames = engine.create(configuration, { progress: 0.5 });
        new IndicatorView().draw(frames.frame(0));
      }
      assert.ok(writes.length > 20, `written: ${writes.length}`);
      assert.deepEqual(writes.filter((write) => /Infinity|NaN/.test(write)), []);
      // The sizes themselves are written whole.
      assert.ok(writes.some((write) => write.includes("width=1e+308")), writes.filter((w) => w.includes("width")));
    } finally {
      observeWrites(null);
    }
  });
