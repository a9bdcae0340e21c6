import { expect, test } from "bun:test";
import { join } from "node:path";
import { loadCommands } from "../../src/cli/table.ts";
import { REPO_ROOT } from "../support/harness.ts";

/** docs/cli.md names every command the program has, and every command it names exists. */
test("docs/cli.md lists exactly the program's commands", async () => {
  const doc = await Bun.file(join(REPO_ROOT, "docs", "cli.md")).text();
  const commands = new Set((await loadCommands()).map((c) => c.name));
  const documented = new Set<string>();
  const unknown: string[] = [];
  for (const line of doc.split("\n").filter((l) => l.startsWith("| `"))) {
    const cell = line.replaceAll("\\|", "/").split("|")[1]!;
    for (const m of cell.matchAll(/`([^`]+)`/g)) {
      const words = m[1]!.split(" ");
      const name = [words.slice(0, 2).join(" "), words[0]!].find((n) => commands.has(n));
      if (name) documented.add(name);
      else unknown.push(m[1]!);
    }
  }
  expect([...commands].filter((c) => !documented.has(c))).toEqual([]);
  expect(unknown).toEqual([]);
});
