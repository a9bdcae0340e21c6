import { MAX_DRAWN, type RepoTimeline, SHIFT_THRESHOLD_MS } from "./timeline-data.ts";

/**
 * The picture of a repository's commits as geometry, drawn by the dashboard (SVG) and the PDF alike: two
 * lanes (written, committed), a line per commit between them, creation markers with their labels beside
 * (never on) their line, and three dates under the lanes. Sized so its labels stay legible at a phone's
 * width: the dashboard never shows it narrower than about 330 px (labels >= 10 px there).
 */
export const TIMELINE_WIDTH = 480;
export const TIMELINE_HEIGHT = 184;
/** The size of every label in the picture's units. */
export const TIMELINE_FONT = 15;
/** The lanes' names sit in a gutter on the left, where no commit line passes. */
const LEFT = 84;
const RIGHT = 8;
const MARKER_ROWS = [16, 34];
export const AUTHOR_Y = 64;
export const COMMIT_Y = 142;
const LABEL_GAP = 5;

/** Where the lanes start (after the gutter of their names). */
export const LANE_LEFT = LEFT;

export interface TimelineLayout {
  lanes: Array<{ y: number; label: string; labelY: number }>;
  ticks: Array<{ x: number; label: string; anchor: "start" | "middle" | "end" }>;
  markers: Array<{
    kind: "account" | "repo";
    /** x of its line, or null when the date lies outside the picture (named at the edge) */
    x: number | null;
    label: string;
    labelX: number;
    labelY: number;
    anchor: "start" | "end";
    title: string;
  }>;
  commits: Array<{ sha: string; authorAt: number; committerAt: number; ax: number; cx: number; shifted: boolean }>;
}

function dayLabel(ms: number, spanMs: number): string {
  const iso = new Date(ms).toISOString();
  return spanMs < 2 * 86_400_000 ? iso.slice(0, 16).replace("T", " ") : iso.slice(0, 10);
}

/** The geometry of one repository's picture. Deterministic for the same input. */
export function timelineLayout(t: RepoTimeline): TimelineLayout {
  const commits = [...t.commits]
    .sort((a, b) => a.committerAt - b.committerAt || a.authorAt - b.authorAt)
    .slice(-MAX_DRAWN);
  const marks = [
    { at: t.accountCreatedAt, label: "account created", kind: "account" as const },
    { at: t.repoCreatedAt, label: "repository created", kind: "repo" as const },
  ].filter((m): m is { at: number; label: string; kind: "account" | "repo" } => typeof m.at === "number");
  const times = commits.flatMap((c) => [c.authorAt, c.committerAt]);
  let lo = Math.min(...times);
  let hi = Math.max(...times);
  if (!Number.isFinite(lo)) lo = hi = marks[0]?.at ?? 0;
  // a creation date near the commits widens the picture to show it; one far outside is named at the edge
  const near = (at: number) => at >= lo - (hi - lo) / 2 && at <= hi + (hi - lo) / 2;
  for (const m of marks)
    if (near(m.at)) {
      lo = Math.min(lo, m.at);
      hi = Math.max(hi, m.at);
    }
  if (hi - lo < 3_600_000) {
    lo -= 43_200_000;
    hi += 43_200_000;
  }
  const pad = (hi - lo) * 0.03;
  lo -= pad;
  hi += pad;
  const x = (ms: number) => Math.round((LEFT + ((ms - lo) / (hi - lo)) * (TIMELINE_WIDTH - LEFT - RIGHT)) * 10) / 10;
  const ticks = [0, 0.5, 1].map((f, i) => ({
    x: x(lo + (hi - lo) * f),
    label: dayLabel(lo + (hi - lo) * f, hi - lo),
    anchor: (["start", "middle", "end"] as const)[i]!,
  }));
  const markers = marks.map((m, i) => {
    const when = new Date(m.at).toISOString().slice(0, 10);
    const labelY = MARKER_ROWS[i] ?? MARKER_ROWS[0]!;
    const title = `${m.label} ${when}`;
    if (m.at < lo || m.at > hi) {
      const left = m.at < lo;
      return {
        kind: m.kind,
        x: null,
        label: left ? `◂ ${m.label} ${when}, earlier` : `${m.label} ${when}, later ▸`,
        labelX: left ? LEFT : TIMELINE_WIDTH - RIGHT,
        labelY,
        anchor: left ? ("start" as const) : ("end" as const),
        title,
      };
    }
    const mx = x(m.at);
    const right = mx > TIMELINE_WIDTH / 2;
    // the label sits beside its line, on the side with room, never across it
    return {
      kind: m.kind,
      x: mx,
      label: title,
      labelX: right ? mx - LABEL_GAP : mx + LABEL_GAP,
      labelY,
      anchor: right ? ("end" as const) : ("start" as const),
      title,
    };
  });
  return {
    lanes: [
      { y: AUTHOR_Y, label: "written", labelY: AUTHOR_Y + 5 },
      { y: COMMIT_Y, label: "committed", labelY: COMMIT_Y + 5 },
    ],
    ticks,
    markers,
    commits: commits.map((c) => ({
      ...c,
      ax: x(c.authorAt),
      cx: x(c.committerAt),
      shifted: Math.abs(c.committerAt - c.authorAt) > SHIFT_THRESHOLD_MS,
    })),
  };
}

/** Where a marker's line starts: under its label. */
export const markerTop = (labelY: number) => labelY + 5;
