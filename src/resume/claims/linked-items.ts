import { type Entry, stripBullet } from "./entries.ts";

/**
 * A group title over a list of linked items ("Other small projects" / "a) Homepage: https://..." /
 * "b) Todo app: https://..."): each item is an entry of its own, and the group title, which names
 * no work, is not. An item is a short label, a colon and a URL on one line. Pure.
 */

const LINKED_ITEM = /^(.{1,40}?)\s*[:：]\s*(?:https?:\/\/|www\.)\S+$/u;

/** The label of a "Label: URL" line, or null. */
export function linkedItemLabel(text: string): string | null {
  const m = LINKED_ITEM.exec(stripBullet(text.replace(/\s{2,}/g, " ")).trim());
  return m && /\p{L}/u.test(m[1]!) ? m[1]!.trim() : null;
}

/** Split an entry whose lines under the title are all linked items (two or more) into one entry per item. */
export function splitLinkedItems(entry: Entry): Entry[] {
  const items = entry.lines.slice(1);
  if (items.length < 2 || linkedItemLabel(entry.title.text) !== null) return [entry];
  if (!items.every((l) => linkedItemLabel(l.text) !== null)) return [entry];
  return items.map((l) => ({ title: l, lines: [l] }));
}
