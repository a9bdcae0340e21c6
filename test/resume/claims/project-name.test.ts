import { describe, expect, test } from "bun:test";
import { parseTitle, parseTitleText } from "../../../src/resume/claims/project-name.ts";
import { line, seg } from "../support/layout-builders.ts";

describe("parseTitleText", () => {
  test.each([
    ["Mind Maze | Python, Pygame", "Mind Maze", ["Python", "Pygame"]],
    ["AI based Google Chrome Dinosaurs Game | Github Link", "AI based Google Chrome Dinosaurs Game", []],
    ["Bus reservation system:", "Bus reservation system", []],
    ["Time-Out: Network Control Application (Capstone)", "Time-Out: Network Control Application (Capstone)", []],
    ["Triangular Arbitrage: This is a simple implementation of triangular arbitrage in Go", "Triangular Arbitrage", []],
    ["Cargo(Rust) - Maintainer", "Cargo", ["Rust"]],
    ["crates.io(Rust/JS) - Previous Maintainer", "crates.io", ["Rust", "JS"]],
    ["CRIU (Checkpoint Restore in Userspace)", "CRIU (Checkpoint Restore in Userspace)", []],
    ["Http Responder in NPM", "Http Responder", []],
    ["UNHack 2023 | HTML, CSS", "UNHack 2023", ["HTML", "CSS"]],
    ["Weather Station Jan 2023 – Mar 2023", "Weather Station", []],
    ["• Pixel Editor Link", "Pixel Editor", []],
    ["ResQMe — AI-Powered Emergency Response Platform", "ResQMe — AI-Powered Emergency Response Platform", []],
    ["• Snake – the classic game rebuilt with themes, sound and a high score table", "Snake", []],
    ["Wedding Boss - Remastered", "Wedding Boss - Remastered", []],
    ["Оценка маркировки продуктов - кейс", "Оценка маркировки продуктов - кейс", []],
    // a platform word is the name when it is the title, a label only in a label's place
    ["GitHub | Go, GraphQL", "GitHub", ["Go", "GraphQL"]],
    ["Website", "Website", []],
    ["Portfolio | React [Code]", "Portfolio", ["React"]],
    ["Weather Station [Code]", "Weather Station", []],
    ["a) 个人主页：https://www.leonus.cn/", "个人主页", []],
    ["ToDo List Telegram бот (", "ToDo List Telegram бот", []],
  ])("%s", (title, name, tech) => {
    const got = parseTitleText(title);
    expect(got.name).toBe(name);
    expect(got.technologies).toEqual(tech);
  });
});

describe("parseTitle (layout aware)", () => {
  test("a bold lead followed by another style is the name; the rest is mined", () => {
    const l = line([
      seg("filler React, Rust, Web Assembly", { boldPrefix: 6 }),
      seg("0xkilty.github.io/filler", { x: 400 }),
    ]);
    expect(parseTitle(l)).toMatchObject({ name: "filler", technologies: ["React", "Rust", "Web Assembly"] });
  });
  test("a fully bold first segment with a right-aligned date keeps the date in rest", () => {
    const l = line([seg("Chess Engine", { bold: true }), seg("Jan 2022 – Mar 2022", { x: 450 })]);
    const got = parseTitle(l);
    expect(got.name).toBe("Chess Engine");
    expect(got.rest).toContain("Jan 2022");
  });
  test("Name: description with the name in bold", () => {
    const l = line([seg("QuantSoftware Toolkit: Open source Python library for finance.", { boldPrefix: 21 })]);
    expect(parseTitle(l).name).toBe("QuantSoftware Toolkit");
  });
});

test.each([
  ["秒杀系统（https://github.com/RoseRuner/Seckill）：商品秒杀系统", "秒杀系统"],
  ["Relay (https://github.com/jane/relay): a message relay for small teams and their bots", "Relay"],
  ["Weather Station (www.example.org/ws)", "Weather Station"],
])("a printed URL in brackets is a link, not part of the name: %p", (title, name) => {
  expect(parseTitleText(title).name).toBe(name);
});

test.each([
  ["Vue 项目:影视解析网站", "影视解析网站"],
  ["Capstone Project: Smart Parking Finder", "Smart Parking Finder"],
])("a label naming a kind of project is followed by the name: %p", (title, name) => {
  expect(parseTitleText(title).name).toBe(name);
});
