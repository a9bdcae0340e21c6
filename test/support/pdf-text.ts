import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** pdftotext's text of a PDF, with its line breaks and spacing made single spaces. */
export function pdfText(pdf: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), "claimcheck-pdf-"));
  try {
    writeFileSync(join(dir, "r.pdf"), pdf);
    // -raw: content order, and a hyphen at a line end kept (the default reading joins "mallory-\npainter" into one word)
    const out = Bun.spawnSync(["pdftotext", "-raw", "-enc", "UTF-8", join(dir, "r.pdf"), "-"]);
    if (out.exitCode !== 0) throw new Error(`pdftotext failed: ${out.stderr.toString()}`);
    // a line broken after a hyphen (PDFKit breaks "mallory-painter" there) is joined back
    return out.stdout
      .toString()
      .replace(/-\n(?=\S)/g, "-")
      .replace(/\s+/g, " ");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** pdftotext's text of each page of a PDF (split at its form feeds), spacing made single spaces. */
export function pdfPages(pdf: Uint8Array): string[] {
  const dir = mkdtempSync(join(tmpdir(), "claimcheck-pdf-"));
  try {
    writeFileSync(join(dir, "r.pdf"), pdf);
    const out = Bun.spawnSync(["pdftotext", "-raw", "-enc", "UTF-8", join(dir, "r.pdf"), "-"]);
    if (out.exitCode !== 0) throw new Error(`pdftotext failed: ${out.stderr.toString()}`);
    const pages = out.stdout.toString().split("\f");
    if (pages.at(-1)?.trim() === "") pages.pop();
    return pages.map((p) => p.replace(/-\n(?=\S)/g, "-").replace(/\s+/g, " "));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
