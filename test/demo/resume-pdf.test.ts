import { describe, expect, test } from "bun:test";
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFString } from "pdf-lib";
import { perfectExtraction, type SampleResume, sampleResumePdf } from "./resume-pdf.ts";

const sample: SampleResume = {
  name: "Ana Lima",
  githubLogin: "ana",
  email: "ana@example.com",
  hiddenText: "kubernetes rust",
  projects: [
    {
      name: "Weather Dash",
      repoUrl: "github.com/ana/weather-dash",
      technologies: ["React"],
      dates: "Jan 2023 - Present",
    },
    { name: "Ledgr", description: ["Personal finance tracker"], dates: "2021" },
    { name: "Tool", repoUrl: "github.com/ana/tool", linkWord: "Source", dates: "Mar 2019 – Dec 2020" },
  ],
};

describe("sampleResumePdf", () => {
  test("writes the profile and repository links as URI annotations, byte-identical on every run", async () => {
    const bytes = await sampleResumePdf(sample);
    expect(Buffer.from(bytes).equals(Buffer.from(await sampleResumePdf(sample)))).toBe(true);
    const doc = await PDFDocument.load(bytes);
    const annots = doc.getPage(0).node.lookup(PDFName.of("Annots"), PDFArray);
    const uris = annots.asArray().map((ref) => {
      const a = doc.context.lookup(ref, PDFDict).lookup(PDFName.of("A"), PDFDict);
      return a.lookup(PDFName.of("URI"), PDFString).decodeText();
    });
    expect(uris).toEqual([
      "https://github.com/ana",
      "https://github.com/ana/weather-dash",
      "https://github.com/ana/tool",
    ]);
  });

  test("many projects flow onto a second page", async () => {
    const many = {
      ...sample,
      projects: Array.from({ length: 20 }, (_, i) => ({
        name: `Project ${i}`,
        description: ["A line of description"],
      })),
    };
    expect((await PDFDocument.load(await sampleResumePdf(many))).getPageCount()).toBe(2);
  });
});

describe("perfectExtraction", () => {
  test("is what an ideal extractor returns for the sample", () => {
    const r = perfectExtraction(sample);
    expect(r.githubProfiles.map((p) => p.owner)).toEqual(["ana"]);
    expect(r.projects.map((p) => [p.name, p.repoUrl, p.dates?.start ?? null, p.dates?.end ?? null])).toEqual([
      ["Weather Dash", "github.com/ana/weather-dash", "2023-01", "present"],
      // a year stays a year, read at its precision (the extractor's own date reader)
      ["Ledgr", null, "2021", null],
      ["Tool", "github.com/ana/tool", "2019-03", "2020-12"],
    ]);
    expect(r.projects[1]?.dates?.precision).toEqual({ start: "year" });
    expect(r.projects[2]?.repoLinks[0]).toMatchObject({
      owner: "ana",
      repo: "tool",
      visibleText: "Source",
      visibleDiffers: false,
    });
    expect(r.hiddenText).toEqual([{ text: "kubernetes rust", page: 1, reason: "white-fill" }]);
  });
});
