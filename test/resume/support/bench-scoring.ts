/**
 * Scoring for the extraction benchmark, kept apart from the extractor so that the yardstick does
 * not share code (or bugs) with what it measures. Pure.
 *
 * Names match fuzzily: equal after normalisation, or every word of the shorter name appears in the
 * longer ("CRIU" ~ "CRIU (Checkpoint Restore in Userspace)"), or, when both carry the same numbers,
 * character-bigram Dice >= 0.75.
 * Ground-truth names marked nameIsDescriptive (no name in the PDF) match an extracted project that
 * points at the same repository. Repository URLs compare as host/owner/repo; a project that links
 * only a GitHub account or organisation is compared as github.com/owner.
 */

export interface TruthProject {
  name: string;
  repoUrl: string | null;
  nameIsDescriptive?: boolean;
}

export interface GotProject {
  name: string;
  repoUrl: string | null;
  ownerUrl?: string;
}

export interface FileScore {
  nameTp: number;
  nameFp: number;
  nameFn: number;
  repoTp: number;
  repoGot: number;
  repoWant: number;
  /** unmatched names, for the report */
  missed: string[];
  extra: string[];
}

export const NAME_MATCH_THRESHOLD = 0.75;

export function normName(s: string): string {
  return s
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

function bigrams(s: string): Map<string, number> {
  const m = new Map<string, number>();
  const t = s.replace(/\s+/g, " ");
  for (let i = 0; i < t.length - 1; i++) {
    const g = t.slice(i, i + 2);
    m.set(g, (m.get(g) ?? 0) + 1);
  }
  return m;
}

export function dice(a: string, b: string): number {
  const x = bigrams(a);
  const y = bigrams(b);
  let inter = 0;
  let total = 0;
  for (const [g, n] of x) {
    inter += Math.min(n, y.get(g) ?? 0);
    total += n;
  }
  for (const n of y.values()) total += n;
  return total === 0 ? 0 : (2 * inter) / total;
}

/** Similarity of two project names in [0, 1]; >= NAME_MATCH_THRESHOLD counts as the same project. */
export function nameScore(a: string, b: string): number {
  const x = normName(a);
  const y = normName(b);
  if (!x || !y) return 0;
  if (x === y) return 1;
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  const longWords = new Set(long.split(" "));
  if (short.split(" ").every((w) => longWords.has(w))) return 0.9;
  // "Project 1" and "Project 2" are different projects however alike the letters are
  const numbers = (s: string) => (s.match(/\d+/g) ?? []).join(" ");
  if (numbers(x) !== numbers(y)) return 0;
  return dice(x, y);
}

/** Canonical host/owner/repo (or github.com/owner) of a URL as written anywhere; null if none. */
export function repoKey(url: string | null | undefined): string | null {
  if (!url) return null;
  const s = url
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, "")
    .replace(/^www\./, "");
  const [hostPath = "", query = ""] = s.split("?");
  const parts = hostPath.split("/").filter(Boolean);
  const host = parts[0];
  const path = parts.slice(1);
  if (!host) return null;
  if (host === "github.com") {
    if (path[0] === "search") {
      const m = /repo:([\w.-]+)\/([\w.-]+)/.exec(decodeURIComponent(query.replace(/\+/g, " ")));
      return m ? `github.com/${m[1]}/${m[2]!.replace(/\.git$/, "")}` : null;
    }
    if (path.length === 0) return null;
    if (path.length === 1) return `github.com/${path[0]}`;
    return `github.com/${path[0]}/${path[1]!.replace(/\.git$/, "")}`;
  }
  const git = path.findIndex((p) => p.endsWith(".git"));
  if (git >= 0) return [host, ...path.slice(0, git), path[git]!.replace(/\.git$/, "")].join("/");
  if (path.length >= 2 && /^(gitlab\.com|bitbucket\.org|codeberg\.org)$/.test(host))
    return `${host}/${path[0]}/${path[1]}`;
  return null;
}

/** Score one file: greedy one-to-one name matching, then repository sets. */
export function scoreFile(want: TruthProject[], got: GotProject[]): FileScore {
  const gotKeys = got.map((g) => repoKey(g.repoUrl ?? g.ownerUrl ?? null));
  const wantKeys = want.map((w) => repoKey(w.repoUrl));
  const pairs: Array<{ w: number; g: number; s: number }> = [];
  for (const [wi, w] of want.entries()) {
    for (const [gi, g] of got.entries()) {
      let s = nameScore(w.name, g.name);
      if (w.nameIsDescriptive && wantKeys[wi] && wantKeys[wi] === gotKeys[gi]) s = Math.max(s, 0.85);
      if (s >= NAME_MATCH_THRESHOLD) pairs.push({ w: wi, g: gi, s });
    }
  }
  pairs.sort((a, b) => b.s - a.s);
  const usedW = new Set<number>();
  const usedG = new Set<number>();
  for (const p of pairs) {
    if (usedW.has(p.w) || usedG.has(p.g)) continue;
    usedW.add(p.w);
    usedG.add(p.g);
  }
  const wantRepos = new Set(wantKeys.filter((k): k is string => k !== null));
  const gotRepos = new Set(gotKeys.filter((k): k is string => k !== null));
  const repoTp = [...gotRepos].filter((k) => wantRepos.has(k)).length;
  return {
    nameTp: usedW.size,
    nameFp: got.length - usedG.size,
    nameFn: want.length - usedW.size,
    repoTp,
    repoGot: gotRepos.size,
    repoWant: wantRepos.size,
    missed: want.filter((_, i) => !usedW.has(i)).map((w) => w.name),
    extra: got.filter((_, i) => !usedG.has(i)).map((g) => g.name),
  };
}

/** Precision, recall and F1 from counts (1 when there is nothing to find and nothing was found). */
export function prf(tp: number, fp: number, fn: number): { p: number; r: number; f1: number } {
  const p = tp + fp === 0 ? 1 : tp / (tp + fp);
  const r = tp + fn === 0 ? 1 : tp / (tp + fn);
  const f1 = p + r === 0 ? 0 : (2 * p * r) / (p + r);
  return { p, r, f1 };
}

/** Nearest-rank percentile of a list of numbers. */
export function percentile(values: number[], q: number): number {
  if (values.length === 0) return 0;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))]!;
}
