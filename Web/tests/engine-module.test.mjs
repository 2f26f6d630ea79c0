// The two modules of one engine (WA-39 to WA-41): ProgressEngine.wasm, which
// takes a configuration as numbers in its setup record, and
// ProgressEngineJSON.wasm, which reads the scenario format. The same
// configuration and events must make the same indicator in both: each is
// checked against the other (the JSON module's reader is the reference's,
// checked against `progress trace` by the conformance run), never against
// values read off either's output.
//
//   PROGRESS_WASM=OUTDIR/ProgressEngineJSON.wasm node --test Web/tests/
//
// The engine module is read from the same directory.
import { test } from "node:test";
import assert from "node:assert/strict";
import { ProgressEngine, ProgressEngineError } from "../contract/progress-engine.mjs";

const jsonPath = process.env.PROGRESS_WASM ?? ".build/wasm/ProgressEngineJSON.wasm";
const base = new URL(jsonPath, `file://${process.cwd()}/`);
const loadBoth = async () => ({
  json: await ProgressEngine.load(base),
  engine: await ProgressEngine.load(new URL("ProgressEngine.wasm", base)),
});

test("WA-39 two modules: the engine reads no JSON and the JSON module takes no setup record",
  async () => {
    const { json, engine } = await loadBoth();
    assert.equal(json.readsJSON, true);
    assert.equal(engine.readsJSON, false);
    const names = (module) => new Set(Object.keys(module.exports));
    for (const name of ["pe_create", "pe_send", "pe_scenario", "pe_scenario_send"]) {
      assert.ok(names(json).has(name), `the JSON module has ${name}`);
      assert.ok(!names(engine).has(name), `the engine module has no ${name}`);
    }
    for (const name of ["pe_setup", "pe_create_record", "pe_configure_record", "pe_resize"]) {
      assert.ok(names(engine).has(name), `the engine module has ${name}`);
      assert.ok(!names(json).has(name), `the JSON module has no ${name}`);
    }
    assert.throws(() => engine.loadScenario(new TextEncoder().encode("{}")),
      /ProgressEngine\.wasm reads no scenario files/);
  });

// Every variant, size and style the scenario format names, with and without
// Material 3, labels, a theme and the other fields; the events every host
// sends, configure and resize among them.
const shapes = [
  ...["small", "medium", "large"].flatMap((size) => ["percentage", "labelOnly", "empty"]
    .map((style) => ({ variant: "linear", size, style }))),
  ...["small", "medium"].flatMap((size) => ["percentage", "image", "empty"]
    .map((style) => ({ variant: "circular", size, style }))),
  ...["material3Medium", "material3Small", "material3ExtraSmall"].flatMap((size) => ["flat", "wavy"]
    .map((shape) => ({ variant: "circular", size, style: "empty", material3: { shape } }))),
  {}, { variant: "circular" }, { size: "large" }, { style: "labelOnly" },
];
const extras = [
  {},
  { leftLabelText: "Uploading photos", accessibilityLabel: "Upload", showTrack: false },
  { material3: { shape: "wavy", waveSpeed: 0.5 }, indeterminateStyle: "material",
    layoutDirection: "rightToLeft", reduceMotion: true, backwardAnimation: "reset",
    width: 200, height: 30, leftLabelText: null },
  { showTrack: true, reduceMotion: false, layoutDirection: "leftToRight", indeterminateStyle: "vitamin",
    backwardAnimation: "animate" },
];
const options = [{}, { progress: 0.3, hidden: true, time: 1,
  theme: { track: [0.1, 0.2, 0.3], progress: [1, 0, 0], text: [0, 0, 0, 0.5] } }];
const events = [
  (i) => i.setProgress(0.6, { animated: true }, 1.1),
  (i) => i.configure({ variant: "circular", size: "small" }, 1.2),
  (i) => i.configure({ style: "empty", accessibilityLabel: "Copy", leftLabelText: "Copying" }, 1.3),
  (i) => i.setProgressType("indeterminate", 1.4),
  (i) => i.startIndeterminateAnimation(1.5),
  (i) => i.resize(50, 60, 1.6),
  (i) => i.configure({ progressType: "determinate", width: 100 }, 1.7),
  (i) => i.setHidden(true, { animated: true }, 1.8),
  (i) => i.configure({ material3: null, size: "medium", variant: "linear" }, 1.9),
  (i) => i.configure({ material3: { shape: "wavy" }, size: "material3Small", variant: "circular",
    style: "empty" }, 2.0),
  (i) => i.setHidden(false, undefined, 2.1),
  (i) => i.send({ type: "setProgress", value: 0.9, animated: true }, 2.2),
  (i) => i.send({ type: "configure", configuration: { reduceMotion: false } }, 2.3),
];
const outcome = (call) => {
  try {
    return { value: call() };
  } catch (error) {
    return { error: `${error.name}: ${error.message}` };
  }
};

