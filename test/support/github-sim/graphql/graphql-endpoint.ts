import { type DocumentNode, execute, type GraphQLError, Kind, parse, validate, visit } from "graphql";
import type { SimAnswer } from "../pagination.ts";
import type { RateLimiter } from "../sim-controls.ts";
import type { SimWorld } from "../sim-world.ts";
import { githubSchema, queryCost } from "./github-schema.ts";
import { GraphqlWorld } from "./resolvers.ts";

const DOC = "https://docs.github.com/graphql";

/** The budget GraphQL spends: its own window per token (GitHub: 5,000 points an hour), apart from REST's. */
export const graphqlIdentity = (token: string) => `${token}#graphql`;

/**
 * POST /graphql as GitHub answers it: 401 without a token; a query the published schema refuses, or one
 * asking more than 100 records of a connection, is answered 200 with `errors`; the point cost is computed
 * before running and spent from the token's GraphQL window (200 with a RATE_LIMITED error when it does not
 * fit); `rateLimit { cost remaining resetAt }` reads that window; x-ratelimit-* headers say resource=graphql.
 */
export async function answerGraphql(
  world: SimWorld,
  limiter: RateLimiter,
  token: string | null,
  rawBody: string,
): Promise<SimAnswer> {
  if (!token)
    return {
      status: 401,
      body: {
        message: "This endpoint requires you to be authenticated.",
        documentation_url: `${DOC}/guides/forming-calls-with-graphql#authenticating-with-graphql`,
      },
    };
  const identity = graphqlIdentity(token);
  const headers = () => {
    const w = limiter.window(identity);
    return {
      "x-ratelimit-limit": String(w.limit),
      "x-ratelimit-remaining": String(w.remaining),
      "x-ratelimit-reset": String(Math.floor(w.resetAt / 1000)),
      "x-ratelimit-used": String(w.used),
      "x-ratelimit-resource": "graphql",
    };
  };
  let body: { query?: unknown; variables?: unknown; operationName?: unknown };
  try {
    body = JSON.parse(rawBody);
  } catch {
    return { status: 400, body: { message: "Problems parsing JSON", documentation_url: DOC } };
  }
  const vars = (typeof body.variables === "object" && body.variables ? body.variables : {}) as Record<string, unknown>;
  const operationName = typeof body.operationName === "string" ? body.operationName : undefined;
  const checked = check(String(body.query ?? ""));
  if ("error" in checked) return { status: 200, body: { errors: [formatError(checked.error)] }, headers: headers() };
  const { doc, invalid } = checked;
  const schema = githubSchema();
  if (invalid.length > 0) return { status: 200, body: { errors: invalid.map(formatError) }, headers: headers() };
  const excessive = excessivePagination(doc, vars);
  if (excessive)
    return {
      status: 200,
      body: { errors: [{ type: "EXCESSIVE_PAGINATION", message: excessive }] },
      headers: headers(),
    };

  const { cost, nodes } = queryCost(doc, vars, operationName);
  if (nodes > 500_000)
    return {
      status: 200,
      body: {
        errors: [
          {
            type: "MAX_NODE_LIMIT_EXCEEDED",
            message: `This query requests up to ${nodes} possible nodes which exceeds the maximum limit of 500,000.`,
          },
        ],
      },
      headers: headers(),
    };
  if (limiter.window(identity).remaining < cost)
    return {
      status: 200,
      body: { errors: [{ type: "RATE_LIMITED", message: "API rate limit exceeded for user ID 1." }] },
      headers: headers(),
    };
  for (let i = 0; i < cost; i++) limiter.spend(identity);
  const w = limiter.window(identity);
  const rate = () => ({
    cost,
    limit: w.limit,
    remaining: w.remaining,
    used: w.used,
    resetAt: new Date(w.resetAt).toISOString().replace(/\.\d{3}Z$/, "Z"),
    nodeCount: nodes,
  });
  const result = await execute({
    schema,
    document: doc,
    rootValue: new GraphqlWorld(world).root(rate),
    variableValues: vars,
    operationName,
  });
  const out: Record<string, unknown> = { data: result.data ?? null };
  if (result.errors?.length) out.errors = result.errors.map(formatError);
  return { status: 200, body: out, headers: headers() };
}

/** Parsed and validated queries by text: a client sends the same few queries with other variables. */
const checkedQueries = new Map<string, { doc: DocumentNode; invalid: readonly GraphQLError[] }>();
function check(text: string): { doc: DocumentNode; invalid: readonly GraphQLError[] } | { error: GraphQLError } {
  const known = checkedQueries.get(text);
  if (known) return known;
  let doc: DocumentNode;
  try {
    doc = parse(text);
  } catch (err) {
    return { error: err as GraphQLError };
  }
  const entry = { doc, invalid: validate(githubSchema(), doc) };
  if (checkedQueries.size < 200) checkedQueries.set(text, entry);
  return entry;
}

/** GitHub's error shape: a resolver's `type` (NOT_FOUND ...) beside the message, locations and path. */
const formatError = (e: GraphQLError) => {
  const type = (e.originalError as { type?: unknown } | undefined)?.type;
  return {
    ...(typeof type === "string" ? { type } : {}),
    message: e.message,
    ...(e.locations ? { locations: e.locations } : {}),
    ...(e.path ? { path: e.path } : {}),
  };
};

/** "Requesting 101 records on the `history` connection exceeds the `first` limit of 100 records." */
function excessivePagination(doc: DocumentNode, vars: Record<string, unknown>): string | null {
  let found: string | null = null;
  visit(doc, {
    Field(field) {
      for (const a of field.arguments ?? []) {
        if (found || (a.name.value !== "first" && a.name.value !== "last")) continue;
        const v =
          a.value.kind === Kind.VARIABLE
            ? Number(vars[a.value.name.value])
            : a.value.kind === Kind.INT
              ? Number(a.value.value)
              : 0;
        if (v > 100 || v < 0)
          found = `Requesting ${v} records on the \`${field.name.value}\` connection exceeds the \`${a.name.value}\` limit of 100 records.`;
      }
    },
  });
  return found;
}
