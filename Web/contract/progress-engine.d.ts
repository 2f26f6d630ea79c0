// Types of progress-engine.mjs: the ProgressEngine WebAssembly build as an ES
// module. Names follow the scenario format of Docs/conformance.md and the
// Swift `ProgressFrame`.

/** An invalid configuration, event, option or scenario, as the engine's reader reports it; `path` is its JSON path (`$.configuration.width`). */
export declare class ProgressEngineError extends Error {
  readonly path: string;
  readonly detail: string;
}

/**
 * A host callback (`measureText`, `lineHeight`) threw, or answered what is not a finite
 * number ≥ 0, during a call (spec RL-11). Nothing it threw unwound through the engine: the
 * rest of the call measured with the estimate. A `create` that fails so creates nothing; an
 * event is applied, and its transition is `transition`.
 */
export declare class ProgressEngineHostError extends Error {
  /** "measureText" or "lineHeight". */
  readonly callback: string;
  /** What the callback threw, or a RangeError naming its answer. */
  readonly cause: unknown;
  /** The transition of the event that was applied; null for other calls. */
  readonly transition: Transition | null;
}

export type Easing = string; // CSS text: "linear", "ease-in", "cubic-bezier(0.4, 0, 0.2, 1)", "steps(4)", "linear(0, 0.5 30%, 1)"…

export interface AnimationSetting {
  /** Seconds, finite and ≥ 0. */
  duration: number;
  /** CSS easing text; linear when absent. */
  easing?: Easing;
}

/** A configuration, or changes to one (`configure`): any subset of the fields. */
export interface Configuration {
  variant?: "linear" | "circular";
  /** Linear: small, medium, large; circular: small, medium, and Material 3's material3Medium,
   * material3Small, material3ExtraSmall (with material3 set and style "empty", MT-27, MT-28).
   * Default medium. */
  size?: "small" | "medium" | "large" | "material3Medium" | "material3Small" | "material3ExtraSmall";
  /** Default: "empty" linear, "percentage" circular; "labelOnly" is linear only, "image" circular only. */
  style?: "percentage" | "labelOnly" | "empty" | "image";
  showTrack?: boolean;
  leftLabelText?: string | null;
  accessibilityLabel?: string | null;
  progressType?: "determinate" | "indeterminate";
  /** Points; default 320 × 40. */
  width?: number;
  height?: number;
  progressAnimation?: AnimationSetting;
  visibilityAnimation?: AnimationSetting;
  indeterminateStyle?: "vitamin" | "material";
  backwardAnimation?: "animate" | "reset";
  layoutDirection?: "leftToRight" | "rightToLeft";
  reduceMotion?: boolean;
  /** Material 3, flat or wavy (waves a second: waveSpeed, wavy only, default 1); null: off (MT-1). */
  material3?: { shape: "flat" | "wavy"; waveSpeed?: number } | null;
}

export type RGBA = [number, number, number, number?];

export interface CreateOptions {
  /** The creation time in seconds; default 0. */
  time?: number;
  /** The initial progress; default 0. */
  progress?: number;
  /** Whether it starts hidden. */
  hidden?: boolean;
  /** Colours, components 0…1; Vitamin's light theme by default. */
  theme?: { track?: RGBA; progress?: RGBA; text?: RGBA };
  /** Measure texts with the engine's `measureText` option instead of the estimate. */
  measureText?: boolean;
  /**
   * How the host draws the moving part (spec FR-11): "frames" (the default) draws every frame
   * `step` delivers; "effects" performs the transitions' effects itself, and `step` then
   * delivers the still frame, only when it changed, and wakes only at deadlines.
   */
  cadence?: "frames" | "effects";
}

/**
 * The host's callbacks. They answer a finite number ≥ 0; one that throws or answers anything
 * else fails the call that measured (ProgressEngineHostError). They must not call into the
 * engine: such a call is refused with an Error (spec RL-12).
 */
export interface EngineOptions {
  /** Width of `text` at `fontSize` points, for indicators created with `measureText: true`. */
  measureText?: (text: string, fontSize: number) => number;
  /** Height of one line at `fontSize` points. */
  lineHeight?: (fontSize: number) => number;
}

export type AccessibilityValueText = string; // "40%", "in progress", "halted"

export interface Delivered {
  /** Completion blocks delivered. */
  completions: { id: number; finished: boolean }[];
  /** Accessibility announcements made ("40%", "in progress", "halted"). */
  announcements: AccessibilityValueText[];
}

