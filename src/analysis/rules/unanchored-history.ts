import type { AnchoredTimes } from "../../forges/index.ts";
import { claimPeriod } from "../claim-period.ts";
import { about, historyRule, hostOf, hostWord, lacking, type RepoRuleContext } from "./rule-context.ts";
import { DAY_MS, dayText, humanSpan, ms, pct } from "./time-stats.ts";

/**
 * Anchored time. Commit dates are written by whoever commits; GitHub itself writes only the repository's
 * created_at and pushed_at (and push events). A commit dated inside the repository's life on GitHub is
 * anchored (nothing contradicts it); one dated before the repository existed has no outside witness.
 *
 * The extent of unanchored history is the share of the candidate's commits dated before GitHub saw the
 * repository: WARNING when that is most of them, with both readings (an honest import of years of local
 * work looks the same as a backdated history), and its `extent` feeds the score's extent rule
 * (confidence-score.ts). The resume's own dates are read at the precision written (claim-period.ts): a
 * claimed period that starts before the repository while every commit is anchored says only that work
 * may have started locally: INFO, never an extent. A year on a resume means some time in that year.
 */

/** Commits dated this long before the repository existed are unanchored (pushing recent local work is normal). */
export const UNANCHORED_GRACE_MS = 7 * DAY_MS;
export const UNANCHORED_MIN_SHARE = 0.5;
export const UNANCHORED_MIN_COMMITS = 3;
/** A claimed period whose latest possible start is this long before the repository existed is mentioned (INFO). */
export const CLAIM_LEAD_MS = 30 * DAY_MS;
/** Anchored work continuing this long after the repository was created is what an honest import shows. */
export const CONTINUATION_MS = 30 * DAY_MS;

/** Later work arriving this soon after it was written is ordinary work pushed as it was done. */
export const PROMPT_ARRIVAL_MS = DAY_MS;

/** The repository's last push: GitHub's pushed_at, else the newest push the host recorded, else unknown (NaN). */
function lastPush(ctx: RepoRuleContext): number {
  if (Number.isFinite(ms(ctx.repo.pushedAt ?? ""))) return ms(ctx.repo.pushedAt ?? "");
  const pushes = ctx.evidence.forge?.anchoredTimes?.pushes ?? [];
  if (pushes.length > 0) return Math.max(...pushes.map((p) => ms(p.at)));
  return lacking(ctx, "pushed-at") === null ? ms(ctx.repo.createdAt) : Number.NaN;
}

/**
 * The server's account of an import, when it recorded one: the unanchored commits all arrived in the push
 * that created the branch (or the first after the repository was created), and the later ones each within
 * PROMPT_ARRIVAL_MS of being written. Null when the host recorded no such thing.
 */
function recordedImport(
  anchored: AnchoredTimes | undefined,
  created: number,
  unanchored: readonly { sha: string }[],
  later: readonly { sha: string; committerDate: string }[],
): { at: string; afterCreation: number; later: number; maxLag: number } | null {
  if (!anchored || unanchored.length === 0) return null;
  const first = anchored.pushes.find((p) => ms(p.at) >= created);
  if (!first || unanchored.some((c) => anchored.arrivals[c.sha] !== first.at)) return null;
  const lags = later.flatMap((c) => {
    const at = anchored.arrivals[c.sha];
    return at && at !== first.at ? [ms(at) - ms(c.committerDate)] : [];
  });
  const maxLag = lags.length > 0 ? Math.max(...lags) : 0;
  if (lags.length < later.length || maxLag > PROMPT_ARRIVAL_MS) return null;
  return { at: first.at, afterCreation: ms(first.at) - created, later: lags.length, maxLag };
}

