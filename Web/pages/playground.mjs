// The playground: one indicator driven by the controls, stepped at every
// display refresh and drawn only when the engine's step has a frame (an
// idle indicator, an ignored event or an announcement draws nothing), with
// the event log and the accessibility value. playground.html?many=N instead
// animates N indeterminate indicators, each stepped only when its wake time
// has come, and reports the frames per second the page sustains
// (window.playground.fps).

import { ProgressEngine } from "../contract/progress-engine.mjs";
import { IndicatorView } from "../hosts/renderer.mjs";

const $ = (id) => document.getElementById(id);
// Until the module is loaded the page says so and its controls are disabled;
// if it cannot be loaded, the page says why.
let engine;
try {
  engine = await ProgressEngine.load(new URL("./ProgressEngineJSON.wasm", import.meta.url));
} catch (error) {
  $("loading").textContent = `The engine could not be loaded: ${error.message}`;
  $("loading").classList.add("failed");
  for (const id of ["a11y-value", "mode"]) $(id).textContent = "—";
  window.playgroundFailed = String(error.message);
  throw error;
}
$("loading").remove();
for (const fieldset of document.querySelectorAll("#controls fieldset")) fieldset.disabled = false;
const origin = performance.now();
const now = () => (performance.now() - origin) / 1000;
const log = [];
const state = { frame: null, frames: 0, fps: null, announced: [] };

function write(line) {
  log.push(line);
  const element = $("log");
  element.textContent += `${line}\n`;
  element.scrollTop = element.scrollHeight;
}

function describe(transition) {
  let text = transition.outcome;
  if (transition.reason) text += ` (${transition.reason})`;
  for (const { id, finished } of transition.completions) text += ` · completion ${id} ${finished ? "finished" : "cancelled"}`;
  for (const value of transition.announcements) text += ` · announce "${value}"`;
  return text;
}

function announce(transition) {
  if (transition.announcements.length === 0) return;
  state.announced.push(...transition.announcements);
  $("announced").textContent = transition.announcements.at(-1);
}

function configuration() {
  const circular = $("variant").value === "circular";
  const material3 = $("material3").value === "on";
  // Material 3's ring sizes are for its rings, which draw no text (MT-27);
  // elsewhere they stand for medium, as large does on a ring.
  const material3Size = $("size").value.startsWith("material3");
  const ringOfMaterial3 = material3Size && circular && material3;
  return {
    variant: $("variant").value,
    size: ringOfMaterial3 ? $("size").value
      : material3Size || (circular && $("size").value === "large") ? "medium" : $("size").value,
    style: ringOfMaterial3 ? "empty" : circular && $("style").value === "labelOnly" ? "percentage"
      : !circular && $("style").value === "image" ? "percentage" : $("style").value,
    showTrack: $("track").checked,
    leftLabelText: $("label").value === "" ? null : $("label").value,
    accessibilityLabel: "Upload progress",
    indeterminateStyle: $("loop").value,
    reduceMotion: $("reduce-motion").checked,
    // Material 3, flat or wavy (MT-1); null keeps the Vitamin or Material 2 look.
    material3: material3 ? { shape: $("wavy").checked ? "wavy" : "flat" } : null,
    layoutDirection: $("rtl").checked ? "rightToLeft" : "leftToRight",
    ...(circular ? { width: 120, height: 120 } : { width: 360, height: 48 }),
  };
}

