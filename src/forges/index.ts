/** The forges module's public surface: what other modules of src/ import from it (never the files behind it). */
export { createForgeSource } from "./forge-sources.ts";
export { GITHUB_CAPABILITIES, githubForge } from "./github-forge.ts";
export type { AnchoredTimes, EvidenceKind, ForgeEvidence, ForgeSource, MissingEvidence } from "./types.ts";
export { ForgeRateLimitedError, ForgeUnavailableError } from "./types.ts";