test("WA-40 the same configuration and events make the same indicator in both modules",
  async () => {
    const { json, engine } = await loadBoth();
    let indicators = 0;
    for (const shape of shapes) {
      for (const extra of extras) {
        for (const option of options) {
          const configuration = { ...shape, ...extra };
          const what = JSON.stringify([configuration, option]);
          const a = outcome(() => json.create(configuration, option));
          const b = outcome(() => engine.create(configuration, option));
          assert.deepEqual(b.error, a.error, `create ${what}`);
          if (a.error) continue;
          indicators += 1;
          const [x, y] = [a.value, b.value];
          assert.deepEqual(y.frame(1), x.frame(1), `frame ${what}`);
          assert.deepEqual(y.motion(), x.motion(), `motion ${what}`);
          for (const [index, event] of events.entries()) {
            assert.deepEqual(outcome(() => event(y)), outcome(() => event(x)),
              `event ${index} of ${what}`);
            assert.deepEqual(y.frame(2.5), x.frame(2.5), `frame after event ${index} of ${what}`);
            assert.deepEqual(y.motion(), x.motion(), `motion after event ${index} of ${what}`);
          }
          x.destroy();
          y.destroy();
        }
      }
    }
    // The matrix is all valid: 25 shapes × 4 sets of fields × 2 option sets.
    assert.equal(indicators, 200);
  });

test("WA-40 values are checked by the engine with the JSON module's messages and paths",
  async () => {
    const { json, engine } = await loadBoth();
    const invalid = [
      { variant: "linear", style: "image" }, { variant: "circular", size: "large" },
      { variant: "circular", style: "labelOnly" }, { material3: { shape: "flat", waveSpeed: 2 } },
      { material3: { shape: "wavy", waveSpeed: -1 } }, { width: -1 }, { height: -0.5 },
      { variant: "circular", size: "material3Small" },
      { variant: "circular", size: "material3Small", material3: { shape: "flat" }, style: "percentage" },
      { showTrack: 1 }, { leftLabelText: 5 }, { material3: { shape: "round" } },
    ];
    for (const configuration of invalid) {
      const a = outcome(() => json.create(configuration));
      assert.ok(a.error, `the JSON module refuses ${JSON.stringify(configuration)}`);
      assert.deepEqual(outcome(() => engine.create(configuration)), a, JSON.stringify(configuration));
    }
    const bar = engine.create({});
    const twin = json.create({});
    assert.deepEqual(outcome(() => bar.configure({ width: -2 }, 1)),
      outcome(() => twin.configure({ width: -2 }, 1)));
    assert.deepEqual(outcome(() => bar.resize(-1, 4, 1)), outcome(() => twin.resize(-1, 4, 1)));
    // JSON cannot carry an infinite width: both modules refuse it, with one
    // message (issue 40 §2; the JSON module saw null, the engine module
    // handed it over and the engine rejected it).
    for (const module of [bar, twin]) {
      assert.throws(() => module.resize(Infinity, 4, 1),
        (error) => error instanceof ProgressEngineError && error.message === "$.width: expected a number, got Infinity");
    }
    assert.equal(engine.liveCount, 1);
  });

