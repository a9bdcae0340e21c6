import { describe, expect, test } from "bun:test";
import {
  detectSections,
  findHeadings,
  headingTitle,
  isCaps,
  isHeadingShaped,
} from "../../../src/resume/claims/sections.ts";
import { line, seg, stack } from "../support/layout-builders.ts";

const body = (t: string) => [t, { size: 10 }] as [string, { size: number }];
const head = (t: string) => [t, { size: 13, bold: true }] as [string, { size: number; bold: boolean }];

describe("detectSections", () => {
  test("styled headings split the resume; lines before the first heading are the header", () => {
    const lines = stack([
      ["Jane Doe", { size: 20, bold: true }],
      body("jane@example.com"),
      head("Experience"),
      body("Acme Corp, 2021 – Present"),
      head("Projects"),
      body("Weather Station"),
      body("Collected sensor readings."),
      head("Education"),
      body("State University"),
    ]);
    const sections = detectSections(lines);
    expect(sections.map((s) => [s.kind, s.title, s.lines.length])).toEqual([
      ["header", "", 2],
      ["experience", "Experience", 1],
      ["projects", "Projects", 2],
      ["education", "Education", 1],
    ]);
  });

  test("an unknown heading in the same style ends the section before it", () => {
    const lines = stack([
      head("Projects"),
      body("Filler"),
      head("Most Proud Of"),
      body("Number theory talk"),
      head("Skills"),
      body("Rust"),
    ]);
    expect(detectSections(lines).map((s) => [s.kind, s.title])).toEqual([
      ["projects", "Projects"],
      ["other", "Most Proud Of"],
      ["skills", "Skills"],
    ]);
  });

  test("a smaller 'Projects' label inside a job entry is not a section", () => {
    const lines = stack([
      ["Experience", { size: 21, bold: true }],
      ["THG - Linux Engineer", { size: 13, bold: true }],
      ["Projects", { size: 10, italic: true }],
      body("AWX"),
      body("GitHub Runner"),
      ["Education", { size: 21, bold: true }],
      body("College"),
    ]);
    expect(detectSections(lines).map((s) => s.kind)).toEqual(["experience", "education"]);
  });

  test("one big job title that happens to contain a heading word does not set the heading level", () => {
    const lines = stack([
      ["Full Stack Developer", { size: 14, bold: false }],
      ["SKILLS", { size: 9, bold: true }],
      body("html css"),
      ["PUBLICATIONS", { size: 9, bold: true }],
      body("Http Responder in NPM"),
    ]);
    expect(detectSections(lines).map((s) => s.kind)).toEqual(["header", "skills", "publications"]);
  });

  test("small capital headings are the section level even when bold sub-labels stand out more", () => {
    // Chromium's small caps: capitals a size below the body; the skills list has bold sub-labels
    const caps = { size: 8.2 };
    const sub = { size: 9.5, bold: true };
    const lines = stack([
      ["Lukas Okoro", { size: 20, bold: true }],
      ["EXPERIENCE", caps],
      body("Data Engineer, Stackline, 2019 to 2020"),
      ["PROJECTS", caps],
      body("OrbitRelay | Flutter, Python"),
      ["EDUCATION", caps],
      body("B.Sc. Computer Science, Delft"),
      ["TECH STACK", caps],
      ["Languages", sub],
      body("Flutter"),
      ["Tools", sub],
      body("Jenkins"),
    ]);
    const sections = detectSections(lines);
    expect(sections.map((s) => s.kind)).toEqual(["header", "experience", "projects", "education", "skills"]);
    expect(sections[4]!.lines.map((l) => l.text)).toEqual(["Languages", "Flutter", "Tools", "Jenkins"]);
  });

  test("a bold sub-label style under one heading does not make bold project names into sections", () => {
    // capital headings; bold "Languages"/"Tools" only under SKILLS; bold project names are content
    const caps = { size: 9.6 };
    const bold = { size: 9.5, bold: true };
    const lines = stack([
      ["SKILLS", caps],
      ["Languages", bold],
      body("Rust"),
      ["Tools", bold],
      body("Vim"),
      ["EXPERIENCE", caps],
      body("Mobile Developer, Fernwood Labs"),
      ["OPEN SOURCE", caps],
      ["little-compass", bold],
      body("A CLI for maps."),
      ["Vault Generator", bold],
      body("Secrets for CI."),
      ["EDUCATION", caps],
      body("B.Sc., Delft"),
    ]);
    const sections = detectSections(lines);
    const projects = sections.find((s) => s.kind === "projects")!;
    expect(projects.lines.map((l) => l.text)).toEqual([
      "little-compass",
      "A CLI for maps.",
      "Vault Generator",
      "Secrets for CI.",
    ]);
    expect(sections.map((s) => s.kind)).not.toContain("other");
  });

  test("a single bold sub-label a heading names ('Sprachen' under KENNTNISSE) does not make bold project names into sections", () => {
    // layout: a projects table in a narrow column, its lone name lines bold like the skills sub-labels
    const caps = { size: 9.6 };
    const bold = { size: 9.5, bold: true };
    const lines = stack([
      ["ERFAHRUNG", caps],
      body("Mobile Developer, Brightpath Health"),
      ["PERSÖNLICHE PROJEKTE", caps],
      ["quiet-quill", bold],
      body("Data pipeline that scrapes timetables."),
      ["node-tide", bold],
      body("Real-time board game."),
      ["KENNTNISSE", caps],
      ["Sprachen", bold],
      body("GraphQL"),
      ["Frameworks", bold],
      body("Spring Boot"),
    ]);
    const sections = detectSections(lines);
    expect(sections.map((s) => s.kind)).not.toContain("other");
    expect(sections.find((s) => s.kind === "projects")!.lines.map((l) => l.text)).toEqual([
      "quiet-quill",
      "Data pipeline that scrapes timetables.",
      "node-tide",
      "Real-time board game.",
    ]);
  });

  test("plain documents fall back to the words on short lines", () => {
    const lines = stack([
      body("Ron Adams"),
      body("EXPERIENCE"),
      body("Acme, engineer, did things for years."),
      body("EDUCATION"),
      body("MIT"),
    ]);
    expect(detectSections(lines).map((s) => s.kind)).toEqual(["header", "experience", "education"]);
  });
});

