import { expect, test } from "bun:test";
import { baseFontName, fontInfoOf } from "../../../src/resume/pdf/font-info.ts";

test.each([
  ["KKQVNG+LMSans10-Bold", { name: "LMSans10-Bold", bold: true, italic: false, icon: false }],
  ["ABCDEF+CMBX12", { bold: true }],
  ["SFBX1200", { bold: true }],
  ["SFRM1000", { bold: false, italic: false }],
  ["SFTI1000", { italic: true }],
  ["NimbusRomNo9L-Medi", { bold: true }],
  ["NimbusRomNo9L-ReguItal", { bold: false, italic: true }],
  ["Arial-BoldMT", { bold: true }],
  ["TimesNewRomanPS-ItalicMT", { italic: true }],
  ["WPQEJZ+FontAwesome5Free-Solid", { icon: true }],
  ["FontAwesome5Brands-Regular", { icon: true }],
  ["SimpleIconsFiltered", { icon: true }],
  ["Roboto-Light", { bold: false, italic: false, icon: false }],
])("%s", (name, want) => expect(fontInfoOf({ name })).toMatchObject(want));

test("pdf.js flags count too", () => {
  expect(fontInfoOf({ name: "X", bold: true }).bold).toBe(true);
  expect(fontInfoOf({ name: "X", black: true }).bold).toBe(true);
  expect(fontInfoOf({}).name).toBe("");
});

test("baseFontName drops the subset tag only", () => {
  expect(baseFontName("ABCDEF+Lato-Bold")).toBe("Lato-Bold");
  expect(baseFontName("Lato-Bold")).toBe("Lato-Bold");
});
