/**
 * End to end on the generated fixtures, one per trap seen in real resumes: PDF bytes -> claims,
 * in process (the isolation layer has its own tests).
 */
import { describe, expect, test } from "bun:test";
import { extractResumeInProcess } from "../../src/resume/extract-in-process.ts";
import { type ExtractedResume, ResumeError } from "../../src/resume/types.ts";
import { fixture } from "./support/fixtures.ts";

const extract = async (name: string) => extractResumeInProcess(await fixture(name));
const summary = (r: ExtractedResume) => r.projects.map((p) => [p.name, p.repoUrl]);

describe("links", () => {
  test("annotation-only links behind 'Link', the title, an icon and 'GitHub'", async () => {
    const r = await extract("annotation-links.pdf");
    expect(summary(r)).toEqual([
      ["Weather Station", "github.com/janedoe/weather-station"],
      ["Chess Engine", "github.com/janedoe/chess-engine"],
      ["Budget App", "github.com/janedoe/budget-app"],
      ["Pixel Editor", "github.com/janedoe/pixel-editor"],
    ]);
    expect(r.projects[0]!.repoLinks[0]).toMatchObject({
      visibleText: "Link",
      source: "annotation",
      visibleDiffers: false,
    });
    expect(r.projects[0]!.technologies).toEqual(["Python", "Flask"]);
    expect(r.projects[0]!.dates).toEqual({
      text: "Jan 2023 – Mar 2023",
      start: "2023-01",
      end: "2023-03",
      precision: { start: "month", end: "month" },
    });
    expect(r.projects[1]!.repoLinks[0]!.visibleText).toBe("Chess Engine");
    expect(r.projects[2]!.repoLinks[0]!.visibleText).toBeUndefined();
    expect(r.githubProfiles.map((p) => p.url)).toEqual(["https://github.com/janedoe"]);
    expect(r.candidateName).toBe("Jane Doe");
  });

  test("a visible URL that differs from the link target keeps both and says so", async () => {
    const r = await extract("visible-differs.pdf");
    expect(r.githubProfiles[0]).toMatchObject({
      url: "https://github.com/sam-real",
      visibleDiffers: true,
      visibleUrl: "https://github.com/sam-visible",
    });
    const [sea, site] = r.projects;
    expect(sea).toMatchObject({
      name: "Sea Level Predictor",
      repoUrl: "github.com/sam-real/sea-level-predictor-using-python",
    });
    expect(sea!.repoLinks[0]).toMatchObject({
      visibleDiffers: true,
      visibleUrl: "https://github.com/sam-real/sea-level-predictor",
    });
    expect(site!.repoUrl).toBeNull();
    expect(site!.otherLinks[0]).toMatchObject({
      url: "https://sam-real.github.io/portfolio",
      visibleUrl: "https://lnk.example/abc",
      impliedRepoUrl: "github.com/sam-real/portfolio",
    });
  });

  test("doubled prefixes are repaired; /pull/41, /tree/main, wrapped and commit-search links normalize", async () => {
    const r = await extract("doubled-and-deep-links.pdf");
    expect(r.githubProfiles).toHaveLength(1);
    expect(r.githubProfiles[0]).toMatchObject({
      url: "https://github.com/arikim",
      raw: "https://github.com/https://github.com/arikim",
      source: "both",
    });
    expect(summary(r)).toEqual([
      ["KVM", "github.com/KVM-VMI/kvm"],
      ["Prow", "github.com/kubernetes/test-infra"],
      ["libkvmi", "github.com/bitdefender/libkvmi"],
      ["Cargo", "github.com/rust-lang/cargo"],
    ]);
    expect(r.projects.map((p) => p.repoLinks[0]!.subpath ?? "")).toEqual([
      "/pull/41/files",
      "/tree/master/prow",
      "",
      expect.stringContaining("/search?q=repo"),
    ]);
    expect(r.projects[3]!.technologies).toEqual(["Rust"]);
  });

  test("open-source repositories linked from experience prose are projects; 'based on' marks a mention", async () => {
    const r = await extract("open-source-in-experience.pdf");
    expect(r.projects.map((p) => [p.name, p.repoUrl, p.section, p.mentionOnly ?? false])).toEqual([
      ["TiDB", "github.com/pingcap/tidb", "Work Experience", false],
      ["Prow", "github.com/kubernetes/test-infra", "Work Experience", true],
    ]);
    expect(r.projects[0]!.dates?.start).toBe("2023-08");
    expect(r.repoLinksOutsideProjects.map((l) => [l.repoUrl, l.section])).toEqual([
      ["github.com/pingcap/tidb", "Work Experience"],
      ["github.com/kubernetes/test-infra", "Work Experience"],
    ]);
  });
});

