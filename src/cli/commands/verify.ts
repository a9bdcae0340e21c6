import { existsSync } from "node:fs";
import { reportText, runAnalysis } from "../../analysis/index.ts";
import { forgeHostOf, loadConfig } from "../../config/index.ts";
import { createForgeSource } from "../../forges/index.ts";
import { createEvidenceSource, createRateGate, githubUnreachable } from "../../github/index.ts";
import { GITHUB_LOGIN, userCommand } from "../../lib/index.ts";
import { resultWords, verdictNamed } from "../../report/index.ts";
import type { ExtractedResume } from "../../resume/index.ts";
import { createResumeExtractor } from "../../resume/index.ts";
import { type Database, openDatabase } from "../../storage/index.ts";
import { accountText, type HostAccountRef, knownFailure, parseAccounts } from "../../verification/index.ts";
import type { CliIO, Command } from "../command.ts";
import { UsageError } from "../command.ts";
import { DATA_DIR_FLAG, parseFlags } from "../flags.ts";
import { githubTokenNotice } from "../notices.ts";
import { openCommandStorage } from "../open-data.ts";

/** Where GitHub's conditional-request cache lives: the server's DATA_DIR when one is named, else memory. */
async function cacheDatabase(
  io: CliIO,
  flags: { "data-dir"?: string; "database-url"?: string },
): Promise<{ db: Database; where: string }> {
  if (!flags["data-dir"] && !flags["database-url"] && !io.env.DATA_DIR && !io.env.DATABASE_URL)
    return {
      db: await openDatabase(":memory:"),
      where: "memory (pass --data-dir to keep GitHub answers between runs)",
    };
  const { db, where } = await openCommandStorage(io, flags);
  return { db, where };
}

function failure(
  io: CliIO,
  json: boolean,
  who: { hostUsername: string; accounts: HostAccountRef[] },
  code: string,
  message: string,
): number {
  if (json)
    io.out(
      JSON.stringify(
        { ...resultHead(who), status: "FAILED", verdict: verdictNamed("not_verified"), error: { code, message } },
        null,
        2,
      ),
    );
  io.err(`verification failed (${code}): ${message}`);
  return 1;
}

/** The result's first members, as the service records them: the GitHub login, the accounts when given. */
function resultHead(who: { hostUsername: string; accounts: HostAccountRef[] }) {
  return {
    hostUsername: who.hostUsername,
    ...(who.accounts.length ? { accounts: who.accounts.map(accountText) } : {}),
  };
}

