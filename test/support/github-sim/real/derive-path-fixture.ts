#!/usr/bin/env bun
/**
 * Derives a format-2 metadata fixture (path-history-fixture.ts) from a real git history brought onto the
 * machine: dates with time zones, fictional identities, merges, and every changed path with its line
 * counts. No file content, no names or emails; subjects only as tool defaults (see `subjectOf`).
 *
 *   bun test/support/github-sim/real/derive-path-fixture.ts <git-dir> <out.json.gz> --source github.com/o/r
 *     [--candidate "Author Name,Other Name"] [--keep-subjects] [--scrub-paths]
 *
 * `--candidate` names the person (several author names, or a minor author of a team repository); by
 * default the author name with the most commits. Any other author name used with the person's e-mail is
 * the person too. `--keep-subjects` keeps every subject verbatim: only for
 * histories whose subjects a program wrote (a scheduled workflow's templates), checked by hand first.
 * `--scrub-paths` (for a person's own repositories, where file names can name people: coursework,
 * portfolios) replaces every path segment outside a list of common names by a stable token, keeping
 * the extension: `lib/`, `vendor/`, `resume.pdf` or `index.html` stay readable, "Prof X/notes.docx" does not.
 * A snapshot may lack its largest blobs: a file whose blob is missing counts as binary (added -1).
 */
import { fileKind } from "../../../../src/analysis/authored-files.ts";
import { git } from "../git-writer.ts";
import { BOT, identityMapper } from "./fixture-identity.ts";
import { writeFixtureJson } from "./fixture-io.ts";
import type { PathHistoryFixture } from "./path-history-fixture.ts";
import { subjectCode } from "./subject-code.ts";

