// The compositor view (waapi-view.mjs, waapi-material3.mjs) driven by the
// effect host (effect-host.mjs) in node, on fake-dom.mjs's document: what
// it animates and writes per event. Expected values come from the spec
// (WA-23's one animation per tween, WA-34's held end, the percentage text
// round(p·100), MT-5's 0.5 s amplitude rise, MT-24's 1,440° a period, IM-4's
// five cycles), not from the view's output. Pixels are
// Scripts/test-web-animations.py's.
import { test } from "node:test";
import assert from "node:assert/strict";
import { ProgressEngine } from "../contract/progress-engine.mjs";
import { animations, install, observeWrites } from "./fake-dom.mjs";

const wasm = process.env.PROGRESS_WASM ?? ".build/wasm/ProgressEngineJSON.wasm";
const load = () => ProgressEngine.load(new URL(wasm, `file://${process.cwd()}/`));
/** The end of the task: a view draws what its events changed then (waapi-view.mjs, drawQueued). */
const drawn = () => new Promise((resolve) => setTimeout(resolve, 0));

async function setUp(configuration) {
  install();
  const { AnimatedIndicatorView } = await import("../hosts/waapi-host.mjs");
  const { EffectDriver } = await import("../hosts/effect-host.mjs");
  const engine = await load();
  const indicator = engine.create(configuration, { cadence: "effects" });
  const view = new AnimatedIndicatorView();
  const host = new EffectDriver(indicator, view, { time: 0 });
  await drawn();
  return { engine, indicator, view, host };
}

/** The animation a mover runs now, or null. */
const running = (mover) => mover.placed?.animation ?? null;

test("WA-23 WA-34 a tween is one animation of the bar's translation: its ends, start, duration and easing; held past its end, then still", async () => {
  const { indicator, view, host } = await setUp({ variant: "linear", width: 120, height: 12,
    progressAnimation: { duration: 0.5, easing: "cubic-bezier(0.4, 0, 0.2, 1)" } });
  const { length } = view.parts;
  host.perform(indicator.setProgress(0.5, { animated: true }, 1));
  await drawn();
  const bar = view.parts.bar.mover;
  const first = running(bar);
  // 0 → 0.5: drawn from 0 (absent, then its round end at 0.5 × the length).
  assert.equal(first.startTime, 1000);
  // The tween's 0.5 s, then its end held for 1 s more (WA-34).
  assert.equal(first.timing.duration, 1500);
  assert.equal(first.timing.fill, "both");
  // A retarget (CP-3) to 1, from where the first is at 1.2: linear in the
  // progress over its range, so exact — its two ends and the engine's easing.
  host.perform(indicator.setProgress(1, { animated: true }, 1.2));
  await drawn();
  const second = running(bar);
  assert.notEqual(second, first);
  assert.ok(first.calls.includes("cancel"), "the replaced tween's animation is dropped");
  assert.equal(second.startTime, 1200);
  // The easing is the tween's part (its first keyframe's), not the held end's.
  assert.equal(second.timing.easing ?? "linear", "linear");
  assert.equal(second.timing.duration, 1500);
  assert.equal(second.keyframes.length, 3);
  assert.equal(second.keyframes[0].easing, "cubic-bezier(0.4, 0, 0.2, 1)");
  assert.equal(second.keyframes[0].offset, 0);
  // At 0.5 s of 1.5 the tween's end, held to the animation's end.
  assert.ok(Math.abs(second.keyframes[1].offset - 1 / 3) < 1e-12, `${second.keyframes[1].offset}`);
  assert.equal(second.keyframes[1].translate, `${length}px 0px`);
  assert.equal(second.keyframes[2].offset, 1);
  assert.equal(second.keyframes[2].translate, `${length}px 0px`);
  const from = Number.parseFloat(second.keyframes[0].translate);
  assert.ok(from > 0 && from < 0.5 * length, `from where the first tween was: ${from}`);
  // Before the tween's end (a step for nothing due): the animation runs on.
  host.step(1.5);
  await drawn();
  assert.equal(running(bar), second);
  assert.deepEqual(second.calls, []);
  // The tween's end (its completion, at 1.7): the animation is replaced by
  // the end, still (WA-34) — the browser never ends it.
  host.step(1.7);
  await drawn();
  assert.equal(running(bar), null);
  assert.ok(second.calls.includes("cancel"));
  assert.equal(bar.node.style.translate, `${length}px 0px`);
  // A still value: the value is a still style.
  host.perform(indicator.setProgress(0.25, { animated: false }, 3));
  await drawn();
  assert.equal(running(bar), null);
  assert.equal(bar.node.style.translate, `${0.25 * length}px 0px`);
});

