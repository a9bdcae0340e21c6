import { describe, expect, test } from "bun:test";
import { classifyHeading, collapseSplitCaps, editDistance } from "../../../src/resume/claims/heading-vocabulary.ts";

describe("classifyHeading", () => {
  test.each([
    ["Projects", "projects"],
    ["PROJECTS", "projects"],
    // head noun first, adjective after (Spanish, French), in lower case or all capitals
    ["Proyectos personales", "projects"],
    ["PROJETS PERSONNELS", "projects"],
    ["Expérience professionnelle", "experience"],
    ["EXPERIENCIA PROFESIONAL", "experience"],
    ["Personal Projects", "projects"],
    ["Side Projects", "projects"],
    ["Machine Learning Projects", "projects"],
    ["RELEVANT PROJECTS:", "projects"],
    ["PROJEECTS", "projects"],
    ["P ROJECTS", "projects"],
    ["P R O J E C T S", "projects"],
    ["Open Source", "projects"],
    ["Open-Source Contribution", "projects"],
    ["Open Source Projects", "projects"],
    ["Проекты", "projects"],
    ["ДОПОЛНИТЕЛЬНЫЕ ПРОЕКТЫ", "projects"],
    ["Pet-проекты", "projects"],
    ["项目经历", "projects"],
    ["Projekte", "projects"],
    ["Open Source Contributions", "projects"],
    ["Selected Work", "projects"],
    ["THINGS I'VE BUILT", "projects"],
    ["Things I’ve Built", "projects"],
    ["What I Have Made", "projects"],
    ["Hackathons", "projects"],
    ["Professional Projects", "experience"],
    ["CLIENT PROJECTS", "experience"],
    ["Work Projects", "experience"],
    ["Work Experience", "experience"],
    ["Expereince", "experience"],
    ["Опыт работы 3 месяца", "experience"],
    ["WORK EXPERIENCE (2)", "experience"],
    ["Internship Experience", "experience"],
    ["Research Experience", "research"],
    ["科研经历", "research"],
    ["Education", "education"],
    ["E DUCATION", "education"],
    ["Образование", "education"],
    ["Technical Skills", "skills"],
    ["Skills & Rewards", "skills"],
    ["Publications", "publications"],
    ["Achievements and Publications", "awards"],
    ["Awards and Certifications", "awards"],
    ["Career Objective:", "summary"],
    ["About Me", "summary"],
    ["Relevant Classes", "coursework"],
    ["Extracurricular Activities", "activities"],
    // compounds (German): a heading word at the end of the word, or projects anywhere in it
    ["Nebenprojekte", "projects"],
    ["Projekterfahrung", "projects"],
    ["Praxiserfahrung", "experience"],
    ["Schulbildung", "education"],
    // head noun first with a qualifying phrase after it (Portuguese, Spanish, German "und")
    ["Projetos em destaque", "projects"],
    ["Proyectos de código abierto", "projects"],
    ["Schulbildung und Studium", "education"],
  ])("%s -> %s", (text, kind) => expect(classifyHeading(text)).toBe(kind as never));

  test.each([
    ["Full Stack Developer"],
    // Title Case after a heading word is an English job title, not an adjective
    ["Project Lead"],
    ["Research Assistant"],
    ["INJECTIVE"],
    ["Blockchain Developer Contribution"],
    ["Most Proud Of"],
    ["Jane Doe"],
    ["A Day of My Life"],
    // a long word that merely contains a heading word is no compound of it
    ["Kundenbetreuer"],
    ["Projector"],
    ["ProjectHub"],
    ["Project Lead at Google"],
  ])("%s is not a known heading", (text) => expect(classifyHeading(text)).toBeNull());
});

test.each([
  ["P ROJECTS", "PROJECTS"],
  ["T ECHNICAL S KILLS", "TECHNICAL SKILLS"],
  ["P R O J E C T S", "PROJECTS"],
  ["Projects", "Projects"],
])("collapseSplitCaps(%s)", (text, want) => expect(collapseSplitCaps(text)).toBe(want));

test.each([
  ["projects", "projeects", 2, 1],
  ["kitten", "sitting", 3, 3],
  ["abc", "abcdef", 1, 2],
])("editDistance(%s, %s) capped at %d", (a, b, cap, want) => expect(editDistance(a, b, cap)).toBe(want));

test.each([
  ["在校开发经历", "projects"],
  ["开源项目和作品（个人）", "projects"],
  ["Software I Wrote", "projects"],
  ["Apps I've built", "projects"],
])("%p names a %p section", (heading, kind) => {
  expect(classifyHeading(heading)).toBe(kind as never);
});
