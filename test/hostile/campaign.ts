#!/usr/bin/env bun
/**
 * The malformed-PDF campaign, full form: `bun test/hostile/campaign.ts [--count N] [--seed S] [--binary] [--verbose]`.
 * The fixed structural and label attacks plus N random mutants (default 200) of a valid generated
 * resume, against one real service process. Prints outcomes per kind and the service's memory; exits 1
 * when a file was mishandled, the service died, or it stopped serving.
 */
import { machine, table } from "../bench/bench-util.ts";
import { runHostileCampaign, summarize } from "./hostile-campaign.ts";

const argv = process.argv.slice(2);
const value = (name: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
};
const count = Number(value("count") ?? 200);
const seed = value("seed") === undefined ? undefined : Number(value("seed"));
const r = await runHostileCampaign({
  count,
  seed,
  command: argv.includes("--binary") ? "binary" : "source",
  log: (s) => console.log(`   ${s}`),
});
const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;
console.log(`\nhostile PDFs: ${r.outcomes.length} files, seed ${r.seed}, ${r.seconds.toFixed(1)} s — ${machine()}`);
console.log(table(["kind", "files", "outcomes"], summarize(r)));
console.log(
  `service RSS: idle ${mb(r.rss.idleKb)}, peak ${mb(r.rss.peakKb)}, after ${mb(r.rss.afterKb)}; PDF reader child peak ${mb(r.rss.peakChildrenKb)} (killed above 768 MB)`,
);
console.log(`service survived: ${r.survived ? "yes" : "NO"}; a valid resume afterwards: ${r.afterwards}`);
if (argv.includes("--verbose")) {
  for (const x of r.outcomes) {
    const f = x.final
      ? `${x.final.status} ${x.final.code ?? ""} in ${x.final.ms} ms: ${x.final.message ?? ""}`
      : `POST ${x.postStatus} ${JSON.stringify(x.postBody)}`;
    console.log(`  ${x.kind.padEnd(14)} ${x.name.padEnd(58)} ${f.slice(0, 160)}`);
  }
}
for (const n of r.notes) console.log(`known deviation: ${n}`);
if (r.problems.length > 0) {
  console.log(`\n${r.problems.length} PROBLEMS:`);
  for (const p of r.problems) console.log(`  - ${p}`);
}
process.exit(r.problems.length === 0 ? 0 : 1);
