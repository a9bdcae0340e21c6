import type { ServedAnswer } from "./forge-server.ts";
import { type SwaggerDoc, type ValidationOptions, validateAnswer } from "./swagger-validator.ts";

/**
 * Collects every answer a simulator sends and checks each against the host's description. Answers the
 * simulator chose for a fault or a rate limit (a cause) are not the route's and no description lists them:
 * they are counted apart. An answer a route sent without naming its operation is an error: every route
 * answer must be checkable.
 */
export class ServedLog {
  readonly answers: ServedAnswer[] = [];
  readonly record = (a: ServedAnswer) => {
    this.answers.push(a);
  };

  constructor(
    private doc: SwaggerDoc,
    private opts: ValidationOptions,
    /** statuses a host really answers that its description leaves out, per operation (say why at the call) */
    private undocumented: Record<string, number[]> = {},
  ) {}

  /** Every departure from the description, over every answer recorded so far. */
  errors(): string[] {
    const out: string[] = [];
    for (const a of this.answers) {
      if (a.cause && a.cause !== "not-modified") continue;
      if (!a.op) {
        out.push(`${a.method} ${a.path}: answered ${a.status} without naming an operation of the description`);
        continue;
      }
      if (this.undocumented[a.op]?.includes(a.status)) continue;
      for (const e of validateAnswer(this.doc, { ...a, op: a.op }, this.opts)) out.push(`${a.method} ${a.path}: ${e}`);
    }
    return out;
  }

  /** Operations of the description never answered with `status` (default 200). */
  unexercised(status = 200): string[] {
    const seen = new Set(this.answers.filter((a) => a.status === status && !a.cause).map((a) => a.op));
    return Object.keys(this.doc.paths ?? {}).filter((op) => !seen.has(op));
  }

  /** Answers checked against the description (the fault and rate-limit answers left out). */
  checked(): number {
    return this.answers.filter((a) => !a.cause || a.cause === "not-modified").length;
  }
}
