// The effects and the loop's motion as the WebAssembly layer hands them to a
// host that animates natively (Web/hosts/waapi-host.mjs). Expected values come
// from the spec (VS-2's 0.25 s linear default, IM-1's 1.0 s sweep of a
// 1.2 s period, IM-6's middle third), not from the engine's output.
import { test } from "node:test";
import assert from "node:assert/strict";
import { ProgressEngine } from "../contract/progress-engine.mjs";

const wasm = process.env.PROGRESS_WASM ?? ".build/wasm/ProgressEngineJSON.wasm";
const load = () => ProgressEngine.load(new URL(wasm, `file://${process.cwd()}/`));

test("WA-1 a transition carries its effects in order with the tween's CSS easing text",
  async () => {
    const engine = await load();
    const bar = engine.create({ variant: "linear",
      progressAnimation: { duration: 0.5, easing: "cubic-bezier(0.3, 1.5, 0.7, 1.5)" } });
    const first = bar.setProgress(0.5, { animated: true }, 1);
    assert.equal(first.time, 1);
    assert.deepEqual(first.effects, [{ kind: "animatePresentedProgress", from: 0, to: 0.5,
      start: 1, duration: 0.5, easing: "cubic-bezier(0.3, 1.5, 0.7, 1.5)" }]);
    // A retarget: the old request is cancelled and completes unfinished first (CP-3).
    const second = bar.setProgress(1, { animated: true }, 1.2);
    assert.deepEqual(second.effects.map((e) => e.kind),
      ["cancelProgressAnimation", "complete", "animatePresentedProgress"]);
    assert.equal(second.effects[1].from, first.completion);
    assert.equal(second.effects[1].to, 0);
    // At 2 the retargeted tween has ended: its completion falls due first (TM-2, CP-3).
    const hide = bar.setHidden(true, { animated: true }, 2);
    assert.deepEqual(hide.effects.map((e) => e.kind), ["complete", "animateVisibility"]);
    assert.deepEqual(hide.effects[1], { kind: "animateVisibility", from: 1, to: 0, start: 2,
      duration: 0.25, easing: "linear" });
  });

test("WA-3 the deadline is the machine's: a tween's end, none for a running loop", async () => {
  const engine = await load();
  const bar = engine.create({ variant: "linear" });
  // Each transition carries the deadline after it, the one pe_deadline reads.
  const carried = (transition, indicator) => {
    assert.equal(transition.deadline, indicator.deadline);
    return transition.deadline;
  };
  // A step's last transition: the tick of what fell due.
  const ticked = (indicator, time) => indicator.step(time).transitions.at(-1);
  bar.step(2);  // past the announcement timer of creation (AX-5)
  assert.equal(bar.deadline, Infinity);
  assert.equal(carried(bar.setHidden(true, { animated: true }, 3), bar), 3.25);
  // The hide's end (3.25) comes before the new tween's (3.35) and the announcement's (4.1).
  assert.equal(carried(bar.setProgress(0.5, { animated: true }, 3.1), bar), 3.25);
  const loop = engine.create({ variant: "linear", progressType: "indeterminate" });
  // The new value "in progress" is announced 1 s later (AX-5).
  assert.equal(carried(loop.startIndeterminateAnimation(0), loop), 1);
  assert.equal(carried(ticked(loop, 1), loop), Infinity);  // the loop itself has none
  // "0%" is announced 1 s after the switch; a resize leaves that deadline.
  assert.equal(carried(loop.send({ type: "setProgressType", value: "determinate" }, 1.5), loop), 2.5);
  assert.equal(carried(loop.send({ type: "resize", width: 10, height: 4 }, 1.6), loop), 2.5);
  // The tween's end (0.25 s by default, DA-2) before "30%"'s announcement at 3.
  assert.equal(carried(loop.setProgress(0.3, { animated: true }, 2), loop), 2.25);
});

