/**
 * How a function's running time grows with its input, measured without a wall-clock bound: the fastest of
 * `reps` runs on `factor` times the input over the fastest on the input itself, the two sizes interleaved so
 * a busy machine slows both alike. Linear work gives about `factor`; quadratic work about `factor` squared.
 */
export function growthRatio(run: (scale: number) => void, factor = 4, reps = 5): number {
  let small = Number.POSITIVE_INFINITY;
  let large = Number.POSITIVE_INFINITY;
  run(1); // warm the code paths once
  for (let i = 0; i < reps; i++) {
    let t = performance.now();
    run(1);
    small = Math.min(small, performance.now() - t);
    t = performance.now();
    run(factor);
    large = Math.min(large, performance.now() - t);
  }
  return large / Math.max(small, 0.01);
}

/** The ratio above which growth by `factor` is worse than linear (halfway, geometrically, to quadratic). */
export const superLinear = (factor = 4) => factor ** 1.5;
