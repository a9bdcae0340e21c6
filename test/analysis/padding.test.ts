/**
 * Padding without a clock (padding.ts): what marks a commit as a machine's (its message, a date a script
 * wrote, a message stating its own commit time) and what makes its change nothing real (a line, nothing,
 * one new file under a generated name), each beside the honest history that looks alike and is not padding.
 */
import { describe, expect, test } from "bun:test";
import { findPadding, machineMessage, PADDING_WHOLE_MINUTE_MIN } from "../../src/analysis/padding.ts";
import type { SizedCommit } from "../../src/analysis/rules/sampled-stats.ts";
import type { GhCommit } from "../../src/github/index.ts";
import { commit } from "./fixtures.ts";

const DAY = 86_400_000;
const t0 = Date.parse("2025-09-16T08:00:00Z");
/** A spread of times over the day, with seconds as git's clock writes them unless `wholeMinute`. */
const at = (i: number, wholeMinute = false) =>
  t0 +
  i * DAY +
  ((i * 7919) % 13) * 3_600_000 +
  ((i * 37) % 60) * 60_000 +
  (wholeMinute ? 0 : ((i * 13) % 59) + 1) * 1000;

const sized = (c: GhCommit, files: string[], additions: number, deletions = 0): SizedCommit => {
  const withStats = { ...c, stats: { additions, deletions, files } };
  return { commit: withStats, changed: additions + deletions, additions, files, allFiles: files.length };
};

const STOCK = ["chore: update dependencies of", "docs: improve code comments in", "fix: handle edge case in"];
const MODULES = ["utils", "api", "config", "helpers", "models"];

describe("a generator writing one new file per commit under a generated name, its dates to the minute", () => {
  const commits = Array.from({ length: 60 }, (_, i) =>
    commit("gen", at(i, i % 4 !== 0), at(i, i % 4 !== 0), { message: `${STOCK[i % 3]} ${MODULES[i % 5]}` }),
  );
  const sample = commits
    .filter((_, i) => i % 6 === 0)
    .map((c, k) => sized(c, [`src/utils_${(0xa9e66d0f + k).toString(16)}.yaml`], 8 + (k % 3) * 8));

  test("its whole-minute dates are a script's mark, and its new generated files change nothing real", () => {
    const p = findPadding(commits, sample);
    expect(p.kinds["scripted-date"]).toBe(45); // 15 messages, 4 each: no template
    expect(p.share).toBe(0.75);
    // the five sampled at a whole minute; the other five carry git's seconds and a message used 4 times only
    expect(p.sampledPadding).toBe(5);
  });

  test("the same commits with git's seconds carry no date mark", () => {
    const natural = commits.map((c, i) => ({ ...c, authorDate: new Date(at(i)).toISOString() }));
    expect(findPadding(natural, sample).kinds["scripted-date"]).toBeUndefined();
  });

  test("a few whole-minute dates are chance, not a script", () => {
    const few = commits.map((c, i) =>
      i < PADDING_WHOLE_MINUTE_MIN - 1 ? c : { ...c, authorDate: new Date(at(i)).toISOString() },
    );
    expect(findPadding(few, sample).kinds["scripted-date"]).toBeUndefined();
  });
});

describe("a puzzle-solutions history: one new file per commit under a templated message", () => {
  const commits = Array.from({ length: 60 }, (_, i) => commit("dev", at(i), at(i), { message: `Solve day ${i + 1}` }));
  const sample = commits.filter((_, i) => i % 6 === 0).map((c, k) => sized(c, [`2024/day${k + 1}.py`], 24));

  test("its messages are a template, but a named solution file of real lines is work, not padding", () => {
    const p = findPadding(commits, sample);
    expect(p.kinds.template).toBe(60);
    expect(p.sampledPadding).toBe(0);
  });
});

describe("an auto-committer stating its own commit time in every message", () => {
  const stamp = (ms: number) => new Date(ms + 5.5 * 3_600_000).toISOString().slice(0, 19).replace("T", " ");
  const commits = Array.from({ length: 60 }, (_, i) =>
    commit("dev", at(i), at(i), {
      message: `${["system maintenance update", "development activity checkpoint", "repository sync operation"][i % 3]} | ${stamp(at(i))}`,
    }),
  );

  test("each message is a machine's (its time, in the script's zone), and the share is reported", () => {
    const p = findPadding(commits, []);
    expect(p.kinds.timestamp).toBe(60);
    expect(p.stampedShare).toBe(1);
  });

  test("a time that is not the commit's is not a stamp of its own", () => {
    const off = commits.map((c) => ({ ...c, message: `${c.message.split("|")[0]}| 2020-01-01 10:00:17 notes` }));
    expect(findPadding(off, []).stampedShare).toBe(0);
  });
});

describe("machineMessage", () => {
  test("git's and the web editor's defaults stay a person's, however often repeated", () => {
    expect(machineMessage("Update README.md", 50, false)).toBeNull();
    expect(machineMessage("Add files via upload", 50, true)).toBeNull();
  });
  test("a message stating its own commit time is a machine's", () => {
    expect(machineMessage("development activity checkpoint | 2026-04-22 00:20:16", 1, true)).toBe("timestamp");
  });
});
