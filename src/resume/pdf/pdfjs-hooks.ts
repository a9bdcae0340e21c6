import { inflateSync } from "node:zlib";
import { getResolvedPDFJS } from "unpdf";
import { extractWidthsOf } from "./font-widths.ts";
import { type PdfDict, pdfJsInternals } from "./pdfjs-internals.ts";
import { textOnlyFontClass } from "./text-only-font.ts";

/**
 * What the reader changes in pdf.js through the hook (pdfjs-internals.ts, `.patches/README.md`),
 * installed once, the first time a document is to be read:
 * - fonts are read for their text only where that gives the same glyphs (text-only-font.ts);
 * - glyph widths are read with cheap loops, to the same arrays (font-widths.ts);
 * - operator-list chunks list no buffers to transfer: pdf.js, running in a worker, lists a chunk's
 *   path and image buffers so they are moved to the main thread instead of copied, and listing them
 *   makes JavaScriptCore give every Float32Array of path data an ArrayBuffer of its own
 *   (`get buffer`), about 6% of reading a page drawn with many rules and icons. The reader runs
 *   pdf.js in its own thread and takes the chunks as they are (shared-operator-lists.ts); transfers
 *   only ever saved a copy;
 * - font programs are decoded as they are read: pdf.js inflates every FlateDecode stream whole
 *   (natively) before reading it, a font program too, although a font read for its text only reads
 *   the head of its program (a TrueType table directory, a Type 1 clear-text header); Chromium and
 *   Word embed fonts of 0.3-1 MB, and inflating and copying them was about a fifth of reading such a
 *   resume. A font program stream is instead decoded by pdf.js's own inflate, block by block as it is
 *   read (pdf.js's path when native inflation fails); both give the same bytes, so a font that is
 *   still converted reads the same program, decoded in JavaScript;
 * - the other FlateDecode streams pdf.js decodes whole (page content, object streams, CMaps) are
 *   inflated by zlib, synchronously, instead of through a DecompressionStream (see
 *   `inflateWholeWithZlib`).
 * All five follow the switch `setTextOnly`; off, pdf.js works as shipped (every program converted,
 * its own width loops, buffers listed, DecompressionStreams), which tests and the output check
 * compare against.
 */

let textOnly = true;
let installed: Promise<boolean> | null = null;

export function setTextOnly(on: boolean): void {
  textOnly = on;
}

const isTextOnly = () => textOnly;

/** The `_transfers` getter of OperatorList, answering null while the switch is on. */
function listNoTransfers(prototype: object): void {
  const listed = Object.getOwnPropertyDescriptor(prototype, "_transfers")?.get;
  if (!listed) return;
  Object.defineProperty(prototype, "_transfers", {
    configurable: true,
    get(this: object) {
      return textOnly ? null : listed.call(this);
    },
  });
}

/** Keys only a font program's stream dictionary has (Length1-3: Type 1 and TrueType; Subtype: FontFile3). */
const FONT_PROGRAM_SUBTYPES = new Set(["Type1C", "CIDFontType0C", "OpenType"]);

function isFontProgram(dict: PdfDict | undefined): boolean {
  if (!dict) return false;
  if (dict.get("Length1") !== undefined || dict.get("Length2") !== undefined) return true;
  const subtype = (dict.get("Subtype") as { name?: unknown } | undefined)?.name;
  return typeof subtype === "string" && FONT_PROGRAM_SUBTYPES.has(subtype);
}

/** The `isAsync` getter of FlateStream, false for a font program's stream while the switch is on. */
function decodeFontProgramsAsRead(prototype: object): void {
  const whole = Object.getOwnPropertyDescriptor(prototype, "isAsync")?.get;
  if (!whole) return;
  Object.defineProperty(prototype, "isAsync", {
    configurable: true,
    get(this: { dict?: PdfDict }) {
      return textOnly && isFontProgram(this.dict) ? false : whole.call(this);
    },
  });
}

/** The bytes a FlateDecode stream reads from (pdf.js's `stream` member of a decode stream). */
interface SourceStream {
  reset(): void;
  getBytes(): Uint8Array;
  readonly isAsync: boolean;
  asyncGetBytes(): Promise<Uint8Array | null>;
}

type WholeDecode = (format: string) => Promise<{ decompressed: Uint8Array | null; compressed: Uint8Array }>;

/**
 * A FlateDecode stream pdf.js decodes whole (a page's content, an object stream, a CMap) is inflated by
 * zlib, synchronously, instead of through a DecompressionStream: the same algorithm on the same bytes,
 * without a web stream's chunks, promises and the copy that joins them (about a twentieth of reading a
 * page of the slowest resumes). Where zlib refuses the data (a damaged stream, a wrong checksum, a
 * stream cut short) the shipped path runs as before, so pdf.js's own lenient inflate still decides what
 * such a stream holds.
 */
function inflateWholeWithZlib(prototype: object): void {
  const shipped = (prototype as { asyncGetBytesFromDecompressionStream?: WholeDecode })
    .asyncGetBytesFromDecompressionStream;
  if (typeof shipped !== "function") return;
  async function asyncGetBytesFromDecompressionStream(this: { stream: SourceStream }, format: string) {
    if (!textOnly || format !== "deflate") return shipped!.call(this, format);
    const source = this.stream;
    source.reset();
    const compressed = source.isAsync ? await source.asyncGetBytes() : source.getBytes();
    if (!compressed) return shipped!.call(this, format);
    let inflated: Uint8Array;
    try {
      inflated = inflateSync(compressed);
    } catch {
      return shipped!.call(this, format);
    }
    // a plain Uint8Array over a buffer of its own, as the shipped path gives (a Buffer's slice() is a view)
    const whole = inflated.byteOffset === 0 && inflated.byteLength === inflated.buffer.byteLength;
    const decompressed = whole
      ? new Uint8Array(inflated.buffer as ArrayBuffer, 0, inflated.byteLength)
      : Uint8Array.prototype.slice.call(inflated);
    return { decompressed, compressed };
  }
  Object.defineProperty(prototype, "asyncGetBytesFromDecompressionStream", {
    configurable: true,
    writable: true,
    value: asyncGetBytesFromDecompressionStream,
  });
}

async function install(): Promise<boolean> {
  await getResolvedPDFJS();
  const hook = pdfJsInternals();
  if (!hook) return false;
  const pdf = hook.internals;
  hook.setFont(textOnlyFontClass(pdf, isTextOnly));
  const evaluator = pdf.PartialEvaluator.prototype as { extractWidths: (...args: unknown[]) => void };
  const shipped = evaluator.extractWidths;
  const cheap = extractWidthsOf(pdf) as (...args: unknown[]) => void;
  evaluator.extractWidths = function extractWidths(this: unknown, ...args: unknown[]) {
    (textOnly ? cheap : shipped).apply(this, args);
  };
  listNoTransfers(pdf.OperatorList.prototype);
  decodeFontProgramsAsRead(pdf.FlateStream.prototype);
  inflateWholeWithZlib(pdf.FlateStream.prototype);
  return true;
}

/** Install the changes once (loading pdf.js); false when pdf.js carries no hook (it then works as shipped). */
export function installPdfJsHooks(): Promise<boolean> {
  installed ??= install();
  return installed;
}
