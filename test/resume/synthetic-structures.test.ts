import { expect, test } from "bun:test";
import { readPdf } from "../../src/resume/pdf/pdf-reader.ts";
import { FIRST_FAMILY_SEED } from "../fixtures/resume/synthetic/families.ts";
import {
  buildStructureResume,
  DEFAULT_STRUCTURE_COUNT,
  FIRST_STRUCTURE_SEED,
  STRUCTURES,
  structureOf,
} from "../fixtures/resume/synthetic/structures.ts";
import * as OwnWords from "../fixtures/resume/synthetic/structures-vocabulary.ts";
import * as SharedWords from "../fixtures/resume/synthetic/vocabulary.ts";

// The third synthetic set checks rules against structures and words nobody tuned on. Its figures are
// only honest if the split is fixed by seed, every structure reaches both halves, its words are its
// own, and the truth is what was drawn.

const seeds = Array.from({ length: DEFAULT_STRUCTURE_COUNT }, (_, i) => FIRST_STRUCTURE_SEED + i);

test("seeds never overlap the other sets', and a resume is deterministic by seed", async () => {
  expect(FIRST_STRUCTURE_SEED).toBeGreaterThanOrEqual(FIRST_FAMILY_SEED + 1000);
  const [a, b] = await Promise.all([buildStructureResume(2011), buildStructureResume(2011)]);
  expect(a.projects).toEqual(b.projects);
  expect(Buffer.from(a.pdf).equals(Buffer.from(b.pdf))).toBe(true);
});

test("odd seeds are the tune half, even seeds held out, and pairs of seeds share a structure", () => {
  for (let i = 0; i < seeds.length; i += 2) expect(structureOf(seeds[i]!)).toBe(structureOf(seeds[i + 1]!));
  const perStructure = new Map<string, number>();
  for (const s of seeds) perStructure.set(structureOf(s), (perStructure.get(structureOf(s)) ?? 0) + 1);
  expect([...perStructure.keys()].sort()).toEqual([...STRUCTURES].sort());
  for (const n of perStructure.values()) expect(n).toBeGreaterThanOrEqual(4);
});

test("its people, employers, project words and headings are not the shared vocabulary's", () => {
  const shared = new Set(
    Object.values(SharedWords)
      .filter(Array.isArray)
      .flat()
      .filter((w): w is string => typeof w === "string")
      .map((w) => w.toLowerCase()),
  );
  for (const list of [OwnWords.GIVEN_NAMES, OwnWords.FAMILY_NAMES, OwnWords.EMPLOYERS, OwnWords.PROJECT_WORDS])
    for (const w of list) expect(shared.has(w.toLowerCase())).toBe(false);
  for (const h of OwnWords.PROJECT_HEADINGS) expect(shared.has(h.toLowerCase())).toBe(false);
});

test("every structure draws what its truth says: the negatives claim nothing, the names are on the page", async () => {
  for (const seed of seeds.slice(0, STRUCTURES.length * 2).filter((s) => s % 2 === 1)) {
    const r = await buildStructureResume(seed);
    const doc = await readPdf(r.pdf);
    const text = doc.pages.flatMap((p) => p.glyphs.map((g) => g.text)).join("");
    const uris = doc.pages.flatMap((p) => p.links.map((l) => l.uri));
    if (r.structure === "negative-employer") expect(r.projects).toEqual([]);
    else expect(r.projects.length).toBeGreaterThanOrEqual(2);
    for (const p of r.projects) {
      expect(text.replace(/\s/g, "")).toContain(p.name.replace(/\s/g, ""));
      if (p.repoUrl) expect(uris.some((u) => u.startsWith(p.repoUrl!))).toBe(true);
    }
  }
});
