import { getDocumentProxy, getResolvedPDFJS } from "unpdf";
import { TINY_FONT_PT } from "../layout/hidden-text.ts";
import { ResumeError } from "../types.ts";
import {
  type InterpretedPage,
  interpretOperatorList,
  type Matrix,
  TooManyGlyphsError,
  transformBox,
} from "./content-interpreter.ts";
import { configurePdfJs, type FontRead, NULL_FONT_SET, pageFonts } from "./pdfjs-fonts.ts";
import { preflightPdf } from "./preflight.ts";
import type { FontInfo, LinkAnnotation, RawDocument, RawPage } from "./raw-document.ts";
import { shareOperatorLists } from "./shared-operator-lists.ts";

/**
 * The only module that talks to pdf.js (through unpdf). It turns PDF bytes into a RawDocument and
 * every pdf.js failure into a ResumeError with an actionable message. Everything after it is pure.
 */

export interface ReadLimits {
  /** a resume has a few pages; more than this is refused as hostile or not a resume */
  maxPages: number;
  maxGlyphsPerPage: number;
  /** called between pages; throws (a ResumeError) when the process is over its memory budget */
  checkBudget?: () => void;
}

export const DEFAULT_READ_LIMITS: ReadLimits = { maxPages: 30, maxGlyphsPerPage: 200_000 };

/** How a read is done, for checks of the reader itself; the service uses the defaults. */
export interface ReadOptions {
  /**
   * convert every embedded font program as pdf.js does for drawing, instead of reading the fonts
   * the dictionary describes for their text only (slower; the glyphs are the same, see pdfjs-fonts.ts;
   * process-wide: the last read's choice holds for every document being read)
   */
  convertFonts?: boolean;
  /** told, for every font a page uses, how pdf.js read it */
  onFont?(font: { page: number; name: string; read: FontRead }): void;
}

type PdfDoc = Awaited<ReturnType<typeof getDocumentProxy>>;
type PdfPage = Awaited<ReturnType<PdfDoc["getPage"]>>;

const BASE_OPTIONS = {
  verbosity: 0,
  isEvalSupported: false,
  disableFontFace: false,
  ownerDocument: { fonts: NULL_FONT_SET },
  useSystemFonts: false,
  enableXfa: false,
  isOffscreenCanvasSupported: false,
  stopAtErrors: false,
};

/** Map anything pdf.js throws to the ResumeError a person can act on. */
export function toResumeError(err: unknown): ResumeError {
  if (err instanceof ResumeError) return err;
  const name = (err as { name?: string } | null)?.name ?? "";
  const message = String((err as { message?: string } | null)?.message ?? err);
  if (name === "PasswordException") {
    return new ResumeError(
      "pdf_encrypted",
      "the PDF is password-protected; open it, print or export it to a new PDF without a password, and upload that",
    );
  }
  if (
    err instanceof TooManyGlyphsError ||
    err instanceof RangeError ||
    /call stack|too much recursion/i.test(message)
  ) {
    return new ResumeError(
      "pdf_too_complex",
      "the PDF is built in a way that is too complex to read safely (deeply nested or oversized structures); print it to a new PDF and upload that",
    );
  }
  if (name === "InvalidPDFException" || /invalid pdf|bad xref|no pdf header/i.test(message)) {
    return new ResumeError(
      "pdf_corrupt",
      `the file is damaged and cannot be read as a PDF (${message}); export the resume to PDF again and upload the new file`,
    );
  }
  return new ResumeError(
    "pdf_corrupt",
    `the PDF could not be read (${message}); export the resume to PDF again and upload the new file`,
  );
}

let opsTable: Record<string, number> | null = null;

async function loadDocument(bytes: Uint8Array, maxImageSize: number): Promise<PdfDoc> {
  // pdf.js takes ownership of (detaches) the buffer it is given: hand it a copy.
  const doc = await getDocumentProxy(bytes.slice(), { ...BASE_OPTIONS, maxImageSize } as unknown as Parameters<
    typeof getDocumentProxy
  >[1]);
  shareOperatorLists(doc);
  return doc;
}

