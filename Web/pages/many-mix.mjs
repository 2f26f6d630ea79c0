// The indicators of many.html and of Web/tools/waapi-bench.mjs, written once: a
// quarter each of linear and circular determinate bars, the other half
// loops, linear and circular, Vitamin and Material.

/** Whether indicator `k` of the mix runs a loop. */
export const loopsAt = (k) => k % 2 === 1;

/** The configuration of indicator `k` of the mix, in the scenario format. */
export function manyConfiguration(k) {
  const circular = k % 4 >= 2;
  return { variant: circular ? "circular" : "linear", size: "small",
    indeterminateStyle: k % 8 < 4 ? "vitamin" : "material", width: circular ? 64 : 120,
    height: circular ? 64 : 12, progressType: loopsAt(k) ? "indeterminate" : "determinate" };
}