test("findHeadings ignores sentences and bullets even in bold", () => {
  const lines = stack([head("Projects"), ["• Projects I am proud of.", { size: 13, bold: true }], head("Skills")]);
  expect([...findHeadings(lines).keys()]).toEqual([0, 2]);
});

test.each([
  ["Projects", true],
  ["PROJECTS:", true],
  ["Built a compiler in Rust and wrote about it on my blog.", false],
  ["• Projects", false],
  ["jane@example.com", false],
  ["2021", false],
])("isHeadingShaped(%s) = %s", (text, want) => expect(isHeadingShaped(line(text))).toBe(want));

test("a line with a right-aligned second segment is not heading-shaped", () => {
  expect(isHeadingShaped(line([seg("Projects"), seg("2021", { x: 400 })]))).toBe(false);
});

test.each([
  ["PROJECTS", true],
  ["Projects", false],
  ["ПРОЕКТЫ", true],
  ["AI", false],
])("isCaps(%s) = %s", (text, want) => expect(isCaps(text)).toBe(want));

test.each([
  ["RELEVANT PROJECTS:", "RELEVANT PROJECTS"],
  ["P ROJECTS", "PROJECTS"],
  ["A DAY OF MY LIFE", "A DAY OF MY LIFE"],
])("headingTitle(%s)", (text, want) => expect(headingTitle(text)).toBe(want));

