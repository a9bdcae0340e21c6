/**
 * The published lists of rule ids, read from the rules' spec files (src/analysis/rules/specs/<rule-id>.ts),
 * each of which says where its id is published: `published: { list: "forensic", place: 1 }`. The contract
 * sits below the analysis, so it reads the files' text rather than importing them; analysis-shapes.ts calls
 * `publishedRules` as a Bun macro, so the lists are read when the source is transpiled (`bun run`, `bun test`)
 * or bundled (`bun run build`) and a compiled binary carries them as literals. The analysis's registry checks
 * at load that its specs, evaluated, give the same lists.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { PublishedList, RuleIdOf } from "./rule-ids.ts";

const SPEC_DIR = join(import.meta.dir, "..", "analysis", "rules", "specs");
const LISTS: readonly PublishedList[] = ["forensic", "claim"];
const PUBLISHED = /\bpublished:\s*\{\s*list:\s*"([a-z]+)",\s*place:\s*(\d+),?\s*\}/g;

/** A spec file's id: its name in capitals, dashes as underscores (`future-author-date.ts` is FUTURE_AUTHOR_DATE). */
export function ruleIdOfFile(file: string): string {
  if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*\.ts$/.test(file))
    throw new Error(`rule spec file ${file}: the name must be the rule id in lower case with dashes, ending .ts`);
  return file.replace(/\.ts$/, "").replaceAll("-", "_").toUpperCase();
}

/** The spec files of a directory listing: every .ts file, by name. */
export function specFileNames(entries: readonly string[]): string[] {
  return entries.filter((f) => f.endsWith(".ts")).sort();
}

/**
 * The ids of `list` in their published order, from the spec files' text; refuses a file that does not say
 * once where it is published, a list name it does not know, and two ids at one place or a place left empty.
 */
export function publishedOrder(files: readonly { name: string; text: string }[], list: PublishedList): string[] {
  const placed: { id: string; place: number }[] = [];
  for (const { name, text } of files) {
    const id = ruleIdOfFile(name);
    const found = [...text.matchAll(PUBLISHED)];
    if (found.length !== 1)
      throw new Error(
        `rule spec file ${name}: it must say once where ${id} is published, as published: { list: "forensic" | "claim", place: N } (found ${found.length})`,
      );
    const [, named, place] = found[0]!;
    if (!LISTS.includes(named as PublishedList))
      throw new Error(`rule spec file ${name}: no published list "${named}" (the lists: ${LISTS.join(", ")})`);
    if (named === list) placed.push({ id, place: Number(place) });
  }
  placed.sort((a, b) => a.place - b.place);
  placed.forEach((p, i) => {
    if (p.place !== i + 1) {
      const other = placed.find((q) => q !== p && q.place === p.place);
      throw new Error(
        other
          ? `rules ${other.id} and ${p.id} both take place ${p.place} of the ${list} list`
          : `the ${list} list has no rule at place ${i + 1} (the places run 1, 2, 3 ... without a gap)`,
      );
    }
  });
  return placed.map((p) => p.id);
}

/** What the macro hands back: the ids of a list, or why they cannot be read (a macro's thrown error loses its message). */
export type PublishedIds<L extends PublishedList> = { ids: [RuleIdOf<L>, ...RuleIdOf<L>[]] } | { error: string };

/** The ids of `list` in their published order, read from the spec directory (run as a macro: see above); never throws. */
export function publishedRules<L extends PublishedList>(list: L, dir: string = SPEC_DIR): PublishedIds<L> {
  try {
    const files = specFileNames(readdirSync(dir)).map((name) => ({
      name,
      text: readFileSync(join(dir, name), "utf8"),
    }));
    const ids = publishedOrder(files, list);
    if (ids.length === 0) return { error: `no rule spec in ${dir} is published in the ${list} list` };
    return { ids: ids as [RuleIdOf<L>, ...RuleIdOf<L>[]] };
  } catch (e) {
    return { error: (e as Error).message };
  }
}

/** The ids the macro read, or its error thrown where the contract loads (and so where a build starts). */
export function idsOf<L extends PublishedList>(published: PublishedIds<L>): [RuleIdOf<L>, ...RuleIdOf<L>[]] {
  if ("error" in published) throw new Error(published.error);
  return published.ids;
}
