import { describe, expect, test } from "bun:test";
import { bulkDump } from "../../../src/analysis/rules/bulk-dump.ts";
import { componentDirectory } from "../../../src/analysis/rules/large-commit.ts";
import type { GhCommit } from "../../../src/github/types.ts";
import { commit, DAY, HOUR, MIN, withStats } from "../fixtures.ts";
import { ctxOf, LOGIN } from "./rule-fixtures.ts";

/**
 * A large commit judged by the work around it: a tree of its own added to a project already under way,
 * and a small project's first commit that the work after it keeps growing. Each beside the dump that must
 * still be caught.
 */

const T0 = Date.parse("2024-01-01T09:00:00Z");
/** A commit with each file's additions, as GET /commits/{sha} gives them. */
const sized = (c: GhCommit, files: string[], perFile: number[]): GhCommit => {
  const total = perFile.reduce((a, b) => a + b, 0);
  const w = withStats(c, total, 0, files);
  return { ...w, stats: { ...w.stats!, fileAdditions: perFile } };
};
/** A tree of `n` files under `dir`, `lines` lines each. */
const tree = (dir: string, n: number, lines: number) => ({
  files: Array.from({ length: n }, (_, i) => `${dir}f${i}.c`),
  perFile: Array.from({ length: n }, () => lines),
});

/** `before` commits over `days` days of the project's own work, the large commit, then `after` small ones. */
function history(before: number, days: number, after: number) {
  const own = Array.from({ length: before }, (_, i) =>
    commit(LOGIN, T0 + Math.floor((i * days * DAY) / Math.max(1, before)) + (i % 5) * HOUR),
  );
  const big = commit(LOGIN, T0 + days * DAY + 2 * HOUR);
  const later = Array.from({ length: after }, (_, i) => commit(LOGIN, T0 + (days + 1 + i * 3) * DAY));
  return { own, big, later, all: [...own, big, ...later] };
}

describe("BULK_DUMP: a tree of its own added to a project already under way", () => {
  test.each([
    ["a third-party program as an example", "examples/game/", ["examples/game/"]],
    [
      "a library's prebuilt distribution beside the sources",
      "app/lib/solver/",
      ["app/lib/solver/include/", "app/lib/solver/bin/py/"],
    ],
  ])("%s is INFO, no extent, and names where it sits", (_, dir, subdirs) => {
    const h = history(30, 10, 3);
    const parts = subdirs.map((d) => tree(d, 90, 370));
    const files = [...parts.flatMap((p) => p.files), "app/src/day24.kt"];
    const perFile = [...parts.flatMap((p) => p.perFile), 210];
    const sample = [
      sized(h.big, files, perFile),
      ...h.own.map((c, i) => withStats(c, 80, 10, [`src/m${i % 4}.c`])),
      ...h.later.map((c) => withStats(c, 40, 5, ["src/m1.c"])),
    ];
    const hit = bulkDump(ctxOf(h.all, { evidence: { sampledWithStats: sample } }))!;
    expect(hit.severity).toBe("INFO");
    expect(hit.evidence.extent).toBe(0);
    expect(hit.evidence.explainedBy).toBe("added-component");
    expect(hit.message).toContain(
      `almost all of it under ${dir}: a tree of its own added to a project already under way`,
    );
    expect(hit.message).toContain("(30 commits over 10 days before it)");
  });

  test("the deepest directory holding nine tenths of the lines is the component; files at the root hold none", () => {
    const c = commit(LOGIN, T0);
    expect(componentDirectory(sized(c, ["x/a/1.c", "x/a/2.c", "x/b.c"], [500, 450, 50]))).toBe("x/a/");
    expect(componentDirectory(sized(c, ["x/a/1.c", "x/b/2.c"], [500, 500]))).toBe("x/");
    expect(componentDirectory(sized(c, ["a.c", "src/b.c"], [500, 500]))).toBeNull();
  });

  describe("a dump is still a dump", () => {
    const dumpUnder = (dir: string, h: ReturnType<typeof history>, earlierFiles: (i: number) => string) => {
      const t = tree(dir, 120, 80);
      return [
        sized(h.big, t.files, t.perFile),
        ...h.own.map((c, i) => withStats(c, 30, 2, [earlierFiles(i)])),
        ...h.later.map((c) => withStats(c, 3, 1, ["README.md"])),
      ];
    };

    test("behind a README-only start (one commit before it)", () => {
      const h = history(1, 0, 2);
      const hit = bulkDump(ctxOf(h.all, { evidence: { sampledWithStats: dumpUnder("src/", h, () => "README.md") } }))!;
      expect(hit.severity).toBe("WARNING");
      expect(hit.evidence.extent).toBeGreaterThan(0.9);
    });

    test("behind a dozen commits made within a day: no project under way yet", () => {
      const h = history(12, 0.5, 2);
      const hit = bulkDump(
        ctxOf(h.all, { evidence: { sampledWithStats: dumpUnder("src/app/", h, () => "README.md") } }),
      )!;
      expect(hit.severity).toBe("WARNING");
    });

    test("into the directory the project's own commits were already working in", () => {
      const h = history(30, 10, 2);
      const sample = dumpUnder("src/", h, (i) => `src/m${i}.ts`);
      expect(bulkDump(ctxOf(h.all, { evidence: { sampledWithStats: sample } }))?.severity).toBe("WARNING");
    });

    test("spread over the whole project rather than one tree", () => {
      const h = history(30, 10, 2);
      const files = Array.from({ length: 120 }, (_, i) => `${["src", "lib", "api", "web"][i % 4]}/f${i}.ts`);
      const sample = [
        sized(
          h.big,
          files,
          files.map(() => 80),
        ),
        ...h.own.map((c) => withStats(c, 30, 2, ["README.md"])),
      ];
      expect(bulkDump(ctxOf(h.all, { evidence: { sampledWithStats: sample } }))?.severity).toBe("WARNING");
    });
  });
});

describe("BULK_DUMP: a small project's first commit that the work after it keeps growing", () => {
  /** A one-page site: its first commit, then `n` commits within the afternoon adding `each` lines. */
  const site = (n: number, each: number, first = 2447) => {
    const cs = Array.from({ length: n + 1 }, (_, i) => commit(LOGIN, T0 + i * 11 * MIN));
    const sample = cs.map((c, i) => (i === 0 ? sized(c, ["index.html"], [first]) : sized(c, ["index.html"], [each])));
    return bulkDump(ctxOf(cs, { evidence: { sampledWithStats: sample } }));
  };

  test("thirteen commits the same afternoon that add a third again: a start, INFO", () => {
    const hit = site(13, 70)!;
    expect(hit.severity).toBe("INFO");
    expect(hit.evidence.explainedBy).toBe("growing-work");
    expect(hit.evidence.extent).toBe(0);
    expect(hit.evidence.shortHistory).toBe(0);
    expect(hit.message).toContain("13 commits over 2 hours");
    expect(hit.message).toContain("growing it by 37%: the work started with this commit and went on in the open");
  });

  test("touch-ups after it (a dozen commits of a few lines) leave it a dump", () => {
    const hit = site(12, 4)!;
    expect(hit.severity).toBe("WARNING");
    expect(hit.evidence.shortHistory).toBe(1);
  });

  test("a few large commits after it are not the work of a project kept growing", () => {
    expect(site(3, 400)?.severity).toBe("WARNING");
  });
});
