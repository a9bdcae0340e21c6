/**
 * A repository kept busy by a scheduled workflow under the owner's identity: a person's project (a price
 * tracker) plus a GitHub Actions job that rewrites its data files every hour, committed by
 * github-actions[bot] with the owner as author, marked [skip ci], from a couple of dozen message templates.
 */
import type { CommitSpec } from "../git-writer.ts";
import { candidateIdentity, type RepoScenario, SCENARIO_NOW, type ScenarioOptions } from "./candidate.ts";
import { humanCommits, humanTimes } from "./honest.ts";
import { DAY, HOUR, iso, MINUTE, Rng, seedOf } from "./random.ts";

const ASSETS = ["BTC", "ETH", "SOL", "ADA", "DOT", "XRP", "LTC", "DOGE", "AVAX", "LINK", "ATOM"];
const WORKFLOW = `name: update prices
on:
  schedule:
    - cron: "7 * * * *"
jobs:
  update:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - run: node scripts/update.js
      - run: git commit -am "Update prices [skip ci]" && git push
`;

export function scheduledWorkflow(
  o: ScenarioOptions & { human?: number; automated?: number; months?: number },
): RepoScenario {
  const name = o.name ?? "price-tracker";
  const rng = new Rng(o.seed ?? seedOf("scheduledWorkflow", o.login, name));
  const now = Date.parse(o.now ?? SCENARIO_NOW);
  const humanN = o.human ?? 117;
  const jobN = o.automated ?? 1200;
  const start = now - (o.months ?? 10) * 30 * DAY;
  const me = candidateIdentity(o.login);
  const human = humanCommits(rng, me, humanTimes(rng, start, now - 5 * DAY, humanN), {
    lang: "TypeScript",
    deps: ["node-fetch"],
    name,
    description: "Tracks crypto prices and keeps a history",
  });
  human[0]!.files = { ...human[0]!.files, ".github/workflows/update.yml": WORKFLOW };
  const bot = { name: "github-actions[bot]", email: "41898282+github-actions[bot]@users.noreply.github.com" };
  // hourly at :07, up to three minutes late, from the second week on
  const firstRun = Math.ceil((start + 7 * DAY) / HOUR) * HOUR + 7 * MINUTE;
  const job: CommitSpec[] = Array.from({ length: jobN }, (_, i) => {
    const at = firstRun + i * HOUR + rng.int(0, 180) * 1000;
    const asset = ASSETS[i % ASSETS.length]!;
    const verb = i % 2 === 0 ? "Update" : "Refresh";
    return {
      author: me,
      committer: bot,
      authorDate: at,
      committerDate: at,
      message: `${verb} ${asset} price: ${(1000 + rng.int(0, 90_000) / 7).toFixed(2)} [skip ci]`,
      files: { [`data/${asset.toLowerCase()}.json`]: `{"price": ${rng.int(1, 99_999)}, "at": "${iso(at)}"}\n` },
    };
  });
  const commits = [...human, ...job].sort((a, b) => Number(a.authorDate) - Number(b.authorDate));
  return {
    scenario: "scheduledWorkflow",
    repo: {
      owner: o.login,
      name,
      description: "Tracks crypto prices and keeps a history",
      topics: o.topics ?? ["crypto"],
      createdAt: iso(Number(commits[0]!.authorDate) - HOUR),
      commits,
    },
    users: [],
    prerequisites: [],
    label: {
      kind: "ambiguous",
      expected: [{ rule: "AUTOMATED_COMMITS", severity: "INFO" }],
      maxSeverity: "WARNING",
      candidateCommits: humanN,
      automatedCommits: jobN,
      notes: `${humanN} commits by hand; ${jobN} hourly commits of a workflow under the owner's identity (github-actions committer, [skip ci], ${ASSETS.length * 2} templates)`,
    },
  };
}
