#!/usr/bin/env node
// The cost of one frame sample in the WebAssembly engine, for the same five
// indicators as progress-bench's `frame.*` benchmarks (Sources/ProgressBench/
// FrameBenchmarks.swift), with the same method: operations doubled until a
// sample lasts 20 ms, one warm-up sample dropped, 15 samples, median and
// minimum per operation. Three costs per case:
//   wasm      — the sampling loop inside wasm (pe_bench_frames): what the
//               native benchmark measures, so the two compare directly;
//   +record   — pe_frame from JavaScript: the frame sampled and written
//               into the shared record (109 numbers, the texts);
//   +decode   — Indicator.frame(): that plus decoding into a JS object.
//
//   Scripts/build-wasm.sh .build/wasm-benchmark --benchmark
//   PROGRESS_WASM=.build/wasm-benchmark/ProgressEngineJSON.wasm node Web/tools/bench.mjs [--json]
//   (the shipped module has no pe_bench_frames)
//   … node Web/tools/bench.mjs --run NAME N   (untimed: only NAME's indicator, 16
//   frames inside wasm, then N; for instruction counts under callgrind, a run
//   with N less one with 0, over N: Scripts/count-wasm-frame.sh)

import { readFileSync } from "node:fs";
import { ProgressEngine } from "../contract/progress-engine.mjs";

const engine = await ProgressEngine.load(
  readFileSync(process.env.PROGRESS_WASM || ".build/wasm/ProgressEngineJSON.wasm"));
const base = { leftLabelText: "Downloading...", width: 320, height: 160 };
const cases = [
  ["frame.linearDeterminate", { variant: "linear", style: "percentage", progressAnimation: { duration: 1000 } }, null],
  ["frame.linearVitamin", { variant: "linear", style: "labelOnly", indeterminateStyle: "vitamin" }, "vitamin"],
  ["frame.linearMaterial", { variant: "linear", style: "labelOnly", indeterminateStyle: "material" }, "material"],
  ["frame.circularVitamin", { variant: "circular", style: "empty", indeterminateStyle: "vitamin" }, "vitamin"],
  ["frame.circularMaterial", { variant: "circular", style: "empty", indeterminateStyle: "material" }, "material"],
];

function measure(run) {
  let operations = 1;
  for (;;) {
    const start = performance.now();
    run(operations);
    if (performance.now() - start >= 20) break;
    operations *= 2;
  }
  const samples = [];
  for (let k = 0; k < 16; k += 1) {
    const start = performance.now();
    run(operations);
    samples.push(((performance.now() - start) * 1e6) / operations);
  }
  samples.shift();
  samples.sort((a, b) => a - b);
  return { median: samples[7], minimum: samples[0] };
}

function create([, configuration, style]) {
  const indicator = engine.create({ ...base, ...configuration,
    progressType: style === null ? "determinate" : "indeterminate" });
  if (style === null) indicator.setProgress(1, { animated: true }, 0);
  else indicator.startIndeterminateAnimation(0);
  return indicator;
}

const runAt = process.argv.indexOf("--run");
if (runAt >= 0) {
  const [name, count] = [process.argv[runAt + 1], Number(process.argv[runAt + 2])];
  const found = cases.find((c) => c[0] === name);
  if (!found || !(count >= 0)) {
    console.error("usage: node Web/tools/bench.mjs --run NAME N (NAME one of the frame.* cases)");
    process.exit(2);
  }
  const indicator = create(found);
  // The same first calls in both runs (lazily compiled functions).
  engine.exports.pe_bench_frames(indicator.handle, 16, 0, 1 / 120);
  engine.exports.pe_bench_frames(indicator.handle, count, 0, 1 / 120);
  process.exit(0);
}

const results = [];
let sink = 0;
for (const item of cases) {
  const [name] = item;
  const indicator = create(item);
  const { exports } = engine;
  const handle = indicator.handle;
  const wasm = measure((n) => { sink += exports.pe_bench_frames(handle, n, 0, 1 / 120); });
  const record = measure((n) => {
    let time = 0;
    for (let k = 0; k < n; k += 1) { exports.pe_frame(handle, time); time += 1 / 120; }
  });
  const decode = measure((n) => {
    let time = 0;
    for (let k = 0; k < n; k += 1) { sink += indicator.frame(time).presentedProgress; time += 1 / 120; }
  });
  results.push({ name, wasm, record, decode });
  indicator.destroy();
}
if (process.argv.includes("--json")) {
  console.log(JSON.stringify({ node: process.version, results }));
} else {
  const ns = (v) => `${v.median.toFixed(1)} ns`;
  for (const r of results) {
    console.log(`${r.name.padEnd(26)} wasm ${ns(r.wasm).padStart(10)}   +record ${ns(r.record).padStart(10)}   +decode ${ns(r.decode).padStart(10)}`);
  }
}
if (sink === 42) console.log("");
