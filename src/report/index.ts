/** The report module's public surface: what other modules of src/ import from it (never the files behind it). */
export { reportLinkKey } from "./link-key.ts";
export { apiCreator, ReportLinks, type ResultLinkState, shareUrl } from "./report-links.ts";
export type { ClaimReport, FindingGroup, Report, ReportVerdict } from "./report-model.ts";
export { checkedAccounts, hostLine, SEVERITY_WORDS } from "./report-model.ts";
export { reportPdf } from "./report-pdf.ts";
export { ReportSource, reportOf } from "./report-source.ts";
export type { LinkOpen, OpenKind, ShareLink } from "./share-link.ts";
export { linkCreator, shareReference } from "./share-link.ts";
