import { expect, test } from "bun:test";
import { join } from "node:path";
import { SETTINGS } from "../../src/config/settings.ts";
import { REPO_ROOT } from "../support/harness.ts";

/** docs/configuration.md has a row for every setting, with its variable, flag and default as the code has them. */
test("every setting is documented with its variable, flag and default", async () => {
  const doc = await Bun.file(join(REPO_ROOT, "docs", "configuration.md")).text();
  const rows = new Map(
    doc
      .split("\n")
      .filter((l) => l.startsWith("| `"))
      .map((l) => l.split("|").map((c) => c.trim()))
      .map((cells) => [cells[1]!, cells] as const),
  );
  const problems: string[] = [];
  for (const s of Object.values(SETTINGS)) {
    const row = rows.get(`\`${s.env}\``);
    if (!row) {
      problems.push(`${s.env}: no row`);
      continue;
    }
    if (row[2] !== `\`--${s.flag}\``) problems.push(`${s.env}: flag ${row[2]}`);
    const def = s.def === "" ? "none" : `\`${s.def}\``;
    if (row[3] !== def) problems.push(`${s.env}: default ${row[3]}, the code says ${def}`);
  }
  expect(problems).toEqual([]);
});
