import { deflateSync } from "node:zlib";

/**
 * A small PDF that is slow to read: `pages` pages whose /Contents all name one compressed stream of
 * `operators` text operators, so the reader interprets the stream once per page (pages x operators in
 * all) while the file stays a few kilobytes. With 20 pages and 100,000 operators it is the attack that
 * held a reader about 25 s; `operators` small makes an ordinary-looking document of the same shape.
 */
export function sharedStreamBomb(o: { pages?: number; operators?: number } = {}): Uint8Array {
  const pages = o.pages ?? 20;
  const operators = o.operators ?? 100_000;
  const content = `BT /F1 10 Tf 72 720 Td\n${"(x) Tj\n".repeat(operators)}ET\n`;
  const stream = deflateSync(Buffer.from(content, "latin1"));
  const pageIds = Array.from({ length: pages }, (_, i) => 5 + i);
  const objects: Array<string | Buffer> = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pages} >>`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    Buffer.concat([
      Buffer.from(`<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`, "latin1"),
      stream,
      Buffer.from("\nendstream", "latin1"),
    ]),
    ...pageIds.map(
      () =>
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 4 0 R >>",
    ),
  ];
  const parts: Buffer[] = [Buffer.from("%PDF-1.4\n", "latin1")];
  const offsets: number[] = [];
  let at = parts[0]!.length;
  objects.forEach((body, i) => {
    const chunk = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`, "latin1"),
      typeof body === "string" ? Buffer.from(body, "latin1") : body,
      Buffer.from("\nendobj\n", "latin1"),
    ]);
    offsets.push(at);
    at += chunk.length;
    parts.push(chunk);
  });
  const xref = [
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`,
    ...offsets.map((off) => `${String(off).padStart(10, "0")} 00000 n \n`),
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${at}\n%%EOF\n`,
  ].join("");
  parts.push(Buffer.from(xref, "latin1"));
  return new Uint8Array(Buffer.concat(parts));
}
