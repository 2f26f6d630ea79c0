// Types of progress-engine.mjs: the ProgressEngine WebAssembly build as an ES
// module. Names follow the scenario format of Docs/conformance.md and the
// Swift `ProgressFrame`.

/** An invalid configuration, event or easing; `path` names the field. */
export declare class ProgressEngineError extends Error {
  readonly path: string;
  readonly detail: string;
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
  /** Linear: small, medium, large; circular: small, medium. Default medium. */
  size?: "small" | "medium" | "large";
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
}

export interface EngineOptions {
  /** Width of `text` at `fontSize` points, for indicators created with `measureText: true`. */
  measureText?: (text: string, fontSize: number) => number;
  /** Height of one line at `fontSize` points. */
  lineHeight?: (fontSize: number) => number;
}

export type AccessibilityValueText = string; // "40%", "in progress", "halted"

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
}

export type Event =
  | { type: "setProgress"; value: number | "NaN" | "Infinity" | "-Infinity"; animated?: boolean }
  | { type: "setProgressType"; value: "determinate" | "indeterminate" }
  | { type: "startIndeterminateAnimation" }
  | { type: "stopIndeterminateAnimation" }
  | { type: "setHidden"; value: boolean; animated?: boolean }
  | { type: "resize"; width: number; height: number }
  | { type: "configure"; configuration: Configuration }
  | { type: "tick" };

export interface Point { x: number; y: number }
export interface Rect { x: number; y: number; width: number; height: number }

export type Geometry =
  | { kind: "line"; fromX: number; toX: number; centerY: number; lineWidth: number }
  | {
      kind: "arc"; center: Point; radius: number; lineWidth: number;
      /** Degrees clockwise from 12 o'clock, before `rotation`. */
      startAngle: number; endAngle: number; rotation: number;
    };

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
  bounds: { width: number; height: number };
  shape: "linear" | "circular";
  progressType: "determinate" | "indeterminate";
  isIndeterminateAnimating: boolean;
  progress: number;
  presentedProgress: number;
  visibility: number;
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
}

/** One indicator in the engine, from `create` to `destroy`. */
export declare class Indicator {
  send(event: Event, time: number): Transition;
  setProgress(value: number, options?: { animated?: boolean }, time?: number): Transition;
  setProgressType(type: "determinate" | "indeterminate", time?: number): Transition;
  startIndeterminateAnimation(time?: number): Transition;
  stopIndeterminateAnimation(time?: number): Transition;
  setHidden(hidden: boolean, options?: { animated?: boolean }, time?: number): Transition;
  configure(changes: Configuration, time?: number): Transition;
  resize(width: number, height: number): Transition;
  tick(time: number): Transition;
  readonly isAnimating: boolean;
  frame(time: number): Frame;
  advance(time: number): Frame;
  destroy(): void;
}

export declare class ProgressEngine {
  static load(
    source: BufferSource | WebAssembly.Module | Response | string | URL, options?: EngineOptions
  ): Promise<ProgressEngine>;
  /** @throws ProgressEngineError */
  create(configuration?: Configuration, options?: CreateOptions): Indicator;
  readonly liveCount: number;
  readonly heapTop: number;
}

export interface ParsedEasing { kind: 0 | 1 | 2 | 3; numbers: number[]; count?: number }
export declare function parseEasing(text: string): ParsedEasing;
