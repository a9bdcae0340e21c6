import { describe, expect, test } from "bun:test";
import { boundaryOf, type MultipartEvent, MultipartParser } from "../../src/http/multipart-stream.ts";
import { BodyBudget } from "../../src/lib/body-budget.ts";
import { bodyChunks, readSmallBody, type Timers } from "../../src/lib/body-stream.ts";
import { AppError } from "../../src/lib/errors.ts";
import { seededRandom } from "../support/seeded-random.ts";

const enc = new TextEncoder();

/** Parts as the parser reports them, with each part's bytes joined. */
function collect(
  body: Uint8Array,
  boundary: string,
  cuts: number[],
): Array<{ name: string | null; filename: string | null; body: string }> {
  const p = new MultipartParser(boundary);
  const events: MultipartEvent[] = [];
  let at = 0;
  for (const cut of [...cuts, body.length]) {
    events.push(...p.push(body.subarray(at, cut)));
    at = cut;
  }
  expect(p.finished).toBe(true);
  const parts: Array<{ name: string | null; filename: string | null; body: string }> = [];
  for (const e of events) {
    if (e.type === "part") parts.push({ name: e.name, filename: e.filename, body: "" });
    else if (e.type === "data") parts.at(-1)!.body += Buffer.from(e.bytes).toString("latin1");
  }
  return parts;
}

const BODY = enc.encode(
  "preamble to ignore\r\n" +
    '--XyZ\r\nContent-Disposition: form-data; name="hostUsername"\r\n\r\noctocat\r\n' +
    '--XyZ\r\ncontent-disposition: form-data; name="resume"; filename="a \\"b\\".pdf"\r\nContent-Type: application/pdf\r\n\r\n' +
    "%PDF-1.4 --XyZnot a delimiter\r\n\r\n--Xy\r\n" +
    "\r\n--XyZ  \r\n\r\nno headers\r\n--XyZ--\r\nepilogue",
);
const EXPECTED = [
  { name: "hostUsername", filename: null, body: "octocat" },
  { name: "resume", filename: 'a "b".pdf', body: "%PDF-1.4 --XyZnot a delimiter\r\n\r\n--Xy\r\n" },
  { name: null, filename: null, body: "no headers" },
];

describe("MultipartParser", () => {
  test("the same parts however the body is cut into chunks", () => {
    expect(collect(BODY, "XyZ", [])).toEqual(EXPECTED);
    for (let i = 1; i < BODY.length; i++) expect(collect(BODY, "XyZ", [i])).toEqual(EXPECTED); // every split point
    expect(
      collect(
        BODY,
        "XyZ",
        Array.from({ length: BODY.length - 1 }, (_, i) => i + 1),
      ),
    ).toEqual(EXPECTED); // byte by byte
    const rand = seededRandom(15);
    for (let n = 0; n < 200; n++) {
      const cuts = [...new Set(Array.from({ length: 6 }, () => 1 + Math.floor(rand() * (BODY.length - 1))))].sort(
        (a, b) => a - b,
      );
      expect(collect(BODY, "XyZ", cuts)).toEqual(EXPECTED);
    }
  });

  test("holds at most one chunk plus a delimiter's length, whatever the part's size", () => {
    const p = new MultipartParser("b");
    p.push(enc.encode('--b\r\ncontent-disposition: form-data; name="resume"; filename="x"\r\n\r\n'));
    let out = 0;
    const chunk = new Uint8Array(128 * 1024).fill(0x41);
    for (let i = 0; i < 100; i++) for (const e of p.push(chunk)) if (e.type === "data") out += e.bytes.length;
    expect(out).toBeGreaterThan(100 * chunk.length - 10);
  });

  test("malformed bodies are missing_fields", () => {
    const bad = (s: string, cuts: number[] = []) => {
      const p = new MultipartParser("b");
      const body = enc.encode(s);
      let at = 0;
      for (const c of [...cuts, body.length]) {
        p.push(body.subarray(at, c));
        at = c;
      }
      return p.finished;
    };
    expect(() => bad(`--b\r\n${"x: y\r\n".repeat(5000)}`)).toThrow(AppError);
    expect(() => bad("--bgarbage\r\n\r\n")).toThrow(/could not be parsed/);
    expect(bad("--b\r\ncontent-disposition: form-data; name=a\r\n\r\nvalue without end")).toBe(false);
    expect(bad("no delimiter at all")).toBe(false);
  });

  test("boundaryOf", () => {
    expect(boundaryOf("multipart/form-data; boundary=abc")).toBe("abc");
    expect(boundaryOf('multipart/form-data; charset=utf-8; boundary="a b"')).toBe("a b");
    expect(boundaryOf("multipart/form-data")).toBeNull();
    expect(boundaryOf("text/plain; boundary=abc")).toBeNull();
    expect(boundaryOf(null)).toBeNull();
  });
});

