/** The report module's public surface: what other modules of src/ import from it (never the files behind it). */
export { failureWords } from "./failure-words.ts";
export { derivedToken, reportLinkKey } from "./link-key.ts";
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
export { reportPdf, reportPdfOf } from "./report-pdf.ts";
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
export { resultWords, verdictNamed, verdictOfResult } from "./verdict.ts";
