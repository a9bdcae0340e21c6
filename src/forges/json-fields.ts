/** Defensive readers of a host's JSON: a missing or mistyped field becomes a neutral value, never an exception. */

export type Json = Record<string, unknown>;
export const obj = (v: unknown): Json => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Json) : {});
export const str = (v: unknown): string | null => (typeof v === "string" ? v : null);
export const num = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) ? v : 0);
