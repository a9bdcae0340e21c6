import { AppError } from "../lib/index.ts";

/** What a multipart body turns into as it streams: parts begin, their bytes follow, then the end. */
export type MultipartEvent =
  | { type: "part"; name: string | null; filename: string | null }
  | { type: "data"; bytes: Uint8Array }
  | { type: "end" };

const CRLF = Buffer.from("\r\n");
const HEADERS_END = Buffer.from("\r\n\r\n");
/** A part's header block larger than this is not a form any client sends. */
export const MAX_PART_HEADER_BYTES = 16 * 1024;

export function unparsable(): AppError {
  return new AppError("missing_fields", 400, "the multipart body could not be parsed", {
    fields: ["resume", "hostUsername"],
  });
}

/** The boundary of a multipart/form-data content type, or null. */
export function boundaryOf(contentType: string | null): string | null {
  if (!contentType || !/^multipart\/form-data\s*;/i.test(contentType)) return null;
  const m = /;\s*boundary\s*=\s*(?:"([^"]{1,70})"|([^;\s]{1,70}))/i.exec(contentType);
  return m ? (m[1] ?? m[2] ?? null) : null;
}

/**
 * An incremental RFC 7578 parser: `push` each chunk as it arrives and get the events it completes.
 * It holds at most one chunk plus a boundary's length of bytes (and one header block), whatever the
 * size of the parts, so a file part can go straight to disk. The epilogue is ignored.
 */
export class MultipartParser {
  // a leading CRLF lets the first delimiter be found like every other one
  private buf: Buffer = CRLF;
  private state: "preamble" | "delimiter" | "headers" | "body" | "done" = "preamble";
  private readonly delimiter: Buffer;

  constructor(boundary: string) {
    this.delimiter = Buffer.from(`\r\n--${boundary}`);
  }

  get finished(): boolean {
    return this.state === "done";
  }

  push(chunk: Uint8Array): MultipartEvent[] {
    if (this.state === "done") return [];
    const out: MultipartEvent[] = [];
    const view = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    if (this.state === "body" && this.buf.length > 0 && view.length >= this.delimiter.length) {
      // no copy of the chunk unless a delimiter may straddle the two: the held tail is then plain data
      const joint = Buffer.concat([this.buf, view.subarray(0, this.delimiter.length - 1)]);
      if (joint.indexOf(this.delimiter) < 0) {
        out.push({ type: "data", bytes: this.buf });
        this.buf = view;
      } else this.buf = Buffer.concat([this.buf, view]);
    } else this.buf = this.buf.length ? Buffer.concat([this.buf, view]) : view;
    while (this.step(out));
    return out;
  }

  /** One state transition; false when more bytes are needed. */
  private step(out: MultipartEvent[]): boolean {
    const keep = this.delimiter.length - 1;
    switch (this.state) {
      case "preamble": {
        const i = this.buf.indexOf(this.delimiter);
        if (i < 0) {
          if (this.buf.length > keep) this.buf = this.buf.subarray(this.buf.length - keep);
          return false;
        }
        this.buf = this.buf.subarray(i + this.delimiter.length);
        this.state = "delimiter";
        return true;
      }
      case "delimiter": {
        if (this.buf.length < 2) return false;
        if (this.buf[0] === 0x2d && this.buf[1] === 0x2d) {
          this.state = "done";
          this.buf = Buffer.alloc(0);
          out.push({ type: "end" });
          return false;
        }
        const nl = this.buf.indexOf(CRLF);
        if (nl < 0) {
          if (this.buf.length > 256) throw unparsable();
          return false;
        }
        if (!/^[ \t]*$/.test(this.buf.subarray(0, nl).toString("latin1"))) throw unparsable();
        this.buf = this.buf.subarray(nl + 2);
        this.state = "headers";
        return true;
      }
      case "headers": {
        const empty = this.buf.length >= 2 && this.buf[0] === 0x0d && this.buf[1] === 0x0a;
        const end = empty ? 0 : this.buf.indexOf(HEADERS_END);
        if (end < 0) {
          if (this.buf.length > MAX_PART_HEADER_BYTES) throw unparsable();
          return false;
        }
        out.push({ type: "part", ...disposition(this.buf.subarray(0, end).toString("utf8")) });
        this.buf = this.buf.subarray(empty ? 2 : end + 4);
        this.state = "body";
        return true;
      }
      case "body": {
        const i = this.buf.indexOf(this.delimiter);
        if (i < 0) {
          if (this.buf.length > keep) {
            out.push({ type: "data", bytes: this.buf.subarray(0, this.buf.length - keep) });
            this.buf = this.buf.subarray(this.buf.length - keep);
          }
          return false;
        }
        if (i > 0) out.push({ type: "data", bytes: this.buf.subarray(0, i) });
        this.buf = this.buf.subarray(i + this.delimiter.length);
        this.state = "delimiter";
        return true;
      }
      default:
        return false;
    }
  }
}

/** The `name` and `filename` of a part's Content-Disposition (filename null when absent: a text field). */
function disposition(headers: string): { name: string | null; filename: string | null } {
  const line = headers.split("\r\n").find((l) => /^content-disposition\s*:/i.test(l));
  if (!line) return { name: null, filename: null };
  const params = new Map<string, string>();
  for (const m of line.matchAll(/;\s*([^=;\s]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g))
    params.set(m[1]!.toLowerCase(), (m[2] ?? m[3] ?? "").replace(/\\(.)/g, "$1").trim());
  const filename = params.get("filename") ?? (params.has("filename*") ? params.get("filename*")! : null);
  return { name: params.get("name") ?? null, filename };
}
