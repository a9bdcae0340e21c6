import type { Line } from "../layout/layout-types.ts";

/**
 * The header row of a projects table ("Project | Description | Link", "Name  Stack  Repository"):
 * every cell is a column label. It names the columns, not a project. Pure.
 */
const COLUMN_LABEL = new RegExp(
  `^(?:${[
    "projects?",
    "project name",
    "name",
    "title",
    "description",
    "summary",
    "details",
    "links?",
    "repo(?:sitory)?",
    "url",
    "github",
    "source(?: code)?",
    "code",
    "demo",
    "tech(?:nolog(?:y|ies))?(?: used)?",
    "(?:tech )?stack",
    "tools",
    "languages?",
    "year",
    "dates?",
    "period",
    "role",
    "status",
    // German, French, Spanish, Portuguese
    "projekte?",
    "beschreibung",
    "technologien",
    "zeitraum",
    "projets?",
    "lien",
    "technologies",
    "proyectos?",
    "descripci[oó]n",
    "enlace",
    "tecnolog[ií]as",
    "projetos?",
    "descri[cç][aã]o",
  ].join("|")})$`,
  "iu",
);

export function isColumnHeader(line: Line): boolean {
  if (line.segments.length < 2) return false;
  return line.segments.every((s) => COLUMN_LABEL.test(s.text.trim().replace(/[:\s]+$/, "")));
}

/** Is the whole text a column label ("Project", "Link:")? */
export function isColumnLabel(text: string): boolean {
  return COLUMN_LABEL.test(text.trim().replace(/[:\s]+$/, ""));
}

/**
 * A column label with other column labels beside it on its baseline, each in a column of its own: a
 * table's header row read as columns ("Project" | "Description" | "Link"), not a section heading.
 */
export function isHeaderCell(line: Line, lines: Line[]): boolean {
  if (!isColumnLabel(line.text)) return false;
  return lines.some(
    (o) =>
      o !== line &&
      o.page === line.page &&
      o.column !== line.column &&
      Math.abs(o.y - line.y) < 1 &&
      isColumnLabel(o.text),
  );
}
