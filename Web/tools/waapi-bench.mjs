#!/usr/bin/env node
// The JavaScript and engine cost of the Web Animations host per event, in
// node, with a fake document: many.html's application work (N indicators, a
// quarter each linear and circular determinate, the rest loops; every
// simulated second each determinate bar gets a new animated value and half of
// them another 0.1 s later, a retarget; each indicator stepped at its wake
// time by the page's one WakeScheduler) run against one or more builds of the host,
// alternating, in one process. The fake nodes record what is written and
// `animate()` answers a stub animation, so what is measured is the host and
// the engine, not the browser's style and animation machinery.
//
//   node Web/tools/waapi-bench.mjs DIR [DIR…] [--n 1000] [--rounds 10] [--seconds 4]
//
// DIR is what Scripts/build-wasm.sh DIR wrote (ProgressEngine.wasm,
// progress-engine.mjs, waapi-host.mjs, effect-host.mjs). Prints, per DIR, the
// median over the rounds of CPU microseconds per event (value change) with
// the wake-time steps included, and the ratio to the first DIR.

import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { loopsAt, manyConfiguration } from "../pages/many-mix.mjs";
import { install } from "../tests/fake-dom.mjs";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(name);
  if (index < 0) return fallback;
  const [, value] = args.splice(index, 2);
  return Number(value);
};
const count = option("--n", 1000);
const rounds = option("--rounds", 10);
const seconds = option("--seconds", 4);
const dirs = args;
if (dirs.length === 0) {
  console.error("usage: node Web/tools/waapi-bench.mjs DIR [DIR…] [--n N] [--rounds R] [--seconds S]");
  process.exit(2);
}

install({ record: false });

/** One build: its engine and host, N indicators set up as many.html sets them up. */
async function setUp(dir) {
  const base = pathToFileURL(`${resolve(dir)}/`);
  const { ProgressEngine } = await import(new URL("progress-engine.mjs", base));
  const { AnimatedIndicatorView } = await import(new URL("waapi-host.mjs", base));
  const { EffectDriver, WakeScheduler } = await import(new URL("effect-host.mjs", base));
  const engine = await ProgressEngine.load(readFileSync(new URL("ProgressEngine.wasm", base)));
  let clock = 0;
  // No real timer: the run calls fire() itself at each simulated moment.
  const scheduler = new WakeScheduler(() => clock, { setTimeout: () => 1, clearTimeout: () => {} });
  const bars = [];
  for (let k = 0; k < count; k++) {
    const indeterminate = loopsAt(k);
    const configuration = manyConfiguration(k);
    const indicator = engine.create(configuration, { time: clock, cadence: "effects" });
    const driver = new EffectDriver(indicator, new AnimatedIndicatorView({ cull: false }),
      { time: clock, scheduler });
    if (indeterminate) driver.send((i, t) => i.startIndeterminateAnimation(t), clock);
    bars.push({ driver, indeterminate });
  }
  let round = 0;
  const value = (k, r) => ((k * 37 + r * 13) % 100) / 100;
  // The views draw at the end of the task (a microtask): awaited after each
  // moment, so that their drawing is measured with the events.
  const at = async (time) => { await null; clock = time; scheduler.fire(); };
  /** One simulated second of many.html's work; answers the events sent. */
  const second = async () => {
    round += 1;
    let events = 0;
    const start = round;
    await at(start);
    bars.forEach((bar, k) => {
      if (bar.indeterminate) return;
      bar.driver.send((i, t) => i.setProgress(value(k, round), { animated: true }, t), clock);
      events += 1;
    });
    await at(start + 0.1);
    bars.forEach((bar, k) => {
      if (bar.indeterminate || k % 8 >= 4) return;
      bar.driver.send((i, t) => i.setProgress(value(k, round + 50), { animated: true }, t), clock);
      events += 1;
    });
    for (let t = 0.2; t < 1; t += 0.1) await at(start + t);
    await null;
    return events;
  };
  return { second };
}

const builds = [];
for (const dir of dirs) builds.push({ dir, run: await setUp(dir), samples: [] });
for (const build of builds) await build.run.second();  // warm-up
for (let r = 0; r < rounds; r++) {
  const order = r % 2 === 0 ? builds : [...builds].reverse();
  for (const build of order) {
    let events = 0;
    // CPU time, not wall time: a process the machine's other work
    // preempts is not charged for the wait.
    const start = process.cpuUsage();
    for (let s = 0; s < seconds; s++) events += await build.run.second();
    const { user, system } = process.cpuUsage(start);
    build.samples.push((user + system) / events);
  }
}
const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
const first = median(builds[0].samples);
for (const build of builds) {
  const m = median(build.samples);
  console.log(`${build.dir}: ${m.toFixed(2)} µs per event (median of ${rounds}, min `
    + `${Math.min(...build.samples).toFixed(2)}), ${(m / first).toFixed(3)} × the first`);
}
