/**
 * The report says how the resume was read: plainly when the reader was unsure of the document and the
 * candidate's repositories were matched repository-first, and which claims were found that way; on the
 * report model, the HTML report (dashboard job page and share page) and the PDF alike.
 */
import { describe, expect, test } from "bun:test";
import { reportView } from "../../src/dashboard/pages/report-view.ts";
import { buildReport } from "../../src/report/build-report.ts";
import { reportPdf } from "../../src/report/report-pdf.ts";
import { readStoredVerification } from "../../src/report/stored-result.ts";
import { pdfText } from "../support/pdf-text.ts";

const ids = { trackingId: "vrf_read", hostUsername: "jane" };
const report = (result: unknown) => buildReport(readStoredVerification(result, null, ids));

const project = (
  name: string,
  repo: string,
  shape: string,
  matchedBy = shape === "repository-first" ? "mention" : "link",
) => ({
  name,
  repoUrl: `github.com/jane/${repo}`,
  commits: 30,
  totalCommits: 30,
  matchStrength: "HIGH",
  matchedBy,
  foundBy: { section: "", shape, link: "text" },
});
const low = {
  status: "COMPLETED",
  confidenceScore: 70,
  flags: [],
  verifiedProjects: [project("Route Planner", "route-planner", "entry"), project("notes", "notes", "repository-first")],
  extraction: {
    confidence: 0.3,
    lowConfidence: true,
    repositoryFirst: true,
    reasons: ["no projects section was found", "the projects were found weakly (mean confidence 0.3)"],
  },
};
const SAYS =
  "The resume was read with low confidence (no projects section was found; the projects were found weakly (mean confidence 0.3)), so the candidate's repositories were also looked for anywhere in its text, by their addresses and by their names where it writes them as a project's, not a topic's (repository-first). One project was found that way: \"notes\"; ask the candidate whether it is meant as a claim.";

describe("how the resume was read, in the report", () => {
  test("a resume read with low confidence: the reasons, the repository-first search and what it found", () => {
    const r = report(low);
    expect(r.reading).toBe(SAYS);
    // the claim found that way says so among its evidence
    const notes = r.claims.find((c) => c.name === "notes")!;
    expect(notes.evidence[0]).toContain("found repository-first");
    expect(r.claims.find((c) => c.name === "Route Planner")!.evidence[0]).toContain("matched by the resume's link");
  });

  test("nothing found that way is said too; a confident reading without repository-first claims says nothing", () => {
    const none = report({ ...low, verifiedProjects: [project("Route Planner", "route-planner", "entry")] });
    expect(none.reading).toEndWith("(repository-first). No project was found that way.");
    const confident = report({
      ...low,
      verifiedProjects: [project("Route Planner", "route-planner", "entry")],
      extraction: { confidence: 0.9, lowConfidence: false, repositoryFirst: false, reasons: [] },
    });
    expect(confident.reading).toBeNull();
  });

  test("a confident reading that still found a claim repository-first names it", () => {
    const r = report({
      ...low,
      extraction: { confidence: 0.9, lowConfidence: false, repositoryFirst: false, reasons: [] },
    });
    expect(r.reading).toBe(
      'One project was found repository-first (the resume names the candidate\'s repository in its text, outside the projects the reader recognised): "notes".',
    );
  });

  test("older results (no extraction, no foundBy) read as before; a malformed extraction is ignored", () => {
    const old = report({
      status: "COMPLETED",
      confidenceScore: 70,
      flags: [],
      verifiedProjects: [{ name: "tool", repoUrl: "github.com/jane/tool", commits: 3, matchStrength: "HIGH" }],
    });
    expect(old.reading).toBeNull();
    expect(report({ ...low, extraction: "low", verifiedProjects: [] }).reading).toBeNull();
    // a mention match recorded before foundBy existed is still a repository-first claim
    const mention = {
      name: "notes",
      repoUrl: "github.com/jane/notes",
      commits: 3,
      matchStrength: "HIGH",
      matchedBy: "mention",
    };
    expect(report({ ...low, verifiedProjects: [mention] }).reading).toContain('found that way: "notes"');
  });

  test("a FAILED verification says nothing about the reading", () => {
    const r = report({ ...low, status: "FAILED", error: { code: "no_projects_found", message: "none" } });
    expect(r.reading).toBeNull();
  });

  test("the HTML report and the PDF say it under the verdict", async () => {
    const r = report(low);
    const page = String(reportView({ report: r }));
    expect(page).toContain('<p class="reading" id="reading">The resume was read with low confidence');
    expect(page.indexOf('id="reading"')).toBeGreaterThan(page.indexOf('id="why"'));
    expect(page.indexOf('id="reading"')).toBeLessThan(page.indexOf('id="glance"'));
    const text = await pdfText(await reportPdf(r));
    expect(text).toContain("The resume was read with low confidence (no projects section was found;");
    expect(text).toContain('One project was found that way: "notes"');
    expect(
      String(reportView({ report: report({ ...low, extraction: undefined, verifiedProjects: [] }) })),
    ).not.toContain('id="reading"');
  });
});
