/**
 * The single executable: `bun run build`'s script (src/build.ts) into a temp dir, then its `extract` must work,
 * including the isolated worker, which re-runs the binary itself rather than `bun src/main.ts`, and its
 * server must make the report PDF (PDFKit and the embedded fonts inside the binary).
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { resumeOf, sampleResumePdf } from "../demo/resume-pdf.ts";
import { type ChildServer, runCliProcess, startChildServer } from "../support/child-server.ts";
import { startGitHubSimulator } from "../support/github-sim/github-simulator.ts";
import { sampleCandidates } from "../support/github-sim/scenarios/index.ts";
import { pollUntil, submit } from "../support/harness.ts";
import { FIXTURES } from "./support/fixtures.ts";

let dir = "";
let binary = "";

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "claimcheck-compile-"));
  binary = join(dir, "claimcheck");
  const build = Bun.spawn(
    [process.execPath, join(import.meta.dir, "..", "..", "src", "build.ts"), "--outfile", binary],
    {
      stdout: "pipe",
      stderr: "pipe",
    },
  );
  const code = await build.exited;
  if (code !== 0) throw new Error(`src/build.ts failed: ${await new Response(build.stderr).text()}`);
}, 120_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function run(...args: string[]) {
  // run from an unrelated directory: the binary must not need the source tree
  const proc = Bun.spawn([binary, ...args], { cwd: dir, stdout: "pipe", stderr: "pipe" });
  const [stdout, stderr, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  return { stdout, stderr, code };
}

test("the build splits the program into chunks inside the binary and leaves only the binary and its map", () => {
  // each dynamic import (a command, the PDF reader, the report's renderer) is a chunk of its own, so a started
  // server does not map what only another command needs; the chunks' source maps are embedded, not beside it
  expect(readdirSync(dir).sort()).toEqual(["claimcheck", "claimcheck.map"]);
  const chunks = new Set(
    readFileSync(binary)
      .toString("latin1")
      .match(/\/\$bunfs\/root\/chunk-[a-z0-9]+\.js/g),
  );
  expect(chunks.size).toBeGreaterThan(10);
});

test("the compiled binary's extract prints the projects", async () => {
  const r = await run("extract", join(FIXTURES, "russian-headings.pdf"), "--compact");
  expect(r.code).toBe(0);
  const json = JSON.parse(r.stdout);
  expect(json.projects[0]).toMatchObject({
    name: "Телеграм бот для дней рождения",
    repoUrl: "github.com/ivanp/birthday-bot",
  });
}, 120_000);

test("the compiled binary carries pdf.js as patched (fonts read for their text only)", async () => {
  // the patch is applied by bun install (package.json patchedDependencies); the bundle takes node_modules as installed
  const bytes = Buffer.from(await Bun.file(binary).arrayBuffer());
  // the hook at the head of pdf.js's module, with the setter the reader replaces pdf.js's Font class with
  // (the reader's own reads of the global are other places in the bundle)
  const windows: string[] = [];
  for (let at = bytes.indexOf("globalThis.pdfjsInternals"); at >= 0 && windows.length < 20; ) {
    windows.push(bytes.subarray(at, at + 1000).toString("latin1"));
    at = bytes.indexOf("globalThis.pdfjsInternals", at + 1);
  }
  const hook = windows.find((w) => /^globalThis\.pdfjsInternals\s*=\s*\{/.test(w));
  expect(hook).toBeDefined();
  expect(hook).toMatch(/setFont\s*:\s*\(?[\w$]+\)?\s*=>\s*\{\s*[\w$]+\s*=\s*[\w$]+;?\s*\}/);
}, 120_000);

test("the compiled binary knows every rule the source knows: its `rules --json` is the source run's", async () => {
  // the binary embeds the spec files the source reads from their directory (src/build.ts)
  const [compiled, source] = await Promise.all([run("rules", "--json"), runCliProcess(["rules", "--json"])]);
  expect(source.code).toBe(0);
  expect({ code: compiled.code, stderr: compiled.stderr }).toEqual({ code: 0, stderr: "" });
  expect(compiled.stdout).toBe(source.stdout);
  expect((JSON.parse(source.stdout) as unknown[]).length).toBeGreaterThan(30);
}, 120_000);

test("the compiled binary's isolated worker reports unreadable PDFs", async () => {
  const r = await run("extract", join(FIXTURES, "encrypted.pdf"));
  expect(r.code).toBe(1);
  expect(r.stderr).toContain("[pdf_encrypted]");
}, 120_000);

test("the compiled binary's server makes the report PDF in-process", async () => {
  const candidates = sampleCandidates();
  const sim = await startGitHubSimulator({ candidates });
  const env = { DATA_DIR: join(dir, "data"), GITHUB_API_URL: sim.url, GITHUB_TOKEN: "sim-token" };
  let server: ChildServer | null = null;
  try {
    const made = await runCliProcess(["keys", "create", "--name", "binary", "--create"], env, [binary]);
    expect(made.code).toBe(0);
    const key = made.stdout.trim();
    server = await startChildServer(env, ["serve"], 30_000, { command: binary, cwd: dir });
    const carl = candidates.find((c) => c.login === "carl-copier")!;
    const res = await submit(server.url, key, {
      resume: await sampleResumePdf(resumeOf(carl)),
      hostUsername: carl.login,
    });
    const { trackingId } = (await res.json()) as { trackingId: string };
    const url = server.url;
    const pdf = await pollUntil(
      async () => {
        const r = await fetch(`${url}/v1/jobs/${trackingId}/report.pdf`, {
          headers: { authorization: `Bearer ${key}` },
        });
        return r.status === 200 ? new Uint8Array(await r.arrayBuffer()) : null;
      },
      "the report PDF",
      60_000,
      100,
    );
    const file = join(dir, "report.pdf");
    await Bun.write(file, pdf);
    const text = Bun.spawnSync(["pdftotext", "-raw", "-enc", "UTF-8", file, "-"]).stdout.toString();
    expect(text).toContain("Not the candidate's work");
    expect(text).toContain("150 of 153 commits are someone else's: the candidate added 3.");
    expect(text).toContain("not a hiring decision");
    // the fonts are DejaVu, embedded from the binary (not PDFKit's standard Helvetica)
    const fonts = Bun.spawnSync(["pdffonts", file]).stdout.toString();
    expect(fonts).toContain("DejaVuSans");
    expect(fonts).not.toContain("Helvetica");
  } finally {
    server?.kill("SIGTERM");
    await server?.exited;
    await sim.stop();
  }
}, 120_000);
