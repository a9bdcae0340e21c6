import { existsSync } from "node:fs";
import { reportText } from "../../analysis/report-text.ts";
import { runAnalysis } from "../../analysis/run-analysis.ts";
import { loadConfig } from "../../config/config.ts";
import { createEvidenceSource } from "../../github/graphql/graphql-source.ts";
import { githubUnreachable } from "../../github/reachability.ts";
import { createRateGate } from "../../github/shared-rate-gate.ts";
import { GITHUB_LOGIN } from "../../lib/github-login.ts";
import { userCommand } from "../../lib/self-command.ts";
import { closeSharedExtractor, extractResume } from "../../resume/index.ts";
import type { ExtractedResume } from "../../resume/types.ts";
import { type Database, openDatabase } from "../../storage/database.ts";
import { knownFailure } from "../../verification/failure-codes.ts";
import type { CliIO, Command } from "../command.ts";
import { UsageError } from "../command.ts";
import { DATA_DIR_FLAG, parseFlags } from "../flags.ts";
import { githubTokenNotice } from "../notices.ts";
import { openCommandStorage } from "../open-data.ts";

/** Where GitHub's conditional-request cache lives: the server's DATA_DIR when one is named, else memory. */
function cacheDatabase(
  io: CliIO,
  flags: { "data-dir"?: string; "database-url"?: string },
): { db: Database; where: string } {
  if (!flags["data-dir"] && !flags["database-url"] && !io.env.DATA_DIR && !io.env.DATABASE_URL)
    return { db: openDatabase(":memory:"), where: "memory (pass --data-dir to keep GitHub answers between runs)" };
  const { db, where } = openCommandStorage(io, flags);
  return { db, where };
}

function failure(io: CliIO, json: boolean, hostUsername: string, code: string, message: string): number {
  if (json) io.out(JSON.stringify({ hostUsername, status: "FAILED", error: { code, message } }, null, 2));
  io.err(`verification failed (${code}): ${message}`);
  return 1;
}

const verify: Command = {
  name: "verify",
  summary: "verify one resume against a GitHub account, locally (no server, no API key)",
  help: `usage: claimcheck verify <resume.pdf> --user LOGIN [--json] [--data-dir DIR [--create] | --database-url URL] [--github-api-url URL]

Extracts the projects a resume claims, matches them to LOGIN's public GitHub repositories, checks the
commit histories for forgeries and prints the confidence score, verified projects, flags and the score's
arithmetic (or, with --json, the result object a webhook would carry).

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
        json: { type: "boolean" },
        "github-api-url": { type: "string" },
        ...DATA_DIR_FLAG,
      },
      1,
    );
    const file = positionals[0];
    if (!file) throw new UsageError("the resume PDF is required");
    const login = values.user;
    if (!login) throw new UsageError("--user LOGIN is required");
    if (!GITHUB_LOGIN.test(login)) throw new UsageError(`--user ${JSON.stringify(login)} is not a GitHub login`);
    const json = values.json === true;
    if (!existsSync(file)) return failure(io, json, login, "file_not_found", `no such file: ${file}`);
    const config = loadConfig(io.env, values["github-api-url"] ? { "github-api-url": values["github-api-url"] } : {});
    if (!config.githubToken) io.err(githubTokenNotice(userCommand(io.env), "verify"));
    const unreachable = await githubUnreachable(config.githubApiUrl);
    if (unreachable)
      return failure(
        io,
        json,
        login,
        "github_unreachable",
        `GitHub at ${config.githubApiUrl} cannot be reached (${unreachable}): check the network connection (a proxy or firewall?) or GITHUB_API_URL`,
      );

    let resume: ExtractedResume;
    try {
      resume = await extractResume(new Uint8Array(await Bun.file(file).arrayBuffer()));
    } catch (err) {
      const f = knownFailure(err);
      if (f) return failure(io, json, login, f.code, f.message);
      throw err;
    } finally {
      await closeSharedExtractor();
    }

    const { db, where } = cacheDatabase(io, values);
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
      const outcome = await runAnalysis({ hostUsername: login, resume, github, concurrency: config.githubConcurrency });
      // the timelines are dashboard data, not part of a result
      const { commitTimelines: _timelines, ...result } = outcome;
      const githubCalls = outcome.githubCalls;
      if (json) io.out(JSON.stringify({ hostUsername: login, status: "COMPLETED", ...result }, null, 2));
      else {
        for (const line of reportText(outcome, `claimcheck verify: ${file} as github.com/${login}`)) io.out(line);
        io.out(`GitHub cache: ${where} (${githubCalls.calls} calls, ${githubCalls.notModified} answered 304)`);
      }
      return 0;
    } catch (err) {
      const f = knownFailure(err);
      if (f) return failure(io, json, login, f.code, f.message);
      throw err;
    } finally {
      rateGate.close();
      db.close();
    }
  },
};

export const commands: Command[] = [verify];