/** pdf.js AnnotationMode.DISABLE: leave annotation appearance streams out of the operator list. */
const ANNOTATION_MODE_DISABLE = 0;

/** Link annotations read per page; a resume page has a few dozen at most. */
const MAX_LINKS_PER_PAGE = 500;

/** pdf.js AnnotationType.LINK */
const LINK_ANNOTATION = 2;

/** PDF annotation flags that keep an annotation from being shown: Hidden (2) and NoView (32). */
const NOT_VIEWED = 2 | 32;

interface LinkData {
  annotationType?: number;
  annotationFlags?: number;
  pageIndex?: number;
  rect?: number[];
  url?: string;
  unsafeUrl?: string;
}

/**
 * Every link annotation of the document, by page number, in one request. pdf.js's per-page
 * getAnnotations() also extracts the page's whole text content to fill each link's `overlaidText`,
 * which is a second parse of every page's content stream; we join links to the glyphs we already
 * have, so we ask for the annotations by type, which reads only the annotation dictionaries.
 */
async function readLinks(doc: PdfDoc, viewports: Map<number, Matrix>): Promise<Map<number, LinkAnnotation[]>> {
  const byPage = new Map<number, LinkAnnotation[]>();
  const annots = ((await doc.getAnnotationsByType(new Set([LINK_ANNOTATION]), new Set<number>())) ?? []) as LinkData[];
  for (const a of annots) {
    if (a.annotationType !== LINK_ANNOTATION || !a.rect || ((a.annotationFlags ?? 0) & NOT_VIEWED) !== 0) continue;
    const page = (a.pageIndex ?? -1) + 1;
    const viewport = viewports.get(page);
    if (!viewport) continue;
    const uri = typeof a.unsafeUrl === "string" && a.unsafeUrl ? a.unsafeUrl : a.url;
    if (typeof uri !== "string" || !uri.trim()) continue;
    const list = byPage.get(page) ?? [];
    if (list.length >= MAX_LINKS_PER_PAGE) continue;
    const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = a.rect;
    list.push({ ...transformBox(viewport, x0, y0, x1, y1), uri: uri.trim() });
    byPage.set(page, list);
  }
  return byPage;
}

/** pdf.js's OptionalContentConfig.isVisible: which optional-content groups are on when the PDF opens. */
type ContentVisibility = (props: unknown) => boolean;

async function contentVisibility(doc: PdfDoc): Promise<ContentVisibility | undefined> {
  const config = (await doc.getOptionalContentConfig().catch(() => null)) as {
    isVisible(group: unknown): boolean;
  } | null;
  if (!config) return undefined;
  return (props) => {
    try {
      return config.isVisible(props);
    } catch {
      return true;
    }
  };
}

async function interpretPage(
  page: PdfPage,
  limits: ReadLimits,
  isContentVisible: ContentVisibility | undefined,
  onFont: ReadOptions["onFont"],
): Promise<{
  content: InterpretedPage;
  fonts: FontInfo[];
  width: number;
  height: number;
  viewport: ReturnType<PdfPage["getViewport"]>;
}> {
  const viewport = page.getViewport({ scale: 1 });
  // annotation appearances (form fields, stamps) are not resume text; links are read separately
  const list = await page.getOperatorList({ annotationMode: ANNOTATION_MODE_DISABLE });
  const { fonts, resolve } = pageFonts(page, onFont && ((f) => onFont({ page: page.pageNumber, ...f })));
  const content = interpretOperatorList(list, {
    ops: opsTable!,
    viewport: viewport.transform as Matrix,
    pageWidth: viewport.width,
    pageHeight: viewport.height,
    resolveFont: resolve,
    maxGlyphs: limits.maxGlyphsPerPage,
    ...(isContentVisible ? { isContentVisible } : {}),
  });
  return { content, fonts, width: viewport.width, height: viewport.height, viewport };
}

