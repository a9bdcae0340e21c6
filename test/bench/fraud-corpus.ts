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
const FIRST_LOOK: Record<string, [number, number]> = {};

export const FRAUD_SECTION: CorpusSection = {
  file: FRAUD_CORPUS_FILE,
  title: "Fraud corpus (real histories of padding, bots, clones, copies, shifted dates and inflated claims)",
  firstLook: FIRST_LOOK,
  bands: [
    ["fraud", "<= 40 with its kind named at WARNING or worse: 0 outside"],
    ["contradicted", "a contradicted claim on real own code: <= 69 with the WARNING: 0 outside"],
  ],
};
