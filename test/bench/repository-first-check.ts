/**
 * What repository-first matching adds on a corpus file, without GitHub:
 * `bun test/bench/repository-first-check.ts [dir] [--show-held-out]` (also run by `bun run bench:extract`).
 *
 * The candidate's repositories are taken to be the file's truth's repositories plus every repository
 * the document links on an account of the candidate's (the manifest's login, or a profile the resume
 * links). Two readings of each file:
 * - as the analysis runs it: the file's extracted projects are matched to those repositories
 *   (matchClaims), then the repository-first path adds what it finds (wide when the extraction says
 *   repositoryFirst). Each repository it adds is true when the truth lists it, false otherwise: a
 *   negative (no project in the truth) must get none.
 * - alone, wide: as if the extractor had found nothing (a document read with low confidence), the
 *   path's own claims; and alone by name, the same with every address and link taken away, so that
 *   only the repository's name in the words of the resume can find it. Recall is over the truth's
 *   repositories: real projects named only by their repository must still be found.
 *
 * Decoys: the same again with repositories named by common topic phrases of resumes added to the
 * candidate's: a resume that names a topic ("Machine Learning Engineer") does not name a repository
 * of that name, so every decoy claimed is false.
 *
 * The split, fixed before the rule it measures was written: the decoys of DECOY_REPOSITORIES (the
 * list written before the check's first run) are the tune list, those of HELD_OUT_DECOYS (written
 * before any rule about topic names, never looked at one by one) the held-out list; a file is a tune
 * file when the first byte of the SHA-256 digest of "repository-first " + its name is below 128, else
 * held out. Thresholds are decided on tune decoys in tune files; held-out figures are printed beside
 * them, and the false claims of held-out files and held-out decoys only as counts unless --show-held-out.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { matchClaims } from "../../src/analysis/match-claims.ts";
import { withRepositoryMentions } from "../../src/analysis/repository-first.ts";
import type { GhRepo } from "../../src/github/index.ts";
import { normalizeLink } from "../../src/resume/claims/link-normalizer.ts";
import type { ExtractedResume, ResumeTextLine } from "../../src/resume/types.ts";
import { repo } from "../analysis/fixtures.ts";
import type { TruthProject } from "../resume/support/bench-scoring.ts";

/** The tune list: repositories named by common topic phrases of resumes. */
export const DECOY_REPOSITORIES = [
  "dotfiles",
  "portfolio",
  "notes",
  "blog",
  "website",
  "config",
  "todo-app",
  "weather-app",
  "machine-learning",
  "data-structures",
  "algorithms",
  "leetcode",
  "python-projects",
  "react-app",
  "personal-website",
  "deep-learning",
  "web-development",
  "computer-science",
  "data-science",
  "software-engineering",
];

/** The held-out list: more topic-named repositories (fields, courses, roles, app genres, collections). */
export const HELD_OUT_DECOYS = [
  "awesome-python",
  "computer-vision",
  "natural-language-processing",
  "artificial-intelligence",
  "operating-systems",
  "computer-networks",
  "database-systems",
  "cloud-computing",
  "full-stack",
  "frontend",
  "backend",
  "devops",
  "cybersecurity",
  "mobile-app",
  "chat-app",
  "ecommerce-website",
  "landing-page",
  "javascript-projects",
  "interview-prep",
  "learning-python",
  "cs50",
  "100-days-of-code",
  "homework",
  "tutorials",
];

/** Is a corpus file held out from tuning the repository-first rule (see the module comment)? */
export function heldOutOfRepositoryFirst(file: string): boolean {
  return createHash("sha256").update(`repository-first ${file}`).digest()[0]! >= 128;
}

/** A GitHub repository with nothing but its name known. */
const bareRepo = (owner: string, name: string): GhRepo => repo(`${owner}/${name}`, { language: null });

const keyOf = (owner: string, name: string) => `${owner}/${name}`.toLowerCase();

/** The truth's GitHub repositories of a file, as owner/name keys ("https://github.com/a/b" and "github.com/a/b"). */
function truthRepos(truth: readonly TruthProject[]): GhRepo[] {
  const out: GhRepo[] = [];
  for (const t of truth) {
    const link = t.repoUrl ? normalizeLink(t.repoUrl) : null;
    if (link?.kind === "repository" && link.host === "github.com" && link.owner && link.repo)
      out.push(bareRepo(link.owner, link.repo));
  }
  return out;
}