/** Whether the raw bytes declare any image XObject (images are skipped on the fast path). */
function mayContainImages(bytes: Uint8Array): boolean {
  const text = new TextDecoder("latin1").decode(bytes);
  return /\/Subtype\s*\/Image/.test(text);
}

/**
 * Needs the image positions only to tell light text on a photo from light text on white paper: a
 * page with light, otherwise readable glyphs that no area explains (a vector area, or the placement
 * of an image the first read left out) is re-read with images enabled.
 */
function needsImages(content: InterpretedPage): boolean {
  return content.glyphs.some((g) => {
    if (!/^#[ef][0-9a-f][ef][0-9a-f][ef][0-9a-f]$/.test(g.fill) || !g.text.trim()) return false;
    // hidden whatever lies under it: no image can make it readable
    if (g.size < TINY_FONT_PT || g.hiddenBy || g.renderMode === 3 || g.renderMode === 7 || g.alpha <= 0.05)
      return false;
    return !content.areas.some(
      (a) => a.seq < g.seq && a.x0 <= g.x && a.x1 >= g.x + g.width && a.y0 <= g.y && a.y1 >= g.y,
    );
  });
}

/** Read a PDF into a RawDocument, or throw a ResumeError explaining why it cannot be read. */
export async function readPdf(
  bytes: Uint8Array,
  limits: ReadLimits = DEFAULT_READ_LIMITS,
  options: ReadOptions = {},
): Promise<RawDocument> {
  preflightPdf(bytes);
  await configurePdfJs(options.convertFonts);
  if (!opsTable) opsTable = (await getResolvedPDFJS()).OPS as unknown as Record<string, number>;
  let doc: PdfDoc | null = null;
  let imageDoc: PdfDoc | null = null;
  try {
    doc = await loadDocument(bytes, 1);
    if (doc.numPages === 0) {
      throw new ResumeError(
        "pdf_no_text",
        "the PDF has no pages; export the resume to PDF again and upload the new file",
      );
    }
    if (doc.numPages > limits.maxPages) {
      throw new ResumeError(
        "pdf_too_complex",
        `the PDF has ${doc.numPages} pages, more than the ${limits.maxPages} a resume can have; upload the resume on its own`,
      );
    }
    const pages: RawPage[] = [];
    const viewports = new Map<number, Matrix>();
    let images: boolean | null = null;
    const visibility = await contentVisibility(doc);
    for (let p = 1; p <= doc.numPages; p++) {
      limits.checkBudget?.();
      const page = await doc.getPage(p);
      let read = await interpretPage(page, limits, visibility, options.onFont);
      // biome-ignore lint/suspicious/noAssignInExpressions: the image scan runs at most once, and only when a page needs it
      if (needsImages(read.content) && (images ??= mayContainImages(bytes))) {
        imageDoc ??= await loadDocument(bytes, 40_000_000);
        read = await interpretPage(await imageDoc.getPage(p), limits, visibility, options.onFont);
      }
      viewports.set(p, read.viewport.transform as Matrix);
      pages.push({
        number: p,
        width: read.width,
        height: read.height,
        glyphs: read.content.glyphs,
        fonts: read.fonts,
        areas: read.content.areas,
        links: [],
      });
      page.cleanup();
    }
    limits.checkBudget?.();
    const links = await readLinks(doc, viewports);
    for (const page of pages) page.links = links.get(page.number) ?? [];
    limits.checkBudget?.();
    const meta = (await doc.getMetadata().catch(() => null)) as { info?: Record<string, unknown> } | null;
    const str = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : undefined);
    return { pages, producer: str(meta?.info?.Producer), creator: str(meta?.info?.Creator) };
  } catch (err) {
    throw toResumeError(err);
  } finally {
    await imageDoc?.loadingTask.destroy().catch(() => {});
    await doc?.loadingTask.destroy().catch(() => {});
  }
}
