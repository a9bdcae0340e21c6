/**
 * A value made the first time it is asked for, then kept: how a module's public surface hands out a part
 * that costs memory to evaluate (a table of every rule, the report builder) without evaluating it when the
 * surface is imported. `make` is typically `() => require("./part.ts") as typeof Part`: a `require` inside a
 * function is evaluated at its first call, in `bun run` and in the compiled binary alike.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made = false;
  let value: T;
  return () => {
    if (!made) {
      value = make();
      made = true;
    }
    return value;
  };
}
