// A benchmark-only reference: the classic cubic-bezier solver of WebKit and
// Chromium, written here from its published description (11-sample table
// guess, at most 4 Newton steps, bisection fallback, epsilon 1e-7). It exists
// so the benchmark can compare the Timeline solver with it in the same run.
#ifndef CUBIC_BEZIER_REFERENCE_H
#define CUBIC_BEZIER_REFERENCE_H

typedef struct {
  double ax, bx, cx;
  double ay, by, cy;
  double samples[11];
} reference_bezier;

/// Prepares the polynomial coefficients and the 11-sample table of x(t).
void reference_bezier_init(reference_bezier *curve, double x1, double y1, double x2, double y2);

static inline double reference_bezier_x(const reference_bezier *c, double t) {
  return ((c->ax * t + c->bx) * t + c->cx) * t;
}

static inline double reference_bezier_y(const reference_bezier *c, double t) {
  return ((c->ay * t + c->by) * t + c->cy) * t;
}

static inline double reference_bezier_dx(const reference_bezier *c, double t) {
  return (3.0 * c->ax * t + 2.0 * c->bx) * t + c->cx;
}

/// Returns y for x in [0, 1], solving x(t) = x to within epsilon in x.
/// Inline, so that a caller in any language can inline it as it would its
/// own code.
static inline double reference_bezier_solve(const reference_bezier *c, double x, double epsilon) {
  if (x <= 0.0) return 0.0;
  if (x >= 1.0) return 1.0;
  // Table guess: the cell of the 11 samples that holds x, interpolated.
  int i = 0;
  while (i < 9 && c->samples[i + 1] <= x) i++;
  double low = i / 10.0;
  double high = (i + 1) / 10.0;
  double span = c->samples[i + 1] - c->samples[i];
  double t = low + (span > 0.0 ? (x - c->samples[i]) / span : 0.0) * 0.1;
  // At most four Newton steps.
  for (int step = 0; step < 4; step++) {
    double error = reference_bezier_x(c, t) - x;
    if ((error < 0 ? -error : error) < epsilon) return reference_bezier_y(c, t);
    double slope = reference_bezier_dx(c, t);
    if ((slope < 0 ? -slope : slope) < 1e-7) break;
    t -= error / slope;
  }
  // Bisection inside the cell.
  t = t < low ? low : (t > high ? high : t);
  while (low < high) {
    double error = reference_bezier_x(c, t) - x;
    if ((error < 0 ? -error : error) < epsilon) break;
    if (error > 0.0) high = t; else low = t;
    double middle = 0.5 * (low + high);
    if (middle == t) break;
    t = middle;
  }
  return reference_bezier_y(c, t);
}

#endif