function many(count) {
  const fleet = [];
  for (let index = 0; index < count; index += 1) {
    const indicator = engine.create({
      variant: index % 2 ? "circular" : "linear", style: "empty", width: index % 2 ? 40 : 120,
      height: index % 2 ? 40 : 12, progressType: "indeterminate",
      indeterminateStyle: index % 4 < 2 ? "vitamin" : "material",
    });
    indicator.startIndeterminateAnimation(0);
    const view = new IndicatorView();
    $("many").appendChild(view.svg);
    fleet.push({ indicator, view, wake: -Infinity });
  }
  const samples = [];
  let last = performance.now();
  const step = () => {
    const t = now();
    const begin = performance.now();
    // Only the indicators whose wake time has come are stepped; only a step
    // with a frame is drawn.
    const frames = fleet.map((entry) => {
      if (t < entry.wake) return null;
      const frame = entry.indicator.advance(t);
      entry.wake = entry.indicator.wakeTime;
      return frame;
    });
    const sampled = performance.now();
    fleet.forEach(({ view }, index) => { if (frames[index]) view.draw(frames[index]); });
    const current = performance.now();
    state.engineMs = (state.engineMs ?? 0) + (sampled - begin);
    state.drawMs = (state.drawMs ?? 0) + (current - sampled);
    samples.push(current - last);
    last = current;
    if (samples.length > 30) {
      const recent = samples.slice(-300);
      state.fps = 1000 / (recent.reduce((a, b) => a + b, 0) / recent.length);
      $("mode").textContent = `${count} indicators: ${state.fps.toFixed(1)} fps`;
    }
    state.frames += 1;
    requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

const params = new URLSearchParams(location.search);
if (params.has("many")) {
  $("a11y-value").textContent = "—";
  // 1,000 when empty; a count it cannot run (not a whole number from 1 to
  // 10,000) is said on the page instead of being attempted.
  const text = params.get("many") || "1000";
  const count = Number(text);
  if (/^[0-9]+$/.test(text) && count >= 1 && count <= 10_000) many(count);
  else $("mode").textContent = `?many=${params.get("many")}: give a whole number from 1 to 10000`;
  window.playground = state;
} else {
  let indicator = engine.create(configuration(), { time: now() });
  const view = new IndicatorView();
  $("stage").appendChild(view.svg);
  const send = (name, event) => {
    const t = now();
    const transition = indicator.send(event, t);
    write(`${t.toFixed(3)} s  ${name} → ${describe(transition)}`);
    announce(transition);
    return transition;
  };
  const updateTypeButton = () => {
    const indeterminate = state.frame?.progressType === "indeterminate";
    $("type").textContent = indeterminate ? "Switch to determinate" : "Switch to indeterminate";
  };
  const reconfigure = () => send("configure", { type: "configure", configuration: configuration() });
  for (const id of ["variant", "size", "style", "track", "loop", "material3", "wavy", "reduce-motion", "rtl"]) {
    $(id).addEventListener("change", reconfigure);
  }
  $("label").addEventListener("input", reconfigure);
  $("progress").addEventListener("input", () => { $("progress-value").textContent = `${$("progress").value}%`; });
  $("set-progress").addEventListener("click", () => {
    const value = Number($("progress").value) / 100;
    send(`setProgress(${value}${$("animated").checked ? ", animated" : ""})`,
      { type: "setProgress", value, animated: $("animated").checked });
  });
  $("type").addEventListener("click", () => {
    const next = state.frame?.progressType === "indeterminate" ? "determinate" : "indeterminate";
    send(`setProgressType(${next})`, { type: "setProgressType", value: next });
  });
  $("start").addEventListener("click", () => send("startIndeterminateAnimation", { type: "startIndeterminateAnimation" }));
  $("stop").addEventListener("click", () => send("stopIndeterminateAnimation", { type: "stopIndeterminateAnimation" }));
  $("hide").addEventListener("click", () => {
    const hidden = $("hide").textContent === "Hide";
    send(`setHidden(${hidden}${$("hide-animated").checked ? ", animated" : ""})`,
      { type: "setHidden", value: hidden, animated: $("hide-animated").checked });
    $("hide").textContent = hidden ? "Show" : "Hide";
  });
  const step = () => {
    const t = now();
    const { frame, completions, announcements } = indicator.step(t);
    if (completions.length || announcements.length) {
      const delivered = { outcome: "applied", reason: null, completions, announcements };
      write(`${t.toFixed(3)} s  tick → ${describe(delivered)}`);
      announce(delivered);
    }
    // A frame only when the engine says one is due: after a change that
    // shows, and while something moves.
    if (frame) {
      state.frame = frame;
      view.draw(frame);
      $("a11y-value").textContent = frame.accessibilityValue ?? "— (hidden)";
      $("mode").textContent = `${frame.progressType}${frame.isIndeterminateAnimating ? ", loop running" : ""}`;
      updateTypeButton();
      state.frames += 1;
    }
    requestAnimationFrame(step);
  };
  send("setProgress(0.4)", { type: "setProgress", value: 0.4, animated: false });
  requestAnimationFrame(step);
  window.playground = Object.assign(state, {
    log, get indicator() { return indicator; }, now,
    reset() { indicator.destroy(); indicator = engine.create(configuration(), { time: now() }); },
  });
}
window.playgroundReady = true;
