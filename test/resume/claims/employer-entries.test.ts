import { expect, test } from "bun:test";
import { employerNames, isEmployerEntry } from "../../../src/resume/claims/employer-entries.ts";
import { detectSections } from "../../../src/resume/claims/sections.ts";
import type { ClaimedProject } from "../../../src/resume/types.ts";
import { line, seg } from "../support/layout-builders.ts";

// Layout: a German CV whose "Projekte" heading sits inside the employment part and lists the work
// done at each employer the experience section names; the candidate's own projects come later.
test("entries named for an employer of the experience section are that employer's work, not projects", () => {
  let y = 100;
  const next = (step: number) => {
    y += step;
    return y;
  };
  const head = (t: string) => line([seg(t, { x: 40, y: next(20), size: 14, bold: true })]);
  const row = (date: string, t: string) => line([seg(date, { x: 40, y: next(14) }), seg(t, { x: 150, y, bold: true })]);
  const text = (t: string) => line([seg(t, { x: 150, y: next(14) })]);
  const lines = [
    head("Berufserfahrung"),
    row("05/2019 - heute", "Northgale GmbH (Hamburg)"),
    text("Systemadministrator"),
    row("2015 - 2019", "Eastmere AG (Kiel)"),
    text("Netzwerktechniker"),
    head("Ausbildung"),
    row("2012 - 2015", "Universität Kiel"),
  ].map((l, index) => ({ ...l, index }));
  const employers = employerNames(detectSections(lines));
  const project = (name: string, repo: boolean): ClaimedProject =>
    ({
      name,
      repoLinks: repo ? [{ url: "https://github.com/jane/x" }] : [],
      otherLinks: [],
    }) as unknown as ClaimedProject;
  expect(isEmployerEntry(project("Northgale GmbH", false), employers)).toBe(true);
  expect(isEmployerEntry(project("Eastmere AG", false), employers)).toBe(true);
  // a project of its own, or one that links a repository, stays a project
  expect(isEmployerEntry(project("Northgale Monitoring Dashboard", false), employers)).toBe(false);
  expect(isEmployerEntry(project("Northgale GmbH", true), employers)).toBe(false);
  // an entry that links anything (the site of a community it built) is the candidate's work
  const site = { ...project("Northgale GmbH", false), otherLinks: [{ url: "https://northgale.example" }] };
  expect(isEmployerEntry(site as unknown as ClaimedProject, employers)).toBe(false);
});
