// The Web Animations host: the engine's effects performed by the browser's
// own animations, on the compositor, so that no JavaScript runs while an
// indicator animates (Docs/web.md, spec WA-*). The view that draws them is
// waapi-view.mjs (with motion-keyframes.mjs and waapi-material3.mjs); the
// driver that steps the engine and hands the view its transitions, still
// frames and motion is effect-host.mjs's EffectDriver (spec WA-44).

export { AnimatedIndicatorView } from "./waapi-view.mjs";