describe("layout", () => {
  test("two columns with a misspelled heading: projects come whole, the sidebar stays out", async () => {
    const r = await extract("two-column.pdf");
    expect(r.projects.map((p) => [p.name, p.dates?.text, p.section])).toEqual([
      ["Mind Maze", "Oct 2023", "PROJEECTS"],
      ["Snake", "Feb 2023", "PROJEECTS"],
      ["Route Planner", "2022", "PROJEECTS"],
    ]);
    expect(r.projects[0]!.description).toEqual([
      "An educational game that turns lessons into a maze",
      "Levels cover maths, logic and computer science",
    ]);
    expect(r.projects[0]!.technologies).toEqual(["Python", "Pygame"]);
    const text = JSON.stringify(r.projects);
    for (const sidebar of ["Kubernetes", "Mandarin", "York University"]) expect(text).not.toContain(sidebar);
  });

  test("small-caps headings split into a big first letter and smaller capitals", async () => {
    const r = await extract("small-caps-headings.pdf");
    expect(r.projects.map((p) => [p.name, p.section])).toEqual([
      ["Census Dashboard", "PROJECTS"],
      ["Hand Sign Detection", "PROJECTS"],
    ]);
  });

  test("Russian headings, season dates and a link behind a word", async () => {
    const r = await extract("russian-headings.pdf");
    expect(r.candidateName).toBe("Иван Петров");
    expect(r.projects.map((p) => [p.name, p.repoUrl, p.section, p.dates?.start])).toEqual([
      ["Телеграм бот для дней рождения", "github.com/ivanp/birthday-bot", "Проекты", "2024-03"],
      ["Сервер REST API", null, "Проекты", "2019-09"],
    ]);
  });

  test("ligatures, soft hyphens, hyphenated line breaks and icon glyphs are cleaned", async () => {
    const r = await extract("glyph-noise.pdf");
    expect(r.projects).toHaveLength(1);
    expect(r.projects[0]!.name).toBe("Profile Builder");
    expect(r.projects[0]!.description).toEqual([
      "A high-impact tool for efficient CV work, built for quick development and better performance on flaky networks.",
    ]);
    expect(r.githubProfiles[0]!.visibleText).toBe("GitHub");
  });

  test("text drawn twice for fake bold is read once, and reads as bold", async () => {
    const r = await extract("fake-bold.pdf");
    expect(r.candidateName).toBe("Wei Zhang");
    expect(r.projects.map((p) => [p.name, p.dates?.text])).toEqual([
      ["Chess Engine", "2022"],
      ["Garden Monitor", "2021"],
    ]);
  });
});

describe("structure, not wording (failure classes of real resumes, generated)", () => {
  test("sidebar of skill lists beside the main column; projects named GitHub, Website, Portfolio", async () => {
    const r = await extract("sidebar-platform-names.pdf");
    expect(r.projects.map((p) => [p.name, p.repoUrl, p.technologies, p.dates?.text])).toEqual([
      ["GitHub", "github.com/samokafor/github", ["Go", "GraphQL"], "2023"],
      ["Website", "github.com/samokafor/website", ["TypeScript", "React"], "2022"],
      ["Portfolio", "github.com/samokafor/portfolio", [], "2021"],
    ]);
    // the link sits on the title, on a trailing "[Code]", and on an icon with no text under it
    expect(r.projects.map((p) => p.repoLinks[0]!.visibleText)).toEqual(["GitHub", "[Code]", undefined]);
  });

  test("headings that differ from the body only by size, colour and a rule line (Word style)", async () => {
    const r = await extract("word-style-headings.pdf");
    expect(summary(r)).toEqual([
      ["Tram Times", "github.com/lfischer/tram-times"],
      ["Recipe Box", "github.com/lfischer/recipe-box"],
      ["Bike Counter", "github.com/lfischer/bike-counter"],
    ]);
    // an unknown heading in the heading style is still a section boundary
    expect(r.projects.map((p) => p.section)).toEqual(["Things I Built", "Things I Built", "Things I Built"]);
    expect(r.projects[0]!.description.join(" ")).not.toContain("Nordwind");
  });

  test("eight projects as the rows of a table, one style everywhere, each linked from 'GitHub'", async () => {
    const r = await extract("project-table.pdf");
    expect(r.projects.map((p) => p.name)).toEqual([
      "Glacier Sync",
      "Moose Tracker",
      "Aurora Alerts",
      "Fjord Maps",
      "Sauna Timer",
      "Lingon Notes",
      "Troll Chess",
      "Herring Bot",
    ]);
    expect(
      r.projects.every(
        (p, i) => p.repoUrl === `github.com/jberg/${r.projects[i]!.name.toLowerCase().replace(/ /g, "-")}`,
      ),
    ).toBe(true);
    expect(r.projects[0]!.technologies).toEqual(["Rust", "S3"]);
  });

  test("projects under Open Source Contributions, Selected Work, Hackathons and Research", async () => {
    const r = await extract("project-headings.pdf");
    expect(r.projects.map((p) => [p.name, p.repoUrl, p.section])).toEqual([
      ["kube-probe", "github.com/kube-probe/kube-probe", "Open Source Contributions"],
      ["Ledger Lite", "github.com/rmenon/ledger-lite", "Selected Work"],
      ["FloodWatch", null, "Hackathons"],
      ["Sparse Attention Study", "github.com/rmenon/sparse-attn", "Research"],
    ]);
  });
});

