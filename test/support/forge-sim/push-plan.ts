import type { CommitSpec } from "../github-sim/git-writer.ts";

/** One push as a scenario states it: `commits` more commits of the repository's list, pushed at `at`. */
export interface PushSpec {
  /** server time of the push, ISO 8601 or epoch ms */
  at: string | number;
  commits: number;
  /** the account that pushed (default: the repository's owner) */
  by?: string;
}

/** A push the host recorded: commits [from, to) of the repository's list, at server time `at` (epoch ms). */
export interface PlannedPush {
  at: number;
  from: number;
  to: number;
  by?: string;
}

/** A new push starts when the next commit was committed this long after the previous one. */
export const SESSION_GAP_MS = 2 * 3_600_000;
/** A developer pushes this long after the last commit of a session. */
export const PUSH_DELAY_MS = 5 * 60_000;

const toMs = (d: string | number): number => (typeof d === "number" ? d : Date.parse(d));

/**
 * When the host saw each commit arrive. Explicit `pushes` are taken as given. Otherwise the commits are
 * pushed session by session (a gap of SESSION_GAP_MS between committer dates ends a session), each session
 * PUSH_DELAY_MS after its last commit, and never before the repository existed: a commit dated before
 * `createdAt` (an import, or a forged date) arrives with the first push after creation, which is what a
 * host that records pushes shows. `pushedAt`, when given, is the time of the last push.
 */
export function planPushes(spec: {
  commits: readonly CommitSpec[];
  createdAt: number;
  pushedAt?: string | number;
  pushes?: readonly PushSpec[];
}): PlannedPush[] {
  const n = spec.commits.length;
  if (spec.pushes) {
    const total = spec.pushes.reduce((s, p) => s + p.commits, 0);
    if (total !== n) throw new Error(`simulator: pushes bring ${total} commits, the repository has ${n}`);
    let from = 0;
    return spec.pushes
      .filter((p) => p.commits > 0)
      .map((p) => {
        const push = { at: toMs(p.at), from, to: from + p.commits, ...(p.by ? { by: p.by } : {}) };
        from += p.commits;
        return push;
      });
  }
  const out: PlannedPush[] = [];
  let start = 0;
  for (let i = 0; i < n; i++) {
    const c = spec.commits[i]!;
    const next = spec.commits[i + 1];
    const at = toMs(c.committerDate ?? c.authorDate);
    const nextAt = next ? toMs(next.committerDate ?? next.authorDate) : Number.POSITIVE_INFINITY;
    if (next && nextAt - at <= SESSION_GAP_MS) continue;
    const earliest = spec.createdAt + 60_000;
    const prev = out[out.length - 1];
    const when = Math.max(at + PUSH_DELAY_MS, earliest, prev ? prev.at + 60_000 : earliest);
    // a session the host could only see at the same moment as the previous push arrived with it
    if (prev && at + PUSH_DELAY_MS <= prev.at) prev.to = i + 1;
    else out.push({ at: when, from: start, to: i + 1 });
    start = i + 1;
  }
  const last = out[out.length - 1];
  if (last && spec.pushedAt !== undefined) last.at = Math.max(last.at, toMs(spec.pushedAt));
  return out;
}
