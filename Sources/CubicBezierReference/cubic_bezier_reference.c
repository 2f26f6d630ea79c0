// See include/cubic_bezier_reference.h: a benchmark-only reference solver.
#include "cubic_bezier_reference.h"

void reference_bezier_init(reference_bezier *c, double x1, double y1, double x2, double y2) {
  c->cx = 3.0 * x1;
  c->bx = 3.0 * (x2 - x1) - c->cx;
  c->ax = 1.0 - c->cx - c->bx;
  c->cy = 3.0 * y1;
  c->by = 3.0 * (y2 - y1) - c->cy;
  c->ay = 1.0 - c->cy - c->by;
  for (int i = 0; i < 11; i++) {
    c->samples[i] = reference_bezier_x(c, i / 10.0);
  }
}