test("WA-41 the engine module's names, kinds and NaN are checked before the engine runs",
  async () => {
    const { engine } = await loadBoth();
    const refused = [
      [{ variant: "oval" }, "$.configuration.variant"], [{ size: "huge" }, "$.configuration.size"],
      [{ nope: 1 }, "$.configuration.nope"], [{ width: NaN }, "$.configuration.width"],
      [{ showTrack: "yes" }, "$.configuration.showTrack"],
      [{ progressAnimation: { duration: 1 } }, "$.configuration.progressAnimation"],
      [{ material3: { shape: "flat", extra: 1 } }, "$.configuration.material3.extra"],
      [{ trackColor: [0, 0, 0] }, "$.configuration.trackColor"],
    ];
    for (const [configuration, path] of refused) {
      assert.throws(() => engine.create(configuration),
        (error) => error instanceof ProgressEngineError && error.path === path,
        JSON.stringify(configuration));
    }
    assert.throws(() => engine.create({}, { progress: NaN }),
      (error) => error instanceof ProgressEngineError && error.path === "$.progress");
    assert.throws(() => engine.create({}, { theme: { track: "red" } }),
      (error) => error instanceof ProgressEngineError && error.path === "$.theme.track");
    assert.equal(engine.liveCount, 0, "nothing was created");
    // A record the module did not write: a code outside its list is the engine's error.
    const { exports, contract } = engine;
    const at = exports.pe_setup();
    new Float64Array(exports.memory.buffer, at, contract.layouts.setup.length)[
      contract.layouts.setup.members.size] = 99;
    assert.equal(exports.pe_create_record(0), contract.status.invalidInput);
    assert.equal(engine.liveCount, 0);
    const bar = engine.create({ style: "labelOnly", leftLabelText: "kept" });
    const before = JSON.stringify(bar.frame(0));
    assert.throws(() => bar.configure({ style: "image" }, 0), ProgressEngineError);
    assert.throws(() => bar.setProgressType("both", 0),
      (error) => error instanceof ProgressEngineError && error.path === "$.value");
    assert.throws(() => bar.setProgress("0.5", undefined, 0),
      (error) => error instanceof ProgressEngineError && error.path === "$.value");
    assert.throws(() => bar.send({ type: "jump" }, 0),
      (error) => error instanceof ProgressEngineError && error.path === "$.type");
    assert.equal(JSON.stringify(bar.frame(0)), before, "nothing changed");
  });

test("WA-40 what JSON does to a value, the engine module does too: undefined is absent, -0 is 0, only own fields count",
  async () => {
    const { json, engine } = await loadBoth();
    const same = (what, make) => {
      assert.deepEqual(outcome(() => make(engine)), outcome(() => make(json)), what);
    };
    const framed = (module, configuration, options) => {
      const bar = module.create(configuration, options);
      return [bar.frame(0.5), bar.motion()];
    };
    same("undefined fields", (m) => framed(m, { width: undefined, leftLabelText: undefined,
      material3: { shape: "wavy", waveSpeed: undefined } }, { progress: undefined, theme: undefined }));
    same("-0", (m) => framed(m, { width: -0, height: -0, variant: "circular" },
      { theme: { track: [-0, 0.5, 1] }, time: -0 }));
    same("-0 resize", (m) => {
      const bar = m.create({});
      return [bar.resize(-0, 12, 0.1), bar.frame(0.2)];
    });
    const inherited = Object.create({ width: 999, style: "image" });
    inherited.variant = "circular";
    same("inherited fields", (m) => framed(m, inherited, Object.create({ progress: 0.9 })));
    // A key named as Object.prototype's members is a field like any other: unknown.
    for (const options of [{ toString: 5 }, { hasOwnProperty: 1 }, { theme: { toString: [0, 0, 0] } }]) {
      assert.throws(() => engine.create({}, options), ProgressEngineError, JSON.stringify(options));
      assert.throws(() => json.create({}, options), ProgressEngineError, JSON.stringify(options));
    }
    assert.throws(() => engine.create({ constructor: 1 }), ProgressEngineError);
    // animated: null is not false.
    same("animated null", (m) => m.create({}).send({ type: "setProgress", value: 0.5, animated: null }, 0));
    // A colour component out of range: the same path (its index) and message.
    same("colour out of range", (m) => m.create({}, { theme: { progress: [0, 1.5, 0] } }));
    same("colour alpha out of range", (m) => m.create({}, { theme: { text: [0, 0, 0, -1] } }));
    assert.equal(engine.liveCount, 5);
  });

test("WA-40 the setup record is read by its offsets in the contract: laid out anew, the same indicators",
  async () => {
    const { json, engine } = await loadBoth();
    const configuration = { variant: "circular", size: "small", style: "percentage",
      leftLabelText: "Sync", accessibilityLabel: "Sync", indeterminateStyle: "material",
      layoutDirection: "rightToLeft", material3: null, showTrack: false };
    const options = { progress: 0.4, time: 0.5, theme: { track: [0.2, 0.3, 0.4, 0.5] } };
    const expected = json.create(configuration, options).frame(1);
    for (const seed of [1, 7, 99, 12345]) {
      engine._permuteWireForTesting(seed);
      const bar = engine.create(configuration, options);
      assert.deepEqual(bar.frame(1), expected, `seed ${seed}`);
      bar.configure({ leftLabelText: "Again", style: "empty" }, 1);
      bar.destroy();
    }
    engine._permuteWireForTesting(0);
  });

