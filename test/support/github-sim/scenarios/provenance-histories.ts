/**
 * Real git histories for the provenance checks, made with the git CLI and rewritten the way forgers do
 * (git-rewrites.ts), as simulator specs:
 *   - a library's twelve-year history under its author (libauthor/tinyparse, 11,000 stars) and the same
 *     history re-uploaded last month by mallory with every identity rewritten, dates kept;
 *   - carol's 2023-2024 project with GitHub-made pull-request merges, a contributor's noreply address and
 *     a lockfile, at its true dates (carol/shop-ui) and shifted six years back into a repository created
 *     last month (carol/shop-ui-2017), with the npm publish times of what the lockfile pins.
 */
import { join } from "node:path";
import type { PublishedVersion } from "../../registry-sim/registry-simulator.ts";
import { rewriteIdentities, shiftDates } from "../git-rewrites.ts";
import { appendCommits, type CommitSpec, initBareRepo } from "../git-writer.ts";
import type { RepoSpec, UserSpec } from "../sim-world.ts";

const DAY = 86_400_000;
export const SIX_YEARS_S = 6 * 365 * 86_400;

export const IDENTITIES = {
  author: { name: "Lib Author", email: "author@lib.example" },
  helper: { name: "Patch Person", email: "patches@contrib.example" },
  mallory: { name: "Mallory Maker", email: "mallory@mail.example" },
  carol: { name: "Carol Coder", email: "carol@dev.example" },
  carolNoreply: { name: "Carol Coder", email: "80000000+carol@users.noreply.github.com" },
  dave: { name: "Dave Helper", email: "52000000+dave@users.noreply.github.com" },
  github: { name: "GitHub", email: "noreply@github.com" },
};
const I = IDENTITIES;

/** A library's history: 60 commits over twelve years by its author and a contributor, README titled. */
export function libraryHistory(): CommitSpec[] {
  const t0 = Date.parse("2012-03-05T09:00:00Z");
  return Array.from({ length: 60 }, (_, i) => {
    const files: Record<string, string> = {
      [`src/part${i % 12}.c`]: `/* part ${i} */\nint part${i}(void) { return ${i}; }\n`,
    };
    if (i === 0) files["README.md"] = "# tinyparse: a streaming config parser\n\nParses config files as they stream.\n";
    if (i % 10 === 0) files[`docs/chapter${i}.md`] = `Chapter ${i}\n`.repeat(20);
    return {
      author: i % 4 === 3 ? I.helper : I.author,
      authorDate: t0 + i * 73 * DAY + (i % 7) * 3_600_000,
      message: `Change ${i}: ${i % 3 === 0 ? "parser" : "docs"}`,
      files,
    };
  });
}

/** The original and its rewritten re-upload, built under `dir`; the bare repositories' paths are returned too. */
export async function reuploadWorld(
  dir: string,
): Promise<{ users: UserSpec[]; repos: RepoSpec[]; original: string; copy: string }> {
  const original = join(dir, "original.git");
  const copy = join(dir, "copy.git");
  await initBareRepo(original);
  await appendCommits(original, libraryHistory());
  await rewriteIdentities(original, copy, I.mallory);
  return {
    original,
    copy,
    users: [
      { login: "libauthor", createdAt: "2010-02-01T00:00:00Z", emails: [I.author.email] },
      { login: "patcher", createdAt: "2011-05-01T00:00:00Z", emails: [I.helper.email] },
      { login: "mallory", name: "Mallory Maker", createdAt: "2025-06-01T00:00:00Z", emails: [I.mallory.email] },
    ],
    repos: [
      {
        owner: "libauthor",
        name: "tinyparse",
        description: "A tiny streaming parser for config files",
        stargazers: 11_000,
        createdAt: "2012-03-01T00:00:00Z",
        importFrom: original,
        commits: [],
      },
      {
        owner: "mallory",
        name: "tinyparse",
        description: "A tiny streaming parser for config files",
        createdAt: "2025-11-20T10:00:00Z",
        pushedAt: "2025-11-20T10:05:00Z",
        importFrom: copy,
        commits: [],
      },
    ],
  };
}

/** carol's project of 2023-2024: GitHub-made merges of her pull requests, dave's noreply fixes, a lockfile. */
export function carolProject(): CommitSpec[] {
  const t0 = Date.parse("2023-03-06T09:30:00Z");
  const at = (d: number, h = 0) => t0 + d * DAY + h * 3_600_000;
  const lock = JSON.stringify({
    name: "shop-ui",
    lockfileVersion: 3,
    packages: {
      "": { name: "shop-ui", dependencies: { "tiny-event-bus": "^2.1.0", "@acme/forms": "^1.4.2" } },
      "node_modules/tiny-event-bus": { version: "2.1.0" },
      "node_modules/@acme/forms": { version: "1.4.2" },
    },
  });
  const commits: CommitSpec[] = [
    { author: I.carolNoreply, authorDate: at(0), message: "Start the shop UI", files: { "src/app.ts": "app\n" } },
    {
      author: I.carol,
      authorDate: at(20),
      message: "Add dependencies",
      files: { "package-lock.json": lock, "package.json": "{}\n" },
    },
  ];
  for (let n = 1; n <= 12; n++) {
    commits.push({
      author: I.carol,
      authorDate: at(20 + n * 18),
      message: `Feature ${n}`,
      files: { [`src/f${n}.ts`]: `export const f${n} = ${n};\n`.repeat(n + 2) },
    });
    commits.push({
      author: I.carol,
      committer: I.github,
      authorDate: at(20 + n * 18, 3),
      message: `Merge pull request #${n * 4} from carol/feature-${n}\n\nFeature ${n}`,
      mergeOf: commits.length - 1,
    });
    if (n === 8 || n === 12)
      commits.push({
        author: I.dave,
        authorDate: at(20 + n * 18, 5),
        message: `Fix ${n}`,
        files: { [`src/f${n}.ts`]: `export const f${n} = ${n + 1};\n` },
      });
  }
  return commits;
}

/** What the npm registry records for the versions carol's lockfile pins (a simulated registry's data). */
export const CAROL_PACKAGES: Record<string, PublishedVersion[]> = {
  "tiny-event-bus": [
    { version: "2.0.0", at: "2021-06-01T10:00:00.000Z" },
    { version: "2.1.0", at: "2022-11-02T10:00:00.000Z" },
  ],
  "@acme/forms": [{ version: "1.4.2", at: "2023-01-15T08:00:00.000Z" }],
};

/** carol's project at its true dates and shifted six years back, built under `dir`. */
export async function shiftedWorld(dir: string): Promise<{ users: UserSpec[]; repos: RepoSpec[] }> {
  const honest = join(dir, "carol-true.git");
  const shifted = join(dir, "carol-shifted.git");
  await initBareRepo(honest);
  await appendCommits(honest, carolProject());
  await shiftDates(honest, shifted, SIX_YEARS_S);
  return {
    users: [
      {
        login: "carol",
        name: "Carol Coder",
        id: 80_000_000,
        createdAt: "2021-03-01T00:00:00Z",
        emails: [I.carol.email],
      },
      { login: "dave", id: 52_000_000, createdAt: "2019-06-01T00:00:00Z" },
    ],
    repos: [
      { owner: "carol", name: "shop-ui", createdAt: "2023-03-01T00:00:00Z", importFrom: honest, commits: [] },
      {
        owner: "carol",
        name: "shop-ui-2017",
        createdAt: "2025-12-01T10:00:00Z",
        pushedAt: "2025-12-01T10:03:00Z",
        importFrom: shifted,
        commits: [],
      },
    ],
  };
}
