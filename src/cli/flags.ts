import { type ParseArgsConfig, parseArgs } from "node:util";
import { durationProblem, parseDuration } from "../config/index.ts";
import { UsageError } from "./command.ts";

type Options = NonNullable<ParseArgsConfig["options"]>;

/** Strict flag parsing: unknown flags and missing values are usage errors with the flag named. */
export function parseFlags<O extends Options>(args: string[], options: O, maxPositionals = 0) {
  try {
    const r = parseArgs({ args, options, strict: true, allowPositionals: maxPositionals > 0 });
    if (r.positionals.length > maxPositionals)
      throw new UsageError(`unexpected argument: ${r.positionals[maxPositionals]}`);
    return r;
  } catch (err) {
    if (err instanceof UsageError) throw err;
    throw new UsageError(err instanceof Error ? err.message.replace(/\. To specify.*$/s, "") : String(err));
  }
}

/** A non-negative integer flag value, or a usage error naming the flag. */
export function intFlag(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new UsageError(`--${name} must be a whole number, got ${JSON.stringify(value)}`);
  return Number(value);
}

/**
 * A duration flag's milliseconds (undefined when absent), or a usage error naming the flag and what to
 * write: a unit is required (`--ttl 30` is refused with "write 30s ..."), and the value must lie in `range`.
 */
export function durationFlag(
  name: string,
  value: string | undefined,
  range?: { min: number; max: number; text: string },
): number | undefined {
  if (value === undefined) return undefined;
  const problem = durationProblem(value);
  if (problem) throw new UsageError(`--${name} ${JSON.stringify(value)}: ${problem}`);
  const ms = parseDuration(value)!;
  if (range && (ms < range.min || ms > range.max)) throw new UsageError(`--${name} must be ${range.text}`);
  return ms;
}

/** Where a command finds the data: DATA_DIR's SQLite file, or the PostgreSQL database of DATABASE_URL. */
export const DATA_DIR_FLAG = {
  "data-dir": { type: "string" },
  "database-url": { type: "string" },
  /** SQLite: create the database when DATA_DIR has none (never done silently) */
  create: { type: "boolean" },
} as const;

/** The storage flags as parsed, or only a --data-dir value. */
export type StorageFlags = { "data-dir"?: string; "database-url"?: string; create?: boolean } | string | undefined;

/** Whether the command was asked to create a database that does not exist yet (--create). */
export function createRequested(flags: StorageFlags): boolean {
  return typeof flags === "object" && flags?.create === true;
}

/** The flags loadDataDir reads, from either form. */
export function storageFlagValues(flags: StorageFlags): Record<string, string> {
  const f = typeof flags === "string" ? { "data-dir": flags } : (flags ?? {});
  const out: Record<string, string> = {};
  if (f["data-dir"]) out["data-dir"] = f["data-dir"];
  if (f["database-url"]) out["database-url"] = f["database-url"];
  return out;
}
