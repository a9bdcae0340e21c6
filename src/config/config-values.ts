import { z } from "zod";
import { parseDuration } from "./duration.ts";

/** The value types of the settings (config.ts): integers in a range, durations, booleans, URLs. */
export const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
export const duration = (label: string) =>
  z.string().transform((s, ctx) => {
    const ms = parseDuration(s);
    if (ms === null) ctx.addIssue({ code: "custom", message: `${label} must be a duration like 500ms, 10s, 5m, 2h` });
    return ms ?? 0;
  });
export const bool = z.enum(["true", "false", "1", "0", "yes", "no"]).transform((v) => ["true", "1", "yes"].includes(v));
export const url = (label: string) =>
  z.string().refine((s) => /^https?:\/\/[^\s/]+/.test(s), { message: `${label} must be an http(s) URL` });

export const databaseUrl = () =>
  z.string().refine((s) => s === "" || /^postgres(ql)?:\/\/\S+$/i.test(s), {
    message: "DATABASE_URL must be a postgres:// or postgresql:// URL (or unset for SQLite in DATA_DIR)",
  });
