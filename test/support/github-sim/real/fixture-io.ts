/** Reading and writing history fixtures: JSON, gzipped when the name ends in .gz; dates delta-encoded. */
import { readFileSync } from "node:fs";
import { gunzipSync, gzipSync } from "node:zlib";

export function readFixtureJson<T>(path: string): T {
  const bytes = readFileSync(path);
  return JSON.parse((path.endsWith(".gz") ? gunzipSync(bytes) : bytes).toString("utf8")) as T;
}

/** Writes a fixture and returns the size of its JSON. */
export async function writeFixtureJson(path: string, fixture: unknown): Promise<number> {
  const json = JSON.stringify(fixture);
  await Bun.write(path, path.endsWith(".gz") ? gzipSync(json, { level: 9 }) : `${json}\n`);
  return json.length;
}

/** Absolute values from deltas (each value minus the previous). */
export function undelta(xs: number[]): number[] {
  let t = 0;
  return xs.map((d) => (t += d));
}