describe("hidden text", () => {
  test("white, tiny, off-page, covered and invisible text is reported apart; white on a dark bar is not", async () => {
    const r = await extract("hidden-text.pdf");
    expect(r.hiddenText.map((h) => [h.reason, h.text])).toEqual([
      ["white-fill", "kubernetes terraform golang staff engineer"],
      ["tiny-font", "machine learning expert"],
      ["off-page", "senior architect"],
      ["covered", "principal consultant"],
      ["invisible-render-mode", "blockchain quantum"],
    ]);
    expect(r.candidateName).toBe("Olu Bello");
    expect(r.projects.map((p) => p.name)).toEqual(["Log Shipper"]);
    const visible = JSON.stringify(r.projects);
    for (const h of r.hiddenText) expect(visible).not.toContain(h.text);
  });

  test("an optional-content layer that is off and text outside a clipping path are hidden, not claims", async () => {
    const r = await extract("hidden-layers.pdf");
    expect(r.projects.map((p) => [p.name, p.dates?.text, p.description])).toEqual([
      ["Tide Clock", "2023", ["Shows the tides of the nearest harbour."]],
      ["Harbour Map", "2022", ["Charts the piers from open data."]],
      ["Kite Logger", "2021", ["Logs wind speed from a kite line."]],
    ]);
    expect(r.hiddenText.map((h) => [h.reason, h.text])).toEqual([
      ["hidden-layer", "Quantum Compiler 2024"],
      ["hidden-layer", "• kubernetes rust golang principal engineer"],
      ["clipped", "blockchain architect"],
    ]);
    expect(JSON.stringify(r.projects)).not.toContain("kubernetes");
  });

  test("rotated text is read, not skipped: a sidebar turned 90 degrees holds the projects", async () => {
    const r = await extract("rotated-text.pdf");
    expect(summary(r)).toEqual([["Reef Watch", "github.com/analima/reef-watch"]]);
    expect(r.projects[0]!.description).toEqual(["Counts fish in reef camera footage. github.com/analima/reef-watch"]);
    expect(r.candidateName).toBe("Ana Lima");
    expect(r.warnings).toEqual([]);
    expect(r.hiddenText).toEqual([]);
  });

  test("a scanned page's invisible OCR layer is the page's text, with a warning", async () => {
    const r = await extract("ocr-layer.pdf");
    expect(r.hiddenText).toEqual([]);
    expect(r.projects.map((p) => p.name)).toEqual(["Tide Tables"]);
    expect(r.warnings.join(" ")).toContain("OCR");
  });
});

test("negative case: a 'Projects' label inside a job, a CV file link and a profile are not projects", async () => {
  const r = await extract("no-projects.pdf");
  expect(r.projects).toEqual([]);
  expect(r.githubProfiles.map((p) => p.url)).toEqual(["https://github.com/okelly"]);
  expect(r.repoLinksOutsideProjects).toMatchObject([
    { repoUrl: "github.com/okelly/CV", subpath: "/raw/main/CV.pdf", section: "header" },
  ]);
  expect(r.warnings).toContain("no projects section found");
});

describe("unreadable input ends in the right ResumeError, quickly", () => {
  const cases: Array<[string, string, RegExp]> = [
    ["encrypted.pdf", "pdf_encrypted", /password/],
    ["image-only.pdf", "pdf_no_text", /no text layer.*OCR/],
    ["corrupt.pdf", "pdf_corrupt", /damaged/],
    ["truncated.pdf", "pdf_corrupt", /incomplete/],
    ["zero-pages.pdf", "pdf_no_text", /no pages/],
    ["deep-nesting.pdf", "pdf_too_complex", /too complex/],
    ["too-many-pages.pdf", "pdf_too_complex", /40 pages/],
  ];
  for (const [name, code, message] of cases) {
    test(name, async () => {
      const err = await extract(name).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ResumeError);
      expect((err as ResumeError).code).toBe(code as never);
      expect((err as ResumeError).message).toMatch(message);
    });
  }

  test("a file over 10 MB is refused before parsing", async () => {
    const big = new Uint8Array(10 * 1024 * 1024 + 10);
    big.set(new TextEncoder().encode("%PDF-1.7\n"));
    big.set(new TextEncoder().encode("%%EOF\n"), big.length - 6);
    const err = await extractResumeInProcess(big).catch((e: unknown) => e);
    expect((err as ResumeError).code).toBe("pdf_too_large");
  });
});