const TOOL_DEFAULT =
  /^(initial commit|first commit|init|add files via upload|merge (pull request #\d+|branch|remote-tracking branch)\b)/i;
/** GitHub's web editor: "Update README.md", "Create index.html", "Delete old.txt", "Rename a.js to b.js" */
const WEB_EDITOR = /^(create|update|delete|add|upload) \S*[./]\S*$|^rename \S+ to \S+$/i;
const VERSION = /^v?\d+\.\d+(\.\d+)?([-.+][\w.]+)?$/;
/** path segments and file names that say nothing about a person (kept by --scrub-paths) */
const COMMON_SEGMENT =
  /^(\.github|\.vscode|workflows|src|source|lib|libs|deps|vendor|vendored|third_party|third-party|thirdparty|external|extern|node_modules|dist|build|out|bin|test|tests|spec|docs?|public|static|assets?|images?|img|icons?|css|styles?|js|scripts?|data|examples?|packages|app|components|pages|fonts|media|include|res|resources|utils?|cmd|internal|pkg|api|server|client|web|site|content|posts|notebooks|solutions|inputs?|day\d*|\d+|readme(\.md)?|license(\.\w+)?|index\.(html|js|ts|tsx|jsx|css)|main\.\w+|app\.\w+|style\.css|script\.js|package(-lock)?\.json|yarn\.lock|pnpm-lock\.yaml|tsconfig\.json|requirements\.txt|setup\.py|go\.(mod|sum)|cargo\.(toml|lock)|makefile|dockerfile|\.gitignore|\.ds_store|resume\.pdf|cv\.pdf|favicon\.ico)$/i;
const DATE_ONLY = /^[^\d]{0,30}\d{4}-\d{2}-\d{2}(?:[ T]\d{2}:\d{2}(?::\d{2})?)?[^\d]{0,12}$/;

interface Row {
  sha: string;
  parents: string[];
  an: string;
  ae: string;
  at: number;
  tz: string;
  cn: string;
  ce: string;
  ct: number;
  subject: string;
  body: string;
}

async function metadata(dir: string, shas: string[]): Promise<Row[]> {
  const fmt = "--format=%x1e%H%x1f%P%x1f%an%x1f%ae%x1f%ad%x1f%cn%x1f%ce%x1f%cd%x1f%s%x1f%b";
  const out = await git(["log", "--no-walk=unsorted", "--stdin", "--date=raw", fmt], {
    cwd: dir,
    stdin: `${shas.join("\n")}\n`,
  });
  return out
    .split("\x1e")
    .filter((r) => r.trim() !== "")
    .map((r) => {
      const [sha, parents, an, ae, ad, cn, ce, cd, subject, body] = r.replace(/^\n/, "").split("\x1f");
      const [at, tz] = ad!.split(" ");
      return {
        sha: sha!,
        parents: parents!.split(" ").filter(Boolean),
        an: an!,
        ae: ae!,
        at: Number(at),
        tz: tz ?? "+0000",
        cn: cn!,
        ce: ce!,
        ct: Number(cd!.split(" ")[0]),
        subject: subject ?? "",
        body: body ?? "",
      };
    });
}

type FileChange = { path: string; add: number; del: number };

/** `--raw --numstat` lines of one commit: a deleted path gets added -2 (its lines, if text, as deleted) */
function parseNumstat(lines: string[]): FileChange[] {
  const deleted = new Set<string>();
  for (const l of lines) {
    const m = /^:\d+ \d+ [0-9a-f]+ [0-9a-f]+ D\t(.+)$/.exec(l);
    if (m) deleted.add(m[1]!);
  }
  const out: FileChange[] = [];
  for (const l of lines) {
    if (l.startsWith(":")) continue;
    const [a, d, path] = l.split("\t");
    if (a === undefined || d === undefined || path === undefined) continue;
    const del = d === "-" ? 0 : Number(d);
    out.push({ path, add: deleted.has(path) ? -2 : a === "-" ? -1 : Number(a), del });
  }
  return out;
}

const ZERO = /^0+$/;

/** Lines of a blob, -1 when it is binary or missing from the snapshot. */
async function blobLines(dir: string, sha: string): Promise<number> {
  if (ZERO.test(sha)) return 0;
  try {
    const text = await git(["cat-file", "-p", sha], { cwd: dir });
    if (text.slice(0, 8000).includes("\0")) return -1;
    const n = text.split("\n").length - 1;
    return text.endsWith("\n") || text === "" ? n : n + 1;
  } catch {
    return -1;
  }
}

/** One commit's numstat when its own diff cannot be read whole (a blob missing): file by file. */
async function commitFilesSlow(dir: string, sha: string): Promise<FileChange[]> {
  const raw = await git(["diff-tree", "-r", "--root", "--no-renames", "--no-commit-id", "--raw", sha], { cwd: dir });
  const out: FileChange[] = [];
  for (const l of raw.split("\n")) {
    const m = /^:\d+ \d+ ([0-9a-f]+) ([0-9a-f]+) (\w)\d*\t(.+)$/.exec(l);
    if (!m) continue;
    const [, before, after, , path] = m;
    const [b, a] = [await blobLines(dir, before!), await blobLines(dir, after!)];
    if (ZERO.test(after!)) {
      out.push({ path: path!, add: -2, del: Math.max(0, b) });
      continue;
    }
    if (a < 0 || b < 0) {
      out.push({ path: path!, add: -1, del: 0 });
      continue;
    }
    if (ZERO.test(before!) || ZERO.test(after!)) {
      out.push({ path: path!, add: a, del: b });
      continue;
    }
    const diff = await git(["diff", "--numstat", before!, after!], { cwd: dir });
    const [x] = parseNumstat(diff.split("\n").map((s) => s.replace(/\t[^\t]*$/, `\t${path}`)));
    out.push(x ?? { path: path!, add: 0, del: 0 });
  }
  return out;
}

/** Numstat per commit (first parent; merges none), in chunks; a chunk that fails is read commit by commit. */
async function fileChanges(dir: string, rows: Row[]): Promise<Map<string, FileChange[]>> {
  const out = new Map<string, FileChange[]>();
  const plain = rows.filter((r) => r.parents.length < 2).map((r) => r.sha);
  const read = async (shas: string[]) => {
    const text = await git(
      ["log", "--no-walk=unsorted", "--stdin", "--no-renames", "--raw", "--numstat", "--format=%x1e%H"],
      {
        cwd: dir,
        stdin: `${shas.join("\n")}\n`,
      },
    );
    for (const rec of text.split("\x1e").filter((r) => r.trim() !== "")) {
      const [sha, ...lines] = rec.replace(/^\n/, "").split("\n");
      out.set(sha!, parseNumstat(lines));
    }
  };
  for (let i = 0; i < plain.length; i += 500) {
    const chunk = plain.slice(i, i + 500);
    try {
      await read(chunk);
    } catch {
      for (const sha of chunk) {
        try {
          await read([sha]);
        } catch {
          out.set(sha, await commitFilesSlow(dir, sha));
        }
      }
    }
  }
  return out;
}

export async function derivePathFixture(
  dir: string,
  source: string,
  opts: { candidateNames?: string[]; keepSubjects?: boolean; scrubPaths?: boolean } = {},
): Promise<PathHistoryFixture> {
  const head = (await git(["rev-parse", "HEAD"], { cwd: dir })).trim();
  const shas = (await git(["rev-list", "--topo-order", "--reverse", "HEAD"], { cwd: dir })).split("\n").filter(Boolean);
  const rows = await metadata(dir, shas);
  const files = await fileChanges(dir, rows);

  const byName = new Map<string, number>();
  for (const r of rows)
    if (!BOT.test(r.an) && !BOT.test(r.ae)) byName.set(r.an.toLowerCase(), (byName.get(r.an.toLowerCase()) ?? 0) + 1);
  const named = new Set((opts.candidateNames ?? []).map((n) => n.trim().toLowerCase()));
  if (named.size === 0) {
    const top = [...byName.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
    if (top !== undefined) named.add(top);
  }
  // one person under several names: an author whose e-mail the named person also used is that person
  const personal = (e: string) => e !== "" && e.toLowerCase() !== "noreply@github.com" && !BOT.test(e);
  const emails = new Set(
    rows.filter((r) => named.has(r.an.toLowerCase()) && personal(r.ae)).map((r) => r.ae.toLowerCase()),
  );
  for (const r of rows) if (emails.has(r.ae.toLowerCase()) && !BOT.test(r.an)) named.add(r.an.toLowerCase());
  // the person's name words and e-mail local parts never reach a path or a subject
  const secrets = new Set<string>();
  for (const r of rows)
    if (named.has(r.an.toLowerCase())) {
      for (const w of r.an.split(/[^\p{L}\p{N}]+/u)) if (w.length >= 3) secrets.add(w.toLowerCase());
      const local = r.ae.split("@")[0]!.replace(/^\d+\+/, "");
      if (local.length >= 3) secrets.add(local.toLowerCase());
    }
  const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const secretRe =
    secrets.size === 0
      ? null
      : new RegExp(
          [...secrets]
            .sort((a, b) => b.length - a.length)
            .map(literal)
            .join("|"),
          "gi",
        );
  const scrub = (s: string) => (secretRe ? s.replace(secretRe, "candidate") : s);
  const tokens = new Map<string, string>();
  const token = (seg: string): string => {
    const dot = seg.lastIndexOf(".");
    const ext = dot > 0 && seg.length - dot <= 6 ? seg.slice(dot).toLowerCase() : "";
    const stem = ext ? seg.slice(0, dot) : seg;
    if (!tokens.has(stem)) tokens.set(stem, `p${tokens.size + 1}`);
    return `${tokens.get(stem)}${ext}`;
  };
  // a name the analysis reads (a build-output or vendored folder such as _next/ or target/, a library's file
  // name such as stb_image.h) is kept: scrubbing it would turn generated or third-party files into the
  // candidate's own code and misstate the history the fixture stands for
  const segment = (seg: string, i: number, all: string[]): string => {
    if (!opts.scrubPaths || COMMON_SEGMENT.test(seg)) return seg;
    const last = i === all.length - 1;
    if (!last && fileKind(`${seg}/f.ts`) !== "authored") return seg;
    if (last && fileKind(seg) !== fileKind(token(seg))) return seg;
    return token(seg);
  };
  const cleanPath = (p: string) => {
    const cleaned = p.split("/").map(segment).join("/");
    // a marker spanning segments (static/chunks/, a bundler's *-manifest.js): the path stays whole
    return scrub(opts.scrubPaths && fileKind(cleaned) !== fileKind(p) ? p : cleaned);
  };

  const identity = identityMapper(named, { webFlow: true });

  const subjects = new Map<string, number>();
  const subjectOf = (r: Row): string => {
    const s = r.subject.trim();
    let out: string;
    if (opts.keepSubjects) out = s;
    else {
      const kept = TOOL_DEFAULT.exec(s);
      if (kept) out = kept[0];
      else if (WEB_EDITOR.test(s))
        out = s.replace(/\S*[./]\S*/g, (p) => (opts.scrubPaths ? p.split("/").map(segment).join("/") : p));
      else if (VERSION.test(s) || DATE_ONLY.test(s)) out = s;
      else {
        const core = s
          .replace(/\s*\(#\d+\)$/, "")
          .replace(/\s*\[(skip ci|ci skip)\]/gi, "")
          .toLowerCase();
        if (!subjects.has(core)) subjects.set(core, subjects.size + 1);
        out = `Change ${subjectCode(subjects.get(core)!)}`;
        const pr = /\(#\d+\)$/.exec(s);
        if (/\[(skip ci|ci skip)\]/i.test(s)) out += " [skip ci]";
        if (pr) out += ` ${pr[0]}`;
      }
    }
    const svn = /^git-svn-id: \S+@(\d+) [0-9a-f-]+$/m.exec(r.body);
    if (svn) out += `\n\ngit-svn-id: svn-import@${svn[1]}`;
    if (/^--HG--$/m.test(r.body)) out += "\n\n--HG--";
    return scrub(out);
  };

  const index = new Map(rows.map((r, i) => [r.sha, i]));
  const paths: string[] = [];
  const pathIndex = new Map<string, number>();
  const pathId = (p: string) => {
    const clean = cleanPath(p);
    let i = pathIndex.get(clean);
    if (i === undefined) {
      i = paths.length;
      paths.push(clean);
      pathIndex.set(clean, i);
    }
    return i;
  };
  const c: PathHistoryFixture["commits"] = { a: [], c: [], at: [], ct: [], tz: [], merge: [], m: [], f: [] };
  let prevAt = 0;
  let prevCt = 0;
  for (const r of rows) {
    c.a.push(identity(r.an, r.ae));
    c.c.push(identity(r.cn, r.ce));
    c.at.push(r.at - prevAt);
    c.ct.push(r.ct - prevCt);
    prevAt = r.at;
    prevCt = r.ct;
    c.tz.push(r.tz);
    c.merge.push(r.parents[1] !== undefined ? (index.get(r.parents[1]) ?? -1) : -1);
    c.m.push(subjectOf(r));
    c.f.push(r.parents.length > 1 ? [] : (files.get(r.sha) ?? []).flatMap((x) => [pathId(x.path), x.add, x.del]));
  }
  return { format: 2, source, head, commitCount: rows.length, paths, commits: c };
}

if (import.meta.main) {
  const [dir, outPath] = process.argv.slice(2);
  const si = process.argv.indexOf("--source");
  if (!dir || !outPath || si < 0)
    throw new Error(
      'usage: derive-path-fixture.ts <git-dir> <out.json.gz> --source github.com/o/r [--candidate "Name,Other"] [--keep-subjects] [--scrub-paths]',
    );
  const ci = process.argv.indexOf("--candidate");
  const fixture = await derivePathFixture(dir, process.argv[si + 1]!, {
    candidateNames: ci >= 0 ? process.argv[ci + 1]!.split(",") : undefined,
    keepSubjects: process.argv.includes("--keep-subjects"),
    scrubPaths: process.argv.includes("--scrub-paths"),
  });
  const size = await writeFixtureJson(outPath, fixture);
  console.log(`${outPath}: ${fixture.commitCount} commits, ${fixture.paths.length} paths, ${size} bytes of JSON`);
}
