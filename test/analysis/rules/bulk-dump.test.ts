import { describe, expect, test } from "bun:test";
import { fileKind, isAuthoredFile } from "../../../src/analysis/authored-files.ts";
import { bulkDump } from "../../../src/analysis/rules/bulk-dump.ts";
import type { GhCommit } from "../../../src/github/types.ts";
import { commit, DAY, HOUR, withStats } from "../fixtures.ts";
import { ctxOf, LOGIN } from "./rule-fixtures.ts";

const T0 = Date.parse("2024-01-01T09:00:00Z");
const series = (n: number, msg: (i: number) => string = (i) => `work item ${i}`) =>
  Array.from({ length: n }, (_, i) => commit(LOGIN, T0 + i * DAY + (i % 7) * HOUR, undefined, { message: msg(i) }));

describe("BULK_DUMP", () => {
  const small = (c: GhCommit, i: number) => withStats(c, 20 + i, 5, [`src/m${i}.ts`]);
  test("one commit with most of the code is a WARNING, with a short-history mark under two days", () => {
    const cs = [commit(LOGIN, T0), commit(LOGIN, T0 + HOUR), commit(LOGIN, T0 + 2 * HOUR)];
    const files = Array.from({ length: 150 }, (_, i) => `src/file${i}.ts`);
    const sample = [withStats(cs[0]!, 12_000, 0, files), small(cs[1]!, 1), small(cs[2]!, 2)];
    const hit = bulkDump(ctxOf(cs, { evidence: { sampledWithStats: sample } }));
    expect(hit?.severity).toBe("WARNING");
    expect(hit?.evidence.shortHistory).toBe(1);
    expect(hit?.message).toContain(
      "adds 12,000 lines in 150 files, 100% of the candidate's code, and the whole history spans 2 hours",
    );
  });

  test("a big first commit followed by months of work is flagged without the short-history mark", () => {
    const cs = series(10);
    const sample = cs.map((c, i) => (i === 0 ? withStats(c, 5000, 0, ["a.ts"]) : small(c, i)));
    const hit = bulkDump(ctxOf(cs, { evidence: { sampledWithStats: sample } }));
    expect(hit?.evidence.shortHistory).toBe(0);
  });

  test.each([
    [
      "lockfiles and node_modules do not count",
      ["package-lock.json", ...Array.from({ length: 120 }, (_, i) => `node_modules/x/${i}.js`)],
    ],
  ])("%s", (_, files) => {
    const cs = series(5);
    const sample = cs.map((c, i) => (i === 0 ? withStats(c, 9000, 0, files) : small(c, i)));
    expect(bulkDump(ctxOf(cs, { evidence: { sampledWithStats: sample } }))).toBeNull();
  });

  test("a generator's lockfile holds most lines of a new app: with each file's additions it is not code", () => {
    // a Create React App commit: 18 files, 17,771 lines, 17,000 of them package-lock.json
    const cs = series(40);
    const app = [...Array.from({ length: 17 }, (_, i) => `src/f${i}.js`), "package-lock.json"];
    const generated = withStats(cs[1]!, 17_771, 0, app);
    const perFile = {
      ...generated,
      stats: { ...generated.stats!, fileAdditions: [...app.slice(0, 17).map(() => 45), 17_006] },
    };
    const sample = (first: GhCommit) => cs.map((c, i) => (i === 1 ? first : small(c, i)));
    expect(bulkDump(ctxOf(cs, { evidence: { sampledWithStats: sample(perFile) } }))).toBeNull();
    // without each file's additions the lockfile's lines are spread over the 17 source files (the old
    // estimate): a dump by size, explained here by the 38 commits over five weeks that follow it
    const estimated = bulkDump(ctxOf(cs, { evidence: { sampledWithStats: sample(generated) } }));
    expect(estimated?.severity).toBe("INFO");
    expect(estimated?.evidence.explainedBy).toBe("following-work");
  });

  test("the candidate's exact total leaves out the generated lines of the commits read", () => {
    // 3,000 own lines in one commit; another commit adds a 40,000-line lockfile; GitHub's total has both
    const cs = series(6);
    const lock = withStats(cs[2]!, 40_000, 0, ["package-lock.json"]);
    const sample = cs.map((c, i) =>
      i === 0
        ? withStats(c, 3000, 0, ["src/app.ts"])
        : i === 2
          ? { ...lock, stats: { ...lock.stats!, fileAdditions: [40_000] } }
          : small(c, i),
    );
    const lineCounts = { path: "heavy-weeks" as const, additions: 43_110, deletions: 0 };
    expect(bulkDump(ctxOf(cs, { evidence: { sampledWithStats: sample, lineCounts } }))?.severity).toBe("WARNING");
  });

  test("evenly sized commits are not a dump", () => {
    const cs = series(5);
    expect(
      bulkDump(ctxOf(cs, { evidence: { sampledWithStats: cs.map((c) => withStats(c, 3000, 10, ["a.ts"])) } })),
    ).toBeNull();
  });

  test("a large commit that is a small share of a large unsampled history is not a dump", () => {
    const cs = series(400);
    const sample = cs.slice(0, 10).map((c, i) => (i === 0 ? withStats(c, 2500, 0, ["a.ts"]) : small(c, i)));
    expect(bulkDump(ctxOf(cs, { evidence: { sampledWithStats: sample } }))).toBeNull();
  });

  test.each([
    ["package-lock.json", "lockfile"],
    ["web/yarn.lock", "lockfile"],
    ["node_modules/a/index.js", "vendored"],
    [".venv/lib/x.py", "vendored"],
    ["third_party/abseil/strings.cc", "vendored"],
    ["engine/deps/lua/lapi.c", "vendored"],
    ["lib/glad/src/glad.c", "vendored"],
    ["lib/stb/stb_image.h", "vendored"],
    ["lib/FastNoiseLite/FastNoiseLite.h", "vendored"],
    ["src/stb_image_write.h", "vendored"],
    ["static/js/jquery-3.6.0.min.js", "vendored"],
    ["notebooks/analysis.ipynb", "generated"],
    ["dist/bundle.js", "generated"],
    ["public/app.min.js", "generated"],
    ["_next/static/chunks/main-1a2b.js", "generated"],
    ["docs/_site/index.html", "generated"],
    // a Next.js build folder's contents committed at the root
    ["static/chunks/app/page-3f2a.js", "generated"],
    ["server/vendor-chunks/@swc.js", "generated"],
    ["server/app/page_client-reference-manifest.js", "generated"],
    ["src/world/chunks/mesh.cpp", "authored"],
    ["build/classes/Main.class", "generated"],
    ["docs/CV.pdf", "document"],
    ["assets/logo.png", "media"],
    ["data/prices.csv", "data"],
    ["data/cities.json", "data"],
    ["src/index.ts", "authored"],
    ["lib/my_gem/parser.rb", "authored"],
    ["package.json", "authored"],
    ["tsconfig.base.json", "authored"],
    ["distribution.md", "authored"],
    ["README.md", "authored"],
  ])("%p is %p", (path, want) => {
    expect(fileKind(path)).toBe(want as ReturnType<typeof fileKind>);
    expect(isAuthoredFile(path)).toBe(want === "authored");
  });
});

