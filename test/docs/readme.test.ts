/**
 * README.md is the front door and its commands must work as written. What can run here is checked against what it
 * depends on: the quick start's install, start and test commands against package.json and .ci/run (CI runs the
 * same test command on a bare machine), every `bun run` script, and every claimcheck command and flag the README
 * names against the CLI's own command table and help. The Docker commands cannot run here (no Docker daemon);
 * instead the Dockerfile is held to what they assume: the binary `claimcheck` on PATH as the entrypoint, its data
 * in /data. The quick start itself was run on a fresh clone (docs/CONTRIBUTING.md says how Bun installs with npm).
 */
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { loadCommands } from "../../src/cli/table.ts";
import { REPO_ROOT } from "../support/harness.ts";
import { codeBlocks, links } from "./markdown.ts";

const read = (f: string) => readFileSync(join(REPO_ROOT, f), "utf8");
const readme = read("README.md");
const pkg = JSON.parse(read("package.json")) as { scripts: Record<string, string>; packageManager: string };
const ciRun = read(".ci/run");
const section = (title: string) => {
  const start = readme.indexOf(`\n## ${title}\n`);
  expect(start).toBeGreaterThan(-1);
  const end = readme.indexOf("\n## ", start + 1);
  return readme.slice(start, end === -1 ? undefined : end);
};

test("the README is a front door: at most 250 lines", () => {
  expect(readme.split("\n").length).toBeLessThanOrEqual(250);
});

test("the README links every document in docs/ and shows a screenshot under 300 KB", () => {
  const targets = new Set(links(readme).map((l) => l.target.split("#")[0]));
  const docs = readdirSync(join(REPO_ROOT, "docs")).filter((f) => f.endsWith(".md"));
  expect(docs.filter((f) => !targets.has(`docs/${f}`))).toEqual([]);
  const images = [...targets].filter((t) => t?.endsWith(".png"));
  expect(images.length).toBeGreaterThan(0);
  for (const image of images) expect(statSync(join(REPO_ROOT, image!)).size).toBeLessThan(300 * 1024);
});

describe("the quick start's two commands", () => {
  const [install, tests] = codeBlocks(section("Quick start"), "sh").map((b) => b.split("#")[0]!.trim());

  test("the first installs the Bun that package.json names, with its install script allowed, and starts", () => {
    const version = pkg.packageManager.replace(/^bun@/, "");
    expect(install).toBe(`npm i -g --allow-scripts=bun bun@${version} && bun install && bun start`);
    expect(pkg.scripts.start).toBe("bun src/main.ts serve");
    // CI installs the same Bun the same way when the machine has none
    expect(ciRun).toContain(`npm i -g --allow-scripts=bun bun@${version}`);
  });

  test("the second is CI's test command: `bun run test`, the fast suite, then the slow one", () => {
    expect(tests).toBe("bun run test");
    expect(pkg.scripts.test).toBe("bun run test:fast && bun run test:slow");
    const ciSteps = ciRun.split("\n").filter((l) => /^bun run test/.test(l.trim()));
    expect(ciSteps.map((l) => l.trim())).toEqual(["bun run test:fast", "bun run test:slow"]);
  });
});

/** Every line of the README's sh blocks, and its inline code, that runs a command. */
const commandLines = [
  ...codeBlocks(readme, "sh").flatMap((b) => b.split("\n")),
  ...[...readme.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!),
].map((l) => l.split(" #")[0]!.trim());

test("every `bun run` script the README names exists in package.json", () => {
  const scripts = [...commandLines.join("\n").matchAll(/\bbun run ([\w:-]+)/g)].map((m) => m[1]!);
  expect(scripts.length).toBeGreaterThanOrEqual(3); // test, demo and build at least
  expect(scripts.filter((s) => !(s in pkg.scripts))).toEqual([]);
});

test("every claimcheck command the README names exists, with the flags it uses", async () => {
  const commands = new Map((await loadCommands()).map((c) => [c.name, c]));
  const groups = new Set([...commands.keys()].map((n) => n.split(" ")[0]!));
  const prefixed =
    /(?:bun src\/main\.ts|docker (?:compose )?exec claimcheck claimcheck|(?:^|\s)claimcheck)\s+([a-z][^|&;)]*)/;
  // `bun src/main.ts keys create --name x`, `docker exec claimcheck claimcheck admin create`, and bare inline
  // commands such as `jobs show ID` or `clients set NAME --monthly-quota N`
  const invocations = commandLines.flatMap((l) => {
    const m = prefixed.exec(l);
    if (m) return [m[1]!.trim()];
    return groups.has(l.split(" ")[0]!) && /^[a-z]+(?: [a-z-]+)?(?: [A-Z.\w-]+| --?[a-z][\w-]*(?: [A-Z]+)?)*$/.test(l)
      ? [l]
      : [];
  });
  const found: string[] = [];
  const problems: string[] = [];
  for (const inv of invocations) {
    const words = inv.split(/\s+/);
    if (words[0] === "listening") continue; // the start banner, quoted
    const name = [words.slice(0, 2).join(" "), words[0]!].find((n) => commands.has(n));
    if (!name) {
      problems.push(`${inv}: no such command`);
      continue;
    }
    found.push(name);
    for (const flag of inv.match(/--[a-z][\w-]*/g) ?? [])
      if (!commands.get(name)!.help.includes(flag)) problems.push(`${inv}: ${name} has no ${flag}`);
  }
  expect(problems).toEqual([]);
  expect(new Set(found)).toEqual(
    new Set([
      "keys create",
      "keys list",
      "webhook set",
      "webhook log",
      "webhook test",
      "webhook resend",
      "webhook check",
      "jobs list",
      "jobs show",
      "admin create",
      "admin unlock",
      "clients set",
      "serve",
      "extract",
      "rules",
      "verify",
    ]),
  );
});

test("the Docker commands' assumptions hold: the claimcheck binary on PATH is the entrypoint, data in /data", () => {
  const dockerfile = read("Dockerfile");
  expect(dockerfile).toMatch(/^COPY --from=build \/src\/dist\/claimcheck \/usr\/local\/bin\/claimcheck$/m);
  expect(dockerfile).toMatch(/^ENTRYPOINT \["claimcheck"\]$/m);
  expect(dockerfile).toMatch(/^ENV DATA_DIR=\/data /m);
  expect(dockerfile).toMatch(/^VOLUME \["\/data"\]$/m);
  const docker = section("Docker");
  expect(docker).toContain("-v claimcheck-data:/data claimcheck");
  expect(docker).toContain("docker exec claimcheck claimcheck keys create");
  // the first setup link is printed at start on stderr, which `docker logs` shows
  expect(docker).toContain("docker logs claimcheck 2>&1 | grep setup");
  expect(read("compose.yaml")).toMatch(/^ {2}claimcheck:$/m); // the compose service the README's exec names
});
