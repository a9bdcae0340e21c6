#!/usr/bin/env bun
/**
 * Derives a compact metadata fixture from a real git history (a public repository brought onto the
 * machine): per commit only dates, a fictional identity, parents and line counts; no source code, no
 * names, no emails, no real commit messages (a subject is kept only when it is a tool's default, such as
 * "Initial commit" or "Merge pull request", or a bare date; others become "Change <k>", k numbering
 * distinct subjects so repetition survives).
 *
 *   bun test/support/github-sim/real/derive-fixture.ts <git-dir> <out.json[.gz]> --source github.com/o/r
 *     [--candidate "Author Name,Other Name"]
 *
 * The candidate is the identity (author name) with the most commits, or the author names given with
 * `--candidate` (one person under several names, or a minor author of a team repository; the names are
 * not written into the fixture); bots keep their public bot identity; everyone else becomes contrib-1,
 * contrib-2 ... in order of first appearance.
 */
import { isAuthoredFile } from "../../../../src/analysis/authored-files.ts";
import { git } from "../git-writer.ts";
import { BOT, identityMapper } from "./fixture-identity.ts";
import { writeFixtureJson } from "./fixture-io.ts";
import type { HistoryFixture } from "./history-fixture.ts";

const KEEP =
  /^(initial commit|first commit|init|add files via upload|update readme(\.md)?|create readme\.md|merge (pull request|branch|remote-tracking branch)\b)/i;
const DATE_ONLY = /^[^\d]{0,30}\d{4}-\d{2}-\d{2}(?:[ T]\d{2}:\d{2}(?::\d{2})?)?[^\d]{0,12}$/;

/**
 * `git log --numstat` oldest first. A snapshot may lack its largest blobs: then the metadata is read
 * without numstat and each commit's numstat on its own; a commit whose blobs are missing counts no lines.
 */
async function numstatLog(dir: string, format: string): Promise<string> {
  const args = ["log", "--reverse", "--topo-order", format, "HEAD"];
  try {
    return await git([...args.slice(0, 3), "--numstat", ...args.slice(3)], { cwd: dir });
  } catch {
    const meta = (await git(args, { cwd: dir })).split("\x1e").filter((r) => r.trim() !== "");
    const out: string[] = [];
    for (const row of meta) {
      const sha = row.replace(/^\n/, "").split("\x1f")[0]!;
      let stat = "";
      try {
        stat = await git(["show", "--numstat", "--format=", sha], { cwd: dir });
      } catch {
        stat = "";
      }
      out.push(`${row.replace(/\n+$/, "")}\n${stat}`);
    }
    return `\x1e${out.join("\x1e")}`;
  }
}

export async function deriveFixture(
  dir: string,
  source: string,
  opts: { candidateNames?: string[] } = {},
): Promise<HistoryFixture> {
  const head = (await git(["rev-parse", "HEAD"], { cwd: dir })).trim();
  const format = "--format=%x1e%H%x1f%P%x1f%an%x1f%ae%x1f%at%x1f%cn%x1f%ce%x1f%ct%x1f%s";
  const out = await numstatLog(dir, format);
  const rows = out.split("\x1e").filter((r) => r.trim() !== "");
  const parsed = rows.map((r) => {
    const [meta, ...stat] = r.split("\n");
    const [sha, parents, an, ae, at, cn, ce, ct, subject] = meta!.split("\x1f");
    let add = 0;
    let del = 0;
    let files = 0;
    let gadd = 0;
    let gfiles = 0;
    for (const l of stat) {
      const [a, d, path] = l.split("\t");
      if (a === undefined || d === undefined || l.trim() === "") continue;
      files++;
      if (a !== "-") add += Number(a);
      if (d !== "-") del += Number(d);
      if (path !== undefined && !isAuthoredFile(path)) {
        gfiles++;
        if (a !== "-") gadd += Number(a);
      }
    }
    return {
      sha: sha!,
      parents: parents!.split(" ").filter(Boolean),
      an: an!,
      ae: ae!,
      at: Number(at),
      cn: cn!,
      ce: ce!,
      ct: Number(ct),
      subject: subject ?? "",
      add,
      del,
      files,
      gadd,
      gfiles,
    };
  });
  const byName = new Map<string, number>();
  for (const p of parsed)
    if (!BOT.test(p.an) && !BOT.test(p.ae)) byName.set(p.an.toLowerCase(), (byName.get(p.an.toLowerCase()) ?? 0) + 1);
  const named = new Set((opts.candidateNames ?? []).map((n) => n.trim().toLowerCase()));
  if (named.size === 0) {
    const top = [...byName.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
    if (top !== undefined) named.add(top);
  }
  const identity = identityMapper(named);
  const index = new Map(parsed.map((p, i) => [p.sha, i]));
  const subjects = new Map<string, number>();
  const message = (s: string): string => {
    const kept = KEEP.exec(s);
    if (kept) return kept[0].replace(/^merge pull request$/i, "Merge pull request #1");
    if (DATE_ONLY.test(s)) return s;
    const k = s.trim().toLowerCase();
    if (!subjects.has(k)) subjects.set(k, subjects.size + 1);
    return `Change ${subjects.get(k)}`;
  };
  let prevAt = 0;
  let prevCt = 0;
  const c: HistoryFixture["commits"] = { a: [], c: [], at: [], ct: [], merge: [], add: [], del: [], files: [], m: [] };
  const gadd: number[] = [];
  const gfiles: number[] = [];
  for (const p of parsed) {
    c.a.push(identity(p.an, p.ae));
    c.c.push(identity(p.cn, p.ce));
    c.at.push(p.at - prevAt);
    c.ct.push(p.ct - prevCt);
    prevAt = p.at;
    prevCt = p.ct;
    const second = p.parents[1] !== undefined ? (index.get(p.parents[1]) ?? -1) : -1;
    c.merge.push(second);
    c.add.push(p.add);
    c.del.push(p.del);
    c.files.push(p.files);
    c.m.push(message(p.subject));
    gadd.push(p.gadd);
    gfiles.push(p.gfiles);
  }
  if (gfiles.some((n) => n > 0)) Object.assign(c, { gadd, gfiles });
  return { format: 1, source, head, commitCount: parsed.length, commits: c };
}

if (import.meta.main) {
  const [dir, outPath] = process.argv.slice(2);
  const si = process.argv.indexOf("--source");
  if (!dir || !outPath || si < 0)
    throw new Error(
      'usage: derive-fixture.ts <git-dir> <out.json[.gz]> --source github.com/o/r [--candidate "Name,Other"]',
    );
  const ci = process.argv.indexOf("--candidate");
  const candidateNames = ci >= 0 ? process.argv[ci + 1]!.split(",") : undefined;
  const fixture = await deriveFixture(dir, process.argv[si + 1]!, { candidateNames });
  const size = await writeFixtureJson(outPath, fixture);
  console.log(`${outPath}: ${fixture.commitCount} commits, ${size} bytes of JSON`);
}
