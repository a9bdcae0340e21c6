import { hostAccountOf } from "../../lib/index.ts";
import type { Verification } from "../../verification/index.ts";
import { type Html, html } from "../html.ts";

/** A time as UTC text in a <time> element (machine-readable, the same for every viewer). */
export function time(ms: number | null | undefined): Html {
  if (ms === null || ms === undefined) return html`<span class="muted">–</span>`;
  const iso = new Date(ms).toISOString();
  return html`<time datetime="${iso}">${iso.slice(0, 19).replace("T", " ")}Z</time>`;
}

/** A duration for people: 850 ms, 12 s, 4 min 5 s, 3 h 20 min, 2 d 4 h. */
export function duration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return "–";
  if (ms < 1000) return `${Math.max(0, Math.round(ms))} ms`;
  const s = Math.floor(ms / 1000);
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min${s % 60 ? ` ${s % 60} s` : ""}`;
  const h = Math.floor(m / 60);
  if (h < 48) return `${h} h${m % 60 ? ` ${m % 60} min` : ""}`;
  const d = Math.floor(h / 24);
  return `${d} d${h % 24 ? ` ${h % 24} h` : ""}`;
}

const BADGE: Record<string, string> = {
  COMPLETED: "ok",
  delivered: "ok",
  success: "ok",
  FAILED: "bad",
  failed: "bad",
  webhook_failed: "bad",
  CRITICAL: "bad",
  retrying: "warn",
  WARNING: "warn",
  processing: "busy",
  pending: "busy",
  in_flight: "busy",
  queued: "idle",
  INFO: "idle",
  HIGH: "ok",
  MEDIUM: "warn",
  LOW: "bad",
  http: "bad",
  timeout: "bad",
  dns: "bad",
  connect: "bad",
  tls: "bad",
  blocked: "bad",
  config: "bad",
  interrupted: "warn",
};

/** A state, severity or strength as a coloured label; the word itself always carries the meaning. */
export function badge(value: string | null | undefined, label?: string): Html {
  if (!value) return html`<span class="muted">–</span>`;
  return html`<span class="badge ${BADGE[value] ?? "idle"}">${label ?? value}</span>`;
}

/** The webhook state a person reads: the contract's `webhook_failed` for an exhausted delivery. */
export function webhookLabel(state: string | null): string | null {
  return state === "failed" ? "webhook_failed" : state;
}

export function percent(part: number, whole: number): string {
  if (whole <= 0) return "–";
  return `${Math.round((part / whole) * 1000) / 10}%`;
}

/** A table inside its own horizontally scrolling area, so a wide table never widens the page. */
export function scrollTable(table: Html): Html {
  return html`<div class="table-scroll">${table}</div>`;
}

/**
 * A candidate as people name them: the name read from the resume, and the GitHub login (or, when only
 * accounts on other hosts were given, the first of them as host/username).
 */
export function candidate(login: string, name: unknown, accounts: Verification["accounts"] = []): Html {
  const who = candidateLabel({ hostUsername: login, accounts });
  return typeof name === "string" && name.trim() !== ""
    ? html`${name} <span class="muted">(${who})</span>`
    : html`${who}`;
}

/** The account a job is known by: its GitHub login or main account (host/username), else its first other account. */
export function candidateLabel(v: Pick<Verification, "hostUsername" | "accounts">): string {
  const main = hostAccountOf(v.hostUsername);
  if (main) return `${main.host}/${main.username}`;
  if (v.hostUsername) return v.hostUsername;
  const first = v.accounts[0];
  return first ? `${first.host}/${first.username}` : "(no account)";
}
