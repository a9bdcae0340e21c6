import { expect, test } from "bun:test";
import type { SectionKind } from "../../../src/resume/claims/heading-vocabulary.ts";
import type { LocatedLink } from "../../../src/resume/claims/link-finder.ts";
import { normalizeLink } from "../../../src/resume/claims/link-normalizer.ts";
import { holdsProjects } from "../../../src/resume/claims/project-sections.ts";
import type { Section } from "../../../src/resume/claims/sections.ts";
import type { ResumeLink } from "../../../src/resume/types.ts";
import { stack } from "../support/layout-builders.ts";

const at = (url: string, line: number): LocatedLink => ({
  link: { ...normalizeLink(url)!, raw: url, visibleDiffers: false, source: "annotation", page: 1 } as ResumeLink,
  line,
  anchor: "",
});

/** Four bold-titled entries with a line under each: titles at lines 0, 2, 4, 6. */
function section(kind: SectionKind, title: string): Section {
  const lines = stack([
    ["smart-tide", { bold: true }],
    ["A scheduler that retries failed jobs.", {}],
    ["Habit Tracker", { bold: true }],
    ["An offline-first web client.", {}],
    ["open-sketch", { bold: true }],
    ["A parser for a small language.", {}],
    ["Mosaicly", { bold: true }],
    ["A dashboard of live metrics.", {}],
  ]);
  return { kind, title, heading: null, lines };
}

const repos = [
  at("https://github.com/kb/smart-tide", 0),
  at("https://gitlab.com/kb/habit-tracker", 2),
  at("https://github.com/kb/mosaicly", 7),
];

test("a section under an unknown heading whose entries mostly link repositories holds projects", () => {
  expect(holdsProjects(section("other", "Things I've Built"), repos)).toBe(true);
  expect(holdsProjects(section("research", "Research"), repos)).toBe(true);
});

test("named sections other than projects and experience never hold projects by their links alone", () => {
  expect(holdsProjects(section("education", "Education"), repos)).toBe(false);
  expect(holdsProjects(section("skills", "Skills"), repos)).toBe(false);
  expect(holdsProjects(section("projects", "Projects"), [])).toBe(true);
});

test("half the entries linked, or links to profiles and documents, are not enough", () => {
  expect(holdsProjects(section("other", "Talks"), repos.slice(0, 2))).toBe(false);
  const notSoftware = [
    at("https://github.com/kb", 0),
    at("https://github.com/kb/cv/raw/main/CV.pdf", 2),
    at("https://kb.dev", 4),
  ];
  expect(holdsProjects(section("other", "Links"), notSoftware)).toBe(false);
});

/** Two jobs whose title lines link a repository each, the role on the title or the line under it. */
function jobs(): Section {
  const lines = stack([
    ["Acme Systems", { bold: true }],
    ["Backend Developer, 2021 - 2023", {}],
    ["Northwind", { bold: true }],
    ["Built the billing service in Go.", {}],
  ]);
  return { kind: "experience", title: "Work", heading: null, lines };
}

test("a heading read as experience over entries with no employer's shape that link software holds projects", () => {
  expect(holdsProjects(section("experience", "Independent Work"), repos)).toBe(true);
});

test("an experience section with a role on any entry's first lines stays experience", () => {
  const linked = [at("https://github.com/kb/acme", 0), at("https://github.com/kb/northwind", 2)];
  expect(holdsProjects(jobs(), linked)).toBe(false);
  expect(holdsProjects(section("experience", "Experience"), repos.slice(0, 2))).toBe(false);
});

test("an experience heading over unlinked entries naming technologies, one linking software, holds projects", () => {
  const lines = stack([
    ["Thistle", { bold: true }],
    ["Wrote a load-testing harness in Rust.", {}],
    ["fathom", { bold: true }],
    ["Rebuilt the provisioning flow in Kotlin.", {}],
    ["Spindle", { bold: true }],
    ["A planner for allotments.", {}],
  ]);
  const work: Section = { kind: "experience", title: "Independent Work", heading: null, lines };
  expect(holdsProjects(work, [at("https://github.com/kb/spindle", 4)])).toBe(true);
  // nothing linked: technologies alone do not turn an experience heading into projects
  expect(holdsProjects(work, [])).toBe(false);
});

test("entries titled as two names split by a comma (role, company in any language) are employers", () => {
  const lines = stack([
    ["Ingeniera de software, Acme Systems", { bold: true }],
    ["Built the billing service in Go.", {}],
    ["Telecom Bluehaven ,مهندس نرم افزار", { bold: true }],
    ["Rebuilt the provisioning flow in Kotlin.", {}],
  ]);
  const work: Section = { kind: "experience", title: "Trabajo", heading: null, lines };
  const linked = [at("https://github.com/kb/acme", 0), at("https://github.com/kb/bluehaven", 2)];
  expect(holdsProjects(work, linked)).toBe(false);
});
