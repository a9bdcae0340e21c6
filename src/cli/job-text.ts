import { hostAccountOf, textTable } from "../lib/index.ts";
import { verdictOfResult } from "../report/index.ts";
import type { DeliverySummary } from "../webhooks/index.ts";

type Json = Record<string, unknown>;
const list = (v: unknown): Json[] =>
  Array.isArray(v) ? v.filter((x): x is Json => typeof x === "object" && x !== null) : [];
const s = (v: unknown): string => (v === null || v === undefined ? "" : String(v));

/** One verification for a terminal (`jobs show` without --json): the polled job, then its deliveries. */
export function jobText(o: {
  job: Json;
  pdfKept: boolean;
  deliveries: Array<Pick<DeliverySummary, "id" | "state" | "attempts" | "lastStatusCode">>;
}): string[] {
  const j = o.job;
  const flags = list(j.flags);
  const final = j.status === "COMPLETED" || j.status === "FAILED";
  const verdict = final ? verdictOfResult(j) : null;
  const score =
    (verdict ? `  ${verdict.label} (${verdict.code})` : "") +
    (j.status === "COMPLETED" && typeof j.confidenceScore === "number" ? `  score ${j.confidenceScore}/100` : "");
  const lines = [`${s(j.trackingId)}  ${s(j.status)}${score}`, ""];
  // the polled view names the delivery state when the server renders it; else the newest delivery's
  const newest = o.deliveries[0]?.state;
  const webhook = s(j.webhookStatus) || (newest === "failed" ? "webhook_failed" : (newest ?? ""));
  const pairs: Array<[string, string]> = [
    ["GitHub user", (!hostAccountOf(s(j.hostUsername)) && s(j.hostUsername)) || "(none given)"],
    ...(hostAccountOf(s(j.hostUsername)) ? [["main account", s(j.hostUsername)] as [string, string]] : []),
    ...(Array.isArray(j.accounts) && j.accounts.length
      ? [["accounts", j.accounts.map(s).join(", ")] as [string, string]]
      : []),
    ["candidate", s(j.candidateName) || "(no name read from the resume)"],
    ["created", s(j.createdAt)],
    ...(final ? [["completed", s(j.completedAt)] as [string, string]] : []),
    ...(j.stage ? [["stage", s(j.stage)] as [string, string]] : []),
    ...(j.error && typeof j.error === "object"
      ? [["error", `${s((j.error as Json).code)}: ${s((j.error as Json).message)}`] as [string, string]]
      : []),
    ...(webhook ? [["webhook", webhook] as [string, string]] : []),
    ["PDF", o.pdfKept ? "kept" : "deleted"],
  ];
  lines.push(...textTable([{ max: 12 }, { max: 0 }], pairs, "  "));
  if (j.status === "COMPLETED") {
    const projects = list(j.verifiedProjects);
    lines.push("", `Verified projects (${projects.length}):`);
    if (projects.length === 0) lines.push("  (none)");
    else
      lines.push(
        ...textTable(
          [
            { header: "match", max: 6 },
            { header: "project", max: 28 },
            { header: "host", max: 24 },
            { header: "repository", max: 44 },
            { header: "commits", max: 0 },
          ],
          projects.map((p) => {
            // results written before projects named their host carry it in repoUrl only
            const host = s(p.host) || s(p.repoUrl).split("/")[0]!;
            const path = s(p.repoUrl).startsWith(`${host}/`) ? s(p.repoUrl).slice(host.length + 1) : s(p.repoUrl);
            return [s(p.matchStrength), s(p.name), host, path, s(p.commits)];
          }),
          "  ",
        ),
      );
    lines.push("", `Flags (${flags.length}):`);
    if (flags.length === 0) lines.push("  (none)");
    lines.push(
      ...textTable(
        [{ max: 8 }, { max: 0 }],
        flags.map((f) => [s(f.severity), s(f.message)]),
        "  ",
      ),
    );
  }
  lines.push("", `Webhook deliveries (${o.deliveries.length}):`);
  if (o.deliveries.length === 0) lines.push(final ? "  (none)" : "  (the event is sent when the job ends)");
  else
    lines.push(
      ...textTable(
        [
          { header: "id", max: 40 },
          { header: "state", max: 16 },
          { header: "attempts", max: 8, align: "right" },
          { header: "last HTTP", max: 0 },
        ],
        o.deliveries.map((d) => [d.id, d.state, String(d.attempts), d.lastStatusCode ? String(d.lastStatusCode) : "–"]),
        "  ",
      ),
    );
  return lines;
}
