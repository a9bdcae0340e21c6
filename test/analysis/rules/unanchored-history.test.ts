import { describe, expect, test } from "bun:test";
import { unanchoredHistory } from "../../../src/analysis/rules/unanchored-history.ts";
import type { DateRange } from "../../../src/resume/types.ts";
import { commit, DAY, honestHistory, MIN } from "../fixtures.ts";
import { ctxOf, LOGIN } from "./rule-fixtures.ts";

const created = Date.parse("2015-10-06T09:00:00Z");
const iso = (t: number) => new Date(t).toISOString().replace(".000Z", "Z");

/** Author dates over `days` before `end`, all committed within minutes at `session`. */
function backdated(n: number, start: number, days: number, session: number) {
  return Array.from({ length: n }, (_, i) =>
    commit(LOGIN, start + Math.floor((i * days * DAY) / n) + 37 * MIN * (i % 11), session + i * 1000),
  );
}

describe("UNANCHORED_HISTORY", () => {
  test("every commit dated before the repository existed, committed in minutes: WARNING with extent 1", () => {
    const commits = backdated(60, Date.parse("2014-01-10T00:00:00Z"), 600, created + 10 * MIN);
    const hit = unanchoredHistory(
      ctxOf(commits, { repo: { createdAt: iso(created), pushedAt: iso(created + 20 * MIN) } }),
    );
    expect(hit?.severity).toBe("WARNING");
    expect(hit?.evidence.extent).toBe(1);
    expect(hit?.message).toContain("the repository and all 60 commits appeared on 2015-10-06");
    expect(hit?.message).toContain("an import of years of local work");
  });

  test("the resume's own dates are quoted beside an unanchored history", () => {
    const commits = backdated(40, Date.parse("2014-01-10T00:00:00Z"), 800, created + 5 * MIN);
    const ctx = ctxOf(commits, { repo: { createdAt: iso(created), pushedAt: iso(created + 30 * MIN) } });
    ctx.claim = { name: "Atlas", dates: { text: "Jan 2014 - May 2016", start: "2014-01", end: "2016-05" } };
    const hit = unanchoredHistory(ctx)!;
    expect(hit.severity).toBe("WARNING");
    expect(hit.message).toContain(
      '"Atlas" is dated Jan 2014 - May 2016; the repository and all 40 commits appeared on 2015-10-06',
    );
    // the extent is the share of the candidate's commits (32 of 40 are dated before 2015-10-06), not of the claimed period
    expect(hit.evidence.extent).toBe(0.8);
    expect(hit.evidence.basis).toBe("commits");
  });

  test("a claim of 18 months for a repository whose every commit is anchored is INFO, never an extent", () => {
    const day = Date.parse("2025-03-02T10:00:00Z");
    const commits = [commit(LOGIN, day), commit(LOGIN, day + 30 * MIN), commit(LOGIN, day + 5 * 3_600_000)];
    const ctx = ctxOf(commits, { repo: { createdAt: iso(day - MIN), pushedAt: iso(day + 6 * 3_600_000) } });
    ctx.claim = { name: "Shop", dates: { text: "Sep 2023 - Feb 2025", start: "2023-09", end: "2025-02" } };
    const hit = unanchoredHistory(ctx)!;
    expect(hit.severity).toBe("INFO");
    expect(hit.message).toContain('"Shop" is dated Sep 2023 - Feb 2025; the repository was created on 2025-03-02');
    expect(hit.message).toContain("all 3 commits are dated after it. Work may have started locally");
    expect(hit.evidence.extent).toBe(0);
    expect(hit.evidence.basis).toBe("claimed-period");
  });

  // the resume's date granularity: a year, a season or a whole range around a repository made inside it
  const dated = (text: string, start: string, end: string | undefined, precision: DateRange["precision"]) => ({
    text,
    start,
    ...(end ? { end } : {}),
    precision,
  });
  test.each([
    [
      '"2026", a repository created in May 2026',
      "2026-05-12T09:00:00Z",
      dated("2026", "2026", undefined, { start: "year" }),
    ],
    ['"2026" written before precision was kept', "2026-05-12T09:00:00Z", { text: "2026", start: "2026" } as DateRange],
    [
      '"Summer 2022", a repository created in August 2022',
      "2022-08-03T09:00:00Z",
      dated("Summer 2022", "2022-06", undefined, { start: "season" }),
    ],
    [
      '"2023 - Present", a repository created in November 2023',
      "2023-11-20T09:00:00Z",
      dated("2023 - Present", "2023", "present", { start: "year", end: "present" }),
    ],
  ])("%s: nothing to say", (_, createdAt, dates) => {
    const t = Date.parse(createdAt);
    const commits = honestHistory(LOGIN, t + DAY, 60, 25, 9);
    const ctx = ctxOf(commits, { repo: { createdAt, pushedAt: iso(t + 70 * DAY) } });
    ctx.claim = { name: "Tool", dates: dates as DateRange };
    expect(unanchoredHistory(ctx)).toBeNull();
  });

  test.each([
    [
      '"Jan 2025 - Jan 2026", a repository created in October 2025',
      "2025-10-14T09:00:00Z",
      "Jan 2025 - Jan 2026",
      "2025-01",
      "2026-01",
    ],
    [
      '"Jan 2021 - Dec 2021", a repository created in September 2021',
      "2021-09-01T09:00:00Z",
      "Jan 2021 - Dec 2021",
      "2021-01",
      "2021-12",
    ],
  ])("%s: INFO, the history is anchored", (_, createdAt, text, start, end) => {
    const t = Date.parse(createdAt);
    const commits = honestHistory(LOGIN, t + DAY, 60, 25, 9);
    const ctx = ctxOf(commits, { repo: { createdAt, pushedAt: iso(t + 70 * DAY) } });
    ctx.claim = { name: "Tool", dates: dated(text, start, end, { start: "month", end: "month" }) };
    const hit = unanchoredHistory(ctx)!;
    expect(hit.severity).toBe("INFO");
    expect(hit.evidence.extent).toBe(0);
    expect(hit.evidence.unanchoredCommits).toBe(0);
  });

  test("an honest import that went on afterwards says so", () => {
    const imported = backdated(50, Date.parse("2012-01-01T00:00:00Z"), 1000, created + MIN);
    const after = honestHistory(LOGIN, created + DAY, 200, 30, 3);
    const hit = unanchoredHistory(
      ctxOf([...imported, ...after], { repo: { createdAt: iso(created), pushedAt: iso(created + 210 * DAY) } }),
    )!;
    expect(hit.message).toContain("work went on for");
    expect(hit.message).toContain("honest import");
    expect(Number(hit.evidence.anchoredShare)).toBe(Math.round((30 / 80) * 100) / 100);
    expect(hit.evidence.extent).toBe(Math.round((50 / 80) * 100) / 100);
  });

  test("a minority of commits dated before the repository is no finding", () => {
    const early = backdated(5, Date.parse("2015-01-01T00:00:00Z"), 100, created + MIN);
    const after = honestHistory(LOGIN, created + DAY, 200, 40, 4);
    expect(
      unanchoredHistory(
        ctxOf([...early, ...after], { repo: { createdAt: iso(created), pushedAt: iso(created + 210 * DAY) } }),
      ),
    ).toBeNull();
  });

  test("an ordinary history inside the repository's life, with a claim it covers, is not flagged", () => {
    const commits = honestHistory(LOGIN, created + DAY, 300, 60, 5);
    const ctx = ctxOf(commits, { repo: { createdAt: iso(created), pushedAt: iso(created + 310 * DAY) } });
    ctx.claim = { name: "Tool", dates: { text: "2015 - 2016", start: "2015", end: "2016" } };
    expect(unanchoredHistory(ctx)).toBeNull();
  });
});
