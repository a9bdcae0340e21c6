import { type Static, Type } from "@sinclair/typebox";
import { named, oneOf, open } from "./schema-kit.ts";

/**
 * How the resume was read: how each project was found and how sure the extractor was of the document.
 * A document read with low confidence is also matched repository-first (every repository of the
 * candidate's the resume's text names is a claim), and the result says so here.
 */

/** The shapes that name a project: the extractor's, and the repository-first path's. The list only grows. */
export const FOUND_BY_SHAPES = ["entry", "table-row", "linked-item", "link-elsewhere", "repository-first"] as const;
/** Where a project's repository link came from. The list only grows. */
export const FOUND_BY_LINKS = ["annotation", "text", "both", "other", "none"] as const;

export const FoundBySchema = named(
  "FoundBy",
  open(
    {
      section: Type.String({
        description: 'the heading of the section it was found in, as written ("" in the header)',
      }),
      shape: oneOf(FOUND_BY_SHAPES, {
        description:
          "entry: a title line and what belongs to it; table-row: a row of a projects table; linked-item: one of several linked items of one entry; link-elsewhere: a repository link outside a projects section; repository-first: not found by the extractor, but one of the candidate's repositories the resume's text names",
      }),
      link: oneOf(FOUND_BY_LINKS, {
        description:
          "where its repository link came from: a link annotation, the visible text, both, a non-repository link (other), or none",
      }),
    },
    { description: "how the project was found in the resume" },
  ),
);
export type FoundBy = Static<typeof FoundBySchema>;

export const ExtractionSchema = named(
  "Extraction",
  open(
    {
      confidence: Type.Number({
        minimum: 0,
        maximum: 1,
        description: "how sure the extractor is of the document: the mean confidence of the projects it found",
      }),
      lowConfidence: Type.Boolean({ description: "the document was read with low confidence (see reasons)" }),
      repositoryFirst: Type.Boolean({
        description:
          "the candidate's repositories were also matched repository-first: each one the resume's text names (its name, its words, its address) is a claim; such projects say foundBy.shape repository-first",
      }),
      reasons: Type.Array(Type.String(), {
        description: "why the confidence is low, in plain English; empty when not",
      }),
    },
    { description: "COMPLETED: how the resume was read" },
  ),
);
export type Extraction = Static<typeof ExtractionSchema>;
