import type { Line } from "../layout/layout-types.ts";

/** Lines of one column of one page, its horizontal extent, and the section open at its end. */
export interface Block<S = unknown> {
  page: number;
  x0: number;
  x1: number;
  open: S | null;
}

/** The column blocks of a document, keyed "page:column". */
export function blocksOf<S = unknown>(lines: Line[]): Map<string, Block<S>> {
  const blocks = new Map<string, Block<S>>();
  for (const l of lines) {
    const key = `${l.page}:${l.column}`;
    const b = blocks.get(key);
    if (b) {
      b.x0 = Math.min(b.x0, l.x0);
      b.x1 = Math.max(b.x1, l.x1);
    } else blocks.set(key, { page: l.page, x0: l.x0, x1: l.x1, open: null });
  }
  return blocks;
}
