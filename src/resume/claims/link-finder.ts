import type { Line } from "../layout/layout-types.ts";
import type { LinkAnnotation } from "../pdf/raw-document.ts";
import type { ResumeLink } from "../types.ts";
import { cellContinuation } from "./cell-wrap.ts";
import { type ForgeLinkHost, KNOWN_FORGE_HOSTS } from "./forge-links.ts";
import { normalizeLink } from "./link-normalizer.ts";

/**
 * Every link in the resume, from both places a link can live: a link annotation (a clickable
 * rectangle, often behind a word like "GitHub", "Link", an icon or the project title) and a URL
 * printed in the text (often with no annotation at all). Each annotation is joined to the text
 * under its rectangle; a printed URL under an annotation is the same link seen twice. When the
 * printed URL and the annotation's target differ, both are kept and the link says so.
 */

export interface LocatedLink {
  link: ResumeLink;
  /** index (reading order) of the line the link sits on */
  line: number;
  /** the words under the link rectangle, or the printed URL */
  anchor: string;
}

const TLDS =
  "com|org|net|io|dev|app|ai|co|me|xyz|tech|site|page|info|edu|gov|ru|uk|de|fr|in|cn|np|us|ca|au|ly|gg|sh|so|to|cc|tv|eu|pl|nl|es|it|br|jp|kr|ch|se|no|fi|ua|by|kz|blog|codes|cloud|live|online|space|works|one";
const URL_IN_TEXT = new RegExp(
  `(?:https?:\\/\\/|www\\.)[^\\s<>"'|]+|(?<![@\\w.\\-/])(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\\.)+(?:${TLDS})(?:\\/[^\\s<>"'|]*)?(?![\\w-])`,
  "gi",
);
/** TLDs that are also common in technology names ("socket.io", "chart.ai"): need a subdomain or a path. */
const AMBIGUOUS_TLD = /\.(io|ai|app|so|sh|to|me|co|js|one|works|codes)$/i;
/**
 * "GitHub: owner/repo" printed without a URL: a written repository. A word after the label alone
 * ("GitHub: jane", "github-pages", "GitHub - Actions") is never read as an account: only a link
 * target or a written github.com/<login> is a profile.
 */
const GITHUB_LABEL =
  /\bgithub\s*(?::\s*(?:\/\/)?|-)\s*@?([A-Za-z0-9](?:[A-Za-z0-9-]{0,38})\/[A-Za-z0-9_.-]+)(?![\w/.:-])/gi;

/** URLs printed in a piece of text, with their positions. Bare domains must look like real hosts. */
export function findUrlsInText(text: string): Array<{ raw: string; index: number }> {
  const out: Array<{ raw: string; index: number }> = [];
  for (const m of text.matchAll(URL_IN_TEXT)) {
    const raw = m[0];
    const bare = !/^(https?:\/\/|www\.)/i.test(raw);
    if (bare) {
      const host = raw.split("/")[0]!;
      if (host !== host.toLowerCase()) continue;
      if (!raw.includes("/") && AMBIGUOUS_TLD.test(host) && host.split(".").length < 3) continue;
    }
    out.push({ raw, index: m.index ?? 0 });
  }
  for (const m of text.matchAll(GITHUB_LABEL)) {
    const target = m[1]!;
    if (out.some((o) => m.index! >= o.index && m.index! < o.index + o.raw.length)) continue;
    if (/^(com|io)$/i.test(target)) continue;
    out.push({ raw: `github.com/${target}`, index: (m.index ?? 0) + m[0].length - target.length });
  }
  return out.sort((a, b) => a.index - b.index);
}

/**
 * Does a URL at the end of `text` continue at the start of `next`? Only a split scheme
 * ("https:" / "//github.com/x") or a path cut after a separator ("github.com/user/" / "repo-name")
 * followed by a lower-case, colon-free token counts; "…/in/x/" followed by "Website:" does not.
 */
export function wrapsUrl(text: string, next: string): boolean {
  const head = next.trim().split(/\s+/)[0] ?? "";
  if (/(^|\s)https?:(\/\/?)?$/.test(text)) return /^\/{0,2}[\w-]+\.[\w.-]+/.test(head);
  if (!/[\w.-]+\.[a-z]{2,}\/[\w./-]*[/_-]$/i.test(text)) return false;
  return /^[\p{Ll}\d_/-][\w./-]*$/u.test(head);
}