/** The candidate's repositories in this check: the truth's, the linked ones on the candidate's accounts, the decoys. */
function candidateRepos(
  result: ExtractedResume,
  truth: readonly TruthProject[],
  login: string | null | undefined,
  decoys: readonly string[],
): { repos: GhRepo[]; truthKeys: Set<string> } {
  const owners = new Set(
    [login, ...result.githubProfiles.map((p) => p.owner)].filter(Boolean).map((o) => o!.toLowerCase()),
  );
  const owned = new Map<string, GhRepo>();
  const truthKeys = new Set<string>();
  for (const r of truthRepos(truth)) {
    truthKeys.add(keyOf(r.owner, r.name));
    owned.set(keyOf(r.owner, r.name), r);
  }
  for (const u of (result.textLines ?? []).flatMap((l) => l.links)) {
    const link = normalizeLink(u);
    if (link?.kind !== "repository" || link.host !== "github.com" || !link.owner || !link.repo) continue;
    if (owners.has(link.owner.toLowerCase())) owned.set(keyOf(link.owner, link.repo), bareRepo(link.owner, link.repo));
  }
  for (const d of decoys) owned.set(keyOf(login ?? "candidate", d), bareRepo(login ?? "candidate", d));
  return { repos: [...owned.values()], truthKeys };
}

/** The repositories repository-first matching adds to one file's claims: those the truth lists, and the rest. */
export function repositoryFirstAdds(
  result: ExtractedResume,
  truth: readonly TruthProject[],
  login: string | null | undefined,
  decoys: readonly string[] = [],
): { added: string[]; falseAdded: string[] } {
  const { repos, truthKeys } = candidateRepos(result, truth, login, decoys);
  const claims = result.projects.filter((p) => !p.mentionOnly);
  const linkTargets = new Map(repos.map((r) => [keyOf(r.owner, r.name), r] as const));
  const matches = withRepositoryMentions(matchClaims({ claims, repos, linkTargets }), repos, result.textLines ?? [], {
    wide: result.extraction?.repositoryFirst === true,
  });
  const added = matches.filter((m) => m.basis === "mention" && m.repo).map((m) => m.repo!.fullName);
  return { added, falseAdded: added.filter((k) => !truthKeys.has(k.toLowerCase())) };
}

/** A line with every address taken away: no link targets, no written repository or profile address. */
function withoutAddresses(line: ResumeTextLine): ResumeTextLine {
  return { ...line, links: [], text: line.text.replace(/\b(?:https?:\/\/)?(?:www\.)?github\.com\/\S*/gi, " ") };
}

/** What the path claims on its own (no extractor claims), wide or by name only: true and false, by full name. */
export function repositoryFirstAlone(
  result: ExtractedResume,
  truth: readonly TruthProject[],
  login: string | null | undefined,
  decoys: readonly string[],
  byName: boolean,
): { found: string[]; falseFound: string[]; want: number; line: Map<string, string> } {
  const { repos, truthKeys } = candidateRepos(result, truth, login, decoys);
  const lines = (result.textLines ?? []).map((l) => (byName ? withoutAddresses(l) : l));
  const matches = withRepositoryMentions([], repos, lines, { wide: !byName });
  const found = matches.filter((m) => m.repo).map((m) => m.repo!.fullName);
  const line = new Map(matches.map((m) => [m.repo!.fullName, m.claim.description[0] ?? ""] as const));
  return { found, falseFound: found.filter((k) => !truthKeys.has(k.toLowerCase())), want: truthKeys.size, line };
}

interface CheckEntry {
  file: string;
  githubUser?: string | null;
  projects: TruthProject[];
}

/** One reading's counts: the truth's repositories found of those wanted, false claims, decoys claimed. */
interface Tally {
  files: number;
  want: number;
  found: number;
  falseFound: number;
  decoys: number;
  decoyFiles: number;
}

const emptyTally = (): Tally => ({ files: 0, want: 0, found: 0, falseFound: 0, decoys: 0, decoyFiles: 0 });

/** The extraction of one file, cached by the PDF's and the reader's sources' digests (the rule is not in it). */
async function extractCached(pdfPath: string, readerDigest: string): Promise<ExtractedResume | null> {
  const { extractResumeInProcess } = await import("../../src/resume/index.ts");
  const pdf = new Uint8Array(await Bun.file(pdfPath).arrayBuffer());
  const key = createHash("sha256").update(pdf).update(readerDigest).digest("hex").slice(0, 32);
  const cache = join(Bun.env.TMPDIR ?? "/tmp", "claimcheck-repository-first-check", `${key}.json`);
  if (existsSync(cache)) return (await Bun.file(cache).json()) as ExtractedResume;
  const result = await extractResumeInProcess(pdf).catch(() => null);
  if (result) await Bun.write(cache, JSON.stringify(result));
  return result;
}

