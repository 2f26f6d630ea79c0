// The Web Animations host: performs the machine's effects with the
// browser's own animations, so that no JavaScript runs while an indicator
// animates. Docs/web.md, spec WA-*.
//
// The engine decides everything: the effects carry the tweens (values,
// start, duration, CSS easing text as the engine writes it) and the loop's
// keyframes come from the engine's own motion data (Indicator.motion()).
// The view that draws them on the compositor is waapi-view.mjs; this file
// drives it: sends events, performs their effects, reads the still parts
// from the engine's frame after a transition when the engine says they
// changed (MS-7, WA-21), and steps at the machine's deadlines only.

import { AnimatedIndicatorView } from "./waapi-view.mjs";

export { AnimatedIndicatorView };

/**
 * Drives one engine indicator with a view: sends events, performs their
 * effects, reads the statics, and steps at the machine's deadlines only.
 * `onEffects(transition)` receives every transition (completions,
 * announcements). `now()` is the engine's clock in seconds.
 */
export class AnimatedIndicator {
  constructor(indicator, view, { time = 0, onTransition = () => {}, scheduler = null } = {}) {
    this.indicator = indicator;
    this.view = view;
    this.onTransition = onTransition;
    this.scheduler = scheduler;
    this.motion = null;
    /** The machine's next deadline: read once here, then from each transition's record. */
    this.nextDeadline = indicator.deadline;
    // The values at creation are the first frame's (no effect has run yet).
    const frame = indicator.frame(time);
    this.refresh(time);
    if (frame.isIndeterminateAnimating) view.startLoop(time);
  }

  /**
   * Performs a transition and reads what it left static; schedules the next
   * deadline. A deadline's transition that only completes or announces
   * (a tween's end, a debounced announcement) changes nothing drawn: the
   * statics are not read again.
   */
  apply(transition, { deadline = false } = {}) {
    this.view.perform(transition);
    const drawn = deadline
      ? transition.effects.some(({ kind }) => kind !== "complete" && kind !== "announce")
      : transition.outcome !== "ignored" || transition.effects.length > 0;
    if (drawn) this.refresh(transition.time);
    // Scheduled before the callback, which may throw: the deadline is kept.
    this.nextDeadline = transition.deadline;
    this.scheduler?.schedule(this);
    this.onTransition(transition);
    return transition;
  }

  /**
   * Reads what the engine says changed since the last read — the frame's
   * still parts, the motion — and hands it to the view; nothing when
   * nothing did (WA-21).
   */
  refresh(time) {
    const { indicator } = this;
    const changes = indicator.changes(time);
    if (changes.motion) this.motion = indicator.motion();
    if (changes.frame) this.view.update(changes.frame, this.motion);
  }

  /**
   * The time the indicator next needs the engine: its machine's deadline,
   * as the last transition applied carries it (no call into the engine).
   */
  get deadline() { return this.nextDeadline; }

  /** Lets time pass to `time` (a deadline fell due). */
  tick(time) { return this.apply(this.indicator.tick(time), { deadline: true }); }
}

/**
 * One timer for many indicators: it fires at the earliest deadline of all
 * (completions, the end of a hide, a debounced announcement) and ticks the
 * indicators whose deadline has come. No timer while none is pending.
 */
export class DeadlineScheduler {
  constructor(now) {
    this.now = now;
    this.pending = new Map();
    this.timer = null;
    this.due = Infinity;
    this.firing = false;
  }

  // Scheduling is constant time: the timer is moved only to an earlier
  // deadline; a later or withdrawn one is found when the timer fires (one
  // pass over the pending indicators), so a thousand retargets cost no
  // thousand passes. While the timer's ticks run, a new deadline only
  // lowers the next due time: the timer is armed once, after them.
  schedule(animated) {
    const deadline = animated.deadline;
    if (Number.isFinite(deadline)) this.pending.set(animated, deadline);
    else this.pending.delete(animated);
    if (deadline < this.due) {
      if (this.firing) this.due = deadline;
      else this.arm(deadline);
    }
  }

  remove(animated) {
    this.pending.delete(animated);
  }

  arm(due) {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.due = due;
    if (!Number.isFinite(due)) return;
    const delay = Math.max(0, (due - this.now()) * 1000);
    this.timer = setTimeout(() => this.fire(), Math.ceil(delay));
  }

  fire() {
    this.timer = null;
    const now = this.now();
    // One pass: the indicators due, and the earliest deadline of the others.
    const due = [];
    let earliest = Infinity;
    for (const [animated, deadline] of this.pending) {
      if (deadline <= now) due.push(animated);
      else if (deadline < earliest) earliest = deadline;
    }
    this.due = earliest;
    this.firing = true;
    let ticked = 0;
    try {
      for (const animated of due) {
        ticked += 1;
        // One removed by another's tick (its callback) is not ticked.
        if (!this.pending.delete(animated)) continue;
        animated.tick(now);  // re-schedules it
      }
    } finally {
      this.firing = false;
      // A tick that threw leaves the others due still pending: the next
      // timer, at once, ticks them.
      const left = due.slice(ticked).some((animated) => this.pending.has(animated));
      this.arm(left ? Math.min(this.due, now) : this.due);
    }
  }
}