describe("BULK_DUMP judged by what follows and by what the candidate wrote", () => {
  const weekly = (n: number, start = T0) =>
    Array.from({ length: n }, (_, i) =>
      commit(LOGIN, start + i * 7 * DAY + (i % 5) * HOUR, undefined, { message: `step ${i}` }),
    );

  test("a first release followed by months of ordinary work is INFO, never an extent", () => {
    // the first commit holds the first version (3,201 lines in 10 files); 24 weekly commits follow it
    const cs = weekly(25);
    const files = Array.from({ length: 10 }, (_, i) => `src/m${i}.c`);
    const sample = cs.map((c, i) => (i === 0 ? withStats(c, 3201, 0, files) : withStats(c, 60, 20, ["src/m1.c"])));
    const hit = bulkDump(ctxOf(cs, { evidence: { sampledWithStats: sample } }))!;
    expect(hit.severity).toBe("INFO");
    expect(hit.evidence.extent).toBe(0);
    expect(hit.evidence.explainedBy).toBe("following-work");
    expect(hit.message).toContain("24 commits over 6 months (24 active weeks, 1,440 lines) follow it on GitHub");
    expect(hit.message).toContain("as after a first release");
  });

  test("the same commit followed by two touch-ups is a WARNING that says what little follows", () => {
    const cs = weekly(3);
    const files = Array.from({ length: 10 }, (_, i) => `src/m${i}.c`);
    const sample = cs.map((c, i) => (i === 0 ? withStats(c, 3201, 0, files) : withStats(c, 5, 1, ["README.md"])));
    const hit = bulkDump(ctxOf(cs, { evidence: { sampledWithStats: sample } }))!;
    expect(hit.severity).toBe("WARNING");
    expect(hit.evidence.extent).toBe(1);
    expect(hit.message).toContain("2 commits over 14 days (2 active weeks, 10 lines) follow it");
    expect(hit.message).toContain("Honest developers also push finished local work in one commit");
  });

  test("many small commits after it within a week do not explain it: the work after must be spread out or grow it", () => {
    const cs = Array.from({ length: 15 }, (_, i) => commit(LOGIN, T0 + i * 6 * HOUR));
    const sample = cs.map((c, i) =>
      i === 0 ? withStats(c, 5000, 0, ["src/a.py"]) : withStats(c, 40, 0, ["src/a.py"]),
    );
    expect(bulkDump(ctxOf(cs, { evidence: { sampledWithStats: sample } }))?.severity).toBe("WARNING");
  });

  test("a starting point the resume describes is explained", () => {
    const cs = weekly(3);
    const sample = cs.map((c, i) =>
      i === 0 ? withStats(c, 91_900, 0, ["src/engine.cpp"]) : withStats(c, 30, 0, ["a.cpp"]),
    );
    const ctx = ctxOf(cs, { evidence: { sampledWithStats: sample } });
    ctx.claim = {
      name: "Engine",
      dates: null,
      description: ["A renderer ported from my earlier C engine to modern C++"],
    };
    const hit = bulkDump(ctx)!;
    expect(hit.severity).toBe("INFO");
    expect(hit.evidence.explainedBy).toBe("resume");
    expect(hit.message).toContain(
      'the resume describes this starting point ("A renderer ported from my earlier C engine',
    );
  });

  test.each([
    [
      "third-party libraries vendored under lib/",
      ["lib/glad/glad.c", "lib/stb/stb_image.h", "lib/noise/noise.c", "src/main.c"],
      [14_000, 9_000, 10_300, 95],
    ],
    ["an uploaded CV", ["CV.pdf", "index.html"], [6_299, 120]],
  ])("%s are not the candidate's lines", (_, files, perFile) => {
    const cs = weekly(8);
    const total = perFile.reduce((a, b) => a + b, 0);
    const first = withStats(cs[0]!, total, 0, files as string[]);
    const sample = cs.map((c, i) =>
      i === 0
        ? { ...first, stats: { ...first.stats!, fileAdditions: perFile as number[] } }
        : withStats(c, 30, 5, ["src/main.c"]),
    );
    expect(bulkDump(ctxOf(cs, { evidence: { sampledWithStats: sample } }))).toBeNull();
  });
});

describe("BULK_DUMP with the client's sample (only the oldest commit fetched with stats)", () => {
  test("a dump followed by a few touch-ups is flagged", () => {
    const cs = [
      commit(LOGIN, T0),
      commit(LOGIN, T0 + 9 * HOUR),
      commit(LOGIN, T0 + 18 * HOUR),
      commit(LOGIN, T0 + 27 * HOUR),
    ];
    const files = Array.from({ length: 122 }, (_, i) => `stage${i}.py`);
    const hit = bulkDump(ctxOf(cs, { evidence: { sampledWithStats: [withStats(cs[0]!, 3600, 0, files)] } }));
    expect(hit?.severity).toBe("WARNING");
    expect(hit?.evidence.shortHistory).toBe(1);
  });
  test("a big first commit under hundreds of later commits is not a dump", () => {
    const cs = series(300);
    expect(bulkDump(ctxOf(cs, { evidence: { sampledWithStats: [withStats(cs[0]!, 2500, 0, ["a.ts"])] } }))).toBeNull();
  });
});
