import { describe, expect, test } from "bun:test";
import { repeatedOrTimestampMessages } from "../../../src/analysis/rules/repeated-messages.ts";
import { commit, DAY, HOUR } from "../fixtures.ts";
import { ctxOf, LOGIN } from "./rule-fixtures.ts";

const T0 = Date.parse("2024-01-01T09:00:00Z");
const series = (n: number, msg: (i: number) => string = (i) => `work item ${i}`) =>
  Array.from({ length: n }, (_, i) => commit(LOGIN, T0 + i * DAY + (i % 7) * HOUR, undefined, { message: msg(i) }));

describe("REPEATED_OR_TIMESTAMP_MESSAGES", () => {
  test.each([
    ["varied messages", series(60), null],
    ["30 % the same message is INFO", series(60, (i) => (i % 10 < 3 ? "update" : `feature ${i}`)), "INFO"],
    ["60 % the same message is a WARNING", series(60, (i) => (i % 10 < 6 ? "update" : `feature ${i}`)), "WARNING"],
    ["web UI defaults do not count", series(60, (i) => (i % 10 < 6 ? "Update README.md" : `feature ${i}`)), null],
    [
      "date-only messages",
      series(60, (i) => `Contribution: 2023-01-${String((i % 28) + 1).padStart(2, "0")} 20:01`),
      "WARNING",
    ],
    ["fewer than 50 commits are never judged", series(49, () => "update"), null],
    ["a script's short list of filler messages (12 over 300)", series(300, (i) => `filler ${i % 12}`), "WARNING"],
    [
      "real messages with a few recurring ones (fix typo, docs, tests) are not",
      series(100, (i) => (i % 2 === 1 ? `feature ${i}` : ["fix typo", "docs", "tests"][i % 3]!)),
      null,
    ],
  ])("%s", (_, commits, severity) => {
    expect(repeatedOrTimestampMessages(ctxOf(commits))?.severity ?? null).toBe(severity as never);
  });

  test("the small vocabulary is named in the message, with its innocent reading", () => {
    expect(repeatedOrTimestampMessages(ctxOf(series(300, (i) => `filler ${i % 12}`)))?.message).toBe(
      'ana/tool: 300 messages a person wrote are drawn from only 12 distinct ones (the most frequent "filler 0"), as when a script picks from a short list; a person who reuses a few short messages ("fix", "update") writes this too',
    );
  });

  test("a junior editing in GitHub's web editor: dozens of default messages are not a script", () => {
    const web = [
      "Update README.md",
      "Add files via upload",
      "Create index.html",
      "Update style.css",
      "Delete old.js",
      "Rename app.js to main.js",
    ];
    const cs = series(120, (i) => (i % 5 === 0 ? `add the ${i}th exercise` : web[i % web.length]!));
    expect(repeatedOrTimestampMessages(ctxOf(cs))).toBeNull();
  });

  test("repetition is judged on the messages a person wrote, and the defaults left out are counted", () => {
    // 60 messages written by hand, 36 of them "fix"; 90 web-editor defaults beside them
    const cs = series(150, (i) => (i < 90 ? "Update README.md" : i < 126 ? "fix" : `feature ${i}`));
    const hit = repeatedOrTimestampMessages(ctxOf(cs))!;
    expect(hit.severity).toBe("WARNING");
    expect(hit.message).toContain(
      "60% of 60 messages a person wrote (90 of GitHub's or git's defaults left out) are the same message \"fix\"",
    );
    expect(hit.message).toContain("terse habits repeat a message too");
  });
});
