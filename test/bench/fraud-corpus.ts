/**
 * The fraud corpus section of `bench:analysis` (alone: `--fraud-only`; with the honest corpus:
 * `--corpus-only`): candidates made of real public histories of padding tools and streak bots, course,
 * tutorial and template clones, re-uploads with rewritten identities, date-shifted histories, and claims
 * whose scale the history contradicts, each with a resume written the way such candidates write and a
 * label committed before any rule was changed for it. Run and judged like the honest corpus
 * (honest-corpus.ts), from test/fixtures/fraud-corpus/corpus.json.
 */
import { join } from "node:path";
import type { CorpusSection } from "./honest-corpus.ts";

export const FRAUD_CORPUS_FILE = join(import.meta.dir, "../fixtures/fraud-corpus/corpus.json");

/**
 * The first look: each target's misses (tune, held out) on the rules before any change for this corpus
 * (docs/analysis-corpus.md, "The fraud corpus"), printed beside today's.
 */
const FIRST_LOOK: Record<string, [number, number]> = {
  met: [2, 1],
  "CRITICAL flags on honest candidates": [0, 0],
  "WARNINGs caused by date precision (anchored histories)": [0, 0],
  "flags an honest reading forbids (must-not)": [0, 0],
  "expected flags not raised (must)": [2, 2],
  "fraud candidates outside their band": [9, 7],
  "contradicted candidates outside their band": [4, 3],
  "project counts outside [0.9 x truth, truth] and not marked estimated": [0, 0],
};

export const FRAUD_SECTION: CorpusSection = {
  file: FRAUD_CORPUS_FILE,
  title: "Fraud corpus (real histories of padding, bots, clones, copies, shifted dates and inflated claims)",
  firstLook: FIRST_LOOK,
  bands: [
    ["fraud", "<= 40 with its kind named at WARNING or worse: 0 outside"],
    ["contradicted", "a contradicted claim on real own code: <= 69 with the WARNING: 0 outside"],
  ],
};
