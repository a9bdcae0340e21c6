import { describe, expect, test } from "bun:test";
import PDFDocument from "pdfkit";
import { getDocumentProxy } from "unpdf";
import { readPdf } from "../../../src/resume/pdf/pdf-reader.ts";
import { configurePdfJs } from "../../../src/resume/pdf/pdfjs-fonts.ts";
import { copyChunk, shareOperatorLists } from "../../../src/resume/pdf/shared-operator-lists.ts";
import { fixture } from "../support/fixtures.ts";

describe("operator lists shared across pdf.js's loopback port", () => {
  test("a chunk's copy keeps what was sent when the sender empties its arrays afterwards", () => {
    const glyphs = [{ unicode: "a" }];
    const sent = { streamId: 1, chunk: { fnArray: [44], argsArray: [[glyphs]], lastChunk: false } };
    const received = copyChunk(sent);
    sent.chunk.fnArray.length = 0;
    sent.chunk.argsArray.length = 0;
    expect(received.chunk.fnArray).toEqual([44]);
    expect(received.chunk.argsArray).toEqual([[glyphs]]);
    expect(received.streamId).toBe(1);
  });

  test("installs on a pdf.js document and leaves the global structuredClone as it was", async () => {
    const clone = globalThis.structuredClone;
    const doc = await getDocumentProxy(await fixture("annotation-links.pdf"));
    expect(shareOperatorLists(doc)).toBe(true);
    const page = await doc.getPage(1);
    const list = await page.getOperatorList();
    expect(list.fnArray.length).toBeGreaterThan(10);
    expect(globalThis.structuredClone).toBe(clone);
    await doc.loadingTask.destroy();
  });

  test("a document without a port is left alone; other messages still get a full copy", () => {
    expect(shareOperatorLists(null)).toBe(false);
    expect(shareOperatorLists({ _transport: {} })).toBe(false);
    const seen: unknown[] = [];
    const port = {
      postMessage(message: unknown) {
        seen.push(structuredClone(message));
      },
    };
    expect(shareOperatorLists({ _transport: { messageHandler: { comObj: port } } })).toBe(true);
    const other = { action: "GetPage", data: { nested: [1, 2] } };
    port.postMessage(other);
    expect(seen[0]).toEqual(other);
    expect(seen[0]).not.toBe(other);
    expect((seen[0] as typeof other).data).not.toBe(other.data);
  });

  test("the reader reads the same glyphs as with full copies", async () => {
    const pdf = await fixture("two-column.pdf");
    const shared = await readPdf(pdf);
    const clone = globalThis.structuredClone;
    // a full copy of every message, as pdf.js does by itself
    const doc = await getDocumentProxy(pdf.slice());
    const list = await (await doc.getPage(1)).getOperatorList();
    await doc.loadingTask.destroy();
    expect(globalThis.structuredClone).toBe(clone);
    const texts = shared.pages[0]!.glyphs.map((g) => g.text).join("");
    expect(texts.length).toBeGreaterThan(100);
    // every glyph the full-copy list shows is in the shared read, in order
    const shown = (list.argsArray as unknown[])
      .flatMap((a) => (Array.isArray(a) && Array.isArray(a[0]) ? (a[0] as Array<{ unicode?: string }>) : []))
      .map((g) => (typeof g === "object" && g ? (g.unicode ?? "") : ""))
      .join("");
    expect(texts.replace(/\s/g, "")).toBe(shown.replace(/\s/g, ""));
  });
});

describe("transfer lists of operator-list chunks (pdf.js patched, see .patches/README.md)", () => {
  /** A page with paths (their data are Float32Array buffers pdf.js would list for transfer). */
  async function pageWithPaths(): Promise<Uint8Array> {
    const doc = new PDFDocument({ size: "A4" });
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    const done = new Promise<void>((resolve) => doc.on("end", () => resolve()));
    for (let i = 0; i < 20; i++) doc.rect(50, 50 + i * 30, 400, 2).fill("#cccccc");
    doc.text("Projects", 50, 20);
    doc.end();
    await done;
    return new Uint8Array(Buffer.concat(chunks));
  }

  /** The transfer list of every operator-list chunk pdf.js posts while building page 1's list. */
  async function chunkTransfers(pdf: Uint8Array): Promise<unknown[]> {
    // pdf.js takes ownership of (detaches) the buffer it is given
    const doc = await getDocumentProxy(pdf.slice());
    const port = (doc as unknown as { _transport: { messageHandler: { comObj: Port } } })._transport.messageHandler
      .comObj;
    const post = port.postMessage.bind(port);
    const seen: unknown[] = [];
    port.postMessage = (message: unknown, transfer?: unknown) => {
      if ((message as { chunk?: { fnArray?: unknown } }).chunk?.fnArray) seen.push(transfer ?? null);
      post(message, transfer);
    };
    await (await doc.getPage(1)).getOperatorList();
    await doc.loadingTask.destroy();
    return seen;
  }

  interface Port {
    postMessage(message: unknown, transfer?: unknown): void;
  }

  test("a text-only read lists no buffers; pdf.js as unpatched lists the path buffers", async () => {
    const pdf = await pageWithPaths();
    try {
      await configurePdfJs(false);
      const textOnly = await chunkTransfers(pdf);
      expect(textOnly.length).toBeGreaterThan(0);
      expect(textOnly.every((t) => t === null)).toBe(true);
      await configurePdfJs(true);
      const unpatched = await chunkTransfers(pdf);
      expect(unpatched.some((t) => Array.isArray(t) && t.length > 0)).toBe(true);
    } finally {
      await configurePdfJs(false);
    }
  });
});
