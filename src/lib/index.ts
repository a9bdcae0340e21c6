/** The lib module's public surface: what other modules of src/ import from it (never the files behind it). */
export { sleep, untilAborted } from "./abort.ts";
export { BODY_BUDGET_RETRY_AFTER_S, BodyBudget } from "./body-budget.ts";
export type { BodyLimits } from "./body-stream.ts";
export { bodyChunks, CLIENT_CLOSED, readSmallBody } from "./body-stream.ts";
export type { Clock } from "./clock.ts";
export { isoOf, systemClock } from "./clock.ts";
export type { ApiErrorCode, FailureCode } from "./errors.ts";
export { API_ERROR_CODES, ApiErrors, AppError, errorMessage, FAILURE_CODES } from "./errors.ts";
export { EventBus } from "./events.ts";
export { GITHUB_LOGIN } from "./github-login.ts";
export { hostAccountOf } from "./host-account.ts";
export { newId, randomChars, sha256Hex } from "./ids.ts";
export type { Logger } from "./log.ts";
export { createLogger, silentLogger } from "./log.ts";
export { selfCommand, userCommand } from "./self-command.ts";
export { textTable } from "./text-table.ts";
export { TickBatcher } from "./tick-batcher.ts";
export { WorkLoop } from "./work-loop.ts";
