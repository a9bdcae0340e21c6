import PDFDocument from "pdfkit";

/** A PDF drawn by `draw` with pdfkit, the shipped DejaVu Sans registered as "sans" and "bold". */
export async function pdfkitDocument(draw: (doc: PDFKit.PDFDocument) => void): Promise<Uint8Array> {
  const doc = new PDFDocument({ size: "A4", margin: 50, info: { CreationDate: new Date(Date.UTC(2025, 0, 1)) } });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((r) => doc.on("end", () => r()));
  doc.registerFont("sans", "node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf");
  doc.registerFont("bold", "node_modules/dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf");
  draw(doc);
  doc.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}