/** The kinds of effect a transition returns (the Swift `ProgressEffect` cases), in code order. */
export type EffectKind =
  | "setPresentedProgress" | "animatePresentedProgress" | "cancelProgressAnimation"
  | "startIndeterminateAnimation" | "stopIndeterminateAnimation"
  | "suspendIndeterminateAnimation" | "resumeIndeterminateAnimation" | "setVisibility"
  | "animateVisibility" | "cancelVisibilityAnimation" | "complete" | "announce" | "startWave"
  | "stopWave" | "suspendWave" | "resumeWave" | "setWaveAmplitude" | "animateWaveAmplitude";

/**
 * One effect of a transition, as data: what a host that animates natively performs (MS-6,
 * MS-7; Docs/web.md). Members a kind does not use are 0.
 */
export interface Effect {
  kind: EffectKind;
  /** A tween's first value; `complete`: the completion's id. */
  from: number;
  /** The value set, or a tween's last value; `complete`: 1 when it finished, else 0. */
  to: number;
  /** A tween's start time; when a loop or wave starts, is suspended or resumes (seconds). */
  start: number;
  /** `animate…` only: the tween's duration in seconds. */
  duration?: number;
  /** `animate…` only: the tween's CSS easing text. */
  easing?: Easing;
  /** `announce` only: the announcement's text. */
  text?: AccessibilityValueText;
}

/** A time earlier than the indicator's, and the time used instead (spec TM-3, TM-6). */
export interface TimeRegression {
  requested: number;
  used: number;
}

/** What one step did (spec FR-8, FR-11, WA-44). */
export interface Step {
  /**
   * The frame to draw, or null when none is due. With the "effects" cadence, the still frame
   * (its moving part at rest: presented progress 0, fully visible, no wave), when it changed.
   */
  frame: Frame | null;
  /** What the step did, in order: what fell due; with "effects", first the joining transition. */
  transitions: Transition[];
  /** The completions delivered by all of `transitions`, in order. */
  completions: { id: number; finished: boolean }[];
  /** The announcements of all of `transitions`, in order. */
  announcements: AccessibilityValueText[];
  /** The effects of all of `transitions`, in order. */
  effects: Effect[];
  /** With the "effects" cadence, whether `motion()` is to be read again. */
  motionChanged: boolean;
  /** When the indicator next needs a step: Infinity while idle. */
  wakeTime: number;
  /** Set when the time was earlier than the indicator's. */
  timeRegression: TimeRegression | null;
  /** The time used. */
  time: number;
}

export interface Transition {
  outcome: "applied" | "ignored" | "rejected";
  /** Why not applied: "indeterminateMode", "notRunning", "progressIsNaN", "invalid size"…; null when applied. */
  reason: string | null;
  /** The identity the request got: its completion is delivered later with this id. */
  completion: number | null;
  /** Completion blocks delivered by this transition. */
  completions: { id: number; finished: boolean }[];
  /** Accessibility announcements made by this transition. */
  announcements: AccessibilityValueText[];
  /** The effects the machine returned, in order. */
  effects: Effect[];
  /** The time of the transition. */
  time: number;
  /** The indicator's next deadline after it, as `Indicator.deadline` reads it: Infinity when none. */
  deadline: number;
  /** Set when the time given was earlier than the indicator's (spec TM-6). */
  timeRegression: TimeRegression | null;
}

export type Event =
  | { type: "setProgress"; value: number | "NaN" | "Infinity" | "-Infinity"; animated?: boolean }
  | { type: "setProgressType"; value: "determinate" | "indeterminate" }
  | { type: "startIndeterminateAnimation" }
  | { type: "stopIndeterminateAnimation" }
  | { type: "setHidden"; value: boolean; animated?: boolean }
  | { type: "resize"; width: number; height: number }
  | { type: "configure"; configuration: Configuration };

export interface Point { x: number; y: number }
export interface Rect { x: number; y: number; width: number; height: number }

export type Geometry =
  | { kind: "line"; fromX: number; toX: number; centerY: number; lineWidth: number }
  | {
      kind: "arc"; center: Point; radius: number; lineWidth: number;
      /** Degrees clockwise from 12 o'clock, before `rotation`. */
      startAngle: number; endAngle: number; rotation: number;
    };