async function readerDigest(root: string): Promise<string> {
  const h = createHash("sha256");
  const files = [...new Bun.Glob("src/resume/**/*.ts").scanSync({ cwd: root })].sort();
  for (const f of files) h.update(f).update(await Bun.file(join(root, f)).text());
  return h.digest("hex");
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const showHeldOut = args.includes("--show-held-out");
  const root = resolve(import.meta.dir, "..", "..");
  const dir = resolve(args.find((a) => !a.startsWith("--")) ?? join(root, "..", "shared", "resumes"));
  const pdfDir = existsSync(join(dir, "pdfs")) ? join(dir, "pdfs") : dir;
  const manifest = (await Bun.file(join(dir, "manifest.json")).json()) as CheckEntry[];
  const digest = await readerDigest(root);
  const readings = ["as the analysis runs it", "alone, wide", "alone, by name"] as const;
  const tallies = new Map<string, Tally>();
  const tally = (k: string): Tally => {
    const t = tallies.get(k) ?? emptyTally();
    tallies.set(k, t);
    return t;
  };
  const shown: string[] = [];
  const unread: string[] = [];
  for (const entry of manifest) {
    const result = await extractCached(join(pdfDir, entry.file), digest);
    if (!result) {
      unread.push(entry.file);
      continue;
    }
    const part = heldOutOfRepositoryFirst(entry.file) ? "held-out files" : "tune files";
    for (const [list, decoys] of [
      ["tune decoys", DECOY_REPOSITORIES],
      ["held-out decoys", HELD_OUT_DECOYS],
    ] as const) {
      const decoyKeys = new Set(decoys.map((d) => keyOf(entry.githubUser ?? "candidate", d)));
      for (const reading of readings) {
        const t = tally(`${reading}|${part}|${list}`);
        t.files++;
        const r =
          reading === "as the analysis runs it"
            ? { ...repositoryFirstAdds(result, entry.projects, entry.githubUser, decoys), want: 0, line: null }
            : repositoryFirstAlone(result, entry.projects, entry.githubUser, decoys, reading === "alone, by name");
        const found = "found" in r ? r.found : r.added;
        const falseFound = "falseFound" in r ? r.falseFound : r.falseAdded;
        const decoyed = falseFound.filter((k) => decoyKeys.has(k.toLowerCase()));
        t.want += r.want;
        t.found += found.length - falseFound.length;
        t.falseFound += falseFound.length - decoyed.length;
        t.decoys += decoyed.length;
        t.decoyFiles += decoyed.length ? 1 : 0;
        if ((part === "tune files" && list === "tune decoys") || showHeldOut)
          for (const k of falseFound)
            shown.push(`${reading} | ${list} | ${entry.file}: ${k}${r.line ? ` <- "${r.line.get(k)}"` : ""}`);
      }
    }
  }
  console.log(`# repository-first check: ${manifest.length} resumes from ${dir}, ${new Date().toISOString()}`);
  if (unread.length) console.log(`not read (the reader refused them): ${unread.join(", ")}`);
  const which = showHeldOut ? "every file and decoy list" : "tune decoys in tune files; the rest only as counts";
  if (shown.length) console.log(`\nfalse claims (${which}):\n${shown.join("\n")}`);
  console.log(
    "\n| reading | files | decoy list | truth found / wanted | recall | other false | decoys claimed (files) | precision |",
  );
  console.log("|---|---|---|---|---|---|---|---|");
  for (const [k, t] of tallies) {
    const [reading, part, list] = k.split("|");
    const recall = t.want ? (t.found / t.want).toFixed(3) : "-";
    const all = t.found + t.falseFound + t.decoys;
    const precision = all ? (t.found / all).toFixed(3) : "-";
    console.log(
      `| ${reading} | ${part} (${t.files}) | ${list} | ${reading === "as the analysis runs it" ? `${t.found} added` : `${t.found} / ${t.want}`} | ${reading === "as the analysis runs it" ? "-" : recall} | ${t.falseFound} | ${t.decoys} (${t.decoyFiles}) | ${precision} |`,
    );
  }
}

if (import.meta.main) await main();
