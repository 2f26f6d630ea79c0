// A small SVG renderer for the frames of progress-engine.mjs: the same
// drawing as the Swift SVGRenderer (track, segments, texts, image, clip),
// updating a fixed set of elements in place so that a frame costs a few
// attribute writes and no allocation of DOM nodes.

import { svgNumber as number, textPlacement, waveSegmentCount } from "../contract/progress-engine.mjs";

const SVG = "http://www.w3.org/2000/svg";
let nextId = 0;

/** The path data of a stroke's centreline (SVGRenderer.pathData). */
export function pathData(geometry) {
  if (geometry.kind === "line") {
    const y = number(geometry.centerY);
    return `M${number(geometry.fromX)} ${y}L${number(geometry.toX)} ${y}`;
  }
  const { center, radius } = geometry;
  const start = geometry.startAngle + geometry.rotation;
  const span = Math.min(geometry.endAngle - geometry.startAngle, 360);
  const r = number(radius);
  const point = (degrees) => {
    const radians = (degrees * Math.PI) / 180;
    return `${number(center.x + radius * Math.sin(radians))} ${number(center.y - radius * Math.cos(radians))}`;
  };
  if (!(span > 0)) return `M${point(start)}L${point(start)}`;
  if (span >= 360) {
    return `M${point(start)}A${r} ${r} 0 1 1 ${point(start + 180)}A${r} ${r} 0 1 1 ${point(start + 360)}`;
  }
  return `M${point(start)}A${r} ${r} 0 ${span > 180 ? 1 : 0} 1 ${point(start + span)}`;
}

/**
 * The centreline of a wavy stroke (MT-13, MT-17): the segment's line or arc
 * displaced by amplitude × cos(2π (s / wavelength − offset)) at s points along
 * the frame's path (from the path's fromX on a bar, clockwise from
 * 12 o'clock turned by the segment's rotation on a ring, MT-26), as a
 * polyline of the engine's points a wavelength (16), at most its maximum.
 */
export function wavePathData(geometry, wave, path) {
  const displacement = (s) =>
    wave.amplitude * Math.cos(2 * Math.PI * (s / wave.wavelength - wave.offset));
  const points = [];
  if (geometry.kind === "line") {
    const origin = path.kind === "line" ? path.fromX : geometry.fromX;
    const direction = geometry.toX >= geometry.fromX ? 1 : -1;
    const start = Math.abs(geometry.fromX - origin);
    const length = Math.abs(geometry.toX - geometry.fromX);
    const count = waveSegmentCount(wave, length);
    for (let index = 0; index <= count; index += 1) {
      const along = length * (index / count);  // the fraction first: no overflow
      points.push([geometry.fromX + direction * along, geometry.centerY - displacement(start + along)]);
    }
  } else {
    const circumference = 2 * Math.PI * geometry.radius;
    const startAngle = geometry.startAngle + geometry.rotation;
    const span = Math.min(geometry.endAngle - geometry.startAngle, 360);
    if (!(circumference > 0) || !Number.isFinite(circumference) || !(span > 0)) return pathData(geometry);
    const count = waveSegmentCount(wave, (circumference * span) / 360);
    for (let index = 0; index <= count; index += 1) {
      const degrees = startAngle + (span * index) / count;
      // From 12 o'clock turned with the stroke: the wave turns with a
      // rotating loop (MT-26).
      const radius = geometry.radius - displacement(((degrees - geometry.rotation) / 360) * circumference);
      const radians = (degrees * Math.PI) / 180;
      points.push([geometry.center.x + radius * Math.sin(radians), geometry.center.y - radius * Math.cos(radians)]);
    }
  }
  return points.map(([x, y], index) => `${index === 0 ? "M" : "L"}${number(x)} ${number(y)}`).join("");
}

function element(name, attributes = {}, parent = null) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (parent) parent.appendChild(node);
  return node;
}

function set(node, key, value) {
  if (node.getAttribute(key) !== value) node.setAttribute(key, value);
}

/** One indicator drawn in an `<svg>` element. */
export class IndicatorView {
  constructor({ fontFamily = "Roboto, DejaVu Sans, sans-serif" } = {}) {
    const id = `pe${nextId++}`;
    // The frame is already laid out for its direction: the SVG itself is
    // always left to right (a right-to-left page would flip the text anchors).
    this.svg = element("svg", { role: "progressbar", direction: "ltr" });
    const defs = element("defs", {}, this.svg);
    const clip = element("clipPath", { id: `${id}-clip` }, defs);
    this.clipRect = element("rect", {}, clip);
    const imageClip = element("clipPath", { id: `${id}-image` }, defs);
    this.imageCircle = element("circle", {}, imageClip);
    this.group = element("g", {}, this.svg);
    this.clipId = `url(#${id}-clip)`;
    const stroke = (role) => element("path", { fill: "none", "stroke-linecap": "round", "data-role": role }, this.group);
    this.track = stroke("track");
    this.segments = [stroke("segment"), stroke("segment")];
    for (const segment of this.segments) segment.setAttribute("stroke-linejoin", "round");
    // Material 3's stop indicator: a round dot in the progress colour (MT-15).
    this.stop = element("circle", { "data-role": "stop", display: "none" }, this.group);
    const text = (role) => element("text", {
      "dominant-baseline": "central", "font-family": fontFamily, "data-role": role,
    }, this.group);
    this.leftLabel = text("label");
    this.percentage = text("percentage");
    this.image = element("rect", { fill: "#C0C6CC", "clip-path": `url(#${id}-image)`, "data-role": "image" }, this.group);
  }

