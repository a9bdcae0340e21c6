/**
 * Repository-first matching does not claim a repository named after a topic because the resume
 * writes the topic: each part of the rule on its own (how common the name's words are, where the line
 * writes them, how much of a phrase they are, the repository's own description), and the same shapes
 * with a distinctive name, which must still be found.
 */
import { describe, expect, test } from "bun:test";
import { describedOn, listsTools, standsAlone, titlesLine, writtenAsCode } from "../../src/analysis/mention-form.ts";
import { repositoryMentions } from "../../src/analysis/repository-first.ts";
import { nameKind } from "../../src/analysis/topic-words.ts";
import type { GhRepo } from "../../src/github/index.ts";
import type { ResumeTextLine } from "../../src/resume/types.ts";
import { repo } from "./fixtures.ts";

/** A text line of a section of that kind (its heading the kind's name, the header's ""). */
function at(text: string, sectionKind = "experience", links: string[] = []): ResumeTextLine {
  const section = sectionKind === "header" ? "" : sectionKind.replace(/^./, (c) => c.toUpperCase());
  return { text, page: 1, section, sectionKind, links };
}
const claimed = (repos: GhRepo[], lines: ResumeTextLine[], wide = false) =>
  repositoryMentions(repos, lines, new Set(), { wide }).map((m) => [m.repo.name, m.claim.name]);
const one = (name: string, extra: Partial<GhRepo> = {}) => [repo(`ana/${name}`, extra)];

describe("how common a repository name's words are", () => {
  test("a name with one word outside the topic vocabulary is distinctive", () => {
    for (const n of ["weather-dash", "ledgr", "Snow-Pro", "chess-engine", "ResNet50-for-Alzheimers-Diagnosis"])
      expect(nameKind(n)).toBe("distinctive");
  });

  test("fields, technologies and coding platforms alone are topics; kinds of things are artifacts", () => {
    for (const n of ["machine-learning", "computer-science", "DataStructures", "leetcode", "intro-to-python"])
      expect(nameKind(n)).toBe("topic");
    for (const n of ["portfolio", "dotfiles", "react-app", "python-projects", "awesome-go", "100-days-of-code"])
      expect(nameKind(n)).toBe("artifact");
  });
});

describe("topic-named repositories are not claimed for the topic's words", () => {
  const decoys = [
    "software-engineering",
    "machine-learning",
    "data-science",
    "computer-science",
    "web-development",
    "portfolio",
    "notes",
    "website",
    "dotfiles",
    "leetcode",
  ].map((n) => repo(`ana/${n}`));

  test("a role, a department or a paper whose name runs on past the topic", () => {
    expect(
      claimed(decoys, [
        at("Software Engineering Intern, Acme Corp  Jun 2023 - Aug 2023"),
        at("Contract Machine Learning Engineer"),
        at("Data Science Trainee - Digital Pioneers Initiative"),
        at("UNDERGRADUATE RESEARCHER — UCSB DEPARTMENT OF COMPUTER SCIENCE"),
        at("Quantitative Research Intern, Portfolio Management Department"),
        at("Causal Machine Learning Paper On Mental Health Outcomes", "projects"),
        at("PORTFOLIO FOR STATISTICAL SKILLS", "projects"),
      ]),
    ).toEqual([]);
  });

  test("a topic in a sentence, as a label or in a list of tools, whatever the section", () => {
    expect(
      claimed(decoys, [
        at("• Completed an internship focused on Flutter and Machine Learning."),
        at("• Research Assistant – Machine Learning: research on portfolio hedging"),
        at("• Machine Learning: research on portfolio hedging"),
        at("LeetCode : Highest Contest Rank of 1432", "activities"),
        at("Technologies: Python3, MySQL, Data Mining, Machine Learning", "projects"),
        at("• Lotion – Notes App", "projects"),
        at("• Tech related Android app (50k+ Downloads), Website (100k+ Stats)"),
        at("• Keeps my dotfiles and notes in sync"),
      ]),
    ).toEqual([]);
  });

  test("a field's name alone on a title line is a category, not a repository", () => {
    expect(claimed(decoys, [at("Machine Learning — Python, scikit-learn, PyTorch", "projects")])).toEqual([]);
    expect(claimed(decoys, [at("Web Development", "projects")])).toEqual([]);
  });
});