/** Join pieces of an anchor that wrap over lines: "thou-" + "sands" -> "thousands". */
export function joinWrapped(parts: string[]): string {
  let out = "";
  for (const p of parts.map((x) => x.trim()).filter(Boolean)) {
    if (!out) out = p;
    else if (/\p{L}-$/u.test(out) && /^\p{Ll}/u.test(p)) out = out.slice(0, -1) + p;
    else if (/[/:._-]$/.test(out) && /^[\w/]/.test(p) && !/\s/.test(out.slice(-12))) out += p;
    else out += ` ${p}`;
  }
  return out;
}

/** The visible text read as a URL, if it is one ("github.com/x", "owner/repo" next to a GitHub target). */
export function visibleAsUrl(
  visible: string,
  targetHost: string | undefined,
  forges: readonly ForgeLinkHost[] = KNOWN_FORGE_HOSTS,
): string | null {
  const v = visible.trim().replace(/\s+/g, "");
  if (!v) return null;
  const short = /^(?:github|gh)\/([\w.-]+(?:\/[\w.-]+)?)$/i.exec(v);
  if (short) return normalizeLink(`github.com/${short[1]}`)?.url ?? null;
  if (findUrlsInText(v).some((u) => u.index === 0 && u.raw.length >= v.length - 1))
    return normalizeLink(v, forges)?.url ?? null;
  if (targetHost === "github.com" && /^@?[A-Za-z0-9][\w.-]*\/[\w.-]+$/.test(v)) {
    return normalizeLink(`github.com/${v.replace(/^@/, "")}`)?.url ?? null;
  }
  return null;
}

function sameUrl(a: string, b: string): boolean {
  const canon = (u: string) =>
    u
      .toLowerCase()
      .replace(/^https?:\/\//, "")
      .replace(/\/+$/, "");
  return canon(a) === canon(b);
}

function fromAnnotation(a: LinkAnnotation, lines: Line[], forges: readonly ForgeLinkHost[]): LocatedLink | null {
  const norm = normalizeLink(a.uri, forges);
  if (!norm) return null;
  const parts: string[] = [];
  let anchorLine: Line | null = null;
  let bestOverlap = 0;
  let nearest: Line | null = null;
  for (const line of lines) {
    if (line.rotated) continue; // laid out in its own frame: not page coordinates
    const overlap = Math.min(line.bottom, a.y1) - Math.max(line.top, a.y0);
    if (overlap <= 0) continue;
    let text = "";
    for (const seg of line.segments) {
      // each segment on its own: a big name beside a small contact line must not pull it in
      const top = seg.y - seg.size * 0.75;
      const bottom = seg.y + seg.size * 0.25;
      const o = Math.min(bottom, a.y1) - Math.max(top, a.y0);
      if (o < 0.45 * Math.min(bottom - top, a.y1 - a.y0)) continue;
      for (let i = 0; i < seg.text.length; i++) {
        const b = seg.charBoxes[i];
        if (!b) continue;
        const cx = (b[0] + b[1]) / 2;
        if (cx >= a.x0 - 1 && cx <= a.x1 + 1) text += seg.text[i];
      }
      if (text && !text.endsWith(" ")) text += " ";
    }
    text = text.trim();
    if (text.trim()) {
      parts.push(text);
      anchorLine ??= line;
    } else if (overlap > bestOverlap && line.x0 <= a.x1 + 40 && line.x1 >= a.x0 - 40) {
      bestOverlap = overlap;
      nearest = line;
    }
  }
  const line = anchorLine ?? nearest;
  if (!line) return null;
  const anchor = joinWrapped(parts);
  const visibleUrl = anchor ? visibleAsUrl(anchor, norm.host, forges) : null;
  const differs = visibleUrl !== null && !sameUrl(visibleUrl, norm.url);
  const link: ResumeLink = {
    ...norm,
    raw: a.uri,
    ...(anchor ? { visibleText: anchor } : {}),
    visibleDiffers: differs,
    ...(differs ? { visibleUrl: visibleUrl! } : {}),
    source: visibleUrl !== null && !differs ? "both" : "annotation",
    page: line.page,
  };
  return { link, line: line.index, anchor };
}

/**
 * All links of the document. `lines` are in reading order and `Line.index` is their position;
 * `annotations` are per page number; `forges` the GitLab and Gitea/Forgejo hosts recognised.
 */
export function findLinks(
  lines: Line[],
  annotations: Map<number, LinkAnnotation[]>,
  forges: readonly ForgeLinkHost[] = KNOWN_FORGE_HOSTS,
): LocatedLink[] {
  const byPage = new Map<number, Line[]>();
  for (const l of lines) {
    const list = byPage.get(l.page);
    if (list) list.push(l);
    else byPage.set(l.page, [l]);
  }
  const found: LocatedLink[] = [];
  for (const [page, annots] of annotations) {
    for (const a of annots) {
      const located = fromAnnotation(a, byPage.get(page) ?? [], forges);
      if (located) found.push(located);
    }
  }
  // Printed URLs, including ones wrapped over two lines ("https:" / "//github.com/x").
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const cell = cellContinuation(lines, i);
    let text = line.text + cell;
    const next = lines[i + 1];
    if (!cell && next && next.page === line.page && wrapsUrl(text, next.text))
      text = text + next.text.trim().split(/\s+/)[0];
    for (const u of findUrlsInText(text)) {
      if (u.index >= line.text.length) continue; // starts on the next line: found there
      const norm = normalizeLink(u.raw, forges);
      if (!norm) continue;
      const dup = found.find(
        (f) =>
          f.line === line.index &&
          (sameUrl(f.link.url, norm.url) || (f.link.visibleUrl && sameUrl(f.link.visibleUrl, norm.url))),
      );
      if (dup) {
        if (dup.link.source === "annotation" && !dup.link.visibleDiffers) dup.link.source = "both";
        continue;
      }
      const covered = found.find(
        (f) => f.line === line.index && f.anchor && u.raw.includes(f.anchor.replace(/\s+/g, "")),
      );
      if (covered) continue; // the annotation over this printed URL already says where it goes
      found.push({
        link: { ...norm, raw: u.raw, visibleText: u.raw, visibleDiffers: false, source: "text", page: line.page },
        line: line.index,
        anchor: u.raw,
      });
    }
  }
  found.push(...ownerRepoMentions(lines, found));
  return found.sort((a, b) => a.line - b.line);
}

