import { z } from "zod";
import { durationListProblem, durationProblem, parseDuration, parseDurationList } from "./duration.ts";

/** The value types of the settings (config.ts): integers in a range, durations, booleans, URLs. */
export const int = (min: number, max: number) =>
  z.string().transform((s, ctx) => {
    const t = s.trim();
    const n = /^-?\d+$/.test(t) ? Number(t) : Number.NaN;
    if (!Number.isSafeInteger(n) || n < min || n > max) {
      ctx.addIssue({ code: "custom", message: `must be a whole number from ${min} to ${max}` });
      return 0;
    }
    return n;
  });
/** A duration setting (`label` names it where a message needs it; loadConfig's messages already start with it). */
export const duration = (_label: string) =>
  z.string().transform((s, ctx) => {
    const problem = durationProblem(s);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
    return parseDuration(s) ?? 0;
  });
export const durationList = () =>
  z.string().transform((s, ctx) => {
    const problem = durationListProblem(s);
    if (problem)
      ctx.addIssue({ code: "custom", message: `durations separated by commas, e.g. 1m,5m,30m,2h,8h: ${problem}` });
    return parseDurationList(s) ?? [];
  });
export const bool = z.enum(["true", "false", "1", "0", "yes", "no"]).transform((v) => ["true", "1", "yes"].includes(v));
export const url = (label: string) =>
  z.string().refine((s) => /^https?:\/\/[^\s/]+/.test(s), { message: `${label} must be an http(s) URL` });

export const databaseUrl = () =>
  z.string().refine((s) => s === "" || /^postgres(ql)?:\/\/\S+$/i.test(s), {
    message: "DATABASE_URL must be a postgres:// or postgresql:// URL (or unset for SQLite in DATA_DIR)",
  });
