import { durationListProblem, durationProblem, parseDuration, parseDurationList } from "./duration.ts";

/**
 * The value types of the settings (config.ts): integers in a range, durations, booleans, URLs, one of a few
 * words. Each setting is text read into a value or refused with the reason a person can act on. Written
 * here rather than with a schema library: every start validates the configuration, and a general schema
 * library is most of what a start evaluated (zod: 95 modules, about 7 MB of the server's memory).
 */

export type Read<T> = { ok: true; value: T } | { ok: false; message: string };
const pass = <T>(value: T): Read<T> => ({ ok: true, value });
const fail = (message: string): Read<never> => ({ ok: false, message });

/** How one setting's text is read. A refusal stops its later checks. */
export class SettingValue<T> {
  constructor(readonly read: (text: string) => Read<T>) {}

  /** also refused when `problem` names one (null: fine) */
  check(problem: (value: T) => string | null): SettingValue<T> {
    return new SettingValue((s) => {
      const r = this.read(s);
      if (!r.ok) return r;
      const p = problem(r.value);
      return p === null ? r : fail(p);
    });
  }

  /** also refused, with `message`, unless `ok` */
  refine(ok: (value: T) => boolean, message: string | { message: string }): SettingValue<T> {
    const m = typeof message === "string" ? message : message.message;
    return this.check((v) => (ok(v) ? null : m));
  }
}

/** Any text. */
export const text = () => new SettingValue((s) => pass(s));
/** Text that is not empty. */
export const nonEmpty = () => new SettingValue((s) => (s.length > 0 ? pass(s) : fail("must not be empty")));
/** Exactly `word`. */
export const literal = <const W extends string>(word: W) =>
  new SettingValue<W>((s) => (s === word ? pass(word) : fail(`must be ${JSON.stringify(word)}`)));
/** One of `words` (after `normalize`, e.g. upper-casing). */
export const oneOf = <const W extends readonly [string, ...string[]]>(words: W, normalize = (s: string) => s) =>
  new SettingValue<W[number]>((s) => {
    const v = normalize(s);
    return words.includes(v) ? pass(v as W[number]) : fail(`must be one of ${words.join(", ")}`);
  });
/** `first` when it reads the text, else `second` (whose refusal is the one told: `first` is the special word). */
export const either = <A, B>(first: SettingValue<A>, second: SettingValue<B>) =>
  new SettingValue<A | B>((s) => {
    const r = first.read(s);
    return r.ok ? r : second.read(s);
  });
/** Text matching `pattern`. */
export const matching = (pattern: RegExp, message: string) => text().refine((s) => pattern.test(s), message);

export const int = (min: number, max: number) =>
  new SettingValue((s) => {
    const t = s.trim();
    const n = /^-?\d+$/.test(t) ? Number(t) : Number.NaN;
    return !Number.isSafeInteger(n) || n < min || n > max
      ? fail(`must be a whole number from ${min} to ${max}`)
      : pass(n);
  });
/** A duration setting (`label` names it where a message needs it; loadConfig's messages already start with it). */
export const duration = (_label: string) =>
  new SettingValue((s) => {
    const problem = durationProblem(s);
    return problem ? fail(problem) : pass(parseDuration(s) ?? 0);
  });
export const durationList = () =>
  new SettingValue((s) => {
    const problem = durationListProblem(s);
    return problem
      ? fail(`durations separated by commas, e.g. 1m,5m,30m,2h,8h: ${problem}`)
      : pass(parseDurationList(s) ?? []);
  });
const TRUE = ["true", "1", "yes"];
export const bool = new SettingValue((s) =>
  [...TRUE, "false", "0", "no"].includes(s)
    ? pass(TRUE.includes(s))
    : fail("must be one of true, false, 1, 0, yes, no"),
);
export const url = (label: string) => matching(/^https?:\/\/[^\s/]+/, `${label} must be an http(s) URL`);

export const databaseUrl = () =>
  text().refine((s) => s === "" || /^postgres(ql)?:\/\/\S+$/i.test(s), {
    message: "DATABASE_URL must be a postgres:// or postgresql:// URL (or unset for SQLite in DATA_DIR)",
  });

type ValueOf<V> = V extends SettingValue<infer T> ? T : never;

/** Read every setting of `shape` from `raw`: the values, or every refusal with the setting it belongs to. */
export function readSettings<S extends Record<string, SettingValue<unknown>>>(
  shape: S,
  raw: Record<string, string>,
):
  | { ok: true; values: { [K in keyof S]: ValueOf<S[K]> } }
  | { ok: false; problems: Array<{ key: string; message: string }> } {
  const values: Record<string, unknown> = {};
  const problems: Array<{ key: string; message: string }> = [];
  for (const [key, setting] of Object.entries(shape)) {
    const r = setting.read(raw[key] ?? "");
    if (r.ok) values[key] = r.value;
    else problems.push({ key, message: r.message });
  }
  return problems.length > 0
    ? { ok: false, problems }
    : { ok: true, values: values as { [K in keyof S]: ValueOf<S[K]> } };
}
