import { expect, test } from "bun:test";
import { extractResumeInProcess } from "../../../src/resume/index.ts";
import { pdfkitDocument } from "../support/pdfkit-doc.ts";

/**
 * Layout: projects inside experience under a heading the vocabulary does not know: each job a bold
 * title with its period, a technology bullet, then the projects done there, each a smaller bold name
 * with its repository beside it and a stack line. The jobs are groups over pieces of work, not
 * pieces of work themselves, whatever the heading says.
 */
async function resume(heading: string): Promise<Uint8Array> {
  return pdfkitDocument((doc) => {
    let y = 56;
    const put = (x: number, text: string, font: "sans" | "bold", size: number, link?: string) =>
      doc
        .font(font)
        .fontSize(size)
        .fillColor(link ? "#1a3f99" : "#000000")
        .text(text, x, y, { lineBreak: false, ...(link ? { link } : {}) });
    put(50, "Mira Castellane", "bold", 20);
    y += 40;
    put(50, heading, "bold", 12.5);
    y += 24;
    const jobs = [
      ["Software engineer, Fernhollow Games", "March 2019 – October 2021", ["Tidepool", "Marrowdb"]],
      ["Software engineer, Saltmarsh Energy", "March 2021 – today", ["Lumen-kit", "Wicket"]],
    ] as const;
    for (const [role, period, names] of jobs) {
      put(50, role, "bold", 10.5);
      put(420, period, "sans", 9);
      y += 13;
      put(58, "• Go, PostgreSQL", "sans", 9);
      y += 18;
      for (const name of names) {
        const url = `https://github.com/mira/${name.toLowerCase()}`;
        put(68, name, "bold", 9.5);
        put(300, url.replace("https://", ""), "sans", 9, url);
        y += 12;
        put(68, "Rust, Svelte, Redis", "sans", 9);
        y += 16;
      }
      y += 6;
    }
    put(50, "Education", "bold", 12.5);
    y += 24;
    put(50, "BSc Computing, Calder Institute of Technology", "bold", 10.5);
  });
}

const repo = (name: string) => `github.com/mira/${name.toLowerCase()}`;

test("jobs under an unknown heading, each over linked projects: the projects are claimed, the jobs are not", async () => {
  const x = await extractResumeInProcess(await resume("Where I worked"));
  // each claim is named by its repository (the line's own name is beside the link, not its title)
  expect(x.projects.map((p) => [p.name.toLowerCase(), p.repoUrl]).sort()).toEqual(
    ["Lumen-kit", "Marrowdb", "Tidepool", "Wicket"].map((n) => [n.toLowerCase(), repo(n)]).sort(),
  );
});

test("a project linking two repositories on plain lines under an unknown heading is one project", async () => {
  // plain lines, each a repository of one part, are not bold sub-entries: the entry is one piece of work
  const pdf = await pdfkitDocument((doc) => {
    let y = 56;
    const put = (x: number, text: string, font: "sans" | "bold", size: number, link?: string) =>
      doc
        .font(font)
        .fontSize(size)
        .text(text, x, y, { lineBreak: false, ...(link ? { link } : {}) });
    put(50, "Mira Castellane", "bold", 20);
    y += 40;
    put(50, "Things I made", "bold", 12.5);
    y += 24;
    for (const name of ["Tidepool", "Marrowdb"]) {
      put(50, name, "bold", 10.5);
      y += 13;
      for (const part of ["web", "api"]) {
        const url = `https://${repo(`${name}-${part}`)}`;
        put(58, `${url.replace("https://", "")} (the ${part} part)`, "sans", 9, url);
        y += 12;
      }
      y += 10;
    }
    put(50, "Education", "bold", 12.5);
    y += 24;
    put(50, "BSc Computing, Calder Institute of Technology", "bold", 10.5);
  });
  const x = await extractResumeInProcess(pdf);
  expect(x.projects.map((p) => p.name)).toEqual(["Tidepool", "Marrowdb"]);
  expect(x.projects.map((p) => p.repoLinks.length)).toEqual([2, 2]);
});
