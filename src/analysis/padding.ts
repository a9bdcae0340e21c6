import type { GhCommit } from "../github/index.ts";
import { messageTemplate } from "./automation.ts";
import { stampsItsOwnTime } from "./automation-late.ts";
import { DATE_MESSAGE, DEFAULT_MESSAGE } from "./rules/repeated-messages.ts";
import type { SizedCommit } from "./rules/sampled-stats.ts";

/**
 * Padding without a clock: commits made to fill a contribution graph, whether a script runs them on a
 * schedule or at random times. What gives them away is not when they ran but what they are: machine
 * messages (a timestamp, a random token, a numbered template, one of a few stock messages repeated over
 * and over) on commits that change nothing real (empty, one or two lines of one file, or the same few
 * files rewritten each time, as a counter or a log is). A person's commits vary in both. Pure; thresholds
 * are named.
 */

/** A message template must repeat this often among the candidate's commits to count as a machine's. */
export const PADDING_TEMPLATE_MIN = 5;
/** At most this many changed lines (and one file) make a commit trivial. */
export const PADDING_TRIVIAL_LINES = 2;
/** A commit rewriting the history's most frequent set of files, of at most this many files and lines, is a counter's. */
export const PADDING_SAME_FILES_MAX = 3;
export const PADDING_SAME_FILES_LINES = 10;

/** A commit adding one new file of at most this many lines under a generated name is a generator's. */
export const PADDING_NEW_FILE_LINES = 30;
/**
 * Author dates at a whole minute on this share of the commits (and at least this many): dates a script wrote
 * (`--date "2025-10-14 23:52"`), since git's own clock puts 1 commit in 60 there. Each such commit then
 * carries a machine's mark, as a machine's message does.
 */
export const PADDING_WHOLE_MINUTE_SHARE = 0.3;
export const PADDING_WHOLE_MINUTE_MIN = 30;

/** A release commit's subject ("1.2.3", "v2.0.0-beta.1"): `npm version` and release tools write it for a person. */
const VERSION = /^v?\d+(\.\d+)+([-.+][\w.]+)?$/i;
/** A file name carrying a generated token: 8+ hex digits with letters and digits both ("utils_a9e66d0f.yaml"). */
const GENERATED_NAME = /(?:^|[^0-9a-f])(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{8,}(?:[^0-9a-f]|$)/i;
/** One token of 16+ letters and digits, both present: a random string, not a word. */
const RANDOM_TOKEN = /^(?=[A-Za-z0-9]*\d)(?=[A-Za-z0-9]*[A-Za-z])[A-Za-z0-9]{16,}$/;
/** "Random commit #12", "Commit 45", "Auto commit 3": a numbered commit, whatever it is called. */
const NUMBERED_COMMIT = /\b(random|auto(mated)?|fake|dummy|daily)?\s*commit\s*(#|no\.?\s*)?\d+\b/i;

const subjectOf = (c: GhCommit) => (c.message.split("\n")[0] ?? "").trim();

/**
 * Why a message reads as a machine's, or null: it states its own commit time (a script's `date`), the
 * template repeats, or it is a timestamp, a random token, a numbered commit.
 */
export function machineMessage(subject: string, templateCount: number, stamped = false): string | null {
  // git's and the web editor's defaults ("Update README.md") are a person's, however often repeated
  if (DEFAULT_MESSAGE.test(subject) || VERSION.test(subject)) return null;
  if (DATE_MESSAGE.test(subject) || stamped) return "timestamp";
  if (RANDOM_TOKEN.test(subject)) return "random";
  if (NUMBERED_COMMIT.test(subject)) return "numbered";
  return templateCount >= PADDING_TEMPLATE_MIN ? "template" : null;
}

export interface Padding {
  /** the candidate's commits with a machine message, and their share */
  machineMessages: number;
  share: number;
  /** of the sampled commits with stats: how many are machine messages on trivial or same-files changes */
  sampled: number;
  sampledPadding: number;
  /** by kind of mark: "timestamp", "random", "numbered", "template", "scripted-date" */
  kinds: Record<string, number>;
  /** the most frequent template and the files a counter rewrites, for the message */
  topTemplate: string;
  sameFiles: string | null;
  /** the share of the commits whose message states its own commit time: commits a program made */
  stampedShare: number;
}

/** The padding among `commits` (the candidate's counted commits), judged with the sampled commits' sizes. */
export function findPadding(commits: readonly GhCommit[], sample: readonly SizedCommit[]): Padding {
  const templates = new Map<string, number>();
  for (const c of commits) {
    const t = messageTemplate(subjectOf(c));
    templates.set(t, (templates.get(t) ?? 0) + 1);
  }
  const atWholeMinute = (c: GhCommit) => Date.parse(c.authorDate) % 60_000 === 0;
  const whole = commits.filter(atWholeMinute).length;
  const scriptedDates = whole >= PADDING_WHOLE_MINUTE_MIN && whole >= PADDING_WHOLE_MINUTE_SHARE * commits.length;
  const why = (c: GhCommit, stamped = stampsItsOwnTime(c)) =>
    machineMessage(subjectOf(c), templates.get(messageTemplate(subjectOf(c))) ?? 0, stamped) ??
    (scriptedDates && atWholeMinute(c) ? "scripted-date" : null);
  const kinds: Record<string, number> = {};
  let machine = 0;
  let stamped = 0;
  for (const c of commits) {
    const own = stampsItsOwnTime(c);
    if (own) stamped++;
    const k = why(c, own);
    if (k === null) continue;
    machine++;
    kinds[k] = (kinds[k] ?? 0) + 1;
  }
  // the most frequent set of files among the sampled commits: a counter or a log rewrites the same ones
  const sets = new Map<string, number>();
  for (const s of sample) {
    const key = [...(s.commit.stats?.files ?? [])].sort().join(", ");
    if (key !== "") sets.set(key, (sets.get(key) ?? 0) + 1);
  }
  const top = [...sets].sort((a, b) => b[1] - a[1])[0];
  const sameFiles = top && top[1] >= 2 && top[0].split(", ").length <= PADDING_SAME_FILES_MAX ? top[0] : null;
  const trivial = (s: SizedCommit) =>
    s.allFiles === 0 ||
    (s.allFiles === 1 && s.changed <= PADDING_TRIVIAL_LINES) ||
    (s.allFiles === 1 &&
      s.changed === s.additions &&
      s.changed <= PADDING_NEW_FILE_LINES &&
      GENERATED_NAME.test((s.commit.stats?.files[0] ?? "").split("/").pop() ?? "")) ||
    (sameFiles !== null &&
      [...(s.commit.stats?.files ?? [])].sort().join(", ") === sameFiles &&
      s.changed <= PADDING_SAME_FILES_LINES);
  const sampledPadding = sample.filter((s) => why(s.commit) !== null && trivial(s)).length;
  const topTemplate = [...templates].sort((a, b) => b[1] - a[1])[0]?.[0] ?? "";
  return {
    machineMessages: machine,
    share: commits.length === 0 ? 0 : machine / commits.length,
    sampled: sample.length,
    sampledPadding,
    kinds,
    topTemplate,
    sameFiles,
    stampedShare: commits.length === 0 ? 0 : stamped / commits.length,
  };
}