test("WA-46 the module's text estimate counts characters as Swift does: a combining accent, a flag and a family are one each",
  async () => {
    const { json } = await loadBoth();
    const texts = ["e\u0301e\u0301", "\u{1F1EB}\u{1F1F7}", "\u{1F468}\u200D\u{1F469}\u200D\u{1F467}", "abc"];
    for (const text of texts) {
      const configuration = { variant: "linear", style: "percentage", width: 4000, height: 40,
        leftLabelText: text };
      // The engine's own estimate (no callback) against the module's
      // (the measureText callback the module falls back on).
      const swift = json.create(configuration);
      const host = json.create(configuration, { measureText: true });
      const [a, b] = [swift.frame(0).leftLabel, host.frame(0).leftLabel];
      assert.ok(a && b, `a label for ${JSON.stringify(text)}`);
      assert.equal(b.frame.width, a.frame.width, `the width of ${JSON.stringify(text)}`);
      swift.destroy();
      host.destroy();
    }
  });

// Issue 40 §2's probes, as an attacker tries them: configurations, create's
// options and events of every kind JavaScript can hand over (own toJSON,
// functions, Symbols, boxed values, Dates, NaN and infinities, wrong kinds,
// unknown names), each through both modules.
const fn = () => 1;
const valueProbes = [
  ...Object.entries({
    "own toJSON": [{ variant: "linear", toJSON() { return { variant: "circular" }; } }],
    "a function": [{ variant: "linear", width: fn }],
    "a Symbol": [{ variant: "linear", width: Symbol("w") }],
    "a String object": [{ variant: new String("linear") }],
    "a Number object": [{ variant: "linear", width: new Number(100) }],
    "a Boolean object": [{ variant: "linear", showTrack: new Boolean(true) }],
    "a Date": [{ variant: "linear", width: new Date(0) }],
    "a NaN width": [{ variant: "linear", width: NaN }],
    "an infinite width": [{ variant: "linear", width: Infinity }],
    "a -Infinity height": [{ variant: "linear", height: -Infinity }],
    "a negative width": [{ variant: "linear", width: -1 }],
    "a string width": [{ variant: "linear", width: "100" }],
    "a null width": [{ variant: "linear", width: null }],
    "an array width": [{ variant: "linear", width: [1] }],
    "an object width": [{ variant: "linear", width: {} }],
    "an unknown variant": [{ variant: "square" }],
    "a variant number": [{ variant: 1 }],
    "a null variant": [{ variant: null }],
    "an unknown field": [{ variant: "linear", colour: 1 }],
    "an unknown size": [{ variant: "circular", size: "large" }],
    "an unknown style": [{ variant: "linear", style: "fancy" }],
    "an unknown Material 3 shape": [{ variant: "linear", material3: { shape: "zigzag" } }],
    "Material 3 as a string": [{ variant: "linear", material3: "wavy" }],
    "Material 3 with an unknown field": [{ variant: "linear", material3: { shape: "wavy", x: 1 } }],
    "a NaN wave speed": [{ variant: "linear", material3: { shape: "wavy", waveSpeed: NaN } }],
    "a negative wave speed": [{ variant: "linear", material3: { shape: "wavy", waveSpeed: -1 } }],
    "a string wave speed": [{ variant: "linear", material3: { shape: "wavy", waveSpeed: "1" } }],
    "a number label": [{ variant: "linear", leftLabelText: 5 }],
    "a function label": [{ variant: "linear", leftLabelText: fn }],
    "a string flag": [{ variant: "linear", showTrack: "yes" }],
    "an unknown progress type": [{ variant: "linear", progressType: "spinning" }],
    "a NaN progress option": [{ variant: "linear" }, { progress: NaN }],
    "an infinite progress option": [{ variant: "linear" }, { progress: Infinity }],
    "a string progress option": [{ variant: "linear" }, { progress: "0.5" }],
    "a string hidden option": [{ variant: "linear" }, { hidden: "true" }],
    "a NaN time option": [{ variant: "linear" }, { time: NaN }],
    "an unknown option": [{ variant: "linear" }, { speed: 1 }],
    "a colour out of range": [{ variant: "linear" }, { theme: { track: [2, 0, 0] } }],
    "a colour of two components": [{ variant: "linear" }, { theme: { track: [0, 0] } }],
    "a NaN colour": [{ variant: "linear" }, { theme: { track: [NaN, 0, 0] } }],
    "an unknown cadence": [{ variant: "linear" }, { cadence: "sometimes" }],
    "options with an own toJSON": [{ variant: "linear" }, { progress: 0.5, toJSON() { return {}; } }],
  }).map(([name, [configuration, options]]) => [`create: ${name}`, (m) => m.create(configuration, options)]),
  ...Object.entries({
    "send setProgress NaN": (i) => i.send({ type: "setProgress", value: NaN }),
    "send setProgress Infinity": (i) => i.send({ type: "setProgress", value: Infinity }),
    "setProgress(Infinity)": (i) => i.setProgress(Infinity),
    "setProgress(NaN)": (i) => i.setProgress(NaN),
    "send with an own toJSON": (i) => i.send({ type: "setProgress", value: 0.5,
      toJSON() { return { type: "setHidden", value: true }; } }),
    "send a string value": (i) => i.send({ type: "setProgress", value: "0.5" }),
    "send a Number object": (i) => i.send({ type: "setProgress", value: new Number(0.5) }),
    "send a string animated": (i) => i.send({ type: "setProgress", value: 0.5, animated: "yes" }),
    "send an unknown type": (i) => i.send({ type: "explode" }),
    "send a String object type": (i) => i.send({ type: new String("setHidden"), value: true }),
    "send a function value": (i) => i.send({ type: "setHidden", value: fn }),
    "resize NaN": (i) => i.resize(NaN, 10),
    "resize Infinity": (i) => i.resize(Infinity, 10),
    "resize a string": (i) => i.resize("10", 10),
    "configure an unknown style": (i) => i.configure({ style: "fancy" }),
    "configure with an own toJSON": (i) => i.configure({ width: 100, toJSON() { return { width: -1 }; } }),
    "an unknown progress type": (i) => i.setProgressType("round"),
    "a progress type number": (i) => i.setProgressType(1),
  }).map(([name, send]) => [name, (m) => {
    const bar = m.create({ variant: "linear" });
    try {
      return send(bar);
    } finally {
      bar.destroy();
    }
  }]),
];

