/**
 * Compact metadata of a real public git history (derive-fixture.ts writes it): columnar per commit, in
 * topological order oldest first. Dates are epoch seconds delta-encoded (each value minus the previous).
 */
export interface HistoryFixture {
  format: 1;
  /** "github.com/owner/name" the history was derived from */
  source: string;
  /** the head commit it was derived at */
  head: string;
  commitCount: number;
  commits: {
    /** author identity: "candidate", "contrib-N", or a public bot */
    a: string[];
    /** committer identity, same ids */
    c: string[];
    /** author epoch seconds, delta-encoded */
    at: number[];
    /** committer epoch seconds, delta-encoded */
    ct: number[];
    /** index of the second parent (a merge), or -1 */
    merge: number[];
    add: number[];
    del: number[];
    files: number[];
    /** subject: a tool default, a bare date, or "Change <k>" */
    m: string[];
    /** of `add` and `files`: lines added in and files the candidate did not write: lockfiles, vendored and built trees, documents, media, data (the
     * analysis's isAuthoredFile at derivation time); absent when none */
    gadd?: number[];
    gfiles?: number[];
  };
}
