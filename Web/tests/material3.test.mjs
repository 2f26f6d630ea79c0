// Material 3 through the WebAssembly engine and renderer.mjs. Expected values
// come from the spec (MT-4's no wave at or below 10 %, MT-13's 3 pt, 40 pt
// and cos(2π (s / wavelength − offset)), MT-15's 4 pt dot), not from the
// engine's output.
import { test } from "node:test";
import assert from "node:assert/strict";
import { ProgressEngine } from "../contract/progress-engine.mjs";
import { wavePathData } from "../hosts/renderer.mjs";
import { install } from "./fake-dom.mjs";

const wasm = process.env.PROGRESS_WASM ?? ".build/wasm/ProgressEngineJSON.wasm";
const load = () => ProgressEngine.load(new URL(wasm, `file://${process.cwd()}/`));

test("MT-13 MT-15 a wavy bar's frame carries the wave and the stop dot; a plain one neither",
  async () => {
    const engine = await load();
    const bar = engine.create({ variant: "linear", material3: { shape: "wavy" } });
    bar.setProgress(0.5, { animated: false }, 0);
    const settled = bar.frame(1.25);
    assert.equal(settled.wave.amplitude, 3);
    assert.equal(settled.wave.wavelength, 40);
    assert.ok(Math.abs(settled.wave.offset - 0.25) < 1e-9);
    assert.equal(settled.stopIndicator.width, 4);
    assert.equal(settled.stopIndicator.height, 4);
    bar.setProgress(0.05, { animated: false }, 2);
    assert.equal(bar.frame(3).wave.amplitude, 0);
    const plain = engine.create({ variant: "linear" }).frame(0);
    assert.equal(plain.wave, null);
    assert.equal(plain.stopIndicator, null);
  });

test("MT-22 MT-17 renderer.mjs puts a bar's crests and troughs where the wave's formula does", () => {
  const line = { kind: "line", fromX: 14, toX: 54, centerY: 20, lineWidth: 4 };
  const path = { kind: "line", fromX: 4, toX: 316, centerY: 20, lineWidth: 4 };
  // 10 pt along the path at the segment's start: cos(2π · 10/40) = 0, on the line;
  // at 20 pt a trough (3 pt below), at 40 pt a crest (3 pt above).
  const points = wavePathData(line, { amplitude: 3, wavelength: 40, offset: 0 }, path)
    .split(/[ML]/).filter(Boolean).map((pair) => pair.split(" ").map(Number));
  assert.equal(points.length, 17);  // 16 points a wavelength, and the last
  const at = (x) => points.find(([px]) => Math.abs(px - x) < 1e-9)[1];
  assert.equal(at(14), 20);
  assert.equal(at(24), 23);
  assert.equal(at(44), 17);
  assert.equal(at(54), 20);
});

test("MT-22 MT-13 a full wavy ring drawn by renderer.mjs closes: its first point is its last", () => {
  const ring = { kind: "arc", center: { x: 70, y: 70 }, radius: 60, lineWidth: 8,
    startAngle: 0, endAngle: 360, rotation: 0 };
  const circumference = 2 * Math.PI * 60;
  const wavelength = circumference / 24;  // a whole, even number of waves
  const data = wavePathData(ring, { amplitude: 1.6, wavelength, offset: 0.3 }, ring);
  const points = data.split(/[ML]/).filter(Boolean);
  assert.equal(points[0], points[points.length - 1]);
});

test("MT-26 renderer.mjs measures a turned arc's wave from 12 o'clock turned with the stroke", () => {
  // A 30 pt ring with 12 waves; the arc turned by 45°, 1.5 wavelengths: its
  // start is its wave's start, a crest 1.6 pt towards the centre.
  const arc = { kind: "arc", center: { x: 36, y: 36 }, radius: 30, lineWidth: 3,
    startAngle: 0, endAngle: 90, rotation: 45 };
  const wave = { amplitude: 1.6, wavelength: (2 * Math.PI * 30) / 12, offset: 0 };
  const [x, y] = wavePathData(arc, wave, arc).split(/[ML]/).filter(Boolean)[0].split(" ").map(Number);
  const radius = 28.4;
  assert.ok(Math.abs(x - (36 + radius * Math.SQRT1_2)) < 1e-3, `x ${x}`);  // 3 decimals written
  assert.ok(Math.abs(y - (36 - radius * Math.SQRT1_2)) < 1e-3, `y ${y}`);
});

