import { type Static, type TObject, Type } from "@sinclair/typebox";
import { FoundBySchema } from "./extraction-shapes.ts";
import { publishedRules } from "./published-rules.ts" with { type: "macro" };
import { idsOf } from "./published-rules.ts";
import { Int, named, nullable, oneOf, open, optional } from "./schema-kit.ts";

/**
 * What the analysis puts in a result: verified projects, flags, the score's arithmetic and the claims it
 * could not verify. The contract's fixed members (a project's name, repoUrl, commits, matchStrength; a flag's
 * severity and message) are required and never change. The members the analysis adds to explain them
 * are listed once below, one line each: the analysis always sets them (its types say so), the published
 * schemas mark them optional (a result stored by an earlier version may lack a member added later).
 */

export const SEVERITIES = ["CRITICAL", "WARNING", "INFO"] as const;
export const MATCH_STRENGTHS = ["HIGH", "MEDIUM", "LOW"] as const;
/**
 * How a claim was tied to its repository: the resume's own link, the name, the homepage, a fuzzy match
 * (name words in the description or topics), or a mention (the resume names one of the candidate's
 * repositories as work outside the projects the extractor found).
 */
export const MATCH_BASES = ["link", "name", "homepage", "fuzzy", "mention"] as const;

/**
 * The published rule ids, in the order they were added: a view of the rules' spec files (each says its list
 * and place, published-rules.ts reads them when the source is transpiled). The lists only grow: a stored
 * result keeps the ids it was given, so an id is never renamed, removed or moved (a test holds today's lists).
 * `forensic`: the rules that raise flags about a repository's history (docs/reading-results.md explains each).
 */
export const FORENSIC_RULES = idsOf(publishedRules("forensic"));

/** The rules that raise flags about the resume and the matching rather than a history. */
export const CLAIM_RULES = idsOf(publishedRules("claim"));

export const RULES = [...FORENSIC_RULES, ...CLAIM_RULES] as const;

const Severity = oneOf(SEVERITIES);
const MatchStrength = oneOf(MATCH_STRENGTHS, {
  description: "how strongly the repository and the candidate's work in it back the claim",
});
const Rule = oneOf(RULES, { description: "the rule that raised it (the list only grows)" });

const projectSpec = {
  name: Type.String({ description: "the project's name as the resume writes it" }),
  repoUrl: Type.String({ description: "host/owner/repository, no scheme (canonical, after a rename)" }),
  commits: Int({ minimum: 0, description: "the candidate's own non-merge, non-bot commits (beyond a fork's parent)" }),
  matchStrength: MatchStrength,
};

/** What the analysis adds to every verified project. One line per member. */
const projectEvidence = {
  host: Type.String({
    description:
      "the host serving the repository: github.com, gitlab.com, codeberg.org or a configured host (repoUrl's first segment)",
  }),
  commitsEstimated: Type.Optional(
    Type.Boolean({
      description: "present and true when `commits` is an estimate: a long history read in pages without statistics",
    }),
  ),
  matchedBy: oneOf(MATCH_BASES, { description: "how the claim was tied to the repository" }),
  matchScore: Type.Number({ minimum: 0, maximum: 1, description: "similarity of claim and repository (1 for a link)" }),
  totalCommits: Int({ minimum: 0, description: "all commits on the default branch, any author" }),
  ownShare: Type.Number({ minimum: 0, maximum: 1, description: "commits / totalCommits, 2 decimals (0 when empty)" }),
  fork: Type.Boolean(),
  firstCommitAt: nullable(Type.String(), { description: "earliest author date of the candidate's examined commits" }),
  lastCommitAt: nullable(Type.String(), { description: "latest author date of the candidate's examined commits" }),
  signedCommits: Int({ minimum: 0, description: "examined commits whose signature GitHub verified" }),
  technologiesConfirmed: Type.Array(Type.String(), {
    description: "claimed technologies found in the repository's languages, topics or dependencies",
  }),
  worstFlag: nullable(Severity, { description: "highest severity among this repository's flags" }),
  foundBy: Type.Optional(FoundBySchema),
};

export const VerifiedProjectSchema = named(
  "VerifiedProject",
  open(
    { ...projectSpec, ...optional(projectEvidence) },
    { description: "a claimed project matched to a repository, with the evidence behind the match" },
  ),
);
export type VerifiedProject = Static<typeof VerifiedProjectSchema>;
/** A verified project as the analysis makes it: every evidence member set. */
export type AnalysedProject = Static<TObject<typeof projectSpec & typeof projectEvidence>>;

const flagSpec = {
  severity: oneOf(SEVERITIES, {
    description: "CRITICAL: no honest history has shown it; WARNING: honest work can look like this, ask; INFO: a note",
  }),
  message: Type.String({ description: "plain English; names the repository and the evidence" }),
};

