/**
 * Said once per run when GITHUB_TOKEN is unset: what that means for throughput and how to fix it.
 * `cmd` is how the user runs this program (bun src/main.ts, claimcheck, ./dist/claimcheck).
 */
export function githubTokenNotice(cmd: string, command: "serve" | "verify"): string {
  return [
    "notice: GITHUB_TOKEN is not set. GitHub then allows 60 requests an hour from this address, enough for",
    "about 1-2 verifications (one of 5 projects costs about 22); with a token, 5,000 an hour.",
    "Create a token (no scopes needed for public data: https://github.com/settings/tokens) and run:",
    `  GITHUB_TOKEN=ghp_... ${cmd} ${command}${command === "verify" ? " resume.pdf --user LOGIN" : "   (or --github-token TOKEN)"}`,
  ].join("\n");
}