test("WA-23 a cancel that no new value follows holds the bar where the tween was then, still", async () => {
  const { indicator, view, host } = await setUp({ variant: "linear", width: 120, height: 12,
    progressAnimation: { duration: 0.5, easing: "linear" } });
  host.perform(indicator.setProgress(0.2, { animated: false }, 0.5));
  host.perform(indicator.setProgress(1, { animated: true }, 1));
  await drawn();
  const bar = view.parts.bar.mover;
  const animation = running(bar);
  view.perform({ time: 1.25, effects: [{ kind: "cancelProgressAnimation", from: 0, to: 0, start: 0 }] });
  await drawn();
  assert.ok(animation.calls.includes("cancel"));
  // Linear, half way: 0.2 + 0.8 × 0.5.
  assert.ok(Math.abs(Number.parseFloat(bar.node.style.translate) - 0.6 * view.parts.length) < 1e-9,
    bar.node.style.translate);
});

test("WA-32 an event writes only what it changed: a new percentage one Text node's characters, a resize the size", async () => {
  const { indicator: ring, view, host } = await setUp({ variant: "circular", style: "percentage", width: 64, height: 64 });
  const names = new Map([[view.textSvg, "texts"], [view.element, "root"], [view.percentage, "percentage"],
    [view.percentage.characters, "characters"]]);
  const writes = [];
  observeWrites((node, kind, name, value) => writes.push([names.get(node) ?? node.name, kind, name, value]));
  try {
    host.perform(ring.setProgress(0.4, { animated: true }, 1));
    await drawn();
    assert.deepEqual(writes.filter(([node]) => node === "characters"), [["characters", "data", "data", "40%"]]);
    assert.deepEqual(writes.filter(([node]) => node === "texts" || node === "root"), []);
    writes.length = 0;
    host.perform(ring.setProgress(0.9, { animated: true }, 1.1));
    await drawn();
    assert.deepEqual(writes.filter(([node]) => node === "characters"), [["characters", "data", "data", "90%"]]);
    assert.deepEqual(writes.filter(([node]) => node === "texts" || node === "root"), []);
    // The tween's end: its animated parts become still styles of its end
    // (WA-34; 0.9 of the ring: the first half turned 180°, the second 144°,
    // the end's cap 324°), and nothing else is written.
    writes.length = 0;
    host.step(1.35);
    await drawn();
    assert.deepEqual(writes.map(([node, kind, name, value]) => `${node} ${kind} ${name} ${value}`).sort(),
      ["div style rotate 144deg", "div style rotate 180deg", "div style rotate 324deg"]);
    // A later announcement: nothing drawn changes.
    writes.length = 0;
    host.step(3);
    await drawn();
    assert.deepEqual(writes, []);
    // A value of the same text (89.6 % is 90 %): no text written.
    host.perform(ring.setProgress(0.896, { animated: true }, 4));
    await drawn();
    assert.deepEqual(writes.filter(([node]) => node === "characters"), []);
    // A resize: the size and the text's place are written again, the text is not.
    writes.length = 0;
    host.perform(ring.resize(80, 80, 5));
    await drawn();
    const written = writes.map(([node, , name]) => `${node} ${name}`);
    for (const expected of ["root width", "root height", "texts width", "texts height", "texts viewBox", "percentage x"]) {
      assert.ok(written.includes(expected), `${expected} in ${JSON.stringify(written)}`);
    }
    assert.equal(view.percentage.attributes.x, "40", "centred in the 80 pt ring");
    assert.ok(!written.includes("characters data"));
    // Indeterminate, the percentage goes (PX-4); back, it comes again.
    writes.length = 0;
    host.perform(ring.setProgressType("indeterminate", 7));
    await drawn();
    assert.ok(writes.some(([node, , name, value]) => node === "percentage" && name === "display" && value === "none"),
      JSON.stringify(writes));
    host.perform(ring.setProgressType("determinate", 8));
    await drawn();
    assert.equal(view.percentage.style.display, "");
  } finally {
    observeWrites(null);
  }
});