/**
 * A stretch of the path. `start` < `end` are fractions of the path: on a bar within [0, 1]
 * (0 where it fills from); on a ring shares of the loop's path (360°, or 720° for Vitamin's
 * loop: the angles are the fractions × the path, plus the rotation), within [−0.125, 1] —
 * the reduced-motion quarter arc runs from −0.125 to 0.125. Draw a ring from `geometry`.
 */
export interface Segment { start: number; end: number; geometry: Geometry }

export interface TextItem {
  text: string;
  frame: Rect;
  fontSize: number;
  alignment: "left" | "center" | "right";
  opacity: number;
  isTruncated: boolean;
}

export interface ImageItem {
  identifier: string;
  pixelWidth: number;
  pixelHeight: number;
  frame: Rect;
  clipCenter: Point;
  clipRadius: number;
  opacity: number;
}

export interface Color { red: number; green: number; blue: number; alpha: number; css: string }

/** Everything to draw at one instant (the Swift `ProgressFrame`). */
export interface Frame {
  time: number;
  size: { width: number; height: number };
  shape: "linear" | "circular";
  progressType: "determinate" | "indeterminate";
  isIndeterminateAnimating: boolean;
  progress: number;
  presentedProgress: number;
  /** 1 shown, 0 hidden, in between while showing or hiding: strokes are drawn this much of their width. */
  visibleFraction: number;
  /** Fully hidden. Nothing is drawn either while `visibleFraction` is 0 (the start of an animated show). */
  isHidden: boolean;
  lineWidth: number;
  layoutDirection: "leftToRight" | "rightToLeft";
  path: Geometry;
  track: Segment | null;
  segments: Segment[];
  percentage: TextItem | null;
  leftLabel: TextItem | null;
  image: ImageItem | null;
  clip: Rect | null;
  theme: { track: Color; progress: Color; text: Color };
  accessibilityLabel: string | null;
  accessibilityValue: AccessibilityValueText | null;
  /** The Material 3 wave the segments follow (points; offset in wavelengths), or null (MT-13). */
  wave: { amplitude: number; wavelength: number; offset: number } | null;
  /** The square a Material 3 stop dot fills, or null (MT-15). */
  stopIndicator: Rect | null;
}

/** A keyframe of an indeterminate loop's track: at `offset` (0…1 of the period) the value. */
export interface Keyframe {
  offset: number;
  value: number;
  /** The CSS easing text from this keyframe to the next. */
  easing: Easing;
}

/**
 * An indicator's motion, for a host that animates natively (`Indicator.motion()`, WA-24): the
 * whole path at the full line width and the indeterminate loop as the engine defines it.
 */
export interface Motion {
  path: Geometry;
  /** The loop's period in seconds. */
  period: number;
  /** A ring's path in degrees (360, or 720 for Vitamin's two turns; 0 on a line; 360 with motion reduced). */
  pathDegrees: number;
  /**
   * The loop's keyframe tracks: track 2k is stretch k's end and 2k + 1 its start, in path
   * fractions, each repeating every `period`; track 4, when there is one, the rotation in
   * degrees over `period` × `turnPeriods`. With motion reduced, the static indication.
   */
  tracks: Keyframe[][];
  /** The periods the rotation (track 4) spans; 0 without one. */
  turnPeriods: number;
  /** Material 3's numbers (MT-13 to MT-15), or null without Material 3. */
  material3: {
    /** Whether the track is drawn. */
    track: boolean;
    gap: number;
    gapRamp: number;
    stopSize: number;
    /** The wave at full amplitude (points, waves a second), or null when flat. */
    wave: { amplitude: number; wavelength: number; speed: number } | null;
  } | null;
}

/**
 * One indicator in the engine, from `create` to `destroy`. Every call throws
 * ProgressEngineError for invalid input and a TypeError for an argument of the wrong type
 * (a time that is not a number, changes or an event or options that are not an object), and
 * changes nothing then; ProgressEngineHostError when a host callback failed (see there); and
 * an Error when called from inside a host callback. Options are read by their own fields only.
 */