test("WA-4 suspend and resume carry the times the loop stops and runs on (VS-9)", async () => {
  const engine = await load();
  const loop = engine.create({ variant: "linear", progressType: "indeterminate" });
  assert.deepEqual(loop.startIndeterminateAnimation(0.5).effects,
    [{ kind: "startIndeterminateAnimation", from: 0, to: 0, start: 0.5 }]);
  const hidden = loop.setHidden(true, { animated: false }, 1);
  assert.ok(hidden.effects.some((e) => e.kind === "suspendIndeterminateAnimation" && e.start === 1));
  const shown = loop.setHidden(false, { animated: false }, 4);
  assert.ok(shown.effects.some((e) => e.kind === "resumeIndeterminateAnimation" && e.start === 4));
});

test("WA-2 the loop's keyframes are the engine's motion: Vitamin linear's head and tail (IM-1), reduced motion (IM-6)",
  async () => {
    const engine = await load();
    const bar = engine.create({ variant: "linear", width: 208, progressType: "indeterminate" });
    const motion = bar.motion();
    assert.equal(motion.period, 1.2);
    assert.deepEqual(motion.path, { kind: "line", fromX: 4, toX: 204, centerY: 20, lineWidth: 8 });
    const [head, tail] = motion.tracks;
    assert.equal(head[0].easing, "ease-in-out");
    assert.equal(head[0].value, 0);
    assert.ok(Math.abs(head[1].offset - 1.0 / 1.2) < 1e-12);
    assert.equal(head[1].value, 1);
    assert.ok(Math.abs(tail[1].offset - 0.25 / 1.2) < 1e-12);
    assert.equal(tail[1].easing, "ease-in-out");
    assert.equal(motion.tracks.length, 2);
    const material = engine.create({ variant: "linear", indeterminateStyle: "material",
      progressType: "indeterminate" }).motion();
    assert.equal(material.period, 1.8);
    assert.equal(material.tracks.length, 4);
    assert.equal(material.tracks[0][0].easing, "cubic-bezier(0.2, 0, 0.8, 1)");
    const still = engine.create({ variant: "linear", reduceMotion: true,
      progressType: "indeterminate" }).motion();
    assert.deepEqual(still.tracks.map((track) => track.map((k) => [k.offset, k.value])),
      [[[0, 2 / 3], [1, 2 / 3]], [[0, 1 / 3], [1, 1 / 3]]]);
  });

test("WA-33 the timer's steps arm one timer, after them; an indicator removed by another's step is not stepped; a step that throws strands none",
  async () => {
    const { WakeScheduler } = await import("../hosts/effect-host.mjs");
    let clock = 0;
    const armed = [];
    const timers = { setTimeout: (callback, ms) => { armed.push(clock + ms / 1000); return armed.length; },
      clearTimeout: () => {} };
    {
      const scheduler = new WakeScheduler(() => clock, timers);
      const ticked = [];
      // Stand-ins for EffectDriver: a wake time, and a step that sets the
      // next one — each earlier than the one before, in the order they step.
      const make = (k) => ({
        wakeTime: 1,
        step(time) { ticked.push(k); this.wakeTime = 10 - k / 100; scheduler.schedule(this); },
      });
      const bars = Array.from({ length: 50 }, (_, k) => make(k));
      // The 50th's tick removes the 51st, due too, before it is ticked.
      const removed = { wakeTime: 1, step() { ticked.push("removed"); } };
      bars[49].step = function step(time) {
        ticked.push(49);
        this.wakeTime = Infinity;
        scheduler.schedule(this);
        scheduler.remove(removed);
      };
      for (const bar of [...bars, removed]) scheduler.schedule(bar);
      assert.deepEqual(armed, [1], "one timer for the first wakeTime");
      armed.length = 0;
      clock = 1;
      scheduler.fire();
      assert.deepEqual(armed, [10 - 48 / 100], "one timer, for the earliest wakeTime left");
      assert.equal(ticked.length, 50, "every indicator due was ticked once");
      assert.ok(!ticked.includes("removed"), "the one removed during the fire was not");
      // Nothing left pending: the fire arms none.
      for (const bar of bars) { bar.wakeTime = Infinity; scheduler.schedule(bar); }
      armed.length = 0;
      clock = 20;
      scheduler.fire();
      assert.deepEqual(armed, [], "nothing pending: no timer");
      // A tick that throws (its callback did): the fire throws, and a timer
      // comes at once for the others due; the one that threw stays
      // scheduled for the wakeTime it set before.
      const after = { wakeTime: 21, step(time) { ticked.push("after"); this.wakeTime = Infinity; scheduler.schedule(this); } };
      const throwing = { wakeTime: 21, step(time) { this.wakeTime = 30; scheduler.schedule(this); throw new Error("callback"); } };
      scheduler.schedule(throwing);
      scheduler.schedule(after);
      armed.length = 0;
      clock = 21;
      assert.throws(() => scheduler.fire(), /callback/);
      assert.deepEqual(armed, [21], "the others due: a timer at once");
      armed.length = 0;
      scheduler.fire();
      assert.equal(ticked.at(-1), "after", "the one left is ticked by the next timer");
      assert.deepEqual(armed, [30], "then the one that threw, at its own wakeTime");
    }
  });