test("WA-25 WA-23 Material 3's gap track moves with the bar's tween, and not once Material 3 is off; no custom property", async () => {
  const writes = [];
  const { indicator, view, host } = await setUp({ variant: "linear", width: 120, height: 12,
    material3: { shape: "flat" } });
  observeWrites((node, kind, name) => writes.push(name));
  try {
    host.perform(indicator.setProgress(0.5, { animated: true }, 1));
    await drawn();
    const bar = running(view.parts.bar.mover);
    const gap = running(view.parts.gap.mover);
    assert.ok(bar && gap);
    assert.equal(gap.startTime, bar.startTime);
    assert.equal(gap.timing.duration, bar.timing.duration);
    host.perform(indicator.configure({ material3: null }, 3));
    await drawn();
    assert.ok(gap.calls.includes("cancel"));
    host.perform(indicator.setProgress(0.9, { animated: true }, 3.5));
    await drawn();
    assert.equal(running(view.parts.gap?.mover ?? { placed: null }), null);
    assert.deepEqual(writes.filter((name) => String(name).startsWith("--")), []);
    assert.ok(animations.every((a) => a.keyframes.every((k) => Object.keys(k).every((p) => !p.startsWith("--")))));
  } finally {
    observeWrites(null);
  }
});

test("WA-25 WA-14 MT-5 an amplitude tween is drawn when its effect comes, though nothing still changed (a wave at speed 0)", async () => {
  const { indicator, view, host } = await setUp({ variant: "linear", width: 120, height: 12,
    material3: { shape: "wavy", waveSpeed: 0 } });
  const transition = host.perform(indicator.setProgress(0.5, { animated: true }, 1));
  await drawn();
  assert.ok(transition.effects.some(({ kind }) => kind === "animateWaveAmplitude"));
  const shape = animations.filter(({ keyframes, cancelled }) => !cancelled && "d" in keyframes[0]).at(-1);
  assert.ok(shape, "the wave's path data animates");
  assert.equal(shape.timing.duration, 500);
  assert.equal(shape.startTime, 1000);
  void view;
});

test("WA-24 MT-24 IM-4 the view turns a ring's loop over the periods the motion says: 1,440° in 6 s, Material 2's five cycles", async () => {
  const turn = async (configuration) => {
    const { indicator, view, host } = await setUp({ variant: "circular", style: "empty", width: 140, height: 140,
      progressType: "indeterminate", ...configuration });
    host.perform(indicator.startIndeterminateAnimation(0));
    await drawn();
    return running(view.parts.segments[0].start);
  };
  const own = await turn({ material3: { shape: "wavy" } });
  assert.equal(own.timing.duration, 6000);
  assert.equal(own.timing.iterations, Infinity);
  assert.equal(own.keyframes.at(-1).rotate, "1440deg");
  const material2 = await turn({ indeterminateStyle: "material" });
  assert.ok(Math.abs(material2.timing.duration - (5 * 4000) / 3) < 1e-9, `${material2.timing.duration}`);
});

