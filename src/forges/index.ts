/** The forges domain's public surface: what other parts of src/ may import from it. */
export { createForgeSource } from "./forge-sources.ts";
export { GITHUB_CAPABILITIES, githubForge } from "./github-forge.ts";
export type { AnchoredTimes, EvidenceKind, ForgeEvidence, ForgeSource, MissingEvidence } from "./types.ts";
export { ForgeRateLimitedError, ForgeUnavailableError } from "./types.ts";
