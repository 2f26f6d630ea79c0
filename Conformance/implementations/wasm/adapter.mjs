#!/usr/bin/env node
// The WebAssembly engine under node as an implementation of the conformance
// protocol, version 1 (Docs/conformance.md): JSON lines on standard input and
// output. Each case's scenario is played by Web/tools/trace.mjs's `play`, the
// same code that writes `node Web/tools/trace.mjs SCENARIO.json`.
//
//   progress conformance run -- node Conformance/implementations/wasm/adapter.mjs
//
// The engine is $PROGRESS_WASM, else .build/wasm/ProgressEngineJSON.wasm
// (Scripts/build-wasm.sh), relative to the current directory.

import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { ProgressEngine } from "../../../Web/contract/progress-engine.mjs";
import { play } from "../../../Web/tools/trace.mjs";

// Every feature of the suite (its manifest lists them): the module is the
// engine, compiled for wasm32.
const manifest = JSON.parse(readFileSync(new URL("../../suite/manifest.json", import.meta.url), "utf8"));
const features = manifest.features;

const reply = (message) => process.stdout.write(JSON.stringify(message) + "\n");

const wasmPath = process.env.PROGRESS_WASM || ".build/wasm/ProgressEngineJSON.wasm";
const engine = await ProgressEngine.load(new Uint8Array(readFileSync(wasmPath)));
const encoder = new TextEncoder();

for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  if (line.trim() === "") continue;
  const request = JSON.parse(line);
  if (request.cmd === "start") {
    reply({
      ready: true,
      implementation: { name: "wasm", language: "Swift as WebAssembly, under node", version: "unreleased" },
      features,
    });
  } else if (request.cmd === "run") {
    try {
      reply({ id: request.id, trace: play(engine, encoder.encode(JSON.stringify(request.scenario))) });
    } catch (error) {
      reply({ id: request.id, error: String(error?.message ?? error) });
    }
  } else if (request.cmd === "stop") {
    break;
  }
}
process.exit(0);
