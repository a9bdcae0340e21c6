/**
 * The parts of pdf.js's evaluator the reader reaches into, as the hook in `.patches/unpdf@*.patch`
 * hands them over (see `.patches/README.md`). unpdf bundles pdf.js as one minified module whose
 * font and operator-list classes are not exported; the hook, a few lines at the head of that module,
 * puts `globalThis.pdfjsInternals` = `{ get(), setFont(cls) }`: `get()` returns the objects below
 * under their pdf.js names, `setFont` replaces the `Font` class that `translateFont` builds.
 * Only the members the reader uses are typed.
 */

/** A pdf.js stream over a font program (`Stream` or a decoded stream): the reads used here. */
export interface FontProgram {
  readonly isEmpty: boolean;
  peekBytes(length: number): Uint8Array;
  getBytes(length?: number): Uint8Array;
  skip(n: number): void;
  reset(): void;
}

/** The properties pdf.js gathers for a font before building it (`translateFont`); only those read or set here. */
export interface FontProps {
  type: string;
  subtype?: string;
  composite?: boolean;
  vertical?: boolean;
  isType3Font?: boolean;
  isInternalFont?: boolean;
  isSimulatedFlags?: boolean;
  hasIncludedToUnicodeMap?: boolean;
  hasEncoding?: boolean;
  flags: number;
  firstChar: number;
  length1?: number;
  toUnicode?: unknown;
  builtInEncoding?: unknown;
  fontMatrix?: number[];
  widths?: unknown;
  defaultWidth?: number;
  defaultVMetrics?: number[];
  vmetrics?: unknown[];
}

/** The instance side of pdf.js's `Font`: what a subclass overrides or sets. */
export interface PdfJsFontInstance {
  fallbackToSystemFont(props: FontProps): void;
  fontMatrix?: unknown;
  widths?: unknown;
  defaultWidth?: unknown;
  toUnicode?: unknown;
}

export type PdfJsFontClass = new (
  name: string,
  file: FontProgram | null,
  props: FontProps,
  options: unknown,
) => PdfJsFontInstance;

/** A PDF dictionary as pdf.js holds it. */
export interface PdfDict {
  get(key: string): unknown;
  getArray(key: string): unknown;
}

/** The part of a PartialEvaluator that reading widths uses. */
export interface EvaluatorForWidths {
  xref: { fetchIfRef(value: unknown): unknown };
  getBaseFontMetrics(name: string): { widths: unknown; defaultWidth: number };
  buildCharCodeToWidth(widths: unknown, props: FontProps): unknown;
}

interface CffParser {
  parseHeader(): { endPos: number };
  parseIndex(pos: number): { endPos: number; obj: { get(i: number): Uint8Array } };
  parseDict(data: Uint8Array): unknown;
  createDict(type: unknown, dict: unknown, strings: unknown): { getByName(name: string): number[] | undefined };
}

export interface PdfJsInternals {
  Font: PdfJsFontClass;
  PartialEvaluator: { prototype: { extractWidths: (this: EvaluatorForWidths, ...args: never[]) => void } };
  OperatorList: { prototype: object };
  Stream: new (bytes: Uint8Array) => FontProgram;
  Name: new (...args: never[]) => { name: string };
  FontFlags: { FixedPitch: number; Symbolic: number };
  CFFParser: new (stream: FontProgram, props: FontProps, seacAnalysisEnabled: boolean) => CffParser;
  CFFStrings: new () => unknown;
  CFFTopDict: unknown;
  Type1Parser: new (
    stream: unknown,
    encrypted: boolean,
    seacAnalysisEnabled: boolean,
  ) => { extractFontHeader(props: FontProps): void };
  IdentityToUnicodeMap: new (...args: never[]) => unknown;
  getHeaderBlock(file: FontProgram, length: number | undefined): { stream: unknown };
  getFontFileType(file: FontProgram, props: FontProps): [string, string | undefined];
  isTrueTypeFile(file: FontProgram): boolean;
  isOpenTypeFile(file: FontProgram): boolean;
  isType1File(file: FontProgram): boolean;
  isCFFFile(file: FontProgram): boolean;
  bytesToString(bytes: Uint8Array): string;
  adjustWidths(props: FontProps): void;
  adjustType1ToUnicode(props: FontProps, encoding: unknown): void;
  amendFallbackToUnicode(props: FontProps): void;
  isNumberArray(value: unknown, length: number | null): boolean;
  /**
   * a FlateDecode stream: `isAsync` (a getter) says whether it is decoded whole, natively, before it is read;
   * `asyncGetBytesFromDecompressionStream(format)` is that whole decode
   */
  FlateStream: { prototype: object };
}