describe("sections follow their column across pages", () => {
  const at = (
    text: string,
    page: number,
    column: number,
    x: number,
    y: number,
    o: { size?: number; bold?: boolean } = {},
  ) => line(text, { page, column, x, y, size: o.size ?? 10, bold: o.bold ?? false });

  test("a sidebar that starts a page without a heading continues the sidebar's section", () => {
    const lines = [
      at("Jane Doe", 1, 0, 50, 40, { size: 20, bold: true }),
      at("Experience", 1, 1, 200, 100, { size: 13, bold: true }),
      at("Acme Corp, engineer", 1, 1, 200, 120),
      at("Skills", 1, 2, 440, 100, { size: 13, bold: true }),
      at("Python", 1, 2, 455, 120),
      at("Projects", 2, 1, 200, 40, { size: 13, bold: true }),
      at("Weather Station", 2, 1, 200, 60),
      at("Redis", 2, 2, 455, 40),
      at("Awards", 2, 2, 440, 80, { size: 13, bold: true }),
      at("Spot award", 2, 2, 455, 100),
      at("Continued project text", 3, 0, 200, 40),
    ].map((l, i) => ({ ...l, index: i }));
    const sections = detectSections(lines);
    expect(sections.map((s) => [s.title, s.lines.map((l) => l.text)])).toEqual([
      ["", ["Jane Doe"]],
      ["Experience", ["Acme Corp, engineer"]],
      ["Skills", ["Python", "Redis"]],
      ["Projects", ["Weather Station", "Continued project text"]],
      ["Awards", ["Spot award"]],
    ]);
  });

  test("a full-width header above the columns does not claim the columns of the next page", () => {
    const lines = [
      at("Jane Doe — jane@example.com — Berlin — github.com/jane", 1, 0, 50, 40),
      at("Projects", 1, 1, 50, 100, { size: 13, bold: true }),
      at("Weather Station", 1, 1, 50, 120),
      at("Skills", 1, 2, 400, 100, { size: 13, bold: true }),
      at("Python", 1, 2, 400, 120),
      at("Chess Engine", 2, 1, 50, 40),
      at("Rust", 2, 2, 400, 40),
    ].map((l, i) => ({ ...l, index: i, x1: l.column === 0 ? 560 : l.x1 }));
    expect(detectSections(lines).map((s) => [s.title, s.lines.map((l) => l.text)])).toEqual([
      ["", ["Jane Doe — jane@example.com — Berlin — github.com/jane"]],
      ["Projects", ["Weather Station", "Chess Engine"]],
      ["Skills", ["Python", "Rust"]],
    ]);
  });

  test("a one-column page after a two-column page goes on in the main column, not the sidebar", () => {
    const lines = [
      at("Skills", 1, 1, 20, 100, { size: 13, bold: true }),
      at("Python", 1, 1, 20, 120),
      at("Projects", 1, 2, 200, 100, { size: 13, bold: true }),
      at("Weather Station", 1, 2, 200, 120),
      at("Chess Engine, a search engine for chess positions written in Rust", 2, 0, 20, 40),
    ].map((l, i) => ({ ...l, index: i, x1: l.page === 2 ? 560 : l.column === 1 ? 150 : 560 }));
    expect(detectSections(lines).map((s) => [s.title, s.lines.length])).toEqual([
      ["Skills", 1],
      ["Projects", 2],
    ]);
  });

  test("one column: a page that starts without a heading goes on with the last section", () => {
    const lines = [
      at("Projects", 1, 0, 50, 100, { size: 13, bold: true }),
      at("Weather Station", 1, 0, 50, 120),
      at("Chess Engine", 2, 0, 50, 40),
    ].map((l, i) => ({ ...l, index: i }));
    expect(detectSections(lines).map((s) => [s.title, s.lines.length])).toEqual([["Projects", 2]]);
  });
});