/** What the analysis adds to every flag. One line per member. */
const flagDetails = {
  rule: Rule,
  repo: Type.Optional(
    Type.String({
      description: "owner/name on GitHub, host/owner/name on another host, when the flag is about one repository",
    }),
  ),
  project: Type.Optional(Type.String({ description: "the claimed project's name, when it is about one claim" })),
  evidence: Type.Optional(
    Type.Record(Type.String(), Type.Union([Type.Number(), Type.String()]), {
      description: "the measured numbers behind the message, under stable keys per rule",
    }),
  ),
  finding: Type.Optional(
    Type.String({
      description: "the id of the finding it belongs to (`findings`): flags of one fact share it and weigh once",
    }),
  ),
};

export const FlagSchema = named(
  "Flag",
  open({ ...flagSpec, ...optional(flagDetails) }, { description: "an anomaly or a note found by the analysis" }),
);
export type Flag = Static<typeof FlagSchema>;
/** A flag as the analysis raises it: its rule always set. */
export type RaisedFlag = Static<TObject<typeof flagSpec & typeof flagDetails>>;

export const UnmatchedClaimSchema = named(
  "UnmatchedClaim",
  open({
    name: Type.String(),
    reason: Type.String({ description: "why no repository was accepted, in plain English" }),
    foundBy: Type.Optional(FoundBySchema),
  }),
);
export type UnmatchedClaim = Static<typeof UnmatchedClaimSchema>;

export const ClaimScoreSchema = named(
  "ClaimScore",
  open(
    {
      name: Type.String(),
      repo: nullable(Type.String(), { description: "owner/name of the matched repository" }),
      matchStrength: nullable(MatchStrength),
      commits: Int({ minimum: 0 }),
      credit: Type.Number({ description: "strength weight x activity factor x credibility, 0..1" }),
      weight: Type.Number({
        description: "the claim's weight in the mean: 1, or 0.5 for an unmatched claim without a link",
      }),
      strengthWeight: Type.Number(),
      activityFactor: Type.Number(),
      credibility: Type.Number(),
      extentCapped: Type.Optional(
        Type.Boolean({ description: "a flag discredits most of the history: the credit is capped at 0.5" }),
      ),
    },
    { description: "one line of the score's arithmetic: one claim" },
  ),
);
export type ClaimScoreLine = Static<typeof ClaimScoreSchema>;

export const ScorePenaltySchema = named(
  "ScorePenalty",
  open({
    rule: Rule,
    severity: Severity,
    repo: Type.Optional(Type.String()),
    finding: Type.Optional(Type.String({ description: "the finding the points are taken for" })),
    points: Type.Number(),
  }),
);

export const ScoreBreakdownSchema = named(
  "ScoreBreakdown",
  open(
    {
      evidence: Type.Number({ description: "100 x weighted mean credit over the claims (mention-only ones excluded)" }),
      penalties: Type.Array(ScorePenaltySchema, {
        description: "points taken off for flags not about one matched repository, or beyond its credibility",
      }),
      penaltyTotal: Type.Number(),
      claims: Type.Array(ClaimScoreSchema),
      discreditedShare: Type.Optional(
        Type.Number({
          minimum: 0,
          maximum: 1,
          description: "the share of the claim weight discredited (extent-capped or contradicted claims)",
        }),
      ),
      cappedAt: Type.Optional(
        Int({
          minimum: 0,
          maximum: 100,
          description:
            "set when half or more of the claim weight is discredited: the score was held here ('mixed' at most)",
        }),
      ),
      mentionsSkipped: Int({ minimum: 0, description: "claimed projects marked mention only, not scored" }),
      score: Int({ minimum: 0, maximum: 100 }),
      formula: Type.String({ description: "the formula, spelled out" }),
    },
    { description: "why the score is what it is: enough to recompute it by hand" },
  ),
);
export type ScoreBreakdown = Static<typeof ScoreBreakdownSchema>;

/** The facts that group several rules' flags into one finding (the analysis's findings.ts names them). */
export const FINDING_FACTS = ["committed-late", "forged-history", "scheduled-job", "copied"] as const;

export const FindingSchema = named(
  "Finding",
  open(
    {
      id: Type.String({
        description: "stable: <owner/name, project or resume>#<fact or rule>; flags carry it as `finding`",
      }),
      fact: Type.Union([oneOf(FINDING_FACTS), Rule], {
        description: "the fact its flags stem from, or the rule of a finding of one flag",
      }),
      severity: Severity,
      repo: Type.Optional(Type.String({ description: "owner/name, when the finding is about one repository" })),
      project: Type.Optional(Type.String({ description: "the claimed project's name, when it is about one claim" })),
      rules: Type.Array(Rule, { description: "the rules whose flags it groups, most severe first" }),
      title: Type.String({ description: "the fact in plain words" }),
      innocentReading: Type.String({ description: "what an honest candidate's history with this fact usually is" }),
    },
    { description: "one fact behind one or more flags: shown together, weighed once in the score" },
  ),
);
export type FindingShape = Static<typeof FindingSchema>;
