/**
 * The real corpus's first looks: each batch's figures on the extractor as it stood before any rule saw
 * that batch (recorded when the batch arrived; docs/extraction.md has the full tables). `bench:extract`
 * prints them beside the batch's figure of the run, so a reader sees the unseen figure next to the tuned one.
 */
export interface FirstLook {
  batch: number;
  /** the commit the first look ran on */
  commit: string;
  date: string;
  files: number;
  names: { p: number; r: number; f1: number };
  repos: { p: number; r: number };
}

export const FIRST_LOOKS: readonly FirstLook[] = [
  {
    batch: 3,
    commit: "62eafc0",
    date: "2026-11-26",
    files: 28,
    names: { p: 0.953, r: 0.723, f1: 0.822 },
    repos: { p: 1.0, r: 0.838 },
  },
  {
    batch: 4,
    commit: "07fe492",
    date: "2026-12-01",
    files: 26,
    names: { p: 0.791, r: 0.688, f1: 0.736 },
    repos: { p: 0.97, r: 0.914 },
  },
];

/** One line per first look: "batch 4 first look (commit 07fe492, 2026-12-01, 26 files): names ...". */
export function firstLookLines(looks: readonly FirstLook[] = FIRST_LOOKS): string[] {
  const f = (x: number) => x.toFixed(3);
  return looks.map(
    (l) =>
      `batch ${l.batch} first look (before any rule saw it; commit ${l.commit}, ${l.date}, ${l.files} files): names P ${f(l.names.p)}  R ${f(l.names.r)}  F1 ${f(l.names.f1)} | repo URLs P ${f(l.repos.p)}  R ${f(l.repos.r)}`,
  );
}
