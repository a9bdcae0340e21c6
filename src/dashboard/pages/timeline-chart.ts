import {
  AUTHOR_Y,
  COMMIT_Y,
  LANE_LEFT,
  markerTop,
  type RepoTimeline,
  TIMELINE_FONT,
  TIMELINE_HEIGHT,
  TIMELINE_WIDTH,
  timelineLayout,
} from "../../report/index.ts";
import { escapeHtml } from "../html.ts";

export type { RepoTimeline, Severity, TimelineCommit } from "../../report/index.ts";
export { MAX_DRAWN, SHIFT_THRESHOLD_MS, timelineStats, timelinesOf } from "../../report/index.ts";

/**
 * The picture as standalone SVG markup (report/timeline-layout.ts draws it). Deterministic for the same
 * input; every text is escaped; only presentation attributes and classes are used (the dashboard's CSP
 * allows no inline styles).
 */
export function timelineSvg(t: RepoTimeline): string {
  const l = timelineLayout(t);
  const title = `Commits of ${t.repo}: author date (top) against committer date (bottom)`;
  const sev = (t.severity ?? "none").toLowerCase();
  const W = TIMELINE_WIDTH;
  const text = (x: number, y: number, cls: string, s: string, anchor = "start") =>
    `<text x="${x}" y="${y}" text-anchor="${anchor}" font-size="${TIMELINE_FONT}" class="${cls}">${escapeHtml(s)}</text>`;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" class="timeline sev-${sev}" viewBox="0 0 ${W} ${TIMELINE_HEIGHT}" width="${W}" height="${TIMELINE_HEIGHT}" role="img" aria-label="${escapeHtml(title)}">`,
    `<title>${escapeHtml(title)}</title>`,
  ];
  for (const lane of l.lanes)
    parts.push(
      `<line x1="${LANE_LEFT}" y1="${lane.y}" x2="${W - 8}" y2="${lane.y}" class="lane"/>`,
      text(4, lane.labelY, "lane-label", lane.label),
    );
  for (const tk of l.ticks)
    parts.push(
      `<line x1="${tk.x}" y1="${COMMIT_Y + 6}" x2="${tk.x}" y2="${COMMIT_Y + 12}" class="tick"/>`,
      text(tk.x, COMMIT_Y + 32, "tick-label", tk.label, tk.anchor),
    );
  for (const m of l.markers)
    parts.push(
      `<g class="marker ${m.kind}${m.x === null ? " off-scale" : ""}"><title>${escapeHtml(m.title)}</title>` +
        (m.x === null ? "" : `<line x1="${m.x}" y1="${markerTop(m.labelY)}" x2="${m.x}" y2="${COMMIT_Y + 6}"/>`) +
        `${text(m.labelX, m.labelY, "marker-label", m.label, m.anchor)}</g>`,
    );
  for (const c of l.commits) {
    const tip = `${c.sha ? `${c.sha.slice(0, 7)}: ` : ""}authored ${new Date(c.authorAt).toISOString()}, committed ${new Date(c.committerAt).toISOString()}`;
    parts.push(
      `<g class="${c.shifted ? "commit shifted" : "commit"}"><title>${escapeHtml(tip)}</title>` +
        `<line x1="${c.ax}" y1="${AUTHOR_Y}" x2="${c.cx}" y2="${COMMIT_Y}"/>` +
        `<circle cx="${c.ax}" cy="${AUTHOR_Y}" r="3"/><circle cx="${c.cx}" cy="${COMMIT_Y}" r="3"/></g>`,
    );
  }
  parts.push("</svg>");
  return parts.join("");
}
