import { describe, expect, test } from "bun:test";
import { extractResumeInProcess } from "../../src/resume/extract-in-process.ts";
import { ResumeBuilder } from "../fixtures/resume/fixture-builder.ts";

// Whole-pipeline checks on PDFs drawn here, one per resume structure the rules read by layout.

const BLUE: [number, number, number] = [0.2, 0.3, 0.6];

describe("resume structures read end to end", () => {
  test("moderncv-like entries dated with a single year in the left margin are one project each", async () => {
    const b = await ResumeBuilder.create();
    b.text(110, 50, "Jane Doe", { size: 22 });
    b.text(110, 90, "Experience", { size: 14, color: BLUE });
    b.text(40, 110, "2019–2021", { size: 9 });
    b.text(110, 110, "Engineer, Acme", { size: 10, font: "bold" });
    b.text(110, 123, "Built the billing platform.", { size: 10 });
    b.text(110, 150, "Projects", { size: 14, color: BLUE });
    const projects = [
      ["2021", "Relay", "A message relay for chat bots."],
      ["2020", "Tidepool", "A tide table viewer for sailors."],
      ["2019", "Quill", "A note taking app for students."],
    ] as const;
    projects.forEach(([year, name, what], i) => {
      const y = 170 + i * 30;
      b.text(40, y, year, { size: 9 });
      b.text(110, y, name, { size: 10, font: "bold" });
      b.text(110, y + 13, what, { size: 10 });
    });
    b.text(110, 270, "Education", { size: 14, color: BLUE });
    b.text(40, 290, "2015", { size: 9 });
    b.text(110, 290, "BSc, State University", { size: 10, font: "bold" });
    const r = await extractResumeInProcess(await b.save());
    expect(r.projects.map((p) => [p.name, p.dates?.text])).toEqual([
      ["Relay", "2021"],
      ["Tidepool", "2020"],
      ["Quill", "2019"],
    ]);
  });

  test("a projects heading with a note on its line, and links on phrases inside sentences", async () => {
    const b = await ResumeBuilder.create();
    b.text(50, 50, "Lucas Connors", { size: 18, font: "bold" });
    b.text(50, 80, "EXPERIENCE", { size: 12, font: "bold" });
    b.text(50, 96, "Staff Engineer, AuditBoard", { size: 10 });
    const right = b.text(50, 130, "SIDE PROJECTS", { size: 12, font: "bold" });
    b.linkedText(right + 10, 130, "(more at github.com/lucas)", "https://github.com/lucas", {
      size: 8,
      font: "italic",
    });
    let x = b.text(60, 148, "Productivity tools such as a ", { size: 10 });
    x = b.linkedText(x, 148, "dashboard for standup", "https://github.com/lucas/rooster", { size: 10 });
    x = b.text(x, 148, " and a ", { size: 10 });
    b.linkedText(x, 148, "URL shortener for teams", "https://github.com/lucas/goslinks", { size: 10 });
    b.text(50, 180, "EDUCATION", { size: 12, font: "bold" });
    b.text(50, 196, "BCS, University of Waterloo", { size: 10 });
    const r = await extractResumeInProcess(await b.save());
    expect(r.projects.map((p) => [p.name, p.repoUrl, p.section])).toEqual([
      ["dashboard for standup", "github.com/lucas/rooster", "SIDE PROJECTS"],
      ["URL shortener for teams", "github.com/lucas/goslinks", "SIDE PROJECTS"],
    ]);
    expect(r.githubProfiles.map((p) => p.owner)).toEqual(["lucas"]);
  });

  test("without a projects section, repository links elsewhere are the claims and the warning says they were inferred", async () => {
    const b = await ResumeBuilder.create();
    b.text(50, 50, "Ana Lima", { size: 18, font: "bold" });
    b.text(50, 80, "EXPERIENCE", { size: 12, font: "bold" });
    b.text(50, 96, "Engineer, Acme", { size: 10, font: "bold" });
    const x = b.text(60, 110, "• Open-sourced ", { size: 10 });
    b.linkedText(x, 110, "a ledger for small shops", "https://github.com/ana/ledgr", { size: 10 });
    b.text(50, 140, "EDUCATION", { size: 12, font: "bold" });
    b.text(50, 156, "BSc, State University", { size: 10 });
    const r = await extractResumeInProcess(await b.save());
    expect(r.projects.map((p) => [p.repoUrl, p.section])).toEqual([["github.com/ana/ledgr", "EXPERIENCE"]]);
    expect(r.warnings.some((w) => w.startsWith("no projects section found;") && w.includes("inferred"))).toBe(true);
    expect(r.textLines?.find((l) => l.links.includes("https://github.com/ana/ledgr"))?.sectionKind).toBe("experience");
  });
});