interface Hook {
  get(): Record<string, unknown>;
  setFont(cls: PdfJsFontClass): void;
}

/**
 * What each member must look like: a class by the methods it carries (on its prototype chain, or
 * static), a function by its number of parameters. Names cannot be checked (a minified bundle, the
 * compiled binary's among them, drops them), so this catches a hook re-keyed wrongly for a new build
 * of unpdf (a name mapped to an unrelated object); that the members behave as the reader expects is
 * what the reader's tests check.
 */
const SHAPES: Record<keyof PdfJsInternals, { proto?: string[]; statics?: string[]; arity?: number; flags?: true }> = {
  Font: { proto: ["fallbackToSystemFont", "checkAndRepair", "exportData"] },
  PartialEvaluator: { proto: ["translateFont", "extractWidths", "getBaseFontMetrics", "buildCharCodeToWidth"] },
  OperatorList: { proto: ["addOp", "_transfers"] },
  Stream: { proto: ["getBytes", "peekBytes", "skip", "reset"] },
  Name: { statics: ["get"] },
  FontFlags: { flags: true },
  CFFParser: { proto: ["parseHeader", "parseIndex", "parseDict", "createDict"] },
  CFFStrings: { proto: ["getSID", "add"] },
  CFFTopDict: { statics: ["tables"] },
  Type1Parser: { proto: ["extractFontHeader"] },
  IdentityToUnicodeMap: { proto: ["charCodeOf", "amend"] },
  getHeaderBlock: { arity: 2 },
  getFontFileType: { arity: 2 },
  isTrueTypeFile: { arity: 1 },
  isOpenTypeFile: { arity: 1 },
  isType1File: { arity: 1 },
  isCFFFile: { arity: 1 },
  bytesToString: { arity: 1 },
  adjustWidths: { arity: 1 },
  adjustType1ToUnicode: { arity: 2 },
  amendFallbackToUnicode: { arity: 1 },
  isNumberArray: { arity: 2 },
  FlateStream: { proto: ["readBlock", "asyncGetBytes", "asyncGetBytesFromDecompressionStream", "isAsync"] },
};

/** The members the hook hands over that do not have the shape their name calls for. */
export function mismatchedMembers(members: Record<string, unknown>): string[] {
  return (Object.keys(SHAPES) as Array<keyof PdfJsInternals>).filter((key) => {
    const shape = SHAPES[key];
    const value = members[key];
    if (shape.flags) {
      const flags = value as { FixedPitch?: unknown; Symbolic?: unknown } | undefined;
      return flags?.FixedPitch !== 1 || flags.Symbolic !== 4;
    }
    if (typeof value !== "function") return true;
    if (shape.arity !== undefined) return value.length !== shape.arity;
    const proto: object = value.prototype ?? {};
    return (shape.proto ?? []).some((m) => !(m in proto)) || (shape.statics ?? []).some((m) => !(m in value));
  });
}

/**
 * The reader itself cannot read: the pdf.js hook does not fit the installed build of unpdf (a stale or
 * mis-keyed patch). A fault of the installation, never of a document: no resume is blamed for it.
 */
export class PdfReaderBrokenError extends Error {
  override name = "PdfReaderBrokenError";
}

/**
 * pdf.js's internals with the hook's setter, once the pdf.js module is loaded; null without the hook
 * (pdf.js then works as shipped). Throws when the hook hands over members that are not what it names
 * (a hook re-keyed wrongly for another build of unpdf): that is a broken install, never input.
 */
export function pdfJsInternals(): { internals: PdfJsInternals; setFont(cls: PdfJsFontClass): void } | null {
  const hook = (globalThis as { pdfjsInternals?: Hook }).pdfjsInternals;
  if (!hook || typeof hook.get !== "function" || typeof hook.setFont !== "function") return null;
  const members = hook.get();
  const wrong = mismatchedMembers(members);
  if (wrong.length > 0) {
    throw new PdfReaderBrokenError(
      `the pdf.js hook (.patches/unpdf@*.patch) hands over members that are not what it names (by their shape): ${wrong.join(", ")}; re-key it for this build of unpdf`,
    );
  }
  return { internals: members as unknown as PdfJsInternals, setFont: (cls) => hook.setFont(cls) };
}
