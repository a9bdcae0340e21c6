import { ForgeHostsError, parseDuration, parseForgeHosts } from "../../config/index.ts";
import type { CliIO, Command } from "../command.ts";
import { UsageError } from "../command.ts";
import { forPerson } from "../program-name.ts";

/**
 * `claimcheck extract <file.pdf>`: print the claims a resume makes as JSON, no server needed.
 * The parsing runs in an isolated child (the same path the service uses), so a hostile PDF ends
 * with an error message, not a hung or crashed command. `--worker` is the hidden child mode.
 */

const HELP = `usage: claimcheck extract <file.pdf> [--timeout <ms>] [--max-memory <mb>] [--compact]

Reads a resume PDF and prints what it claims as JSON on stdout: candidateName, githubProfiles,
forgeProfiles, repoLinksOutsideProjects, projects[] (name, repoUrl as host/owner/repo or null, links,
technologies, dates, description, section, page), hiddenText, pages, warnings. Repository and profile
links are read on github.com, gitlab.com, codeberg.org and the hosts FORGE_HOSTS names.

On an unreadable PDF (encrypted, no text layer, damaged, hostile, too slow) it prints the reason
on stderr and exits 1.

options:
  --timeout <ms>      give up on the PDF after this long: milliseconds, or a duration with its unit
                      such as 45s (default 30000)
  --max-memory <mb>   memory budget of the parsing process (default 768)
  --compact           one line of JSON instead of indented`;

function positiveInt(flag: string, value: string | undefined): number {
  const n = Number(value);
  if (!value || !Number.isInteger(n) || n <= 0) throw new UsageError(`${flag} needs a positive whole number`);
  return n;
}

/** --timeout: milliseconds, as its contract has always said (`<ms>`), or a duration with a unit (45s). */
function timeoutFlag(value: string | undefined): number {
  const ms = value === undefined ? null : parseDuration(value);
  if (ms !== null && ms > 0) return ms;
  return positiveInt("--timeout", value);
}

interface ExtractArgs {
  file: string;
  timeoutMs?: number;
  maxMemoryMb?: number;
  compact: boolean;
}

export function parseExtractArgs(args: string[]): ExtractArgs {
  const out: Partial<ExtractArgs> = { compact: false };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--timeout") out.timeoutMs = timeoutFlag(args[++i]);
    else if (a === "--max-memory") out.maxMemoryMb = positiveInt(a, args[++i]);
    else if (a === "--compact") out.compact = true;
    else if (a.startsWith("-")) throw new UsageError(`unknown option ${a}`);
    else if (out.file) throw new UsageError("give exactly one PDF file");
    else out.file = a;
  }
  if (!out.file) throw new UsageError("give the PDF file to read");
  return out as ExtractArgs;
}

async function runExtract(args: string[], io: CliIO): Promise<number> {
  if (args[0] === "--worker") {
    const { runWorker } = await import("../../resume/index.ts");
    if (await runWorker()) return 0;
    io.err(forPerson(io, "claimcheck extract --worker is internal: the service starts it with an IPC channel"));
    return 2;
  }
  const parsed = parseExtractArgs(args);
  const file = Bun.file(parsed.file);
  if (!(await file.exists())) {
    io.err(forPerson(io, `claimcheck extract: cannot read ${parsed.file}: no such file`));
    return 1;
  }
  const pdf = new Uint8Array(await file.arrayBuffer());
  let forgeHosts: Array<{ host: string; kind: "gitlab" | "gitea" }>;
  try {
    forgeHosts = parseForgeHosts({ FORGE_HOSTS: io.env.FORGE_HOSTS }).map((h) => ({ host: h.host, kind: h.kind }));
  } catch (err) {
    if (!(err instanceof ForgeHostsError)) throw err;
    throw new UsageError(err.message);
  }
  const { createResumeExtractor, ResumeError } = await import("../../resume/index.ts");
  const extractor = createResumeExtractor({ idleMs: 1, forgeHosts });
  try {
    const budget: { timeoutMs?: number; maxMemoryMb?: number } = {};
    if (parsed.timeoutMs) budget.timeoutMs = parsed.timeoutMs;
    if (parsed.maxMemoryMb) budget.maxMemoryMb = parsed.maxMemoryMb;
    const result = await extractor.extract(pdf, budget);
    io.out(JSON.stringify(result, null, parsed.compact ? undefined : 2));
    return 0;
  } catch (err) {
    if (err instanceof ResumeError) {
      io.err(forPerson(io, `claimcheck extract: ${parsed.file}: ${err.message} [${err.code}]`));
      return 1;
    }
    throw err;
  } finally {
    await extractor.close();
  }
}

export const commands: Command[] = [
  {
    name: "extract",
    summary: "print the projects a resume PDF claims, as JSON",
    help: HELP,
    run: runExtract,
  },
];
