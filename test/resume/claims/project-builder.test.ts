import { expect, test } from "bun:test";
import { anchorNames, linkedSoftware } from "../../../src/resume/claims/linked-software.ts";
import {
  buildProject,
  claimedCounts,
  descriptionOf,
  wrappedTitle,
} from "../../../src/resume/claims/project-builder.ts";
import type { Section } from "../../../src/resume/claims/sections.ts";
import { line, seg, stack } from "../support/layout-builders.ts";
import { located } from "../support/located-link.ts";

test("descriptionOf joins wrapped lines and hyphenated words, one item per bullet", () => {
  const lines = stack([
    ["• Built a perfor-", {}],
    ["mance dashboard", {}],
    ["• Second point.", {}],
    ["A new paragraph.", {}],
  ]);
  expect(descriptionOf(lines)).toEqual(["Built a performance dashboard", "Second point.", "A new paragraph."]);
});

test("buildProject: title, dates, tech line, description and links", () => {
  const title = line(
    [
      seg("Retail Shop Database System", { bold: true, y: 100 }),
      seg("November 2025 - January 2026", { x: 400, y: 100 }),
    ],
    { index: 0 },
  );
  const lines = [
    title,
    line("MySQL,Draw.io", { y: 114, index: 1 }),
    line("• Normalized to 3NF with PostgreSQL migrations", { y: 128, index: 2 }),
  ];
  const section: Section = { kind: "projects", title: "PROJECT", heading: null, lines };
  const p = buildProject({ title, lines }, section, [
    located("https://github.com/a/shop/tree/main", 0, "Retail"),
    located("https://shop.example.com", 2),
  ]);
  expect(p).toMatchObject({
    name: "Retail Shop Database System",
    repoUrl: "github.com/a/shop",
    technologies: ["MySQL", "Draw.io", "PostgreSQL"],
    dates: { start: "2025-11", end: "2026-01" },
    description: ["Normalized to 3NF with PostgreSQL migrations"],
    section: "PROJECT",
    page: 1,
  });
  expect(p.otherLinks.map((l) => l.url)).toEqual(["https://shop.example.com"]);
});

test("buildProject: a GitHub organisation link instead of a repository becomes ownerUrl", () => {
  const title = line("PowLaw", { bold: true, index: 0 });
  const p = buildProject(
    { title, lines: [title] },
    { kind: "projects", title: "Projects", heading: null, lines: [title] },
    [located("https://github.com/powlaw", 0, "PowLaw")],
  );
  expect(p.repoUrl).toBeNull();
  expect(p.ownerUrl).toBe("github.com/powlaw");
});

test("linkedSoftware: named by the anchor, or by the repository when the anchor is a word", () => {
  const lines = [
    line("Low-level engineer and open source maintainer.", { index: 0, y: 86 }),
    line("Author of thousands of lines in upstream Linux", { index: 1, y: 100 }),
    line("One of CRIU maintainers", { index: 2, y: 114 }),
    line("Header stuff", { index: 3, y: 10 }),
  ];
  const sections: Section[] = [
    { kind: "header", title: "", heading: null, lines: [lines[3]!] },
    { kind: "summary", title: "Summary", heading: null, lines: [lines[0]!, lines[1]!, lines[2]!] },
  ];
  const links = [
    located("https://git.kernel.org/pub/scm/linux/kernel/git/next/linux-next.git/log/?qt=author", 1, "thousands"),
    located("https://github.com/checkpoint-restore/criu", 2, "CRIU"),
    located("https://github.com/checkpoint-restore/criu/graphs/contributors", 2, "maintainers"),
    located("https://github.com/me/CV/raw/main/CV.pdf", 3, "CV"),
  ];
  const projects = linkedSoftware(sections, links, lines);
  expect(projects.map((p) => [p.name, p.repoUrl, p.section])).toEqual([
    ["linux-next", "git.kernel.org/pub/scm/linux/kernel/git/next/linux-next.git", "Summary"],
    ["CRIU", "github.com/checkpoint-restore/criu", "Summary"],
  ]);
  expect(projects[1]!.repoLinks).toHaveLength(2);
});

test("linkedSoftware: a link on an entry's title line takes the title's name", () => {
  const title = line([seg("Kernel work: patches to the scheduler and the tty layer", { boldPrefix: 11 })], {
    index: 0,
    y: 100,
  });
  const sections: Section[] = [{ kind: "experience", title: "Experience", heading: null, lines: [title] }];
  const projects = linkedSoftware(sections, [located("https://github.com/torvalds/linux", 0, "patches")], [title]);
  expect(projects.map((p) => p.name)).toEqual(["Kernel work"]);
});

test.each([
  ["TiDB", "tidb", true],
  ["libkvmi", "libkvmi", true],
  ["thousands", "linux-next", false],
  ["GitHub", "x", false],
  ["here", "x", false],
  ["[Code]", "smart-tide", false],
  ["(GitHub)", "x", false],
  ["[Sketchbot]", "sketchbot", true],
  ["https://github.com/a/b", "b", false],
  ["a very long sentence that goes on and on", "x", false],
])("anchorNames(%s, %s) = %s", (anchor, target, want) => expect(anchorNames(anchor, target)).toBe(want));

test.each([
  ["Cargo(Rust) - Maintainer  260+ commits", { commits: 260 }],
  ["gained 300+ GitHub stars and 1.2k commits", { commits: 1200, stars: 300 }],
  ["1,024 commits", { commits: 1024 }],
  ["a star performer", {}],
])("claimedCounts(%s)", (text, want) => expect(claimedCounts(text)).toEqual(want));

test("wrappedTitle: a title wrapped over lines names the project as a whole, without its dates", () => {
  const lines = [
    line("Онлайн-сервис ИИ-деконволюции в", { y: 100, index: 900 }),
    line("нейробиологии (восстановления качества изображений с", { y: 110, index: 901 }),
    line("микроскопа) (04/2023 - В настоящем)", { y: 120, index: 902 }),
  ];
  const entry = { title: lines[0]!, lines, titleLines: 3 };
  expect(wrappedTitle(entry).name).toBe(
    "Онлайн-сервис ИИ-деконволюции в нейробиологии (восстановления качества изображений с микроскопа)",
  );
  expect(wrappedTitle({ title: lines[0]!, lines }).name).toBe("Онлайн-сервис ИИ-деконволюции в");
});
