import { about, historyRule } from "./rule-context.ts";

/** Trailers and identities that AI coding agents leave. */
const AGENT_TRAILER = /^co-authored-by:.*\b(claude|copilot|cursor|devin|codex|aider|gemini|openhands|sweep)\b/im;
const AGENT_IDENTITY = /\b(claude|copilot|devin|codex|aider|openhands|sweep)\b/i;

/**
 * AI-agent involvement: agent files at the root (CLAUDE.md, AGENTS.md, .cursorrules), agent co-author
 * trailers, or agent bot authors. Not fraud: INFO, so a recruiter knows to ask how the work was done.
 */
export const aiAssisted = historyRule((ctx) => {
  const files = [...ctx.evidence.agentFiles].sort();
  const trailers = ctx.commits.filter((c) => AGENT_TRAILER.test(c.message)).length;
  const agentAuthors = ctx.evidence.otherAuthors
    .filter((o) => AGENT_IDENTITY.test(o.login ?? o.email))
    .reduce((s, o) => s + o.count, 0);
  if (files.length === 0 && trailers === 0 && agentAuthors === 0) return null;
  const parts: string[] = [];
  if (files.length > 0) parts.push(`agent instruction files (${files.join(", ")})`);
  if (trailers > 0) parts.push(`${trailers} commits with an AI co-author trailer`);
  if (agentAuthors > 0) parts.push(`${agentAuthors} commits by AI agent accounts`);
  return {
    rule: "AI_AGENT",
    severity: "INFO",
    message: `${about(ctx)}shows AI-agent involvement: ${parts.join("; ")}. Using AI tools is no misconduct; ask how the work was done`,
    evidence: { agentFiles: files.length, coAuthorTrailers: trailers, agentCommits: agentAuthors },
  };
});
