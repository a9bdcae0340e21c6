import { describe, expect, test } from "bun:test";
import { allRules } from "../../src/analysis/index.ts";
import { UsageError } from "../../src/cli/command.ts";
import { commands } from "../../src/cli/commands/rules.ts";

const rules = commands[0]!;
const run = async (...args: string[]) => {
  const out: string[] = [];
  const err: string[] = [];
  const code = await rules.run(args, { out: (l) => out.push(l), err: (l) => err.push(l), env: {} });
  return { code, out, err };
};

describe("claimcheck rules", () => {
  test("--json prints every rule of the registry in the contract's order, with its words", async () => {
    const { code, out } = await run("--json");
    expect(code).toBe(0);
    const printed = JSON.parse(out.join("\n")) as Array<{ id: string; scope: string; title: string; ask: string }>;
    expect(printed.map((r) => r.id)).toEqual(allRules().map((r) => r.id));
    for (const [i, r] of printed.entries()) {
      expect(r.scope).toBe(allRules()[i]!.scope);
      expect(r.title).toBe(allRules()[i]!.words.title);
      expect(r.ask).toBe(allRules()[i]!.words.ask);
    }
  });

  test("the text groups the rules under the scope they look at", async () => {
    const { code, out } = await run();
    expect(code).toBe(0);
    const headings = out.filter((l) => l.startsWith("## "));
    expect(headings).toEqual([
      "## About a repository's history",
      "## About the dates against the account",
      "## About a matched repository as a whole",
      "## About the resume and its links",
    ]);
    const history = out.indexOf("## About a repository's history");
    const account = out.indexOf("## About the dates against the account");
    const claimBeforeAccount = out.findIndex((l) => l.includes("(CLAIM_BEFORE_ACCOUNT)."));
    expect(claimBeforeAccount).toBeGreaterThan(account);
    expect(out.findIndex((l) => l.includes("(BULK_DUMP)."))).toBeGreaterThan(history);
  });

  test("an unknown flag or an argument is a usage error naming it", async () => {
    await expect(run("--bogus")).rejects.toThrow(UsageError);
    await expect(run("--bogus")).rejects.toThrow("--bogus");
    await expect(run("BULK_DUMP")).rejects.toThrow("BULK_DUMP");
  });
});
