// The wire contract between the engine and progress-engine.mjs is written
// once, in the engine (Web/engine/Exports+Contract.swift's layouts, published by pe_schema):
// this module reads every offset and code from it. These tests lay the
// engine's records out again — members shuffled, gaps between them, as a
// reordered or added field would — and check that every conformance fixture
// still plays to the same trace, that a reader holding the old layout would
// misread it (so the shuffle is real), and that a layout missing a member
// this module reads fails at load instead of being misread.
//
//   PROGRESS_WASM=… node --test Web/tests/

import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { test } from "node:test";
import { ProgressEngine, readContract } from "../contract/progress-engine.mjs";
import { play } from "../tools/trace.mjs";

const wasm = readFileSync(process.env.PROGRESS_WASM || ".build/wasm/ProgressEngineJSON.wasm");
const fixtures = new URL("../../Tests/Conformance/", import.meta.url);
const scenarios = readdirSync(fixtures).filter((name) => name.endsWith(".scenario.json"))
  .map((name) => [name, new Uint8Array(readFileSync(new URL(name, fixtures)))]);

test("every fixture plays to the same trace whatever the records' layout", async () => {
  const engine = await ProgressEngine.load(wasm);
  const reference = scenarios.map(([, bytes]) => JSON.stringify(play(engine, bytes)));
  assert.ok(scenarios.length >= 30, `${scenarios.length} fixtures`);
  for (const seed of [1, 7, 1234, 99991]) {
    engine._permuteWireForTesting(seed);
    scenarios.forEach(([name, bytes], index) => {
      assert.equal(JSON.stringify(play(engine, bytes)), reference[index], `${name}, seed ${seed}`);
    });
  }
  engine._permuteWireForTesting(0);
});

test("a reader that kept the old layout misreads the new one", async () => {
  const engine = await ProgressEngine.load(wasm);
  const [, bytes] = scenarios.find(([name]) => name.startsWith("animated-progress"));
  const reference = JSON.stringify(play(engine, bytes));
  const stale = engine.read;
  engine._permuteWireForTesting(7);
  const fresh = engine.read;
  engine.read = stale;  // the old offsets, as a module that typed them out would have
  let misread;
  try {
    misread = JSON.stringify(play(engine, bytes));
  } catch (error) {
    misread = `threw: ${error.message}`;
  }
  engine.read = fresh;
  assert.notEqual(misread, reference);
  assert.equal(JSON.stringify(play(engine, bytes)), reference);
});

test("a layout without a member this module reads fails at load", async () => {
  const engine = await ProgressEngine.load(wasm);
  const contract = JSON.parse(JSON.stringify(engine.contract));
  delete contract.layouts.frame.members.presentedProgress;
  assert.throws(() => readContract(JSON.stringify(contract)),
    /the engine's "frame" record has no member "presentedProgress"/);
  const renamed = JSON.parse(JSON.stringify(engine.contract));
  renamed.codes.shape = undefined;
  assert.throws(() => readContract(JSON.stringify(renamed)), /no "shape" codes/);
});

/**
 * The Swift declarations of Web/engine/Exports+Contract.swift: each
 * `enum NameMember: Int` and `enum NameCode: Int`, its cases in order.
 */
function swiftEnums() {
  const source = readFileSync(new URL("../engine/Exports+Contract.swift", import.meta.url), "utf8");
  const enums = new Map();
  for (const [, name, body] of source.matchAll(/enum (\w+(?:Member|Code)): Int \{([^}]*)\}/g)) {
    enums.set(name, [...body.replace(/\/\/.*$/gm, "").matchAll(/case ([^\n]+)/g)]
      .flatMap(([, list]) => list.split(",").map((one) => one.trim()).filter(Boolean)));
  }
  return enums;
}

test("WA-45 the published contract is the Swift declaration: every layout's members are its member enum's cases in order, the effect and event codes their enums'",
  async () => {
    const engine = await ProgressEngine.load(wasm);
    engine._permuteWireForTesting(0);
    const enums = swiftEnums();
    const { layouts, codes } = engine.contract;
    let compared = 0;
    for (const [layout, { members }] of Object.entries(layouts)) {
      const name = `${layout[0].toUpperCase()}${layout.slice(1)}Member`;
      assert.ok(enums.has(name), `no enum ${name} for the published layout "${layout}"`);
      // Laid out in order (seed 0), a member's offset grows with its place.
      const published = Object.entries(members).sort(([, a], [, b]) => a - b).map(([member]) => member);
      assert.deepEqual(published, enums.get(name), `layout "${layout}" against enum ${name}`);
      compared += 1;
    }
    for (const [list, name] of [["effect", "EffectCode"], ["event", "EventCode"]]) {
      assert.deepEqual(codes[list], enums.get(name), `codes "${list}" against enum ${name}`);
      compared += 1;
    }
    assert.equal(compared, [...enums.keys()].length, "every enum of the declaration is published");
  });
