/**
 * The command line that started this server, as the person typed it: `bun start` when package.json's
 * start script ran it (Bun and npm set npm_lifecycle_event), else `<cmd> serve`.
 */
export function serveCommand(cmd: string, env: Record<string, string | undefined>): string {
  return env[PACKAGE_SCRIPT_VARIABLE] === "start" ? "bun start" : `${cmd} serve`;
}

/** The environment variable naming the package.json script that ran the process (an environment name, not a row's column). */
const PACKAGE_SCRIPT_VARIABLE = "npm_lifecycle_event";

/**
 * Said once per run when GITHUB_TOKEN is unset: what that means for throughput and how to fix it.
 * `cmd` is how the user runs this program (bun src/main.ts, claimcheck, ./dist/claimcheck); `serveAs`
 * the command line that started the server, when it is one (serveCommand).
 */
export function githubTokenNotice(cmd: string, command: "serve" | "verify", serveAs = `${cmd} serve`): string {
  return [
    "notice: GITHUB_TOKEN is not set. GitHub then allows 60 requests an hour from this address, enough for",
    "about 1-2 verifications (one of 5 projects costs about 22); with a token, 5,000 an hour.",
    "Create a token (no scopes needed for public data: https://github.com/settings/tokens) and run:",
    command === "verify"
      ? `  GITHUB_TOKEN=ghp_... ${cmd} verify resume.pdf --user LOGIN`
      : `  GITHUB_TOKEN=ghp_... ${serveAs}   (or ${serveAs} --github-token TOKEN)`,
  ].join("\n");
}
