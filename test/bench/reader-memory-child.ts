/**
 * `bun test/bench/reader-memory-child.ts pdfjs|pdfium|none <files.json>`: reads every listed PDF with
 * one reader (or, for `none`, only the files' bytes) and prints this process's peak resident memory
 * in bytes (VmHWM). Only the chosen reader is loaded, so the three figures compare what each reader costs.
 */
import { argv } from "node:process";

const [name, list] = argv.slice(2);
if (!list || !["pdfjs", "pdfium", "none"].includes(name ?? "")) {
  console.error("usage: bun test/bench/reader-memory-child.ts pdfjs|pdfium|none <files.json>");
  process.exit(2);
}
const read =
  name === "pdfjs"
    ? (await import("../../src/resume/pdf/pdf-reader.ts")).readPdf
    : name === "pdfium"
      ? (await import("./pdfium-reader.ts")).readPdfWithPdfium
      : null;
for (const file of (await Bun.file(list).json()) as string[]) {
  const bytes = new Uint8Array(await Bun.file(file).arrayBuffer());
  if (read) await read(bytes).catch(() => null);
}
// The peak of this process image (VmHWM): getrusage's maxRSS keeps the high-water mark of the parent
// that spawned it (the mark survives fork and exec), so a large parent hides the reader's own figure.
const status = await Bun.file("/proc/self/status")
  .text()
  .catch(() => "");
const hwm = /^VmHWM:\s+(\d+)\s+kB/m.exec(status);
console.log(Number(hwm ? hwm[1] : process.resourceUsage().maxRSS) * 1024);