export declare class Indicator {
  /** The engine's handle: a positive 32-bit integer; anything else is not live. */
  readonly handle: number;
  send(event: Event, time?: number): Transition;
  setProgress(value: number, options?: { animated?: boolean }, time?: number): Transition;
  setProgressType(type: "determinate" | "indeterminate", time?: number): Transition;
  startIndeterminateAnimation(time?: number): Transition;
  stopIndeterminateAnimation(time?: number): Transition;
  setHidden(hidden: boolean, options?: { animated?: boolean }, time?: number): Transition;
  /** All of the changes, or none when one is invalid. */
  configure(changes: Configuration, time?: number): Transition;
  resize(width: number, height: number, time?: number): Transition;
  /** Steps to `time` as every host does: what fell due, and a frame only when one is due. */
  step(time: number): Step;
  /** `step(time).frame`. */
  advance(time: number): Frame | null;
  /** The frame at `time`, due or not. */
  frame(time: number): Frame;
  /**
   * The joining transition (spec FR-12): the effects that bring a host that has performed none
   * to the indicator's state — what a host that makes a view for it performs first.
   */
  join(): Transition;
  /** The indicator's motion: its path and its loop's keyframes, as the engine defines them. */
  motion(): Motion;
  /** The machine's next deadline (a tween's end, an announcement): Infinity when none. Throws "not live" after `destroy`. */
  readonly deadline: number;
  /** The earliest time the indicator needs a step: Infinity while idle. Throws "not live" after `destroy`. */
  readonly wakeTime: number;
  readonly isAnimating: boolean;
  destroy(): void;
}

/** A scenario file read by the engine (the format of Docs/conformance.md). */
export declare class Scenario {
  readonly eventCount: number;
  readonly sampleCount: number;
  /** Whether the scenario configures Material 3: its trace is minor version 1 (MT-20). */
  readonly material3: boolean;
  create(options?: { cadence?: "frames" | "effects" }): Indicator;
  event(index: number): { at: number; type: string };
  sample(index: number): number;
  send(indicator: Indicator, index: number): Transition;
}

/** The engine's description of its records (read at load; see Web/engine/Exports+Contract.swift). */
export interface WireContract {
  version: 1;
  layouts: Record<string, { length: number; members: Record<string, number> }>;
  codes: Record<string, string[]>;
  status: { badHandle: number; invalidInput: number };
  limits: {
    scenarioBytes: number;
    liveIndicators: number;
    /** A wavy stroke's polyline: points a wavelength (MT-17). */
    wavePointsPerWavelength: number;
    /** A wavy stroke's polyline: its most segments (MT-17). */
    waveSegments: number;
  };
}

export declare function readContract(text: string): WireContract;
/**
 * Where a frame's text item is drawn in SVG: the anchor point (its rectangle's
 * left edge, centre or right edge by its alignment, at mid height) and the
 * `text-anchor` that goes with it.
 */
export declare function textPlacement(item: TextItem): { x: number; y: number; anchor: "start" | "middle" | "end" };

/**
 * A frame's number as SVG or CSS text, to the thousandth; one too large to
 * have thousandths is written as it is (never "Infinity" for a finite value).
 */
export declare function svgNumber(value: number): string;

/**
 * The number of segments of the polyline that draws `length` points of a
 * wave: the engine's points a wavelength, at least 1, at most its maximum
 * (MT-17). Needs an engine loaded (its contract's limits).
 */
export declare function waveSegmentCount(wave: { wavelength: number }, length: number): number;

export declare class ProgressEngine {
  static load(
    source: BufferSource | WebAssembly.Module | Response | string | URL, options?: EngineOptions
  ): Promise<ProgressEngine>;
  /**
   * @throws ProgressEngineError for an invalid configuration or option; TypeError when either
   *   is not an object; ProgressEngineHostError when a callback failed (nothing is created).
   */
  create(configuration?: Configuration, options?: CreateOptions): Indicator;
  /**
   * Reads a scenario file's bytes as `progress trace` does (ProgressEngineJSON.wasm only).
   * @throws ProgressEngineError; Error with ProgressEngine.wasm, which reads no scenario files.
   */
  loadScenario(bytes: Uint8Array): Scenario;
  /**
   * Whether this is ProgressEngineJSON.wasm, which reads configurations, events and scenario
   * files as JSON; ProgressEngine.wasm (false) takes the same configurations written into its
   * setup record as numbers, without animation timings (spec WA-39 to WA-41).
   */
  readonly readsJSON: boolean;
  readonly contract: WireContract;
  readonly liveCount: number;
  readonly heapTop: number;
  readonly maximumScenarioBytes: number;
  /** The most indicators live at once (1,000,000); `create` past it throws ProgressEngineError. */
  readonly maximumLiveIndicators: number;
}
