/**
 * The fraud corpus's labels hold together: at least 25 candidates over the classes the corpus is for,
 * a split fixed by rule in which no history serves both halves, fixtures that are what the labels say,
 * and every candidate builds in the simulator (copies beside their originals).
 */
import { describe, expect, test } from "bun:test";
import { FRAUD_CORPUS_FILE } from "../bench/fraud-corpus.ts";
import { buildCorpusCandidate, loadCorpus } from "../bench/honest-corpus-candidates.ts";
import { loadPathHistory } from "../support/github-sim/real/path-history.ts";
import { candidateIdentity } from "../support/github-sim/scenarios/candidate.ts";

const corpus = loadCorpus(FRAUD_CORPUS_FILE);
const all = corpus.candidates;

describe("fraud corpus", () => {
  test("at least 25 candidates over every class, each label naming the kind it must be found as", () => {
    expect(all.length).toBeGreaterThanOrEqual(25);
    expect(new Set(all.map((c) => c.login)).size).toBe(all.length);
    const classes = new Set(all.map((c) => c.class));
    for (const k of [
      "padding",
      "streak-bot",
      "course-clone",
      "template-clone",
      "re-upload",
      "date-shift",
      "scale-claim",
    ])
      expect(classes.has(k)).toBe(true);
    for (const c of all) {
      expect(c.label.must?.length ?? 0).toBeGreaterThan(0);
      const [lo, hi] = c.label.score;
      expect(lo).toBe(0);
      expect(hi).toBe(c.label.kind === "contradicted" ? 69 : 40);
    }
  });

  test("the split alternates within each class in the order written, no history in both halves", () => {
    for (const k of new Set(all.map((c) => c.class))) {
      const members = all.filter((c) => c.class === k);
      expect(members.map((c) => c.split)).toEqual(members.map((_, i) => (i % 2 === 0 ? "tune" : "held-out")));
    }
    const histories = (split: string) =>
      new Set(all.filter((c) => c.split === split).flatMap((c) => c.projects.map((p) => p.history.fixture)));
    const held = histories("held-out");
    expect([...histories("tune")].filter((f) => held.has(f))).toEqual([]);
  });

  test("fixtures are the histories the labels name, and own-work counts agree with them", () => {
    for (const c of all)
      for (const p of c.projects) {
        const h = loadPathHistory(p.history.fixture, corpus.dir);
        expect(h.fixture.source).toBe(p.history.source);
        expect(h.fixture.head).toBe(p.history.head);
        if (p.truthCommits === null) continue;
        const k = h.fixture.commits;
        const own = [...k.a.keys()].filter((i) => k.a[i] === "candidate" && k.merge[i]! < 0).length;
        expect(`${c.login}: ${own}`).toBe(`${c.login}: ${p.truthCommits}`);
      }
  });

  test("every candidate builds; a re-upload sits beside its original, every identity the candidate's", () => {
    for (const c of all) {
      const b = buildCorpusCandidate(c, corpus.dir);
      expect(b.repos).toHaveLength(c.projects.length);
      c.projects.forEach((p, i) => {
        const repo = b.spec.repos.find((x) => `${x.owner}/${x.name}` === b.repos[i])!;
        expect(Date.parse(repo.createdAt ?? "")).toBe(Date.parse(p.repo.createdAt));
        if (p.history.kind !== "rewritten-copy") return;
        const { originalOwner, originalName } = p.history;
        const original = b.spec.repos.find((x) => x.owner === originalOwner && x.name === originalName)!;
        expect(original.commits.length).toBe(repo.commits.length);
        const ids = new Set(repo.commits.flatMap((x) => [x.author.email, (x.committer ?? x.author).email]));
        expect([...ids]).toEqual([candidateIdentity(c.login).email ?? ""]);
      });
    }
  });
});
