import type { Line } from "../layout/layout-types.ts";

/** One entry of a section: its title line, all its lines, and how its title wraps. */
export interface Entry {
  title: Line;
  /** all lines of the entry, title first */
  lines: Line[];
  /** how many lines the title takes when it wraps (the title and its continuations come first); 1 if absent */
  titleLines?: number;
  /** a name cell wrapped inside a table row: the later lines whose lead run goes on with the name */
  nameLines?: Line[];
}
