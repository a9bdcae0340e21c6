/**
 * A PDF reader child whose pdf.js hook is keyed for another build of unpdf: one member handed over under
 * its name is some other object (what a stale patch in node_modules gives). Run as the extractor's
 * `command`; it serves requests like the real child.
 */
import { getResolvedPDFJS } from "unpdf";
import { runWorker } from "../../../../src/resume/isolation/worker-main.ts";

type Hook = { get(): Record<string, unknown>; setFont(cls: unknown): void };
const g = globalThis as { pdfjsInternals?: Hook };
await getResolvedPDFJS();
const real = g.pdfjsInternals;
if (!real) throw new Error("pdf.js carries no hook: is the patch applied (bun install)?");
const members = real.get();
g.pdfjsInternals = { get: () => ({ ...members, OperatorList: members.Name }), setFont: (cls) => real.setFont(cls) };
await runWorker();
