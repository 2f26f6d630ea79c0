// The frame reader remembers what recurs from frame to frame (a theme's CSS
// text, a percentage's characters) instead of making it again; these tests
// check that what it remembers is never another frame's: many themes read
// in turn (more than it remembers), and frames that do not share objects.
//
//   PROGRESS_WASM=… node --test Web/tests/

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { ProgressEngine } from "../contract/progress-engine.mjs";

const wasm = readFileSync(process.env.PROGRESS_WASM || ".build/wasm/ProgressEngineJSON.wasm");

/** A colour's CSS text as CSS writes it: #RRGGBB, and AA after it when not opaque. */
const hex = ([red, green, blue, alpha = 1]) => `#${[red, green, blue, ...(alpha < 1 ? [alpha] : [])]
  .map((c) => Math.round(c * 255).toString(16).padStart(2, "0")).join("").toUpperCase()}`;

test("WA-42 twelve themes read in turn: each frame has its own indicator's colours", async () => {
  const engine = await ProgressEngine.load(wasm);
  const colours = Array.from({ length: 12 }, (_, k) => [k / 11, 0.5, 1 - k / 11, k % 3 === 0 ? 0.5 : 1]);
  // Circular: a ring shows its percentage, so every text the reader keeps is read.
  const indicators = colours.map((progress, k) => engine.create({ variant: "circular" },
    { progress: k / 12, theme: { progress, track: [0, 0, 0, k % 2 === 0 ? 1 : 0.25] } }));
  assert.equal(hex([0, 0.5, 1]), "#0080FF");
  assert.equal(hex([1, 0.5, 0, 0.5]), "#FF800080");
  for (const order of [[...indicators.keys()], [...indicators.keys()].reverse(), [3, 3, 7, 0, 11, 7]]) {
    for (const k of order) {
      const { theme, percentage, accessibilityValue } = indicators[k].frame(1);
      assert.equal(theme.progress.css, hex(colours[k]), `indicator ${k}`);
      assert.deepEqual([theme.progress.red, theme.progress.alpha], [colours[k][0], colours[k][3]]);
      assert.equal(theme.track.css, k % 2 === 0 ? "#000000" : "#00000040", `indicator ${k}'s track`);
      const text = `${Math.round((k / 12) * 100)}%`;
      assert.equal(accessibilityValue, text);
      assert.equal(percentage?.text, text, `indicator ${k}'s percentage`);
    }
  }
});

test("WA-42 two frames share no object: a colour changed in one is not changed in the next", async () => {
  const engine = await ProgressEngine.load(wasm);
  const indicator = engine.create({}, { theme: { progress: [1, 0, 0] } });
  const first = indicator.frame(0);
  first.theme.progress.css = "changed";
  const second = indicator.frame(0);
  assert.equal(second.theme.progress.css, "#FF0000");
  assert.notEqual(first.theme.progress, second.theme.progress);
  second.theme.progress.green = 1;
  assert.equal(indicator.frame(0).theme.progress.green, 0);
});
