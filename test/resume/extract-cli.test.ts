/** `claimcheck extract <file.pdf>`: JSON on stdout and exit 0, or a reason on stderr and a non-zero exit. */
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { UsageError } from "../../src/cli/command.ts";
import { parseExtractArgs } from "../../src/cli/commands/extract.ts";
import { FIXTURES } from "./support/fixtures.ts";

const MAIN = join(import.meta.dir, "..", "..", "src", "main.ts");

async function cli(...args: string[]) {
  const proc = Bun.spawn([process.execPath, MAIN, "extract", ...args], { stdout: "pipe", stderr: "pipe" });
  const [stdout, stderr, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  return { stdout, stderr, code };
}

describe("claimcheck extract", () => {
  test("prints the claims as JSON with projects[].name and repoUrl", async () => {
    const { stdout, stderr, code } = await cli(join(FIXTURES, "annotation-links.pdf"));
    expect(stderr).toBe("");
    expect(code).toBe(0);
    const json = JSON.parse(stdout);
    expect(json.projects.map((p: { name: string; repoUrl: string | null }) => [p.name, p.repoUrl])).toEqual([
      ["Weather Station", "github.com/janedoe/weather-station"],
      ["Chess Engine", "github.com/janedoe/chess-engine"],
      ["Budget App", "github.com/janedoe/budget-app"],
      ["Pixel Editor", "github.com/janedoe/pixel-editor"],
    ]);
  });

  test("--compact prints one line", async () => {
    const { stdout, code } = await cli(join(FIXTURES, "fake-bold.pdf"), "--compact");
    expect(code).toBe(0);
    expect(stdout.trim().split("\n")).toHaveLength(1);
  });

  test.each([
    ["encrypted.pdf", "pdf_encrypted"],
    ["image-only.pdf", "pdf_no_text"],
    ["truncated.pdf", "pdf_corrupt"],
  ])("%s: the reason on stderr, exit 1", async (name, code) => {
    const r = await cli(join(FIXTURES, name));
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain(`[${code}]`);
  });

  test("a hostile PDF over the memory budget ends with a clear error", async () => {
    const r = await cli(join(FIXTURES, "decompression-bomb.pdf"), "--max-memory", "400");
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("pdf_too_complex");
  });

  test("a missing file and bad usage are reported", async () => {
    const missing = await cli(join(FIXTURES, "nope.pdf"));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("no such file");
    const usage = await cli();
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("usage: bun src/main.ts extract"); // the form being run
  });

  test("--worker outside the service explains itself", async () => {
    const r = await cli("--worker");
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("internal");
  });
});

describe("parseExtractArgs", () => {
  test("reads the file and the budgets", () => {
    expect(parseExtractArgs(["a.pdf", "--timeout", "5000", "--max-memory", "256", "--compact"])).toEqual({
      file: "a.pdf",
      timeoutMs: 5000,
      maxMemoryMb: 256,
      compact: true,
    });
  });
  test.each([
    [[]],
    [["a.pdf", "b.pdf"]],
    [["a.pdf", "--timeout"]],
    [["a.pdf", "--timeout", "-5"]],
    [["a.pdf", "--frobnicate"]],
  ])("%j is a usage error", (args) => expect(() => parseExtractArgs(args)).toThrow(UsageError));
});
