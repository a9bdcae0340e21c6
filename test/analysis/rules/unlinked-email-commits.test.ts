import { describe, expect, test } from "bun:test";
import { unlinkedEmailCommits } from "../../../src/analysis/rules/unlinked-email.ts";
import { commit, DAY } from "../fixtures.ts";
import { ctxOf, LOGIN } from "./rule-fixtures.ts";

const T0 = Date.parse("2024-01-01T09:00:00Z");
const mine = (n: number, start = T0) => Array.from({ length: n }, (_, i) => commit(LOGIN, start + i * DAY));
const laptop = { login: null, email: "ana@work-laptop.local", count: 7, earliestAuthorDate: "2024-02-01T00:00:00Z" };
const dependabot = {
  login: "dependabot[bot]",
  email: "49699333+dependabot[bot]@users.noreply.github.com",
  count: 12,
  earliestAuthorDate: "2024-02-01T00:00:00Z",
};

describe("UNLINKED_EMAIL_COMMITS", () => {
  test("unlinked emails in the candidate's own repository are reported as INFO", () => {
    const hit = unlinkedEmailCommits(ctxOf(mine(3), { evidence: { otherAuthors: [dependabot, laptop] } }));
    expect(hit?.severity).toBe("INFO");
    expect(hit?.evidence.unlinkedCommits).toBe(7);
    expect(hit?.evidence.emails).toBe(1);
    expect(hit?.message).toContain("ana@work-laptop.local");
  });

  test("bots and linked accounts are not unlinked emails", () => {
    const linked = { login: "bob", email: "bob@example.com", count: 4, earliestAuthorDate: "2024-02-01T00:00:00Z" };
    expect(unlinkedEmailCommits(ctxOf(mine(3), { evidence: { otherAuthors: [dependabot, linked] } }))).toBeNull();
  });

  test("in someone else's repository the unlinked emails are theirs to explain: no flag", () => {
    const ctx = ctxOf(mine(3), {
      repo: { owner: "bob", name: "tool", fullName: "bob/tool" },
      evidence: { otherAuthors: [laptop] },
    });
    expect(unlinkedEmailCommits(ctx)).toBeNull();
  });
});