describe("a repository is claimed where the resume names it as a thing", () => {
  test("a distinctive name keeps every shape it had: in a sentence, as a label, in a role's line", () => {
    const repos = [repo("ana/weather-dash"), repo("ana/ledgr")];
    expect(claimed(repos, [at("• In my own time I built Weather Dash, a forecast dashboard.")])).toEqual([
      ["weather-dash", "Weather Dash"],
    ]);
    expect(claimed(repos, [at("• Ledgr: a double-entry ledger for small shops")])).toEqual([["ledgr", "Ledgr"]]);
    expect(claimed(repos, [at("Ledgr Maintainer, open source")])).toEqual([["ledgr", "Ledgr"]]);
  });

  test("a kind of thing on a title line of its own, with its stop words, a separator or a link", () => {
    expect(claimed(one("portfolio"), [at("Portfolio — a static site in Astro and Tailwind", "projects")])).toEqual([
      ["portfolio", "Portfolio"],
    ]);
    expect(claimed(one("portfolio"), [at("• Portfolio Website | Astro, Tailwind", "projects")])).toEqual([
      ["portfolio", "Portfolio"],
    ]);
    expect(claimed(one("personal-website"), [at("• Personal Website: a static site in Astro")])).toEqual([
      ["personal-website", "Personal Website"],
    ]);
    expect(claimed(one("notes"), [at("Notes", "projects", ["https://notes.example.org"])])).toEqual([
      ["notes", "Notes"],
    ]);
  });

  test("a topic's name written as code: its own spelling, not a word of the prose", () => {
    expect(claimed(one("machine-learning"), [at("• Wrote machine-learning, my notebook of course exercises")])).toEqual(
      [["machine-learning", "machine-learning"]],
    );
    expect(claimed(one("react-app"), [at("• react_app: the shop's front end")])).toEqual([["react-app", "react_app"]]);
    expect(claimed(one("full-stack"), [at("• Led a full-stack team of five")])).toEqual([]);
    expect(claimed(one("full-stack"), [at("Full-Stack Developer, Acme")])).toEqual([]);
  });

  test("a topic's name where the repository's own description says what the line says", () => {
    const described = one("machine-learning", {
      description: "Linear regression and decision trees implemented from scratch in NumPy",
    });
    const line = [at("Machine Learning — regression and decision trees from scratch", "projects")];
    expect(claimed(described, line)).toEqual([["machine-learning", "Machine Learning"]]);
    expect(claimed(one("machine-learning"), line)).toEqual([]);
    // a description about something else does not make the topic a name
    const other = one("machine-learning", { description: "Lecture notes of a university course" });
    expect(claimed(other, [at("Contract Machine Learning Engineer, trading models")])).toEqual([]);
  });

  test("in a wide reading the repository's address names a topic-named repository on any line", () => {
    expect(claimed(one("dotfiles"), [at("ana@example.com · github.com/ana/dotfiles", "header")], true)).toEqual([
      ["dotfiles", "dotfiles"],
    ]);
    expect(claimed(one("machine-learning"), [at("Machine Learning Engineer", "experience")], true)).toEqual([]);
  });
});

describe("a name in a skills list against a project entry", () => {
  test("the same title is a claim in a projects entry and nothing in a skills list or a labelled tools line", () => {
    const repos = [repo("ana/portfolio"), repo("ana/ledgr")];
    expect(claimed(repos, [at("Portfolio, Ledgr", "skills")])).toEqual([]);
    expect(claimed(repos, [at("Tools: Ledgr, Portfolio", "projects")])).toEqual([]);
    expect(claimed(repos, [at("Portfolio | Astro", "projects"), at("Ledgr | TypeScript", "projects")])).toEqual([
      ["ledgr", "Ledgr"],
      ["portfolio", "Portfolio"],
    ]);
  });
});

describe("the parts of the form", () => {
  test("standsAlone: no capitalised word runs on before or after, across a joining word", () => {
    const own = new Set(["portfolio", "website"]);
    expect(standsAlone("Portfolio Website", 0, 9, own)).toBe(true);
    expect(standsAlone("Portfolio Management", 0, 9, own)).toBe(false);
    expect(standsAlone("Flutter and Machine Learning", 12, 28, own)).toBe(false);
    expect(standsAlone("I built Portfolio, a site", 8, 17, own)).toBe(true);
    // a capitalised first word runs on, too: "Causal Machine Learning Paper" is one title
    expect(standsAlone("Built Portfolio, a site", 6, 15, own)).toBe(false);
  });

  test("titlesLine: at the start, then the end, a separator, a colon or a link", () => {
    expect(titlesLine(at("• Portfolio"), 2, 11)).toBe(true);
    expect(titlesLine(at("Portfolio — Astro"), 0, 9)).toBe(true);
    expect(titlesLine(at("Portfolio: Astro"), 0, 9)).toBe(true);
    expect(titlesLine(at("Portfolio hedging models"), 0, 9)).toBe(false);
    expect(titlesLine(at("My Portfolio"), 3, 12)).toBe(false);
  });

  test("writtenAsCode: the repository's own separators, not a capitalised or running-on compound", () => {
    expect(writtenAsCode("machine_learning", 0, 16, "machine-learning")).toBe(true);
    expect(writtenAsCode("MachineLearning", 0, 15, "machine-learning")).toBe(true);
    expect(writtenAsCode("Machine Learning", 0, 16, "machine-learning")).toBe(false);
    expect(writtenAsCode("FULL-STACK", 0, 10, "full-stack")).toBe(false);
    expect(writtenAsCode("dotfiles", 0, 8, "dotfiles")).toBe(false);
  });

  test("listsTools: a line labelled as the tools used", () => {
    expect(listsTools("Tech stack: React, Go")).toBe(true);
    expect(listsTools("• Built with: Astro")).toBe(true);
    expect(listsTools("Technical lead for the web team")).toBe(false);
  });

  test("describedOn: two of the description's own words on the line, or under a title the next of its section", () => {
    const r = repo("ana/notes", { description: "Markdown notebook synced over WebDAV", topics: ["markdown"] });
    expect(describedOn(r, [at("Notes"), at("• A markdown notebook app")], 0, true)).toBe(true);
    // under a bullet the next line is another entry's; in another section it is another part's
    expect(describedOn(r, [at("Notes"), at("• A markdown notebook app")], 0, false)).toBe(false);
    expect(describedOn(r, [at("Notes"), at("• A markdown notebook", "projects")], 0, true)).toBe(false);
    expect(describedOn(r, [at("• Notes — a markdown notebook")], 0, false)).toBe(true);
    expect(describedOn(repo("ana/notes"), [at("Notes — markdown notebook")], 0, true)).toBe(false);
  });
});
