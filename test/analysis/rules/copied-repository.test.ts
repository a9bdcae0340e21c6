import { describe, expect, test } from "bun:test";
import { COPY_MIN_FILES, copiedRepository } from "../../../src/analysis/rules/copied-repository.ts";
import type { CopyEvidence } from "../../../src/github/types.ts";
import { commit, DAY } from "../fixtures.ts";
import { ctxOf, LOGIN } from "./rule-fixtures.ts";

const T0 = Date.parse("2017-03-06T09:00:00Z");
/** Thirty commits dated over a year, all pushed in three minutes of 2025. */
const shifted = () => Array.from({ length: 30 }, (_, i) => commit(LOGIN, T0 + i * 12 * DAY + (i % 5) * 3_600_000));
const repoOver = { createdAt: "2025-12-01T10:00:00Z", pushedAt: "2025-12-01T10:03:00Z" };
const original = {
  original: "libauthor/tinyparse",
  createdAt: "2012-03-01T00:00:00Z",
  pushedAt: "2025-12-10T10:01:00Z",
  stargazers: 11_000,
};
const copiedAs = (copyOf: CopyEvidence) => copiedRepository(ctxOf(shifted(), { repo: repoOver, evidence: { copyOf } }));

describe("COPIED_REPOSITORY", () => {
  test("files identical to an older repository of another account: CRITICAL, the whole history discredited", () => {
    const hit = copiedAs({ ...original, identicalTree: true, sharedFiles: 0, files: 0 });
    expect(hit?.severity).toBe("CRITICAL");
    expect(hit?.evidence).toMatchObject({ original: "libauthor/tinyparse", identicalTree: 1, extent: 1 });
    expect(hit?.message).toContain("so ask what was added");
  });

  test("most files shared: a WARNING whose credit cap is the share not copied", () => {
    const hit = copiedAs({ ...original, identicalTree: false, sharedFiles: 45, files: 50 });
    expect(hit?.severity).toBe("WARNING");
    expect(hit?.evidence).toMatchObject({ sharedFiles: 45, files: 50, identicalTree: 0, extent: 0.9, creditCap: 0.1 });
  });

  test("a starter's few shared files, or a minority of them, is no copy", () => {
    expect(
      copiedAs({ ...original, identicalTree: false, sharedFiles: COPY_MIN_FILES - 1, files: COPY_MIN_FILES - 1 }),
    ).toBeNull();
    expect(copiedAs({ ...original, identicalTree: false, sharedFiles: 20, files: 50 })).toBeNull();
  });

  test("no original found: no flag", () => {
    expect(copiedRepository(ctxOf(shifted(), { repo: repoOver }))).toBeNull();
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
