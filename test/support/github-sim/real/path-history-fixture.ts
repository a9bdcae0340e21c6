/**
 * A real public history's metadata with every file path (format 2): what derive-fixture.ts keeps (dates,
 * fictional identities, merges, subjects reduced to tool defaults) plus, per commit, each changed path
 * with its lines added and deleted and the author's time zone. Paths are what tell a first release from
 * a vendored `lib/`, an uploaded PDF or a lockfile; no file content is kept.
 */
export interface PathHistoryFixture {
  format: 2;
  /** "github.com/owner/name" the history was derived from */
  source: string;
  /** the head commit it was derived at */
  head: string;
  commitCount: number;
  /** every path changed anywhere in the history; commits refer to them by index */
  paths: string[];
  commits: {
    /** author identity: "candidate", "contrib-N", "web-flow" (GitHub's web editor) or a public bot */
    a: string[];
    /** committer identity, same ids */
    c: string[];
    /** author epoch seconds, delta-encoded (each value minus the previous) */
    at: number[];
    /** committer epoch seconds, delta-encoded */
    ct: number[];
    /** the author's time-zone offset, e.g. "-0700" */
    tz: string[];
    /** index of the second parent (a merge), or -1 */
    merge: number[];
    /** subject: a tool default, a version, a bare date, or "Change <code>" (a letter code per distinct
     * subject),
     * with markers kept: a pull-request suffix " (#N)", "[skip ci]", and a git-svn-id or --HG-- body line */
    m: string[];
    /** per commit against its first parent, flat triples [pathIndex, added, deleted]: added -1 = a binary
     * file added or changed, -2 = the path deleted (deleted = the lines it had, 0 if binary) */
    f: number[][];
  };
}

/** A decoded format-2 fixture: absolute epoch seconds per commit. */
export interface PathHistory {
  fixture: PathHistoryFixture;
  authorAt: number[];
  committerAt: number[];
}
