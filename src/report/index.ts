/**
 * The report module's public surface: what other modules of src/ import from it (never the files behind it).
 * What reads the rules' words (the report builder, the verdict of a result) is evaluated on first use, not
 * when this surface is imported, so a server starts without the rule registry.
 */
import { onFirstUse } from "../lib/index.ts";
import type * as Verdicts from "./verdict.ts";

const verdicts = onFirstUse(() => require("./verdict.ts") as typeof Verdicts);

export { failureWords } from "./failure-words.ts";
export { derivedToken, reportLinkKey } from "./link-key.ts";
export { reportPdf, reportPdfOf } from "./pdf-on-demand.ts";
export {
  apiCreator,
  type GoneLinkCheck,
  ReportLinks,
  type ResultLinkState,
  shareUrl,
  UNTIL_PURGED,
} from "./report-links.ts";
export type { ClaimReport, FindingGroup, Report, ReportVerdict } from "./report-model.ts";
export { checkedAccounts, hostLine, SEVERITY_WORDS } from "./report-model.ts";
export { ReportSource, reportOf } from "./report-source.ts";
export type { LinkOpen, OpenKind, ShareLink } from "./share-link.ts";
export { linkCreator, RESULT_PURGED, shareReference } from "./share-link.ts";
export type { RepoTimeline, Severity, TimelineCommit } from "./timeline-data.ts";
export { MAX_DRAWN, SHIFT_THRESHOLD_MS, timelineStats, timelinesOf } from "./timeline-data.ts";
export {
  AUTHOR_Y,
  COMMIT_Y,
  LANE_LEFT,
  markerTop,
  TIMELINE_FONT,
  TIMELINE_HEIGHT,
  TIMELINE_WIDTH,
  timelineLayout,
} from "./timeline-layout.ts";
export const resultWords: typeof Verdicts.resultWords = (result) => verdicts().resultWords(result);
export const verdictNamed: typeof Verdicts.verdictNamed = (code) => verdicts().verdictNamed(code);
export const verdictOfResult: typeof Verdicts.verdictOfResult = (result) => verdicts().verdictOfResult(result);
