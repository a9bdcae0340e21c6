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
      },
      {
        repo: "octo/other",
        commits: [{ sha: "b2", authorAt: at("2023-05-01T00:00:00Z"), committerAt: at("2024-05-01T00:00:00Z") }],
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
    expect(timelineStats(backdated)).toEqual({ commits: 3, shifted: 2, busiestDay: { day: "2024-03-01", commits: 3 } });
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
