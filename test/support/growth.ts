/**
 * How a function's work grows with its input, counted, not timed: every property read on the input's
 * objects (each wrapped in a counting Proxy) is one step, so the figure is the same on an idle machine and
 * on a busy one. `growthRatio` runs `run` on the input `make(1)` and on `make(factor)` and returns the
 * steps of the second over the steps of the first. Linear work gives about `factor`; quadratic work about
 * `factor` squared.
 */
export function growthRatio<T extends object>(
  make: (scale: number) => T[][],
  run: (input: T[][]) => void,
  factor = 4,
): number {
  const steps = (scale: number) => {
    const counter = { reads: 0 };
    const handler: ProxyHandler<T> = {
      get(target, key, receiver) {
        counter.reads++;
        return Reflect.get(target, key, receiver);
      },
    };
    run(make(scale).map((list) => list.map((item) => new Proxy(item, handler))));
    return counter.reads;
  };
  return steps(factor) / Math.max(1, steps(1));
}

/** The ratio above which growth by `factor` is worse than linear (halfway, geometrically, to quadratic). */
export const superLinear = (factor = 4) => factor ** 1.5;
