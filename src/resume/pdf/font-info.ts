import type { FontInfo } from "./raw-document.ts";

/**
 * Style facts about a font from its PostScript name and pdf.js's flags. Resumes signal headings and
 * project titles with weight, so bold detection matters; icon fonts must be recognised because their
 * glyphs map to letters ("a", "§", "Ȳ") that would otherwise pollute the text.
 */

const ICON_FONT =
  /fontawesome|font-awesome|^fa\d*-|fa-?(solid|regular|brands)|academicons|material.?(icons|symbols)|ionicons|entypo|icomoon|glyphicons|octicons|simple-?icons|devicons?|bootstrap-?icons|wingdings|webdings|dingbats|marvosym|remixicon|feather|lucide|tabler-?icons|fontello|typicons|linearicons|themify|phosphor|boxicons|social-?icons/i;
const BOLD =
  /bold|black|heavy|semibold|demi|ultra|extrabold|medi$|medium$|(^|[^a-z])(cmbx|cmb\d|cmssbx|bx\d)|^sf(bx|rb|sx|sb|xc|bi|bl)\d|[-,_]b$|-bd|bd$/i;
const ITALIC =
  /italic|oblique|ital$|(^|[^a-z])(cmti|cmsl|cmssi|cmmi)|^sf(ti|si|sl|bi|bl)\d|[-,_]it$|[-,_]i$|-slanted|slant/i;

/** PostScript name without the 6-letter subset tag ("ABCDEF+LMSans10-Bold" -> "LMSans10-Bold"). */
export function baseFontName(name: string): string {
  return name.replace(/^[A-Z]{6}\+/, "");
}

/** Style of a pdf.js font object (only its name and flags are read). */
export function fontInfoOf(font: { name?: string; bold?: boolean; black?: boolean; italic?: boolean }): FontInfo {
  const name = baseFontName(typeof font.name === "string" ? font.name : "");
  return {
    name,
    bold: !!font.bold || !!font.black || BOLD.test(name),
    italic: !!font.italic || ITALIC.test(name),
    icon: ICON_FONT.test(name),
  };
}
