import { describe, expect, test } from "bun:test";
import { addScore, emptyTotals, layoutGroup, producerFamily, totalsRow } from "./support/bench-groups.ts";
import { scoreFile } from "./support/bench-scoring.ts";

describe("producerFamily", () => {
  test.each([
    ["pdfTeX-1.40.25", "LaTeX with hyperref", "TeX"],
    ["xdvipdfmx (20240407)", "LaTeX with hyperref", "TeX"],
    ["LuaTeX-1.21.0", null, "TeX"],
    [null, "Typst 0.14.2", "Typst"],
    ["Microsoft® Word 2019", "Microsoft® Word 2019", "Word"],
    ["Mac OS X 10.8.5 Quartz PDFContext", "Word", "Word"],
    ["Skia/PDF m127", "Chromium", "Chromium/Skia"],
    ["Skia/PDF m133 Google Docs Renderer", null, "Google Docs"],
    ["LibreOffice 7.3", "Writer", "LibreOffice"],
    ["Canva", "Canva", "Canva"],
    ["Prince 15.2 (www.princexml.com)", "TeX / pdfTeX-1.40.17", "other"],
    ["Qt 4.8.7", "wkhtmltopdf 0.12.5", "other"],
    ["OpenResume", "react-pdf", "other"],
    [null, null, "other"],
  ] as const)("%p / %p is %p", (producer, creator, family) => {
    expect(producerFamily(producer, creator)).toBe(family);
  });
});

describe("layoutGroup", () => {
  test("one column, two columns, and a two-column file whose notes name a sidebar", () => {
    expect(layoutGroup("one-column", "a sidebar-free page")).toBe("one column");
    expect(layoutGroup("two-column", "Classic two-column")).toBe("two columns");
    expect(layoutGroup("two-column", "left grey sidebar (CONTACT)")).toBe("sidebar");
    expect(layoutGroup(undefined, null)).toBe("one column");
  });
});

describe("group totals", () => {
  test("sum file scores and count false projects only on negative files", () => {
    const t = emptyTotals();
    addScore(
      t,
      scoreFile(
        [{ name: "Alpha", repoUrl: "https://github.com/a/alpha" }],
        [{ name: "Alpha", repoUrl: "github.com/a/alpha" }],
      ),
      false,
    );
    addScore(t, scoreFile([], [{ name: "Bogus", repoUrl: null }]), true);
    expect(t).toMatchObject({ files: 2, nameTp: 1, nameFp: 1, repoTp: 1, negatives: 1, falseOnNegatives: 1 });
    expect(totalsRow("all", t)).toEqual(["all", "2", "1/1", "0.500", "1.000", "0.667", "1.000/1.000 (1/1)", "1 on 1"]);
  });
});
