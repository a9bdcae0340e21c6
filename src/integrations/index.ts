/** The integrations module's public surface: what other modules of src/ import from it (never the files behind it). */
export { type AshbyDeps, ashbyApi } from "./ashby/ashby-api.ts";
export type { AshbyField, AshbyUpdate } from "./ashby/ashby-update.ts";
export { AssessmentLinks, RERUN_PATH } from "./assessment-links.ts";
export type { AssessmentView } from "./assessment-view.ts";
export { type AssessmentDeps, Assessments, RerunProblem } from "./assessments.ts";
export { CallbackDispatcher } from "./callback-dispatcher.ts";
export { ASHBY_API_URL, Connections, type NewConnection } from "./connections.ts";
export { type GreenhouseDeps, greenhouseApi } from "./greenhouse/greenhouse-api.ts";
export type { ResumeFetch } from "./intake.ts";
export { IntegrationStore } from "./integration-store.ts";
export type { OutboundPolicy } from "./outbound.ts";
export { rerunPage } from "./rerun-page.ts";
export type { Assessment, AssessmentState, AtsKind, Callback, Connection, TestProfile } from "./types.ts";
export { ATS_KINDS, NO_ACCOUNT_TEXT, TEST_PROFILES } from "./types.ts";
export { type AtsVerdict, verdictOf } from "./verdict.ts";
