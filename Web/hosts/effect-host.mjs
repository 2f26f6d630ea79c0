// The effect host's driver: runs engine indicators made with the effects
// cadence ({cadence: "effects"}, spec FR-11) for a view that performs the
// moving part itself — the browser's animations (waapi-host.mjs). Docs/web.md.
//
// It decides nothing: it takes the engine's step, as every host does (FR-8),
// performs the step's transitions through the view, hands the view the
// still frame and the motion when the step says they changed, and sleeps
// until the step's wake time — one timer for all the indicators of a page
// (WakeScheduler). The view receives (Docs/web.md, "The driver and the view"):
//
//   view.perform(transition)                      every transition, in order
//   view.update(still, motion, { motionChanged }) when the engine says so

/**
 * One indicator driven by the engine's steps: at the start its still frame
 * and motion, then its joining transition (FR-12), then each event's
 * transition and each step's.
 */
export class EffectDriver {
  /**
   * @param indicator An engine indicator made with `{ cadence: "effects" }`.
   * @param view Its view (`perform`, `update`).
   * @param options `time`, the engine time to start at; `onTransition(t)`,
   *   called with every transition after it is performed (completions,
   *   announcements); `onStill(still)`, with every still frame the view is
   *   given; `scheduler`, the WakeScheduler that steps it at its wake time.
   */
  constructor(indicator, view, { time = 0, onTransition = () => {}, onStill = () => {},
    scheduler = null } = {}) {
    this.indicator = indicator;
    this.view = view;
    this.onTransition = onTransition;
    this.onStill = onStill;
    this.scheduler = scheduler;
    /** The still frame and the motion the view was last given. */
    this.still = null;
    this.motion = null;
    /** When the indicator next needs a step, as its last step said. */
    this.wakeTime = -Infinity;
    // The first step owes the still frame and says the motion changed: the
    // view has both before it performs anything (a loop's start needs its
    // motion), then the joining transition.
    const first = indicator.step(time);
    this.take({ ...first, transitions: [] });
    view.perform(indicator.join());
    for (const made of first.transitions) view.perform(made);
    for (const made of first.transitions) this.onTransition(made);
  }

  /**
   * Sends an event — `event(indicator, time)` answers its transition —
   * performs it, then steps at the same time for what it left still;
   * answers the transition.
   */
  send(event, time) {
    return this.perform(event(this.indicator, time));
  }

  /**
   * Performs a transition the page got from the indicator itself (an
   * event it sent), then steps at its time for what it left still;
   * answers the transition.
   */
  perform(transition) {
    const { time } = transition;
    this.view.perform(transition);
    const transitions = this.take(this.indicator.step(time));
    // Taken before the callbacks, which may throw: the wake time is kept.
    this.onTransition(transition);
    for (const made of transitions) this.onTransition(made);
    return transition;
  }

  /** Steps the indicator to `time` (its wake time came): what fell due. */
  step(time) {
    for (const made of this.take(this.indicator.step(time))) this.onTransition(made);
  }

  /**
   * Performs a step: its transitions through the view, then the still
   * frame and the motion when the engine says they changed; schedules the
   * next wake. Answers the transitions, for the callbacks.
   */
  take(step) {
    for (const made of step.transitions) this.view.perform(made);
    if (step.motionChanged) this.motion = this.indicator.motion();
    if (step.frame !== null || step.motionChanged) {
      if (step.frame !== null) this.still = step.frame;
      this.view.update(this.still, this.motion, { motionChanged: step.motionChanged });
      this.onStill(this.still);
    }
    this.wakeTime = step.wakeTime;
    this.scheduler?.schedule(this);
    return step.transitions;
  }

  /** Stops stepping it (the indicator is being let go of). */
  remove() {
    this.scheduler?.remove(this);
  }
}

/**
 * One timer for many indicators: it fires at the earliest wake time of all
 * (a tween's end, a hide's end, an announcement) and steps the indicators
 * whose wake time has come. No timer while none is pending (WA-3, WA-33).
 */
export class WakeScheduler {
  /**
   * @param now The engine's clock, in seconds.
   * @param timers `setTimeout` and `clearTimeout` (the page's by default).
   */
  constructor(now, {
    // Called as the page's functions (a page's setTimeout called on
    // another object throws "Illegal invocation").
    setTimeout: set = (callback, delay) => globalThis.setTimeout(callback, delay),
    clearTimeout: clear = (timer) => globalThis.clearTimeout(timer),
  } = {}) {
    this.now = now;
    this.set = set;
    this.clear = clear;
    this.pending = new Map();
    this.timer = null;
    this.due = Infinity;
    this.firing = false;
  }

  // Scheduling is constant time: the timer is moved only to an earlier wake
  // time; a later or withdrawn one is found when the timer fires (one pass
  // over the pending indicators), so a thousand retargets cost no thousand
  // passes. While the timer's steps run, a new wake time only lowers the
  // next due time: the timer is armed once, after them.
  schedule(driven) {
    const wake = driven.wakeTime;
    if (wake < Infinity) this.pending.set(driven, wake);
    else this.pending.delete(driven);
    if (wake < this.due) {
      if (this.firing) this.due = wake;
      else this.arm(wake);
    }
  }

  remove(driven) {
    this.pending.delete(driven);
  }

  arm(due) {
    if (this.timer !== null) this.clear(this.timer);
    this.timer = null;
    this.due = due;
    if (due === Infinity) return;
    const delay = Math.max(0, (due - this.now()) * 1000);
    this.timer = this.set(() => this.fire(), Math.ceil(delay));
  }

  fire() {
    this.timer = null;
    const now = this.now();
    // One pass: the indicators due, and the earliest wake time of the others.
    const due = [];
    let earliest = Infinity;
    for (const [driven, wake] of this.pending) {
      if (wake <= now) due.push(driven);
      else if (wake < earliest) earliest = wake;
    }
    this.due = earliest;
    this.firing = true;
    let stepped = 0;
    try {
      for (const driven of due) {
        stepped += 1;
        // One removed by another's step (its callback) is not stepped.
        if (!this.pending.delete(driven)) continue;
        driven.step(now);  // re-schedules it
      }
    } finally {
      this.firing = false;
      // A step that threw leaves the others due still pending: the next
      // timer, at once, steps them.
      const left = due.slice(stepped).some((driven) => this.pending.has(driven));
      this.arm(left ? Math.min(this.due, now) : this.due);
    }
  }
}