describe("structure before vocabulary", () => {
  test("a title far more prominent than every heading, with no peer, opens no section", () => {
    // "Lin's work resume" at the top: its word for work is a heading word, its size says it is the title
    const lines = stack([
      ["林敏润的工作简历", { size: 19, bold: true }],
      ["联系方式", { size: 9.5, bold: true }],
      body("手机 159"),
      ["在校开发经历", { size: 9.5, bold: true }],
      body("活动总台 (Vue)"),
      ["致谢", { size: 9.5, bold: true }],
      body("感谢您花时间阅读我的简历"),
    ]);
    const sections = detectSections(lines);
    expect(sections.map((s) => [s.kind, s.title])).toEqual([
      ["header", ""],
      ["contact", "联系方式"],
      ["projects", "在校开发经历"],
      ["other", "致谢"],
    ]);
  });

  test("a sidebar with headings of its own style and a main column with bigger ones are both divided", () => {
    const side = (t: string, y: number, bold = false) =>
      line(t, { x: 30, y, size: bold ? 10.5 : 9, bold, column: 1, index: Math.round(y) });
    const main = (t: string, y: number, size = 10.5, bold = false) =>
      line(t, { x: 200, y, size, bold, column: 2, index: 1000 + Math.round(y) });
    const lines = [
      side("CONTACT", 100, true),
      side("Phone 0123", 113),
      side("TOOLBOX", 140, true),
      side("Go", 153),
      side("INTERESTS", 260, true),
      side("Chess", 273),
      main("EMPLOYMENT", 100, 12, true),
      main("Analyst, Fernhollow Games", 118),
      main("SOFTWARE I WROTE", 260, 12, true),
      main("spindle-sync", 278),
    ].map((l, i) => ({ ...l, index: i }));
    expect(detectSections(lines).map((s) => [s.kind, s.lines.map((l) => l.text)])).toEqual([
      ["contact", ["Phone 0123"]],
      ["skills", ["Go"]],
      ["interests", ["Chess"]],
      ["experience", ["Analyst, Fernhollow Games"]],
      ["projects", ["spindle-sync"]],
    ]);
  });

  test("a column that starts without a heading goes on in the section whose heading is nearest above it", () => {
    // a grid of entries: the left column ends with a later section, the right half still lists projects
    const at = (t: string, x: number, y: number, column: number, size = 10, bold = false) =>
      line(t, { x, y, size, bold, column });
    const lines = [
      at("Projects", 30, 100, 1, 13, true),
      at("VMPilot", 30, 115, 1),
      at("A VM SDK", 40, 128, 1),
      at("Writing", 30, 200, 1, 13, true),
      at("Kernel scheduler notes", 30, 215, 1),
      at("Facebooc", 310, 115, 2),
      at("A Facebook clone in C", 320, 128, 2),
      at("Debian Reference", 30, 240, 0),
    ].map((l, i) => ({ ...l, index: i }));
    const sections = detectSections(lines);
    expect(sections.find((s) => s.kind === "projects")!.lines.map((l) => l.text)).toEqual([
      "VMPilot",
      "A VM SDK",
      "Facebooc",
      "A Facebook clone in C",
    ]);
    expect(sections.find((s) => s.title === "Writing")!.lines.map((l) => l.text)).toEqual([
      "Kernel scheduler notes",
      "Debian Reference",
    ]);
  });
});

test("an employer's project list inside a job opens no projects section", () => {
  // "Projekte:" labels under each job, bold like the job titles, far smaller than the headings
  const lines = stack([
    ["BERUFSERFAHRUNG", { size: 14, bold: true }],
    ["Entwickler, Firma Eins", { size: 10, bold: true }],
    ["Projekte:", { size: 10, bold: true }],
    body("Kundenportal für Firma 1, Abrechnung für Firma 2"),
    ["Berater, Firma Zwei", { size: 10, bold: true }],
    ["Projekte:", { size: 10, bold: true }],
    body("Migration für Firma 3"),
    ["AUSBILDUNG", { size: 14, bold: true }],
    body("B.Sc. Informatik"),
  ]);
  expect(detectSections(lines).map((s) => s.kind)).toEqual(["experience", "education"]);
});
