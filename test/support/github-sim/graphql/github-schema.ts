import { schema as published } from "@octokit/graphql-schema";
import {
  buildClientSchema,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from "graphql";

let schema: GraphQLSchema | null = null;

/**
 * GitHub's published GraphQL schema (@octokit/graphql-schema, the introspection result GitHub publishes),
 * built once. The simulator validates and executes every query against it, so a query the client sends
 * that the real API would refuse fails here too.
 */
export function githubSchema(): GraphQLSchema {
  if (!schema) {
    const json = published.json as { data?: unknown };
    schema = buildClientSchema((json.data ?? json) as Parameters<typeof buildClientSchema>[0]);
  }
  return schema;
}

const argValue = (v: ValueNode | undefined, vars: Record<string, unknown>): unknown => {
  if (!v) return undefined;
  if (v.kind === Kind.VARIABLE) return vars[v.name.value];
  if (v.kind === Kind.INT) return Number(v.value);
  return undefined;
};

/**
 * GitHub's point cost of a query (docs: "Calculating a rate limit score before running the call"): every
 * connection needs as many requests as its parents' `first`/`last` multiply to; the sum divided by 100,
 * rounded, at least 1. Also returns the node limit's figure (first x nested first).
 */
export function queryCost(
  doc: DocumentNode,
  vars: Record<string, unknown> = {},
  operationName?: string,
): { cost: number; requests: number; nodes: number } {
  const fragments = new Map<string, FragmentDefinitionNode>();
  let op: OperationDefinitionNode | undefined;
  for (const d of doc.definitions) {
    if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
    if (d.kind === Kind.OPERATION_DEFINITION && (!operationName || d.name?.value === operationName)) op ??= d;
  }
  let requests = 0;
  let nodes = 0;
  const walk = (set: SelectionSetNode | undefined, mult: number, seen: Set<string>) => {
    for (const sel of set?.selections ?? []) {
      if (sel.kind === Kind.INLINE_FRAGMENT) walk(sel.selectionSet, mult, seen);
      else if (sel.kind === Kind.FRAGMENT_SPREAD) {
        const f = fragments.get(sel.name.value);
        if (f && !seen.has(f.name.value)) walk(f.selectionSet, mult, new Set([...seen, f.name.value]));
      } else {
        const arg = (name: string) => sel.arguments?.find((a) => a.name.value === name)?.value;
        const n = Number(argValue(arg("first"), vars) ?? argValue(arg("last"), vars) ?? Number.NaN);
        if (Number.isFinite(n)) {
          requests += mult;
          nodes += mult * n;
          walk(sel.selectionSet, mult * n, seen);
        } else walk(sel.selectionSet, mult, seen);
      }
    }
  };
  walk(op?.selectionSet, 1, new Set());
  return { cost: Math.max(1, Math.round(requests / 100)), requests, nodes };
}