test("WA-3 WA-44 one timer for many indicators: armed for the earliest wake time, none while nothing is pending",
  async () => {
    const { EffectDriver, WakeScheduler } = await import("../hosts/effect-host.mjs");
    const engine = await load();
    // A clock and timers the test moves by hand.
    let clock = 0;
    const timers = new Map();
    let nextTimer = 0;
    const fake = {
      setTimeout: (callback, ms) => {
        timers.set(++nextTimer, { callback, at: clock + ms / 1000 });
        return nextTimer;
      },
      clearTimeout: (id) => { timers.delete(id); },
    };
    const run = (until) => {
      clock = until;
      for (const [id, timer] of [...timers]) {
        if (timer.at <= until + 1e-9) { timers.delete(id); timer.callback(); }
      }
    };
    {
      const scheduler = new WakeScheduler(() => clock, fake);
      const ticked = [];
      const view = { perform() {}, update() {} };
      // The element's driver, its steps counted.
      class Counted extends EffectDriver {
        step(time) {
          if (this.name !== undefined) ticked.push(this.name);
          super.step(time);
        }
      }
      const make = (name) => {
        // Past the announcement of creation (AX-5), before the scheduler.
        const driven = new Counted(engine.create({ variant: "linear" }, { cadence: "effects" }), view,
          { time: 2 });
        driven.name = name;
        driven.scheduler = scheduler;
        return driven;
      };
      const bars = Array.from({ length: 100 }, (_, k) => make(k));
      clock = 2;
      for (const bar of bars) scheduler.schedule(bar);
      assert.equal(timers.size, 0, "nothing pending: no timer");
      clock = 3;
      for (const bar of bars) {
        bar.send((i, t) => i.setHidden(true, { animated: true }, t), 3);  // ends at 3.25 (VS-2)
      }
      assert.equal(timers.size, 1, "a hundred deadlines: one timer");
      assert.ok(Math.abs([...timers.values()][0].at - 3.25) < 0.0011);
      const late = make("late");
      clock = 3.1;
      late.send((i, t) => i.setHidden(true, { animated: true }, t), 3.1);  // ends at 3.35
      assert.equal(timers.size, 1, "a later deadline keeps the timer");
      run(3.2);
      assert.deepEqual(ticked, [], "nothing ticks before its deadline");
      run(3.2501);
      assert.equal(ticked.length, 100, "the timer ticks every indicator whose deadline came");
      assert.ok(!ticked.includes("late"));
      const pending = () => [...bars, late].map((bar) => bar.wakeTime).filter(Number.isFinite);
      assert.equal(timers.size, 1);
      assert.ok(Math.abs([...timers.values()][0].at - Math.min(...pending())) < 0.0011,
        "the next timer is for the earliest pending deadline");
      for (let step = 0; step < 20 && timers.size > 0; step++) {
        run(Math.min(...[...timers.values()].map((timer) => timer.at)));
        assert.ok(timers.size <= 1, "never more than one timer");
      }
      assert.ok(ticked.includes("late"));
      assert.deepEqual(pending(), [], "every deadline passed");
      assert.equal(timers.size, 0, "nothing pending: no timer");
    }
  });
