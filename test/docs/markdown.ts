/** Reading the project's Markdown as GitHub renders it: fenced blocks, headings and their anchors, links. */

/** The lines outside fenced code blocks, with their 1-based line numbers. */
export function proseLines(md: string): Array<{ line: number; text: string }> {
  const out: Array<{ line: number; text: string }> = [];
  let fence: string | null = null;
  md.split("\n").forEach((text, i) => {
    const open = /^\s*(```+|~~~+)/.exec(text);
    if (open) {
      if (fence === null) fence = open[1]!;
      else if (text.trim().startsWith(fence)) fence = null;
      return;
    }
    if (fence === null) out.push({ line: i + 1, text });
  });
  return out;
}

/** The fenced code blocks of a language ("sh", "json" ...), in order. */
export function codeBlocks(md: string, lang: string): string[] {
  return [...md.matchAll(new RegExp(`^\`\`\`${lang}\\n([\\s\\S]*?)^\`\`\``, "gm"))].map((m) => m[1]!);
}

/** GitHub's anchor for a heading: lower case, markup and punctuation dropped, spaces as hyphens. */
export function slug(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/`/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

/** Every anchor a document offers: its headings' slugs (repeats numbered as GitHub does) and explicit ids. */
export function anchors(md: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const { text } of proseLines(md)) {
    const h = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(text);
    if (h) {
      const base = slug(h[1]!);
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      out.add(n === 0 ? base : `${base}-${n}`);
    }
    for (const m of text.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) out.add(m[1]!);
  }
  return out;
}

export interface Link {
  line: number;
  target: string;
}

/** Links and images outside code blocks and code spans, with the line they are on. */
export function links(md: string): Link[] {
  const out: Link[] = [];
  for (const { line, text } of proseLines(md)) {
    const prose = text.replace(/`[^`]*`/g, "");
    for (const m of prose.matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) out.push({ line, target: m[1]! });
  }
  return out;
}
