import { describe, expect, test } from "bun:test";
import { botAuthor } from "../../../src/analysis/rules/bot-author.ts";
import { commit, DAY } from "../fixtures.ts";
import { ctxOf, LOGIN } from "./rule-fixtures.ts";

const T0 = Date.parse("2024-01-01T09:00:00Z");
const mine = (n: number, start = T0) => Array.from({ length: n }, (_, i) => commit(LOGIN, start + i * DAY));
const dependabot = {
  login: "dependabot[bot]",
  email: "49699333+dependabot[bot]@users.noreply.github.com",
  count: 12,
  earliestAuthorDate: "2024-02-01T00:00:00Z",
};

describe("BOT_AUTHOR", () => {
  test("bots are reported as INFO", () => {
    const hit = botAuthor(ctxOf(mine(3), { evidence: { otherAuthors: [dependabot] } }));
    expect(hit?.severity).toBe("INFO");
    expect(hit?.message).toBe(
      "ana/tool: 12 commits are by bots (dependabot[bot]); they are not counted as the candidate's work, and are normal in a maintained project",
    );
  });

  test("no bots, no flag", () => expect(botAuthor(ctxOf(mine(3)))).toBeNull());

  test("a person's unlinked email is no bot", () => {
    const laptop = {
      login: null,
      email: "ana@work-laptop.local",
      count: 7,
      earliestAuthorDate: "2024-02-01T00:00:00Z",
    };
    expect(botAuthor(ctxOf(mine(3), { evidence: { otherAuthors: [laptop] } }))).toBeNull();
  });
});
