// The compositor view's wave offset (waapi-material3.mjs) against the
// engine's frames: the same number at every speed and time, also where the
// product overflows (MT-29), and the view moves no wave faster than its
// shortest period (WA-57).
import { test } from "node:test";
import assert from "node:assert/strict";
import { ProgressEngine } from "../contract/progress-engine.mjs";
import { install } from "./fake-dom.mjs";

const wasm = process.env.PROGRESS_WASM ?? ".build/wasm/ProgressEngineJSON.wasm";

test("MT-29 WA-57 the view's wave offset is the engine frame's at every speed and time, 1e308 included", async () => {
  install();
  const { waveOffset, SHORTEST_WAVE_PERIOD } = await import("../hosts/waapi-material3.mjs");
  const engine = await ProgressEngine.load(new URL(wasm, `file://${process.cwd()}/`));
  const speeds = [0, 0.5, 1, 3.7, 1000, 1e6, 2 ** 53, 1e308, Number.MAX_VALUE];
  const times = [0, 0.25, 1.25, 7.3, 1e6, 1e300];
  let compared = 0;
  for (const speed of speeds) {
    const bar = engine.create({ variant: "linear", material3: { shape: "wavy", waveSpeed: speed } });
    bar.setProgress(0.5, { animated: false }, 0);
    for (const time of times) {
      const { offset } = bar.frame(time).wave;
      assert.ok(Number.isFinite(offset) && offset >= 0 && offset < 1, `${speed} at ${time}: ${offset}`);
      assert.equal(waveOffset(time, speed), offset, `${speed} wavelengths a second at ${time} s`);
      compared++;
    }
    bar.destroy();
  }
  assert.equal(compared, speeds.length * times.length);
  // At 1e308 the offset is a whole number of wavelengths from the first
  // sampled time on: 0, as a view that stands the wave still draws it.
  assert.equal(waveOffset(1, 1e308), 0);
  assert.equal(1 / 1e308 >= SHORTEST_WAVE_PERIOD, false);
  assert.equal(1 / 1000 >= SHORTEST_WAVE_PERIOD, true);
});