  /** Draws a frame. */
  draw(frame) {
    const { svg } = this;
    set(svg, "width", number(frame.size.width));
    set(svg, "height", number(frame.size.height));
    set(svg, "viewBox", `0 0 ${number(frame.size.width)} ${number(frame.size.height)}`);
    if (frame.accessibilityLabel) set(svg, "aria-label", frame.accessibilityLabel);
    else svg.removeAttribute("aria-label");
    const value = frame.accessibilityValue;
    if (value !== null && value.endsWith("%")) {
      set(svg, "aria-valuemin", "0");
      set(svg, "aria-valuemax", "100");
      set(svg, "aria-valuenow", value.slice(0, -1));
    } else {
      svg.removeAttribute("aria-valuenow");
    }
    if (value !== null) set(svg, "aria-valuetext", value);
    else svg.removeAttribute("aria-valuetext");

    const visible = !frame.isHidden && frame.visibleFraction > 0;
    set(this.group, "display", visible ? "inline" : "none");
    if (!visible) return;
    if (frame.clip) {
      set(this.clipRect, "x", number(frame.clip.x));
      set(this.clipRect, "y", number(frame.clip.y));
      set(this.clipRect, "width", number(frame.clip.width));
      set(this.clipRect, "height", number(frame.clip.height));
      set(this.group, "clip-path", this.clipId);
    } else {
      this.group.removeAttribute("clip-path");
    }
    this.stroke(this.track, frame.track, frame.theme.track);
    const wave = frame.wave && frame.wave.amplitude > 0 && frame.wave.wavelength > 0 ? frame.wave : null;
    this.segments.forEach((node, index) =>
      this.stroke(node, frame.segments[index] ?? null, frame.theme.progress, wave, frame.path));
    const stop = frame.stopIndicator;
    if (stop && stop.width > 0) {
      set(this.stop, "display", "inline");
      set(this.stop, "cx", number(stop.x + stop.width / 2));
      set(this.stop, "cy", number(stop.y + stop.height / 2));
      set(this.stop, "r", number(stop.width / 2));
      set(this.stop, "fill", frame.theme.progress.css.slice(0, 7));
      set(this.stop, "fill-opacity", number(frame.theme.progress.alpha));
    } else {
      set(this.stop, "display", "none");
    }
    this.text(this.leftLabel, frame.leftLabel, frame.theme.text);
    this.text(this.percentage, frame.percentage, frame.theme.text);
    if (frame.image) {
      const { frame: rect, clipCenter, clipRadius } = frame.image;
      set(this.image, "display", "inline");
      set(this.image, "x", number(rect.x));
      set(this.image, "y", number(rect.y));
      set(this.image, "width", number(rect.width));
      set(this.image, "height", number(rect.height));
      set(this.image, "opacity", number(frame.image.opacity));
      set(this.imageCircle, "cx", number(clipCenter.x));
      set(this.imageCircle, "cy", number(clipCenter.y));
      set(this.imageCircle, "r", number(clipRadius));
    } else {
      set(this.image, "display", "none");
    }
  }

  stroke(node, segment, color, wave = null, path = null) {
    if (!segment || !(segment.geometry.lineWidth > 0)) {
      set(node, "display", "none");
      return;
    }
    set(node, "display", "inline");
    set(node, "d", wave ? wavePathData(segment.geometry, wave, path) : pathData(segment.geometry));
    set(node, "stroke", color.css.slice(0, 7));
    set(node, "stroke-opacity", number(color.alpha));
    set(node, "stroke-width", number(segment.geometry.lineWidth));
  }

  text(node, item, color) {
    if (!item) {
      set(node, "display", "none");
      return;
    }
    set(node, "display", "inline");
    const { x, y, anchor } = textPlacement(item);
    set(node, "x", number(x));
    set(node, "y", number(y));
    set(node, "font-size", number(item.fontSize));
    set(node, "text-anchor", anchor);
    set(node, "fill", color.css.slice(0, 7));
    set(node, "opacity", number(item.opacity));
    if (node.textContent !== item.text) node.textContent = item.text;
  }
}
