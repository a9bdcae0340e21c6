import type { Line } from "../layout/layout-types.ts";

/** An entry of a section: a title line and the lines that belong to it. */
export interface Entry {
  title: Line;
  /** all lines of the entry, title first */
  lines: Line[];
  /** how many lines the title takes when it wraps (the title and its continuations come first); 1 if absent */
  titleLines?: number;
  /** a name cell wrapped inside a table row: the later lines whose lead run goes on with the name */
  nameLines?: Line[];
}
