import { expect, test } from "bun:test";
import {
  isTechListLine,
  mergeTechnologies,
  scanTechnologies,
  splitTechList,
} from "../../../src/resume/claims/technologies.ts";

test.each([
  ["Platform was built using JavaScript, EJS, NodeJS, and MongoDB", ["JavaScript", "EJS", "NodeJS", "MongoDB"]],
  ["A React Native app with a Node.js API", ["React Native", "Node.js"]],
  ["Written in C++ and C, with some R scripts", ["C++", "C", "R"]],
  ["R&D on the go, spring cleaning", []],
  ["we go to the express train", []],
  ["Designed using HTML, CSS, JSP, SQL(Backend)", ["HTML", "CSS", "JSP", "SQL"]],
])("scanTechnologies(%s)", (text, want) => expect(scanTechnologies(text)).toEqual(want));

test.each([
  ["Python, Pygame", ["Python", "Pygame"]],
  ["Golang go-telegram/bot sqlx", ["Golang", "go-telegram/bot", "sqlx"]],
  ["Tech: React • Node.js", ["React", "Node.js"]],
  ["MySQL,Draw.io", ["MySQL", "Draw.io"]],
])("splitTechList(%s)", (text, want) => expect(splitTechList(text)).toEqual(want));

test.each([
  ["Python, Pygame", true],
  ["Golang go-telegram/bot sqlx", true],
  ["MIT App Inventor", true],
  ["Designed using HTML, CSS, JSP, SQL(Backend). This project has the features of adding buses", false],
  ["Collected sensor readings every minute and charted them.", false],
  ["Fullstack Developer", false],
  // a technology beside a capitalised ordinary word is a project's name, not a list of two
  ["Kubernetes Autoscaler", false],
  ["React Dashboard", false],
  ["Python Flask", true],
])("isTechListLine(%s) = %s", (text, want) => expect(isTechListLine(text)).toBe(want));

test("mergeTechnologies dedupes case-insensitively and keeps vocabulary spellings", () => {
  expect(mergeTechnologies(["python", "Flask"], ["Python", "postgres"])).toEqual(["Python", "Flask", "Postgres"]);
});
