import { corroborate } from "./corroborate.ts";
import { HISTORY_RULES } from "./registry.ts";
import { lacking, type RepoRule, type RepoRuleContext, type RuleHit } from "./rule-context.ts";

/** Every per-repository rule (the registry's `history` rules), in the contract's order. */
export const REPO_RULES: readonly RepoRule[] = HISTORY_RULES.map((s) => s.run);

/**
 * Runs every repository rule on one repository's evidence and settles cross-rule severities. Each rule is
 * told which of the evidence its spec declares (`needs`) the host does not give, with the host's reason.
 */
export function judgeRepository(ctx: RepoRuleContext): RuleHit[] {
  const hits: RuleHit[] = [];
  for (const spec of HISTORY_RULES) {
    const missing = (spec.needs ?? []).flatMap((evidence) => {
      const reason = lacking(ctx, evidence);
      return reason === null ? [] : [{ evidence, reason }];
    });
    const hit = spec.run(missing.length > 0 ? { ...ctx, missing } : ctx);
    if (hit) hits.push(hit);
  }
  return corroborate(hits);
}