/** Timers a test fires by hand. */
class ManualTimers implements Timers {
  pending = new Map<number, { fn: () => void; ms: number }>();
  private next = 1;
  setTimeout(fn: () => void, ms: number): unknown {
    const id = this.next++;
    this.pending.set(id, { fn, ms });
    return id;
  }
  clearTimeout(h: unknown): void {
    this.pending.delete(h as number);
  }
  fireAll(): void {
    for (const [id, t] of [...this.pending]) {
      this.pending.delete(id);
      t.fn();
    }
  }
}

/** A request whose body sends `first` and then nothing, ever; `cancelled` tells whether the reader gave up. */
function stalledRequest(first: Uint8Array) {
  const state = { cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      c.enqueue(first);
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { request: new Request("http://x/", { method: "POST", body }), state };
}

describe("bodyChunks", () => {
  test("a body that stops arriving is abandoned with 408 request_timeout once the idle timer fires", async () => {
    const timers = new ManualTimers();
    const { request, state } = stalledRequest(enc.encode("partial"));
    const tooLarge = () => new AppError("payload_too_large", 413);
    const reading = readSmallBody(request, { maxBytes: 1000, tooLarge, idleTimeoutMs: 10_000, timers });
    await Promise.resolve();
    await new Promise((r) => setImmediate(r)); // let the first chunk arrive and the next read wait
    expect([...timers.pending.values()].map((t) => t.ms)).toEqual([10_000]);
    timers.fireAll();
    const err = await reading.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(408);
    expect((err as AppError).code).toBe("request_timeout");
    expect(state.cancelled).toBe(true);
    expect(timers.pending.size).toBe(0);
  });

  test("a trickle that never stops being idle is still abandoned at the deadline", async () => {
    const timers = new ManualTimers();
    let deliver: (() => void) | null = null;
    const state = { cancelled: false };
    const body = new ReadableStream<Uint8Array>({
      async pull(c) {
        await new Promise<void>((r) => (deliver = r));
        c.enqueue(enc.encode("x"));
      },
      cancel() {
        state.cancelled = true;
      },
    });
    const reading = readSmallBody(new Request("http://x/", { method: "POST", body }), {
      maxBytes: 1000,
      tooLarge: () => new AppError("payload_too_large", 413),
      idleTimeoutMs: 10_000,
      deadlineMs: 30_000,
      timers,
    }).catch((e: AppError) => e);
    const tick = () => new Promise((r) => setImmediate(r));
    for (let i = 0; i < 5; i++) {
      await tick();
      (deliver as (() => void) | null)?.(); // one byte, before the idle timer fires
    }
    await tick();
    // the idle timer is re-armed after every byte; the deadline was armed once
    expect([...timers.pending.values()].map((t) => t.ms).sort()).toEqual([10_000, 30_000]);
    const deadline = [...timers.pending].find(([, t]) => t.ms === 30_000)!;
    timers.pending.delete(deadline[0]);
    deadline[1].fn();
    const err = (await reading) as AppError;
    expect(err.status).toBe(408);
    expect(err.message).toContain("did not arrive within 30 s");
    expect(state.cancelled).toBe(true);
    expect(timers.pending.size).toBe(0);
  });

  test("more than maxBytes is refused as soon as it arrives, and the stream is cancelled", async () => {
    const state = { cancelled: false, pulled: 0 };
    const body = new ReadableStream<Uint8Array>({
      pull(c) {
        state.pulled++;
        c.enqueue(new Uint8Array(600));
      },
      cancel() {
        state.cancelled = true;
      },
    });
    const request = new Request("http://x/", { method: "POST", body });
    const err = await readSmallBody(request, {
      maxBytes: 1000,
      tooLarge: () => new AppError("payload_too_large", 413),
      idleTimeoutMs: 60_000,
    }).catch((e: AppError) => e);
    expect((err as AppError).status).toBe(413);
    expect(state.cancelled).toBe(true);
    expect(state.pulled).toBeLessThan(5);
  });

  test("a complete body passes through whole; no timer is left behind", async () => {
    const timers = new ManualTimers();
    const chunks: string[] = [];
    for await (const c of bodyChunks(new Request("http://x/", { method: "POST", body: "hello world" }), {
      maxBytes: 100,
      tooLarge: () => new AppError("payload_too_large", 413),
      idleTimeoutMs: 5,
      timers,
    }))
      chunks.push(Buffer.from(c).toString());
    expect(chunks.join("")).toBe("hello world");
    expect(timers.pending.size).toBe(0);
  });
});

describe("BodyBudget", () => {
  test("reservations add up to the limit; past it 503 server_busy with Retry-After; release gives back once", () => {
    const b = new BodyBudget(1000);
    const r1 = b.reserve(600);
    const r2 = b.reserve(400);
    expect(b.inFlightBytes).toBe(1000);
    let err: AppError | null = null;
    try {
      b.reserve(1);
    } catch (e) {
      err = e as AppError;
    }
    expect(err?.status).toBe(503);
    expect(err?.code).toBe("server_busy");
    expect(Number(err?.headers["Retry-After"])).toBeGreaterThan(0);
    expect(err?.extra.retryAfter).toBe(Number(err?.headers["Retry-After"]));
    r1();
    r1(); // idempotent
    expect(b.inFlightBytes).toBe(400);
    b.reserve(600)();
    r2();
    expect(b.inFlightBytes).toBe(0);
  });
});

describe("BodyBudget shares", () => {
  const request = () => new Request("http://x/", { method: "POST" });
  const refusal = (fn: () => unknown): AppError | null => {
    try {
      fn();
      return null;
    } catch (e) {
      return e as AppError;
    }
  };

  test("one sender holds at most a quarter of the budget (at least one reservation); others go on beside it", () => {
    const b = new BodyBudget(1000);
    const a1 = request();
    const a2 = request();
    const c = request();
    b.senderIs(a1, "client:a");
    b.senderIs(a2, "client:a");
    b.senderIs(c, "client:c");
    const r1 = b.reserve(200, a1);
    expect(b.reserve(50, a2)).toBeFunction(); // 250: exactly its share
    const past = refusal(() => b.reserve(1, a2));
    expect(past?.code).toBe("server_busy");
    expect(past?.message).toContain("its share");
    expect(b.heldBy("client:a")).toBe(250);
    b.reserve(250, c);
    expect(b.heldBy("client:c")).toBe(250);
    r1();
    expect(b.heldBy("client:a")).toBe(50);
    expect(b.inFlightBytes).toBe(300);
  });

  test("a first reservation larger than the share is allowed while the budget has room; requests without a sender count globally only", () => {
    const b = new BodyBudget(1000);
    const big = request();
    b.senderIs(big, "address:10.0.0.1");
    const r = b.reserve(600, big);
    expect(refusal(() => b.reserve(1, big))?.code).toBe("server_busy");
    b.reserve(400); // no sender: the global budget alone
    expect(refusal(() => b.reserve(1))?.code).toBe("server_busy");
    r();
    expect(b.heldBy("address:10.0.0.1")).toBe(0);
  });

  test("the sender named last wins (an upload is its client's once authenticated)", () => {
    const b = new BodyBudget(1000);
    const req = request();
    b.senderIs(req, "address:127.0.0.1");
    b.senderIs(req, "client:a");
    b.reserve(100, req);
    expect(b.heldBy("client:a")).toBe(100);
    expect(b.heldBy("address:127.0.0.1")).toBe(0);
  });
});
