import { expect, test } from "bun:test";
import type { FileScore } from "./support/bench-scoring.ts";
import { everySlice, leaveOneOut, parseLeaveOut } from "./support/leave-out.ts";

const score = (tp: number, fn: number): FileScore => ({
  nameTp: tp,
  nameFp: 0,
  nameFn: fn,
  repoTp: tp,
  repoGot: tp,
  repoWant: tp + fn,
  missed: [],
  extra: [],
});

test("--leave-out takes language=<code> or layout=<family> and says what it takes otherwise", () => {
  expect(parseLeaveOut("language=pt")).toEqual({ key: "language", value: "pt" });
  expect(parseLeaveOut("layout=label-column")).toEqual({ key: "layout", value: "label-column" });
  for (const bad of ["pt", "lang=pt", "layout=", "language=pt,es"])
    expect(() => parseLeaveOut(bad)).toThrow(/language=<code> or layout=<family>/);
});

test("the left-out slice is scored apart from the rest, and every language and layout is a slice", () => {
  const entries = [
    { template: { lang: "pt", family: "card-grid" } },
    { template: { lang: "tr", family: "card-grid" } },
    { template: { family: "grid" } },
  ];
  const scored = [
    { entry: entries[0]!, score: score(1, 3), negative: false },
    { entry: entries[1]!, score: score(4, 0), negative: false },
    { entry: entries[2]!, score: score(2, 0), negative: false },
  ];
  const { left, rest } = leaveOneOut(scored, { key: "language", value: "pt" });
  expect([left.files, left.nameTp, left.nameFn]).toEqual([1, 1, 3]);
  expect([rest.files, rest.nameTp, rest.nameFn]).toEqual([2, 6, 0]);
  expect(everySlice(entries).map((s) => `${s.key}=${s.value}`)).toEqual([
    "language=pt",
    "language=tr",
    "layout=card-grid",
    "layout=grid",
  ]);
});
