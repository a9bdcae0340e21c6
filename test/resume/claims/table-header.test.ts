import { expect, test } from "bun:test";
import { isColumnHeader } from "../../../src/resume/claims/table-header.ts";
import { line, seg } from "../support/layout-builders.ts";

// Layout: projects as a table (name | description | link) under a header row.

const row = (...cells: string[]) => line(cells.map((c, i) => seg(c, { x: 50 + i * 150, bold: true })));

test.each([
  [["Project", "Description", "Link"]],
  [["Name", "Tech Stack", "Repository"]],
  [["Projekt", "Beschreibung", "Link"]],
  [["Proyecto", "Descripción", "Enlace"]],
  [["Projeto:", "Descrição:"]],
])("%p is a table's header row", (cells) => expect(isColumnHeader(row(...cells))).toBe(true));

test.each([
  [["Ray Tracer", "Browser extension that annotates pull requests", "GitHub"]],
  [["Website", "Link"]],
  [["Project"]],
  [["Projects  Description"]],
])("%p is not", (cells) => expect(isColumnHeader(row(...cells))).toBe(false));
