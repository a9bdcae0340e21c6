import { describe, expect, test } from "bun:test";
import { aiAssisted } from "../../../src/analysis/rules/ai-assisted.ts";
import { commit } from "../fixtures.ts";
import { ctxOf, dailyCommits, LOGIN } from "./rule-fixtures.ts";

const T0 = Date.parse("2024-01-01T09:00:00Z");

describe("AI_AGENT", () => {
  test("agent files and co-author trailers are INFO", () => {
    const cs = [commit(LOGIN, T0, T0, { message: "feat: x\n\nCo-authored-by: Claude <noreply@anthropic.com>" })];
    const hit = aiAssisted(ctxOf(cs, { evidence: { agentFiles: ["CLAUDE.md"] } }));
    expect(hit?.severity).toBe("INFO");
    expect(hit?.message).toBe(
      "ana/tool: shows AI-agent involvement: agent instruction files (CLAUDE.md); 1 commits with an AI co-author trailer. Using AI tools is no misconduct; ask how the work was done",
    );
  });

  test("no agent traces, no flag", () => expect(aiAssisted(ctxOf(dailyCommits(3)))).toBeNull());

  test("a human co-author is no agent", () => {
    const cs = [commit(LOGIN, T0, T0, { message: "feat: x\n\nCo-authored-by: Bob Smith <bob@example.com>" })];
    expect(aiAssisted(ctxOf(cs))).toBeNull();
  });
});
