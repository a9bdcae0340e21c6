/**
 * What the PDF adapter hands to the pure extraction code: every glyph with its position and paint
 * state, the filled areas drawn under or over text, and the link annotations. Coordinates are page
 * units (1/72 in) with the origin at the TOP-left of the visible page box, y growing downwards.
 * Nothing here depends on pdf.js, so tests can build documents by hand.
 */

export interface Glyph {
  /** the Unicode text pdf.js mapped the glyph to; may be empty or several characters (ligatures) */
  text: string;
  /** left edge of the glyph box */
  x: number;
  /** baseline */
  y: number;
  /** advance width along the baseline, >= 0 */
  width: number;
  /** effective font size on the page (text matrix and CTM applied) */
  size: number;
  /** index into RawPage.fonts */
  font: number;
  /** fill colour as "#rrggbb", or "pattern" / "transparent" */
  fill: string;
  /** fill opacity 0..1 */
  alpha: number;
  /** PDF text render mode 0..7 (3 = invisible, 7 = clip only) */
  renderMode: number;
  /** false for rotated or vertical text: laid out in its own frame (see `dir`) */
  upright: boolean;
  /**
   * for text that is not upright: the unit baseline direction on the page (top-down coordinates);
   * x, y are then the glyph's origin and width its advance along that direction
   */
  dir?: [number, number];
  /**
   * set by the layout, not the reader: an invisible glyph laid over filled outlines of itself (the
   * page shows the outlines); producers do that for synthetic bold or italic faces, so it reads as emphasis
   */
  outlined?: boolean;
  /** the drawing itself hides the glyph: it lies outside the clipping path, or in optional content that is off */
  hiddenBy?: "clip" | "optional-content";
  /** paint order on the page (later paints cover earlier ones) */
  seq: number;
}

export interface FontInfo {
  /** PostScript name without the subset prefix, e.g. "LMSans10-Bold" */
  name: string;
  bold: boolean;
  italic: boolean;
  /** icon fonts (FontAwesome and friends): their glyphs are pictures, not text */
  icon: boolean;
}

/** A filled path, image or shading: used to decide whether light text sits on a dark background. */
export interface PaintedArea {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /**
   * "#rrggbb", or "image" / "pattern" when the colour is unknown; "placement" where an image was
   * placed but not read (its colour and opacity unknown: it neither covers text nor proves it hidden)
   */
  fill: string;
  alpha: number;
  seq: number;
}

export interface LinkAnnotation {
  /** x0 < x1, y0 < y1 in top-down page coordinates */
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** the URI exactly as stored in the PDF (pdf.js `url`, or `unsafeUrl` when pdf.js refused it) */
  uri: string;
}

export interface RawPage {
  /** 1-based */
  number: number;
  width: number;
  height: number;
  glyphs: Glyph[];
  fonts: FontInfo[];
  areas: PaintedArea[];
  links: LinkAnnotation[];
}

export interface RawDocument {
  pages: RawPage[];
  producer?: string;
  creator?: string;
}
