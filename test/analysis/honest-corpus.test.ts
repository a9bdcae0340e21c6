/**
 * The honest-candidate corpus's labels hold together: enough honest candidates, most of them with
 * several projects, a split in which no history serves both halves, truths that the fixtures bear out,
 * and resumes dated at every precision people write.
 */
import { describe, expect, test } from "bun:test";
import { buildCorpusCandidate, type CorpusProject, loadCorpus } from "../bench/honest-corpus-candidates.ts";
import { loadPathHistory } from "../support/github-sim/real/path-history.ts";

const corpus = loadCorpus();
const all = corpus.candidates;

describe("honest-candidate corpus", () => {
  test("at least 40 honest candidates, half or more with 2+ projects, some with 4", () => {
    const honest = all.filter((c) => c.label.kind === "honest" || c.label.kind === "import");
    expect(honest.length).toBeGreaterThanOrEqual(40);
    expect(all.filter((c) => c.projects.length >= 2).length * 2).toBeGreaterThanOrEqual(all.length);
    expect(all.some((c) => c.projects.length >= 4)).toBe(true);
    expect(new Set(all.map((c) => c.login)).size).toBe(all.length);
  });

  test("the split is fixed, balanced, and no history serves both halves", () => {
    const tune = all.filter((c) => c.split === "tune");
    const held = all.filter((c) => c.split === "held-out");
    expect(tune.length + held.length).toBe(all.length);
    // the first split is balanced; a fresh slice is held out whole
    const fresh = all.filter((c) => c.freshHeldOut);
    expect(fresh.every((c) => c.split === "held-out")).toBe(true);
    const firstHeld = held.filter((c) => !c.freshHeldOut);
    expect(Math.abs(tune.length - firstHeld.length)).toBeLessThanOrEqual(2);
    const histories = (cs: typeof all) => new Set(cs.flatMap((c) => c.projects.map((p) => p.history.fixture)));
    const shared = [...histories(tune)].filter((f) => histories(held).has(f));
    expect(shared).toEqual([]);
    // every class with two or more candidates has some in each half
    for (const k of new Set(all.map((c) => c.class))) {
      const members = all.filter((c) => c.class === k);
      if (members.length >= 2) expect(new Set(members.map((c) => c.split)).size).toBe(2);
    }
  });

  test("resumes are dated at every precision people write", () => {
    const dates = all.flatMap((c) => c.projects.map((p) => p.dates));
    const count = (re: RegExp) => dates.filter((d) => re.test(d)).length;
    expect(count(/^\d{4}$/)).toBeGreaterThanOrEqual(3); // "2019"
    expect(count(/^\d{4} - Present$/)).toBeGreaterThanOrEqual(3); // "2023 - Present"
    expect(count(/^(Spring|Summer|Fall|Winter) \d{4}$/)).toBeGreaterThanOrEqual(3); // "Summer 2022"
    expect(count(/^[A-Z][a-z]{2} \d{4} - \d{4}$/)).toBeGreaterThanOrEqual(3); // "Mar 2019 - 2021"
    expect(count(/^Jan \d{4} - /)).toBeGreaterThanOrEqual(3); // months before the repository
    // a January start that the repository only reached months later
    const early = all.flatMap((c) =>
      c.projects.filter(
        (p) =>
          p.anchored &&
          /^Jan \d{4}/.test(p.dates) &&
          Date.parse(p.repo.createdAt) > Date.parse(`${p.dates.slice(4, 8)}-04-01`),
      ),
    );
    expect(early.length).toBeGreaterThanOrEqual(5);
  });

  test("truths and anchoring agree with the fixtures", () => {
    const own = (p: CorpusProject) => {
      const h = loadPathHistory(p.history.fixture);
      expect(h.fixture.source).toBe(p.history.source);
      expect(h.fixture.head).toBe(p.history.head);
      const c = h.fixture.commits;
      return [...c.a.keys()].filter((i) => c.a[i] === "candidate" && c.merge[i]! < 0);
    };
    for (const c of all)
      for (const p of c.projects) {
        if (p.history.kind !== "fixture") continue;
        const mine = own(p);
        const h = loadPathHistory(p.history.fixture);
        const notOwn = p.history.notOwnWork ? new RegExp(p.history.notOwnWork) : null;
        const counted = mine.filter((i) => !notOwn?.test(h.fixture.commits.m[i]!));
        expect(`${c.login}/${p.repo.name}: ${counted.length}`).toBe(`${c.login}/${p.repo.name}: ${p.truthCommits}`);
        if (p.anchored && !p.history.transform) {
          const created = Date.parse(p.repo.createdAt) / 1000;
          expect(counted.every((i) => h.committerAt[i]! >= created)).toBe(true);
        }
      }
  });

  test("every candidate builds: its repositories, organisations and resume", () => {
    for (const c of all.slice(0, 6)) {
      const b = buildCorpusCandidate(c);
      expect(b.repos).toHaveLength(c.projects.length);
      for (const r of b.repos) expect(b.spec.repos.some((x) => `${x.owner}/${x.name}` === r)).toBe(true);
      expect(b.resume.projects.map((p) => p.dates)).toEqual(c.projects.map((p) => p.dates));
    }
  });
});
