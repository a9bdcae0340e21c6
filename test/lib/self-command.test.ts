import { describe, expect, test } from "bun:test";
import { basename, dirname, join } from "node:path";
import { userCommand } from "../../src/lib/self-command.ts";
import { REPO_ROOT } from "../support/harness.ts";

describe("userCommand: the command a person types to run this program again", () => {
  test("from a checkout: bun and the entry point relative to the working directory", () => {
    expect(userCommand({}, REPO_ROOT, false)).toBe("bun src/main.ts");
    expect(userCommand({}, join(REPO_ROOT, "src"), false)).toBe("bun ./main.ts");
    expect(userCommand({}, "/", false)).toBe(`bun ${join(REPO_ROOT, "src", "main.ts").slice(1)}`);
  });

  test("compiled: its name when its directory is on PATH, else its path (never bun src/main.ts)", () => {
    const exe = process.execPath; // stands in for dist/claimcheck
    expect(userCommand({ PATH: `/nowhere:${dirname(exe)}` }, "/tmp", true)).toBe(basename(exe));
    expect(userCommand({ PATH: "/nowhere" }, dirname(dirname(exe)), true)).toBe(
      `${basename(dirname(exe))}/${basename(exe)}`,
    );
    expect(userCommand({ PATH: "/nowhere" }, dirname(exe), true)).toBe(`./${basename(exe)}`);
    expect(userCommand({ PATH: "/nowhere" }, "/definitely/elsewhere", true)).toBe(exe);
  });
});
