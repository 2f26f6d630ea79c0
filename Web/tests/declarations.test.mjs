// Web/contract/progress-engine.d.ts describes Web/contract/progress-engine.mjs for TypeScript
// users; nothing compiles one against the other, so these tests hold them
// together: every member a declared class or interface names exists in what
// the module answers, every member the module answers is declared (or is
// the module's own machinery, listed below), and the effect kinds the
// declarations name are the engine's own codes.
//
//   PROGRESS_WASM=… node --test Web/tests/

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { ProgressEngine } from "../contract/progress-engine.mjs";

const wasm = readFileSync(process.env.PROGRESS_WASM || ".build/wasm/ProgressEngineJSON.wasm");
const declarations = readFileSync(new URL("../contract/progress-engine.d.ts", import.meta.url), "utf8")
  .replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/.*$/gm, "");

/**
 * The members of the declared class or interface `name`: the names at the
 * top level of its body (`name:`, `name?:`, `name(`, `readonly name`,
 * `static name`), and for an interface those of what it extends.
 */
function declared(name) {
  const head = new RegExp(`export (?:declare class|interface) ${name}\\b(?: extends (\\w+))?[^{]*\\{`);
  const found = head.exec(declarations);
  assert.ok(found, `${name} is declared`);
  let depth = 1;
  let body = "";
  for (let index = found.index + found[0].length; depth > 0; index += 1) {
    const character = declarations[index];
    if (character === "{" || character === "(" || character === "[") depth += 1;
    if (character === "}" || character === ")" || character === "]") depth -= 1;
    if (depth === 1 && character !== "}" && character !== ")" && character !== "]") body += character;
    if (depth === 0) break;
  }
  const members = new Set(found[1] ? declared(found[1]) : []);
  for (const part of body.split(/[;\n]/)) {
    const member = /^\s*(?:static\s+|readonly\s+)*(\w+)\??\s*[:(<]/.exec(part);
    if (member) members.add(member[1]);
  }
  return members;
}

/** Asserts the keys of `value` are exactly the members `name` declares, less those of `absent`. */
function matches(name, value, absent = []) {
  const members = [...declared(name)].filter((member) => !absent.includes(member));
  assert.deepEqual(Object.keys(value).sort(), members.sort(), name);
}

/**
 * Asserts every member the class declares is on `instance`, and every method
 * or accessor of its class (the module's public surface) is declared or is
 * named in `machinery`.
 */
function implemented(name, instance, machinery) {
  const members = declared(name);
  for (const member of members) {
    if (member === "load") continue;  // static, checked below
    assert.ok(member in instance, `${name}.${member} is declared but not there`);
  }
  const own = Object.getOwnPropertyNames(Object.getPrototypeOf(instance))
    .filter((member) => member !== "constructor" && !machinery.includes(member));
  for (const member of own) assert.ok(members.has(member), `${name}.${member} is not declared`);
}

test("the declared classes are the module's classes, member for member", async () => {
  assert.equal(typeof ProgressEngine.load, "function");
  assert.ok(declared("ProgressEngine").has("load"));
  const engine = await ProgressEngine.load(wasm);
  implemented("ProgressEngine", engine, ["run", "host", "readContract", "bytes", "record",
    "frameRecord", "string", "recurringString", "input", "transition", "stepRecord", "check",
    "_permuteWireForTesting", "encodeSetup"]);
  const bar = engine.create({ variant: "linear", width: 120, height: 12 });
  implemented("Indicator", bar, ["deliver", "deliverNumbers", "refuse", "live"]);
  const scenario = engine.loadScenario(readFileSync(
    new URL("../../Tests/Conformance/animated-progress.scenario.json", import.meta.url)));
  implemented("Scenario", scenario, []);
  bar.destroy();
});

test("what the module answers has the declared members", async () => {
  const engine = await ProgressEngine.load(wasm);
  const bar = engine.create({ variant: "linear", width: 120, height: 12 });
  const transition = bar.setProgress(0.4, { animated: true }, 0);
  matches("Transition", transition);
  const tween = transition.effects.find((effect) => effect.kind === "animatePresentedProgress");
  assert.ok(tween, JSON.stringify(transition.effects));
  matches("Effect", tween, ["text"]);
  const announced = bar.step(2).transitions.flatMap((made) => made.effects)
    .find((effect) => effect.kind === "announce");
  assert.ok(announced, "an announcement falls due");
  matches("Effect", announced, ["duration", "easing"]);
  matches("Step", bar.step(0.1));
  matches("Frame", bar.frame(0.1));
  const motion = bar.motion();
  matches("Motion", motion);
  matches("Keyframe", engine.create({ progressType: "indeterminate" }).motion().tracks[0][0]);
  bar.destroy();
  const codes = engine.contract.codes.effect;
  const kinds = /export type EffectKind =([^;]*);/.exec(declarations)[1].match(/"\w+"/g)
    .map((quoted) => quoted.slice(1, -1));
  assert.deepEqual(kinds, codes, "EffectKind lists the engine's effect codes in their order");
});
