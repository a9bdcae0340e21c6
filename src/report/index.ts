/** The report module's public surface: what other modules of src/ import from it (never the files behind it). */
export { API_CREATOR, ReportLinks, shareUrl } from "./report-links.ts";
export type { ClaimReport, FindingGroup, Report, ReportVerdict } from "./report-model.ts";
export { checkedAccounts, hostLine, SEVERITY_WORDS } from "./report-model.ts";
export { reportPdf } from "./report-pdf.ts";
export { ReportSource, reportOf } from "./report-source.ts";
export type { LinkOpen, OpenKind, ShareLink } from "./share-link.ts";
export { resultWords, verdictNamed, verdictOfResult } from "./verdict.ts";
