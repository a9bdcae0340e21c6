import { describe, expect, test } from "bun:test";
import { unlinkedEmailCommits } from "../../../src/analysis/rules/unlinked-email.ts";
import { ctxOf, DEPENDABOT, dailyCommits, LAPTOP_EMAIL } from "./rule-fixtures.ts";

describe("UNLINKED_EMAIL_COMMITS", () => {
  test("unlinked emails in the candidate's own repository are reported as INFO", () => {
    const hit = unlinkedEmailCommits(
      ctxOf(dailyCommits(3), { evidence: { otherAuthors: [DEPENDABOT, LAPTOP_EMAIL] } }),
    );
    expect(hit?.severity).toBe("INFO");
    expect(hit?.evidence.unlinkedCommits).toBe(7);
    expect(hit?.evidence.emails).toBe(1);
    expect(hit?.message).toContain("ana@work-laptop.local");
  });

  test("bots and linked accounts are not unlinked emails", () => {
    const linked = { login: "bob", email: "bob@example.com", count: 4, earliestAuthorDate: "2024-02-01T00:00:00Z" };
    expect(
      unlinkedEmailCommits(ctxOf(dailyCommits(3), { evidence: { otherAuthors: [DEPENDABOT, linked] } })),
    ).toBeNull();
  });

  test("in someone else's repository the unlinked emails are theirs to explain: no flag", () => {
    const ctx = ctxOf(dailyCommits(3), {
      repo: { owner: "bob", name: "tool", fullName: "bob/tool" },
      evidence: { otherAuthors: [LAPTOP_EMAIL] },
    });
    expect(unlinkedEmailCommits(ctx)).toBeNull();
  });
});
