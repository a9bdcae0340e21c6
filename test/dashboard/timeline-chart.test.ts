import { describe, expect, test } from "bun:test";
import { MAX_DRAWN, timelineStats, timelineSvg, timelinesOf } from "../../src/dashboard/pages/timeline-chart.ts";

const at = (iso: string) => Date.parse(iso);

describe("timelinesOf", () => {
  test("reads the top-level commitTimelines and per-project timelines, skipping malformed entries", () => {
    const result = {
      commitTimelines: [
        {
          repo: "octo/tool",
          commits: [
            { sha: "a1", authorDate: "2024-01-01T10:00:00Z", committerDate: "2024-01-01T10:05:00Z" },
            { sha: "bad", authorDate: "nope", committerDate: "2024-01-01T00:00:00Z" },
            7,
          ],
        },
        { repo: "octo/empty", commits: [] },
        "junk",
      ],
      verifiedProjects: [
        {
          name: "tool",
          repoUrl: "github.com/octo/tool",
          timeline: [{ authorDate: "2020-01-01T00:00:00Z", committerDate: "2020-01-01T00:00:00Z" }],
        },
        {
          name: "other",
          repoUrl: "github.com/octo/other",
          commitTimeline: [{ sha: "b2", authoredAt: "2023-05-01T00:00:00Z", committedAt: "2024-05-01T00:00:00Z" }],
        },
        { name: "none", repoUrl: "github.com/octo/none" },
      ],
    };
    expect(timelinesOf(result)).toEqual([
      {
        repo: "octo/tool",
        commits: [{ sha: "a1", authorAt: at("2024-01-01T10:00:00Z"), committerAt: at("2024-01-01T10:05:00Z") }],
        repoCreatedAt: null,
        accountCreatedAt: null,
        ownCommits: null,
        historyCommits: null,
        severity: null,
      },
      {
        repo: "octo/other",
        commits: [{ sha: "b2", authorAt: at("2023-05-01T00:00:00Z"), committerAt: at("2024-05-01T00:00:00Z") }],
        severity: null,
      },
    ]);
    for (const nothing of [null, "x", [], {}, { verifiedProjects: "x" }]) expect(timelinesOf(nothing)).toEqual([]);
  });
});

describe("timelineSvg and stats", () => {
  const backdated = {
    repo: "octo/tool",
    commits: [
      // three commits claimed over a year, all committed in one afternoon: backdated and dumped
      { sha: "aaaaaaa1", authorAt: at("2023-01-10T12:00:00Z"), committerAt: at("2024-03-01T15:00:00Z") },
      { sha: "aaaaaaa2", authorAt: at("2023-06-10T12:00:00Z"), committerAt: at("2024-03-01T15:01:00Z") },
      { sha: "aaaaaaa3", authorAt: at("2024-03-01T14:00:00Z"), committerAt: at("2024-03-01T15:02:00Z") },
    ],
  };

  test("counts shifted commits and the busiest committer day", () => {
    expect(timelineStats(backdated)).toEqual({
      commits: 3,
      drawn: 3,
      ownCommits: null,
      historyCommits: null,
      shifted: 2,
      busiestDay: { day: "2024-03-01", commits: 3 },
    });
  });

  test("draws one group per commit, shifted ones marked, tooltips with both dates; deterministic", () => {
    const svg = timelineSvg(backdated);
    expect(svg.startsWith("<svg")).toBe(true);
    expect(svg.match(/<g class="commit shifted">/g)?.length).toBe(2);
    expect(svg.match(/<g class="commit">/g)?.length).toBe(1);
    expect(svg).toContain("aaaaaaa: authored 2023-01-10T12:00:00.000Z, committed 2024-03-01T15:00:00.000Z");
    expect(svg).not.toContain("style=");
    expect(timelineSvg(backdated)).toBe(svg);
  });

  test("escapes the repository name; a single instant still gets a readable axis; caps drawn commits", () => {
    const one = {
      repo: `x"/><script>y</script>`,
      commits: [{ sha: "", authorAt: at("2024-01-01T00:00:00Z"), committerAt: at("2024-01-01T00:00:00Z") }],
    };
    const svg = timelineSvg(one);
    expect(svg).not.toContain("<script>");
    expect(svg).toContain("2023-12-31 11:");
    const lots = {
      repo: "o/r",
      commits: Array.from({ length: MAX_DRAWN + 50 }, (_, i) => ({
        sha: String(i),
        authorAt: i * 60_000,
        committerAt: i * 60_000,
      })),
    };
    expect(timelineSvg(lots).match(/<g class="commit/g)?.length).toBe(MAX_DRAWN);
  });
});

describe("timeline context", () => {
  const commits = [{ sha: "c1", authorDate: "2024-02-01T00:00:00Z", committerDate: "2024-02-01T00:00:00Z" }];

  test("reads creation dates, commit counts and the severity; without one, the project's worst flag", () => {
    const [withMeta] = timelinesOf({
      commitTimelines: [
        {
          repo: "o/r",
          commits,
          repoCreatedAt: "2024-01-15T00:00:00Z",
          accountCreatedAt: "2020-05-01T00:00:00Z",
          ownCommits: 1200,
          historyCommits: 1500,
          severity: "WARNING",
        },
      ],
    });
    expect(withMeta).toMatchObject({
      repoCreatedAt: at("2024-01-15T00:00:00Z"),
      accountCreatedAt: at("2020-05-01T00:00:00Z"),
      ownCommits: 1200,
      historyCommits: 1500,
      severity: "WARNING",
    });
    const [older] = timelinesOf({
      commitTimelines: [{ repo: "o/r", commits }],
      verifiedProjects: [{ repoUrl: "github.com/o/r", worstFlag: "CRITICAL" }],
    });
    expect(older!.severity).toBe("CRITICAL");
  });

  test("a creation date near the commits is a marker line; one long before is named at the edge; classed by severity", () => {
    const svg = timelineSvg({
      repo: "o/r",
      commits: [
        { sha: "c1", authorAt: at("2024-02-01T00:00:00Z"), committerAt: at("2024-02-01T00:00:00Z") },
        { sha: "c2", authorAt: at("2024-04-01T00:00:00Z"), committerAt: at("2024-04-01T00:00:00Z") },
      ],
      repoCreatedAt: at("2024-01-15T00:00:00Z"),
      accountCreatedAt: at("2020-05-01T00:00:00Z"),
      severity: "CRITICAL",
    });
    expect(svg).toContain('class="timeline sev-critical"');
    expect(svg).toContain('<g class="marker repo"><title>repository created 2024-01-15</title><line');
    expect(svg).toContain('<g class="marker account off-scale"><title>account created 2020-05-01</title>');
    expect(svg).toContain("◂ account created 2020-05-01, earlier");
    // the axis still spans the commits (and the nearby repository creation), not four years
    expect(svg).toContain(">2024-01-");
    expect(svg).not.toContain(">2020-");
    expect(timelineSvg({ repo: "o/r", commits: [] })).toContain('class="timeline sev-none"');
  });
});
