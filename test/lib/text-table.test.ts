import { describe, expect, test } from "bun:test";
import { textTable, wrap } from "../../src/lib/text-table.ts";

describe("wrap", () => {
  test("breaks at spaces, hard-breaks a word longer than the width, keeps an empty cell one line", () => {
    expect(wrap("alpha beta gamma", 10)).toEqual(["alpha beta", "gamma"]);
    expect(wrap("abcdefghijkl", 5)).toEqual(["abcde", "fghij", "kl"]);
    expect(wrap("", 5)).toEqual([""]);
  });
});

describe("textTable", () => {
  test("header row, columns as narrow as their widest cell, wrapped cells stay in their column", () => {
    const lines = textTable(
      [
        { header: "id", max: 10 },
        { header: "name", max: 8 },
        { header: "n", max: 4, align: "right" },
        { header: "note", max: 0 },
      ],
      [
        ["k1", "short", "7", "free text is never wrapped"],
        ["k2", "a much longer name", "12", "x"],
      ],
    );
    expect(lines).toEqual([
      "id  name       n  note",
      "k1  short      7  free text is never wrapped",
      "k2  a much    12  x",
      "    longer",
      "    name",
    ]);
  });
});
