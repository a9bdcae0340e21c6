/**
 * Plain-text tables for terminals: each column has a width; a cell longer than its column wraps onto
 * continuation lines inside that column (at spaces, or hard inside a long word), so it never pushes
 * the next column out of line. The last column is never wrapped (free text such as a message).
 */
export interface Column {
  header?: string;
  /** at most this many characters wide; the column is as narrow as its widest cell below that */
  max: number;
  align?: "left" | "right";
}

/** Split `text` into lines of at most `width` characters, breaking at spaces when it can. */
export function wrap(text: string, width: number): string[] {
  const out: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter((w) => w !== "")) {
    let w = word;
    if (line !== "" && line.length + 1 + w.length <= width) {
      line += ` ${w}`;
      continue;
    }
    if (line !== "") out.push(line);
    while (w.length > width) {
      out.push(w.slice(0, width));
      w = w.slice(width);
    }
    line = w;
  }
  if (line !== "" || out.length === 0) out.push(line);
  return out;
}

/** Render rows under optional headers, columns separated by two spaces, trailing spaces trimmed. */
export function textTable(columns: Column[], rows: string[][], indent = ""): string[] {
  const withHeader = columns.some((c) => c.header !== undefined);
  const all = withHeader ? [columns.map((c) => c.header ?? ""), ...rows] : rows;
  const last = columns.length - 1;
  const widths = columns.map((c, i) =>
    i === last ? 0 : Math.min(c.max, Math.max(1, ...all.map((r) => (r[i] ?? "").length))),
  );
  const lines: string[] = [];
  for (const row of all) {
    const cells = columns.map((_, i) => (i === last ? [row[i] ?? ""] : wrap(row[i] ?? "", widths[i]!)));
    const height = Math.max(...cells.map((c) => c.length));
    for (let k = 0; k < height; k++) {
      const parts = columns.map((c, i) => {
        const s = cells[i]![k] ?? "";
        if (i === last) return s;
        return c.align === "right" ? s.padStart(widths[i]!) : s.padEnd(widths[i]!);
      });
      lines.push(`${indent}${parts.join("  ")}`.trimEnd());
    }
  }
  return lines;
}
