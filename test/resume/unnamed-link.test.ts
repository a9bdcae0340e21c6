import { expect, test } from "bun:test";
import { extractResumeInProcess } from "../../src/resume/index.ts";
import { pdfkitDocument } from "./support/pdfkit-doc.ts";

// Layout: an education entry whose description ends with the repository printed alone in brackets,
// outside any projects section: the claim is named by the repository, never left without a name.
test("a repository link on a line that names nothing is a project named by its repository", async () => {
  const pdf = await pdfkitDocument((doc) => {
    const put = (font: string, size: number, text: string, y: number) =>
      doc.font(font).fontSize(size).text(text, 60, y, { lineBreak: false });
    put("bold", 22, "Jana Novak", 60);
    put("bold", 14, "EDUCATION", 110);
    put("bold", 11, "BSc Computing, Eastmere University", 135);
    put("sans", 10, "A circuit editor and simulator written for a course, published under the GPL", 152);
    put("sans", 10, "(https://github.com/jnovak/circuitkit)", 166);
    put("bold", 14, "SKILLS", 200);
    put("sans", 10, "Java, C, Python", 225);
  });
  const r = await extractResumeInProcess(pdf);
  expect(r.projects.map((p) => [p.name, p.repoUrl])).toEqual([["circuitkit", "github.com/jnovak/circuitkit"]]);
  expect(r.projects[0]!.foundBy).toMatchObject({ shape: "link-elsewhere", link: "text" });
});

// Layout: a row of contact links under the skills, one of them labelled with the candidate's own
// handle but pointing at one of their repositories (a stale link behind a GitHub icon).
test("a repository link labelled with its owner's handle points at the account, not at a project", async () => {
  const pdf = await pdfkitDocument((doc) => {
    doc.font("bold").fontSize(22).text("Jana Novak", 60, 60, { lineBreak: false });
    doc.font("sans").fontSize(10).text("github.com/jnovak", 60, 88, { lineBreak: false });
    doc.font("bold").fontSize(14).text("PROJECTS", 60, 110, { lineBreak: false });
    doc
      .font("bold")
      .fontSize(11)
      .text("Tidepool", 60, 135, { lineBreak: false, link: "https://github.com/jnovak/tidepool" });
    doc.font("sans").fontSize(10).text("A tide table viewer for sailors", 60, 152, { lineBreak: false });
    doc.font("bold").fontSize(14).text("SKILLS", 60, 190, { lineBreak: false });
    doc.font("sans").fontSize(10).text("Java, C, Python", 60, 215, { lineBreak: false });
    doc
      .font("sans")
      .fontSize(10)
      .text("@jnovak", 60, 240, { lineBreak: false, link: "https://github.com/jnovak/weather" });
  });
  const r = await extractResumeInProcess(pdf);
  expect(r.projects.map((p) => [p.name, p.repoUrl])).toEqual([["Tidepool", "github.com/jnovak/tidepool"]]);
});