export const unanchoredHistory = historyRule((ctx) => {
  const n = ctx.commits.length;
  const created = ms(ctx.repo.createdAt);
  if (n === 0 || !Number.isFinite(created)) return null;
  const pushed = lastPush(ctx);
  const asOf = Number.isFinite(pushed) ? Math.max(pushed, created) : created;
  const dates = ctx.commits.map((c) => ms(c.authorDate));
  // an unparseable date (git allows year 275760) has no witness either
  const unanchored = dates.filter((t) => !Number.isFinite(t) || t < created - UNANCHORED_GRACE_MS).length;
  const share = unanchored / n;
  const period = claimPeriod(ctx.claim?.dates, asOf);
  const claimStartsBefore = period !== null && period.startLatest < created - CLAIM_LEAD_MS;
  const mostUnanchored = unanchored >= UNANCHORED_MIN_COMMITS && share >= UNANCHORED_MIN_SHARE;
  if (!mostUnanchored && !claimStartsBefore) return null;

  const total = ctx.commitCount;
  const examinedAll = n === total;
  const claimed = period && claimStartsBefore ? `"${ctx.claim!.name}" is dated ${period.text}; ` : "";
  const evidence = {
    unanchoredCommits: unanchored,
    examined: n,
    anchoredShare: Math.round((1 - share) * 100) / 100,
    claimStartsBefore: claimStartsBefore ? 1 : 0,
  };
  if (!mostUnanchored) {
    // the resume's period starts earlier than the repository, but the history itself is (mostly) anchored
    const which =
      unanchored === 0
        ? `${examinedAll ? "all " : ""}${n.toLocaleString("en-US")}${examinedAll ? "" : " examined"} commits are dated after it`
        : `${unanchored} of ${n}${examinedAll ? "" : " examined"} commits are dated before it`;
    return {
      rule: "UNANCHORED_HISTORY",
      severity: "INFO",
      message: `${about(ctx)}${claimed}the repository was created on ${dayText(ctx.repo.createdAt)} and ${which}. Work may have started locally before it was pushed; the history itself is anchored`,
      evidence: { ...evidence, basis: "claimed-period", extent: 0 },
    };
  }

  const all = unanchored === n && examinedAll;
  const lifeShort = Number.isFinite(pushed) && pushed - created < 2 * DAY_MS;
  const count = `${total.toLocaleString("en-US")} commit${total === 1 ? "" : "s"}`;
  const host = hostWord(ctx);
  const seen = lifeShort
    ? `the repository and ${examinedAll ? "all " : ""}${count} appeared on ${dayText(ctx.repo.createdAt)}${pushed - created > DAY_MS ? ` - ${dayText(new Date(pushed).toISOString())}` : ""}`
    : `${host} first saw the repository on ${dayText(ctx.repo.createdAt)}`;
  const finite = dates.filter((t) => Number.isFinite(t));
  const earliest = Math.min(...finite);
  const predating = `${all ? "all" : `${unanchored} of ${n}`}${examinedAll ? "" : " examined"} commits are dated before it${Number.isFinite(earliest) && earliest < created ? ` (from ${dayText(new Date(earliest).toISOString())})` : ""}`;
  const continued = dates.filter((t) => t > created + CONTINUATION_MS).length;
  const lastAnchored = Math.max(...finite);
  const old = ctx.commits.filter((c) => !(ms(c.authorDate) >= created - UNANCHORED_GRACE_MS));
  const imported = recordedImport(
    ctx.evidence.forge?.anchoredTimes,
    created,
    old,
    ctx.commits.filter((c) => ms(c.authorDate) >= created - UNANCHORED_GRACE_MS),
  );
  const innocent = imported
    ? `; ${hostOf(ctx)} recorded those ${old.length} commits arriving in one push on ${dayText(imported.at)}, ${humanSpan(imported.afterCreation)} after the repository was created${imported.later > 0 ? `, and each of the ${imported.later} later commits arriving within ${humanSpan(Math.max(imported.maxLag, 60_000))} of being written` : ""}: an import of earlier work${imported.later > 0 ? " followed by ordinary work" : ""}, though the imported dates themselves cannot be checked`
    : continued > 0
      ? `; work went on for ${humanSpan(lastAnchored - created)} after it was created, as after an honest import of local work`
      : "; that is how an import of years of local work (a company server, SVN) looks, and also how a backdated history looks";
  return {
    rule: "UNANCHORED_HISTORY",
    severity: "WARNING",
    message: `${about(ctx)}${claimed}${seen}; ${predating}. Only ${host}'s own times can be checked, and they cover ${pct(1 - share)} of the candidate's commits${innocent}`,
    evidence: {
      ...evidence,
      basis: "commits",
      continuedCommits: continued,
      ...(imported ? { importPush: 1 } : {}),
      // the extent rule: the share of the candidate's commits dated before GitHub saw the repository
      extent: Math.round(share * 100) / 100,
    },
  };
});