test("WA-13 MT-13 MT-14 MT-15 the motion record carries Material 3's numbers and the wave as it is now",
  async () => {
    const engine = await load();
    const bar = engine.create({ variant: "linear", material3: { shape: "wavy" } });
    bar.setProgress(0.5, { animated: false }, 0);
    const { material3 } = bar.motion();
    // MT-14's 4 pt gap ramping within 1 %, MT-15's 4 pt dot, MT-13's 3 pt, 40 pt, one a second.
    assert.equal(material3.track, true);
    assert.equal(material3.gap, 4);
    assert.equal(material3.gapRamp, 0.01);
    assert.equal(material3.stopSize, 4);
    assert.deepEqual({ ...material3.wave }, { amplitude: 3, wavelength: 40, speed: 1 });
    // At 0 the amplitude starts rising from 0 (MT-5) and the clock runs.
    assert.deepEqual(material3.wave.now, { level: 0, time: 0, running: true });
    // Hidden at 1.25: the amplitude has risen (0.5 s) and the clock is held at 1.25 s (MT-7).
    bar.setHidden(true, { animated: false }, 1.25);
    assert.deepEqual(bar.motion().material3.wave.now, { level: 1, time: 1.25, running: false });

    const ring = engine.create({ variant: "circular", style: "empty", width: 140, height: 140,
      material3: { shape: "wavy", waveSpeed: 0.5 } }).motion();
    const circumference = 2 * Math.PI * ring.path.radius;
    // MT-13: 15 pt fitted to a whole, even number of waves, at least 6; 1.6 pt.
    const pairs = Math.max(3, Math.floor(circumference / 15 / 2));
    assert.ok(Math.abs(ring.material3.wave.wavelength - circumference / (2 * pairs)) < 1e-9);
    assert.equal(ring.material3.wave.amplitude, 1.6);
    assert.equal(ring.material3.wave.speed, 0.5);

    const looping = engine.create({ variant: "linear", progressType: "indeterminate",
      material3: { shape: "wavy" } }).motion();
    assert.equal(looping.material3.wave.wavelength, 20);
    assert.equal(looping.material3.wave.now.level, 1);  // MT-6
    const flat = engine.create({ variant: "linear", showTrack: false, material3: { shape: "flat" } }).motion();
    assert.equal(flat.material3.wave, null);
    assert.equal(flat.material3.track, false);
    assert.equal(engine.create({ variant: "linear" }).motion().material3, null);
  });

test("WA-24 MT-24 IM-4 the motion record says how many periods the turn spans: Material 2's five cycles, Material 3's one",
  async () => {
    const engine = await load();
    const ring = (configuration) => engine.create({ variant: "circular", style: "empty", width: 140,
      height: 140, progressType: "indeterminate", ...configuration }).motion();
    // IM-4: a cycle of 4/3 s turns 576° (306° of rotation over it), the picture repeating after five.
    const material = ring({ indeterminateStyle: "material" });
    assert.equal(material.turnPeriods, 5);
    assert.equal(material.tracks[4].at(-1).value, 4 * 576 + 306);
    // MT-24, flat or wavy and whatever indeterminateStyle says (MT-23): a 6 s period, the arc
    // from the path's start to an end 0.1 → 0.87 → 0.1, turned 1,080° evenly plus four 90°
    // steps of 0.3 s — 1,440° in the one period the turn spans.
    for (const shape of ["flat", "wavy"]) {
      const motion = ring({ indeterminateStyle: "material", material3: { shape } });
      assert.equal(motion.period, 6);
      assert.equal(motion.turnPeriods, 1);
      assert.deepEqual(motion.tracks[0].map(({ offset, value }) => [offset, value]), [[0, 0.1], [0.5, 0.87], [1, 0.1]]);
      assert.deepEqual(motion.tracks[1].map(({ value }) => value), [0, 0]);
      assert.equal(motion.tracks[2], undefined);
      const turn = motion.tracks[4];
      assert.deepEqual([turn[0].offset, turn[0].value], [0, 0]);
      assert.deepEqual([turn.at(-1).offset, turn.at(-1).value], [1, 1440]);
      const afterStep = turn.find(({ offset }) => Math.abs(offset - 0.3 / 6) < 1e-12);
      assert.ok(Math.abs(afterStep.value - (1080 * 0.3 / 6 + 90)) < 1e-9);
    }
    // No turn: Material 3 linear (MT-23's 1.75 s), Vitamin's ring, a reduced ring (IM-6).
    const line = engine.create({ variant: "linear", progressType: "indeterminate",
      material3: { shape: "flat" } }).motion();
    assert.equal(line.period, 1.75);
    assert.equal(line.tracks.length, 4);
    assert.equal(line.turnPeriods, 0);
    assert.equal(ring({}).turnPeriods, 0);
    const reduced = ring({ reduceMotion: true, material3: { shape: "flat" } });
    assert.equal(reduced.turnPeriods, 0);
    assert.equal(reduced.tracks[4], undefined);
  });

