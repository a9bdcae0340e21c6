import { allRules, type RuleScope } from "../../analysis/index.ts";
import type { Command } from "../command.ts";
import { parseFlags } from "../flags.ts";

/** The scopes in the order a reader meets them, each with the heading its rules are listed under. */
const SCOPE_HEADINGS: Readonly<Record<RuleScope, string>> = {
  history: "About a repository's history",
  account: "About the dates against the account",
  repository: "About a matched repository as a whole",
  resume: "About the resume and its links",
};

/** One rule as `rules --json` prints it: its id, where it looks and its words. */
function ruleEntry(rule: ReturnType<typeof allRules>[number]) {
  const { title, meaning, innocent, ask } = rule.words;
  return { id: rule.id, scope: rule.scope, facts: rule.facts ?? [], title, meaning, innocent, ask };
}

/** The registry in words, one paragraph per rule under its scope's heading, in the contract's order. */
export function rulesText(): string[] {
  const lines: string[] = [];
  for (const scope of Object.keys(SCOPE_HEADINGS) as RuleScope[]) {
    const rules = allRules().filter((r) => r.scope === scope);
    if (rules.length === 0) continue;
    lines.push(`## ${SCOPE_HEADINGS[scope]}`, "");
    for (const r of rules) {
      lines.push(`${r.words.title} (${r.id}). ${r.words.meaning}`);
      lines.push(`  Innocent reading: ${r.words.innocent}`);
      lines.push(`  Ask: ${r.words.ask}`, "");
    }
  }
  return lines;
}

const rules: Command = {
  name: "rules",
  summary: "every rule the analysis can raise: its id (flags[].rule), title, meaning, innocent reading, question",
  help: `usage: claimcheck rules [--json]

Prints every rule of the analysis's registry, grouped by where it looks (a repository's history, the
account's dates, a matched repository, the resume), in the order the contract lists their ids: the id a
flag carries as flags[].rule, its title, what it means, its innocent reading and the question to ask.
--json prints them as one JSON array of {id, scope, facts, title, meaning, innocent, ask}.`,
  async run(args, io) {
    const { values } = parseFlags(args, { json: { type: "boolean" } });
    if (values.json) io.out(JSON.stringify(allRules().map(ruleEntry), null, 2));
    else for (const line of rulesText()) io.out(line);
    return 0;
  },
};

export const commands = [rules];
