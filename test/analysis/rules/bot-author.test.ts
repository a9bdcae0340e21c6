import { describe, expect, test } from "bun:test";
import { botAuthor } from "../../../src/analysis/rules/bot-author.ts";
import { ctxOf, DEPENDABOT, dailyCommits, LAPTOP_EMAIL } from "./rule-fixtures.ts";

describe("BOT_AUTHOR", () => {
  test("bots are reported as INFO", () => {
    const hit = botAuthor(ctxOf(dailyCommits(3), { evidence: { otherAuthors: [DEPENDABOT] } }));
    expect(hit?.severity).toBe("INFO");
    expect(hit?.message).toBe(
      "ana/tool: 12 commits are by bots (dependabot[bot]); they are not counted as the candidate's work, and are normal in a maintained project",
    );
  });

  test("no bots, no flag", () => expect(botAuthor(ctxOf(dailyCommits(3)))).toBeNull());

  test("a person's unlinked email is no bot", () => {
    expect(botAuthor(ctxOf(dailyCommits(3), { evidence: { otherAuthors: [LAPTOP_EMAIL] } }))).toBeNull();
  });
});
