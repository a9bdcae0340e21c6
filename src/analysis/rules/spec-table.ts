/**
 * The registry's table, made from the spec modules (spec-modules.ts) and checked against the contract's
 * published lists, which the contract reads from the same files' text: a spec file must export the one
 * constant its name spells, and say where it is published as the contract read it.
 */
import { type PublishedList, ruleIdOfFile } from "../../contract/index.ts";
import type { RuleSpec } from "./rule-spec.ts";
import type { SpecModule } from "./spec-modules.ts";

/** The contract's published lists, in order. */
export type PublishedLists = Readonly<Record<PublishedList, readonly string[]>>;

/** Every spec by its id; throws, naming the file or the rule, on a spec that breaks the rules above. */
export function specTableOf(modules: readonly SpecModule[], lists: PublishedLists): Record<string, RuleSpec> {
  const table: Record<string, RuleSpec> = {};
  for (const { file, exports } of modules) {
    const id = ruleIdOfFile(file);
    const names = Object.keys(exports);
    if (names.length !== 1 || names[0] !== id)
      throw new Error(
        `rule spec file ${file}: it must export only the constant ${id} (it exports ${names.join(", ") || "nothing"})`,
      );
    table[id] = exports[id] as RuleSpec;
  }
  for (const [list, ids] of Object.entries(lists) as [PublishedList, readonly string[]][])
    ids.forEach((id, i) => {
      const spec = table[id];
      if (!spec) throw new Error(`rule ${id} is published in the ${list} list but no spec file declares it`);
      const { list: said, place } = spec.published;
      if (said !== list || place !== i + 1)
        throw new Error(
          `rule ${id}: its spec says ${said} list, place ${place}; its file's text reads ${list}, place ${i + 1}`,
        );
    });
  const published = new Set(Object.values(lists).flat());
  const unpublished = Object.keys(table).filter((id) => !published.has(id));
  if (unpublished.length > 0) throw new Error(`rules not in a published list: ${unpublished.join(", ")}`);
  return table;
}