test("WA-24 IM-4 Material 2's ring: the span's halves repeat every cycle (4/3 s), only its ends turn over five", async () => {
  const { indicator, view, host } = await setUp({ variant: "circular", style: "empty", width: 140, height: 140,
    progressType: "indeterminate", indeterminateStyle: "material" });
  host.perform(indicator.startIndeterminateAnimation(0));
  await drawn();
  const arc = view.parts.segments[0];
  for (const mover of [arc.first, arc.second]) {
    const animation = running(mover);
    assert.ok(Math.abs(animation.timing.duration - 4000 / 3) < 1e-9, `${animation.timing.duration}`);
    assert.equal(animation.timing.iterations, Infinity);
    assert.equal(animation.startTime, running(arc.start).startTime, "in phase with the turn");
  }
  for (const mover of [arc.start, arc.end]) {
    assert.ok(Math.abs(running(mover).timing.duration - (5 * 4000) / 3) < 1e-9);
  }
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
    const path = wavePathData(line, { amplitude: 3, wavelength: 40, offset: 0 }, line);
    assert.equal(path.split("L").length, 8193);
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
        await drawn();
        const frames = engine.create(configuration, { progress: 0.5 });
        new IndicatorView().draw(frames.frame(0));
      }
      assert.ok(writes.length > 20, `written: ${writes.length}`);
      assert.deepEqual(writes.filter((write) => /Infinity|NaN/.test(write)), []);
      const keyframes = animations.flatMap((a) => a.keyframes.flatMap((k) => Object.values(k).map(String)));
      assert.deepEqual(keyframes.filter((value) => /Infinity|NaN/.test(value)), []);
      assert.ok(writes.some((write) => write.includes("width=1e+308")), writes.filter((w) => w.includes("width")));
    } finally {
      observeWrites(null);
    }
  });

test("WA-52 what the loop moves keeps a layer while awake (a ring loop's turning frame is a render surface); what the value moves keeps none", async () => {
  const { indicator, view, host } = await setUp({ variant: "circular", style: "empty", width: 64, height: 64 });
  host.perform(indicator.setProgress(0.7, { animated: true }, 0));
  await drawn();
  const bar = view.parts.bar;
  assert.ok(running(bar.first) && running(bar.end), "the value's arc is tweening");
  for (const part of ["start", "first", "second", "end"]) {
    assert.equal(bar[part].node.style.willChange || "", "", `the value's arc's ${part} keeps no layer of its own`);
  }
  const looping = await setUp({ variant: "circular", style: "empty", width: 64, height: 64,
    progressType: "indeterminate" });
  looping.host.perform(looping.indicator.startIndeterminateAnimation(0));
  await drawn();
  const loop = looping.view.parts.segments[0];
  assert.ok(running(loop.start), "the loop turns its start");
  assert.equal(loop.start.node.style.willChange, "rotate,filter");
  for (const part of ["first", "second", "end"]) assert.equal(loop[part].node.style.willChange, "rotate", part);
  const line = await setUp({ variant: "linear", style: "empty", width: 200, height: 20 });
  line.host.perform(line.indicator.setProgress(0.5, { animated: true }, 0));
  await drawn();
  assert.ok(running(line.view.parts.bar.mover), "the bar is tweening");
  assert.equal(line.view.parts.bar.mover.node.style.willChange || "", "", "the bar's capsule keeps no layer of its own");
  const lineLoop = await setUp({ variant: "linear", style: "empty", width: 200, height: 20,
    progressType: "indeterminate" });
  lineLoop.host.perform(lineLoop.indicator.startIndeterminateAnimation(0));
  await drawn();
  const stretch = lineLoop.view.parts.segments[0];
  assert.equal(stretch.start.node.style.willChange, "translate");
  assert.equal(stretch.span.node.style.willChange, "translate");
});