// Refused by both with the same decision, in the JSON reader's wording and
// the engine module's own (what is left of issue 40 §2: the wording).
const wordedApart = new Set([
  "create: an unknown variant", "create: an unknown field", "create: an unknown style",
  "create: Material 3 with an unknown field", "create: an unknown progress type",
  "create: an unknown option", "send an unknown type", "configure an unknown style",
]);

test("WA-48 both modules take a value by one rule: the same outcome or the same error for every probe (but eight errors worded apart)",
  async () => {
    const { json, engine } = await loadBoth();
    const told = (module, probe) => {
      try {
        const made = probe(module);
        return made && "outcome" in made ? `${made.outcome} ${made.reason ?? ""}` : "made";
      } catch (error) {
        return `${error.name}: ${error.message}`;
      }
    };
    let agreeing = 0;
    for (const [name, probe] of valueProbes) {
      const [a, b] = [told(json, probe), told(engine, probe)];
      if (wordedApart.has(name)) {
        assert.ok(a.startsWith("ProgressEngineError") && b.startsWith("ProgressEngineError"),
          `${name}: both refuse it (JSON module: ${a}; engine module: ${b})`);
        assert.notEqual(a, b, `${name} agrees now: take it off the list`);
      } else {
        assert.equal(b, a, `${name}: the engine module against the JSON module`);
        agreeing += 1;
      }
    }
    assert.equal(valueProbes.length, 60);
    assert.equal(agreeing, 52);
    // Within a module too: a NaN or infinite value sent as an event is what
    // setProgress makes of it (the JSON module refused it as null).
    for (const module of [json, engine]) {
      for (const value of [Infinity, -Infinity, NaN]) {
        const [a, b] = [module.create({}), module.create({})];
        const [direct, sent] = [a.setProgress(value), b.send({ type: "setProgress", value })];
        assert.deepEqual([sent.outcome, sent.reason, b.frame(1).progress],
          [direct.outcome, direct.reason, a.frame(1).progress], `${value}`);
        a.destroy();
        b.destroy();
      }
    }
    assert.equal(engine.liveCount, 0);
    assert.equal(json.liveCount, 0);
  });
