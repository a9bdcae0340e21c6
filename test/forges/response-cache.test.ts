import { describe, expect, test } from "bun:test";
import { MemoryResponseCache } from "../../src/forges/http/response-cache.ts";

const answer = (body: string) => ({ etag: `W/"${body}"`, headers: {}, body });

describe("MemoryResponseCache", () => {
  test("entries are per token partition", () => {
    const c = new MemoryResponseCache();
    c.put("https://h/x", "p1", answer("a"));
    expect(c.get("https://h/x", "p1")?.body).toBe("a");
    expect(c.get("https://h/x", "p2")).toBeNull();
  });

  test("bounded by entries and bytes, dropping the least recently used", () => {
    const c = new MemoryResponseCache(2, 10);
    c.put("u1", "p", answer("aaaa"));
    c.put("u2", "p", answer("bbbb"));
    c.get("u1", "p");
    c.put("u3", "p", answer("cccc"));
    expect(c.get("u2", "p")).toBeNull();
    expect(c.get("u1", "p")?.body).toBe("aaaa");
    expect(c.size).toBe(2);
    c.put("u4", "p", answer("0123456789ab"));
    expect(c.get("u4", "p")).toBeNull();
    c.put("u1", "p", answer("dddddddd"));
    expect(c.size).toBe(1);
    expect(c.get("u1", "p")?.body).toBe("dddddddd");
  });
});