const verify: Command = {
  name: "verify",
  summary: "verify one resume against a GitHub account (and accounts on GitLab, Gitea/Forgejo), locally",
  help: `usage: claimcheck verify <resume.pdf> --user LOGIN [--account HOST:USER]... [--json] [--data-dir DIR [--create] | --database-url URL] [--github-api-url URL]

Extracts the projects a resume claims, matches them to LOGIN's public GitHub repositories (and to the
repositories of every --account on another host), checks the commit histories for forgeries and prints
the confidence score, verified projects with their host, flags and the score's arithmetic (or, with
--json, the result object a webhook would carry).

--account HOST:USER (repeatable, or comma-separated) names the candidate's account on gitlab.com,
codeberg.org or a host configured in FORGE_HOSTS (GITLAB_TOKEN is gitlab.com's token); --user may be left
out when an --account is given. See docs/forges.md.

GitHub: GITHUB_API_URL (default https://api.github.com) and GITHUB_TOKEN are read from the environment.
Without a token GitHub allows 60 requests an hour (about 1-2 verifications); set GITHUB_TOKEN.
GitHub is tried once first: when it cannot be reached at all the command fails at once (github_unreachable).
With --data-dir (or DATA_DIR) GitHub answers are cached in that directory's database, so running the
same verification again costs mostly free 304 Not Modified answers (a directory without a database
needs --create the first time).

Exit status: 0 when the analysis ran (whatever the score), 1 when it could not (unreadable PDF, unknown
user, no projects, GitHub unreachable, unavailable or rate-limited), 2 for a usage error.`,
  async run(args, io) {
    const { values, positionals } = parseFlags(
      args,
      {
        user: { type: "string", short: "u" },
        account: { type: "string", multiple: true },
        json: { type: "boolean" },
        "github-api-url": { type: "string" },
        ...DATA_DIR_FLAG,
      },
      1,
    );
    const file = positionals[0];
    if (!file) throw new UsageError("the resume PDF is required");
    const config = loadConfig(io.env, values["github-api-url"] ? { "github-api-url": values["github-api-url"] } : {});
    let accounts: HostAccountRef[];
    try {
      accounts = parseAccounts(values.account ?? [], config.forgeHosts);
    } catch (err) {
      throw new UsageError(`--account: ${err instanceof Error ? err.message : String(err)}`);
    }
    const login = values.user ?? "";
    if (!login && accounts.length === 0) throw new UsageError("--user LOGIN is required (or an --account HOST:USER)");
    if (login && !GITHUB_LOGIN.test(login))
      throw new UsageError(`--user ${JSON.stringify(login)} is not a GitHub login`);
    const who = { hostUsername: login, accounts };
    const json = values.json === true;
    if (!existsSync(file)) return failure(io, json, who, "file_not_found", `no such file: ${file}`);
    if (login && !config.githubToken) io.err(githubTokenNotice(userCommand(io.env), "verify"));
    const unreachable = login ? await githubUnreachable(config.githubApiUrl) : null;
    if (unreachable)
      return failure(
        io,
        json,
        who,
        "github_unreachable",
        `GitHub at ${config.githubApiUrl} cannot be reached (${unreachable}): check the network connection (a proxy or firewall?) or GITHUB_API_URL`,
      );

    let resume: ExtractedResume;
    // links to the configured GitLab and Gitea/Forgejo hosts are read as repositories and profiles
    const extractor = createResumeExtractor({
      concurrency: 1,
      forgeHosts: config.forgeHosts.map((h) => ({ host: h.host, kind: h.kind })),
    });
    try {
      resume = await extractor.extract(new Uint8Array(await Bun.file(file).arrayBuffer()));
    } catch (err) {
      const f = knownFailure(err);
      if (f) return failure(io, json, who, f.code, f.message);
      throw err;
    } finally {
      await extractor.close();
    }

    const { db, where } = await cacheDatabase(io, values);
    // on PostgreSQL beside running replicas: their gate, so this run does not overshoot their budget
    const rateGate = createRateGate(db);
    try {
      const github = createEvidenceSource({
        baseUrl: config.githubApiUrl,
        token: config.githubToken,
        tokens: config.githubTokens,
        affinity: login,
        gate: rateGate.gate,
        db,
      });
      const forges = accounts.map((a) => ({
        login: a.username,
        source: createForgeSource({ config: forgeHostOf(config.forgeHosts, a.host)!, gate: rateGate.gate }),
      }));
      const outcome = await runAnalysis({
        hostUsername: login,
        accounts: forges,
        readableHosts: config.forgeHosts.map((h) => h.host),
        resume,
        github,
        concurrency: config.githubConcurrency,
      });
      // the timelines are dashboard data, not part of a result
      const { commitTimelines: _timelines, ...result } = outcome;
      const githubCalls = outcome.githubCalls;
      const completed = { ...resultHead(who), status: "COMPLETED" as const, ...result };
      // the verdict the service records for the same result (report/verdict.ts), in the same words
      const words = resultWords(completed);
      const { verdict } = words;
      if (json) io.out(JSON.stringify({ ...completed, ...words }, null, 2));
      else {
        const as = [...(login ? [`github.com/${login}`] : []), ...accounts.map((a) => `${a.host}/${a.username}`)];
        const lines = reportText(outcome, `claimcheck verify: ${file} as ${as.join(", ")}`);
        // the analysis's text names the score's band; a person reads the verdict's words instead
        const at = lines.findIndex((l) => l.startsWith("Confidence score:"));
        const head = `Verdict: ${verdict.label} (${verdict.code}); confidence score ${outcome.confidenceScore}/100`;
        if (at >= 0) lines[at] = head;
        else lines.splice(1, 0, head);
        for (const line of lines) io.out(line);
        io.out(`GitHub cache: ${where} (${githubCalls.calls} calls, ${githubCalls.notModified} answered 304)`);
      }
      return 0;
    } catch (err) {
      const f = knownFailure(err);
      if (f) return failure(io, json, who, f.code, f.message);
      throw err;
    } finally {
      await rateGate.close();
      await db.close();
    }
  },
};

export const commands: Command[] = [verify];
