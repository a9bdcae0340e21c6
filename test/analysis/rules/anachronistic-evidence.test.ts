import { describe, expect, test } from "bun:test";
import { anachronisticEvidence } from "../../../src/analysis/rules/anachronistic-evidence.ts";
import { copiedRepository } from "../../../src/analysis/rules/copied-repository.ts";
import { judgeRepository } from "../../../src/analysis/rules/repo-rules.ts";
import type { Anachronism, CopyEvidence } from "../../../src/github/types.ts";
import { commit, DAY } from "../fixtures.ts";
import { ctxOf, LOGIN } from "./rule-fixtures.ts";

const T0 = Date.parse("2017-03-06T09:00:00Z");
/** 30 commits over a year of 2017, in a repository created in 2025: unanchored, committed as dated. */
const shifted = () => Array.from({ length: 30 }, (_, i) => commit(LOGIN, T0 + i * 12 * DAY + (i % 5) * 3_600_000));
const repoOver = { createdAt: "2025-12-01T10:00:00Z", pushedAt: "2025-12-01T10:03:00Z" };

const trace = (kind: Anachronism["kind"], over: Partial<Anachronism> = {}): Anachronism => ({
  kind,
  sha: "a".repeat(40),
  date: "2017-08-20T10:00:00Z",
  anchor: "2019-06-01T00:00:00Z",
  fact: `a ${kind} fact`,
  ...over,
});

describe("ANACHRONISTIC_EVIDENCE", () => {
  test("names each kind with its first commit and fact, and the innocent readings", () => {
    const ctx = ctxOf(shifted(), {
      repo: repoOver,
      evidence: {
        anachronisms: [trace("noreply-before-account"), trace("github-made-before-repo", { sha: "b".repeat(40) })],
      },
    });
    const hit = anachronisticEvidence(ctx)!;
    expect(hit.severity).toBe("WARNING");
    expect(hit.message).toContain(
      "noreply address older than its account (1), e.g. commit aaaaaaa: a noreply-before-account fact",
    );
    expect(hit.message).toContain("commit bbbbbbb");
    expect(hit.message).toContain("old commits whose email was rewritten to the noreply address later");
    expect(hit.message).toContain("a history moved from another GitHub repository");
    expect(hit.evidence).toMatchObject({ traces: 2, independent: 1 });
  });

  test("nothing to say without traces", () => {
    expect(anachronisticEvidence(ctxOf(shifted(), { repo: repoOver }))).toBeNull();
  });

  test("independent traces make the date rules CRITICAL; GitHub merges before the repository alone do not", () => {
    const independent = judgeRepository(
      ctxOf(shifted(), { repo: repoOver, evidence: { anachronisms: [trace("dependency-after-commit")] } }),
    );
    const unanchored = independent.find((h) => h.rule === "UNANCHORED_HISTORY")!;
    expect(unanchored.severity).toBe("CRITICAL");
    expect(unanchored.evidence.corroboratedBy).toBe("ANACHRONISTIC_EVIDENCE");
    expect(unanchored.message).toContain("traces younger than the commits that hold them");
    expect(independent.find((h) => h.rule === "ANACHRONISTIC_EVIDENCE")?.severity).toBe("WARNING");

    const moved = judgeRepository(
      ctxOf(shifted(), { repo: repoOver, evidence: { anachronisms: [trace("github-made-before-repo")] } }),
    );
    expect(moved.filter((h) => h.severity === "CRITICAL")).toEqual([]);
    expect(moved.find((h) => h.rule === "ANACHRONISTIC_EVIDENCE")?.severity).toBe("INFO");

    const plain = judgeRepository(ctxOf(shifted(), { repo: repoOver }));
    expect(plain.find((h) => h.rule === "UNANCHORED_HISTORY")?.severity).toBe("WARNING");
  });
});

describe("COPIED_REPOSITORY at the same moment", () => {
  const copy = (sameIdentity: boolean): CopyEvidence => ({
    original: "libauthor/tinyparse",
    createdAt: "2012-03-01T00:00:00Z",
    pushedAt: "2025-12-10T10:01:00Z",
    stargazers: 11_000,
    identicalTree: true,
    sharedFiles: 0,
    files: 0,
    sameMoment: {
      sha: "c".repeat(40),
      originalSha: "d".repeat(40),
      date: "2023-12-20T12:00:00Z",
      author: sameIdentity ? LOGIN : "ana",
      originalAuthor: sameIdentity ? LOGIN : "patcher",
      sameIdentity,
    },
  });

  test("another author there: a rewrite, CRITICAL, naming the original's owner, stars, dates and both commits", () => {
    const hit = copiedRepository(ctxOf(shifted(), { repo: repoOver, evidence: { copyOf: copy(false) } }))!;
    expect(hit.severity).toBe("CRITICAL");
    expect(hit.message).toContain("libauthor/tinyparse (created 2012-03-01, last pushed 2025-12-10, 11,000 stars)");
    expect(hit.message).toContain(
      "commit ccccccc of 2023-12-20 has exactly the tree of libauthor/tinyparse's commit ddddddd",
    );
    expect(hit.message).toContain("authored there by patcher and here by ana");
    expect(hit.evidence).toMatchObject({ rewrittenCommit: "c".repeat(40), originalCommit: "d".repeat(40) });
  });

  test("the candidate's own identity there: a mirror or an earlier home, WARNING", () => {
    const hit = copiedRepository(ctxOf(shifted(), { repo: repoOver, evidence: { copyOf: copy(true) } }))!;
    expect(hit.severity).toBe("WARNING");
    expect(hit.message).toContain("under the same identity");
    expect(hit.message).toContain("ask which repository is the original");
  });
});