/** "owner/repo" printed bare, no host: a path of two names, not inside a URL, a date or a fraction. */
const OWNER_REPO =
  /(?<![\w./@:-])([A-Za-z0-9](?:[A-Za-z0-9-]{0,38}))\/([A-Za-z0-9_.-]*[A-Za-z0-9_-])(?![\w/.:-]|\.\w)/g;

/**
 * A repository printed as a bare "owner/repo" ("(janedoe/budget-planner)", a line "janedoe/relay")
 * names a repository only when `owner` is a GitHub account the resume links elsewhere (its profile
 * link, or another repository of it): "CI/CD", "TCP/IP" or "client/server" are never read as one.
 */
export function ownerRepoMentions(lines: Line[], found: LocatedLink[]): LocatedLink[] {
  const owners = new Set(
    found
      .filter((f) => f.link.host === "github.com" && f.link.owner && f.link.kind !== "other")
      .map((f) => f.link.owner!.toLowerCase()),
  );
  if (owners.size === 0) return [];
  const out: LocatedLink[] = [];
  for (const [i, line] of lines.entries()) {
    const cell = cellContinuation(lines, i);
    for (const m of (line.text + cell).matchAll(OWNER_REPO)) {
      if (!owners.has(m[1]!.toLowerCase())) continue;
      let repo = m[2]!;
      // a name wrapped after its hyphen goes on at the start of the next line: "(jane/rs-" "ember)"
      const next = lines[i + 1];
      const atEnd = m.index! + m[0].length >= line.text.trimEnd().length;
      // (a line of table cells goes on in its cells, not at the next line's start)
      if (!cell && atEnd && line.segments.length === 1 && /[-_]$/.test(repo) && next?.page === line.page)
        repo += /^[\w.-]*[\w-]/.exec(next.text.trim())?.[0] ?? "";
      const norm = normalizeLink(`github.com/${m[1]}/${repo}`);
      if (norm?.kind !== "repository") continue;
      const dup = [...found, ...out].some((f) => f.line === line.index && sameUrl(f.link.url, norm.url));
      if (dup) continue;
      out.push({
        link: { ...norm, raw: m[0], visibleText: m[0], visibleDiffers: false, source: "text", page: line.page },
        line: line.index,
        anchor: m[0],
      });
    }
  }
  return out;
}
