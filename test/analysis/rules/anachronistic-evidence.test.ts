import { describe, expect, test } from "bun:test";
import { anachronisticEvidence } from "../../../src/analysis/rules/anachronistic-evidence.ts";
import { judgeRepository } from "../../../src/analysis/rules/repo-rules.ts";
import type { Anachronism } from "../../../src/github/types.ts";
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
