/**
 * The conditional-request cache of the forge clients, behind a small interface. In memory for now (one
 * process; lost on restart): a persistent store can implement the same interface once the storage layer's
 * asynchronous form has landed.
 */

export interface CachedAnswer {
  etag: string | null;
  /** the headers worth replaying (pagination, type) */
  headers: Record<string, string>;
  body: string;
}

export interface ResponseCache {
  get(url: string, partition: string): CachedAnswer | null;
  put(url: string, partition: string, answer: CachedAnswer): void;
}

/** Least-recently-used, bounded by entries and by total body size. */
export class MemoryResponseCache implements ResponseCache {
  private entries = new Map<string, CachedAnswer>();
  private bytes = 0;

  constructor(
    private maxEntries = 5_000,
    private maxBytes = 64 * 1024 * 1024,
  ) {}

  get(url: string, partition: string): CachedAnswer | null {
    const key = `${partition} ${url}`;
    const hit = this.entries.get(key);
    if (!hit) return null;
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit;
  }

  put(url: string, partition: string, answer: CachedAnswer): void {
    const key = `${partition} ${url}`;
    const old = this.entries.get(key);
    if (old) {
      this.bytes -= old.body.length;
      this.entries.delete(key);
    }
    if (answer.body.length > this.maxBytes) return;
    this.entries.set(key, answer);
    this.bytes += answer.body.length;
    for (const [k, v] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= v.body.length;
    }
  }

  get size(): number {
    return this.entries.size;
  }
}

/** The process's cache: every forge source shares it unless given its own (or null). */
export const processResponseCache = new MemoryResponseCache();
