import type { GhCommit } from "../../src/github/types.ts";
import type { Database } from "../../src/storage/database.ts";
import { memoryDb } from "../support/memory-db.ts";

/** A fresh in-memory database with every migration applied (github_http_cache included). */
export const freshDb = (): Database => memoryDb();

/** A commit with sensible defaults; override what a test is about. */
export function commit(over: Partial<GhCommit> & { at?: string } = {}): GhCommit {
  const at = over.at ?? "2025-05-01T10:00:00Z";
  return {
    sha: over.sha ?? Math.random().toString(16).slice(2).padEnd(40, "0"),
    authorLogin: "dev",
    authorName: "Dev",
    authorEmail: "dev@example.com",
    authorDate: at,
    committerLogin: "dev",
    committerName: "Dev",
    committerEmail: "dev@example.com",
    committerDate: at,
    message: "change",
    parents: 1,
    verified: false,
    ...over,
  };
}
