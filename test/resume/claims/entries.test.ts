import { describe, expect, test } from "bun:test";
import {
  isDateOnly,
  isNoise,
  readsLikeTitle,
  segmentEntries,
  similarStyle,
  stripBullet,
} from "../../../src/resume/claims/entries.ts";
import { wrappedTitle } from "../../../src/resume/claims/project-builder.ts";
import { parseTitle } from "../../../src/resume/claims/project-name.ts";
import { line, seg, stack } from "../support/layout-builders.ts";

const titles = (lines: ReturnType<typeof stack>) => segmentEntries(lines).map((e) => e.title.text);

describe("segmentEntries", () => {
  test("bold titles with bullets under them", () => {
    const lines = stack([
      ["Weather Station", { bold: true }],
      ["• Collected readings every minute", {}],
      ["• Charted them", {}],
      ["Chess Engine", { bold: true }],
      ["• Alpha-beta search", {}],
    ]);
    expect(titles(lines)).toEqual(["Weather Station", "Chess Engine"]);
  });

  test("'Name: description' paragraphs with a bold lead; wrapped lines stay in the entry", () => {
    const lines = [
      line([seg("Triangular Arbitrage: a simple implementation of triangular arbitrage. The", { boldPrefix: 20 })], {
        y: 100,
        index: 0,
      }),
      line("Bellman-Ford algorithm detects tradeable cycles.", { y: 114, index: 1 }),
      line([seg("libkvmi: user-mode library for the Bitdefender KVM branch.", { boldPrefix: 7 })], {
        y: 128,
        index: 2,
      }),
    ];
    expect(segmentEntries(lines).map((e) => [e.title.index, e.lines.length])).toEqual([
      [0, 2],
      [2, 1],
    ]);
  });

  test("one style for everything: a title needs what the first title had at its right edge", () => {
    const t = (text: string, date: string, y: number, index: number) =>
      line([seg(text, { y }), seg(date, { x: 450, y })], { index });
    const lines = [
      t("Happy Birthday Telegram Bot", "June 2024", 100, 0),
      line("Reminds you of the birthdays of your friends.", { y: 114, index: 1 }),
      t("Rest Api Server", "July 2023", 128, 2),
      line("Handles users and sessions.", { y: 142, index: 3 }),
    ];
    expect(segmentEntries(lines).map((e) => e.title.index)).toEqual([0, 2]);
  });

  test("one style and no right edge: sentences are not titles", () => {
    const lines = stack([
      ["Tide Tables", {}],
      ["Predicts tides from harmonic constants.", {}],
      ["Route Planner", {}],
      ["Shortest paths.", {}],
    ]);
    expect(titles(lines)).toEqual(["Tide Tables", "Route Planner"]);
  });

  test("one style and bullets: every bullet is an entry, its wrapped lines stay with it", () => {
    const lines = stack([
      ["• Snake – the classic game rebuilt with themes, sound and a high score table", {}],
      ["  in the browser.", { x: 62 }],
      ["• Pong – a two player version that runs over WebSockets between two laptops.", {}],
    ]);
    expect(segmentEntries(lines).map((e) => e.lines.length)).toEqual([2, 1]);
  });

  test("a subtitle in another style stays with its title", () => {
    const lines = stack([
      ["PowLaw", { bold: true }],
      ["Fullstack Developer", { italic: true }],
      ["- Launched three web services", {}],
      ["VCard", { bold: true }],
      ["Frontend Developer", { italic: true }],
    ]);
    expect(segmentEntries(lines).map((e) => [e.title.text, e.lines.length])).toEqual([
      ["PowLaw", 3],
      ["VCard", 2],
    ]);
  });

  test("table rows right under each other are entries, even when a name starts in lower case", () => {
    // rows of a projects table: name, stack and year cells; the rows sit closer than a wrapped title
    const row = (name: string, y: number) =>
      line([seg(name, { x: 13, y, bold: true }), seg("Go, Terraform", { x: 120, y }), seg("2021", { x: 500, y })]);
    const lines = [row("Budget Planner", 100), row("open-anchor", 112), row("chess-engine", 124)];
    expect(segmentEntries(lines).map((e) => e.title.segments[0]!.text)).toEqual([
      "Budget Planner",
      "open-anchor",
      "chess-engine",
    ]);
  });

  test("a title wrapped onto a second line is one entry", () => {
    const lines = stack(
      [
        ["Applying Reinforcement Learning Algorithms on", { bold: true }],
        ["gym environments", { bold: true }],
        ["• Q tables", {}],
      ],
      12,
    );
    expect(segmentEntries(lines).map((e) => e.lines.length)).toEqual([3]);
  });

  test("page numbers and lone bullets are dropped; an empty section has no entries", () => {
    expect(
      segmentEntries(
        stack([
          ["2/3", {}],
          ["•", {}],
        ]),
      ),
    ).toEqual([]);
  });
});

test.each([
  ["• Built it", "Built it"],
  ["- Built it", "Built it"],
  ["– Built it", "Built it"],
  ["-1 degrees", "-1 degrees"],
])("stripBullet(%s)", (text, want) => expect(stripBullet(text)).toBe(want));

test.each([
  ["2", true],
  ["1/3", true],
  ["Page 2 of 3", true],
  ["•", true],
  ["2021", false],
  ["Rust", false],
])("isNoise(%s) = %s", (text, want) => expect(isNoise(line(text))).toBe(want));

test("similarStyle: fake bold and real bold fonts count as the same title style", () => {
  const a = { font: "NimbusRomNo9L-Medi", size: 10.9, bold: true, italic: false };
  const b = { font: "NimbusRomNo9L-Regu", size: 10.9, bold: true, italic: false };
  expect(similarStyle(a, b)).toBe(true);
  expect(similarStyle(a, { ...b, bold: false })).toBe(false);
  expect(similarStyle(a, { ...a, size: 12 })).toBe(false);
});

test.each([
  ["Tide Tables", true],
  ["Route Planner v2", true],
  ["Predicts tides from harmonic constants.", false],
  ["Tech: React, Node.js", false],
  ["Python, Flask, PostgreSQL", false],
  ["Jan 2021 – Mar 2022", false],
  ["https://github.com/a/b", false],
  ["and then some more words", false],
])("readsLikeTitle(%s) = %s", (text, want) => expect(readsLikeTitle(line(text))).toBe(want));

test("a title wrapped over three lines is one entry, and says so", () => {
  const lines = [
    line("Онлайн-сервис ИИ-деконволюции в", { y: 100, index: 0 }),
    line("нейробиологии (восстановления качества изображений с", { y: 110, index: 1 }),
    line("микроскопа) (04/2023 - В настоящем)", { y: 120, index: 2 }),
    line("Технологии: PyTorch, FastAPI", { y: 130, index: 3, size: 7 }),
    line("Решение задачи оптимальной площади плота при", { y: 150, index: 4 }),
    line("повороте (04/2023 - 05/2023)", { y: 160, index: 5 }),
  ];
  const entries = segmentEntries(lines);
  expect(entries.map((e) => [e.title.text, e.titleLines ?? 1, e.lines.length])).toEqual([
    ["Онлайн-сервис ИИ-деконволюции в", 3, 4],
    ["Решение задачи оптимальной площади плота при", 2, 2],
  ]);
});

describe("date-only lines", () => {
  test("a date set above each title dates the entry below it and never names one", () => {
    const lines = stack([
      ["Oct 2020 - Feb 2021", { size: 8, bold: true, x: 500 }],
      ["Vitarana Drone", { size: 12 }],
      ["- Technology: Python, ROS", { size: 8 }],
      ["- Autonomous delivery in simulation", { size: 8 }],
      ["Jun 2021 - Jul 2021", { size: 8, bold: true, x: 500 }],
      ["Linux Kernel Configuration", { size: 12 }],
      ["- Tuned the kernel for power use", { size: 8 }],
    ]);
    const entries = segmentEntries(lines);
    expect(entries.map((e) => [e.title.text, e.lines.map((l) => l.text)])).toEqual([
      [
        "Vitarana Drone",
        ["Vitarana Drone", "Oct 2020 - Feb 2021", "- Technology: Python, ROS", "- Autonomous delivery in simulation"],
      ],
      [
        "Linux Kernel Configuration",
        ["Linux Kernel Configuration", "Jun 2021 - Jul 2021", "- Tuned the kernel for power use"],
      ],
    ]);
  });

  test("a date right under a title, far above the next one, stays with its own title", () => {
    const lines = [
      line("Tide Clock", { bold: true, y: 100, index: 0 }),
      line("2023", { y: 112, index: 1 }),
      line("Harbour Map", { bold: true, y: 160, index: 2 }),
      line("2022", { y: 172, index: 3 }),
    ];
    expect(segmentEntries(lines).map((e) => e.lines.map((l) => l.text))).toEqual([
      ["Tide Clock", "2023"],
      ["Harbour Map", "2022"],
    ]);
  });

  test("isDateOnly", () => {
    expect(["Oct 2020 - Feb 2021", "• 2019 – Present", "Весна 2024"].map((t) => isDateOnly(line(t)))).toEqual([
      true,
      true,
      true,
    ]);
    expect(["Chess Engine 2022", "Oct 2020 - Feb 2021 | Python", "2048"].map((t) => isDateOnly(line(t)))).toEqual([
      false,
      false,
      false,
    ]);
    expect(isDateOnly(line("2021"))).toBe(true);
  });
});

describe("project names in small capitals (capitals of two sizes)", () => {
  /** A bold title in fake small caps: each word's first capital at 10pt, the rest at 7.5pt. */
  const smallCaps = (name: string, y: number, index: number) => {
    const s = seg(name.toUpperCase(), { x: 50, y, bold: true });
    s.runs = [];
    let at = 0;
    for (const word of name.split(/(\s+)/)) {
      const big = /\p{Lu}/u.test(word[0] ?? "") ? 1 : 0;
      if (big) s.runs.push({ start: at, end: at + 1, font: "Helvetica-Bold", size: 10, bold: true, italic: false });
      if (word.length > big)
        s.runs.push({
          start: at + big,
          end: at + word.length,
          font: "Helvetica-Bold",
          size: 7.5,
          bold: true,
          italic: false,
        });
      at += word.length;
    }
    return line([s], { index });
  };
  const body = (text: string, y: number, index: number) => line(text, { y, index });

  test("the name is the whole small-caps run, not its first capital", () => {
    const lines = [smallCaps("Canvas Finder", 100, 0), body("Built a scheduler.", 112, 1)];
    const [entry] = segmentEntries(lines);
    expect(parseTitle(entry!.title).name).toBe("CANVAS FINDER");
  });

  test("a name with no capital of its own (only the small size) still starts an entry", () => {
    const lines = [
      smallCaps("Website", 100, 0),
      body("Built a site.", 112, 1),
      smallCaps("hyper relay", 130, 2),
      body("Wrote a relay.", 142, 3),
    ];
    expect(segmentEntries(lines).map((e) => parseTitle(e.title).name)).toEqual(["WEBSITE", "HYPER RELAY"]);
  });

  test("an all-capitals label in a smaller size does not start an entry when titles are not in small caps", () => {
    const lines = [
      line("Relay Server", { y: 100, index: 0, bold: true }),
      line("TECH STACK", { y: 112, index: 1, bold: true, size: 7.5 }),
      body("Go, Redis", 124, 2),
    ];
    expect(segmentEntries(lines)).toHaveLength(1);
  });
});

describe("a URL on a line of its own (layout: the repository link on the line before the title)", () => {
  test("never names an entry and goes with the title it is nearer to", () => {
    const lines = [
      line("github.com/jane/job-board", { y: 100, size: 8, index: 0 }),
      line("Job Board", { y: 111, bold: true, index: 1 }),
      line("AWS · GraphQL", { y: 124, size: 8.5, index: 2 }),
      line("Designed a plugin system.", { y: 136, index: 3 }),
      line("github.com/jane/vue-vault", { y: 152, size: 8, index: 4 }),
      line("vue-vault", { y: 163, bold: true, index: 5 }),
      line("Kafka · Rails", { y: 176, size: 8.5, index: 6 }),
    ];
    const entries = segmentEntries(lines);
    expect(entries.map((e) => e.title.text)).toEqual(["Job Board", "vue-vault"]);
    expect(entries.map((e) => e.lines.map((l) => l.index).sort())).toEqual([
      [0, 1, 2, 3],
      [4, 5, 6],
    ]);
  });
  test("a URL right under its title stays with that title", () => {
    const lines = [
      line("Relay", { y: 100, bold: true, index: 0 }),
      line("github.com/jane/relay", { y: 110, size: 8, index: 1 }),
      line("Ledger", { y: 130, bold: true, index: 2 }),
    ];
    expect(segmentEntries(lines).map((e) => e.lines.map((l) => l.index))).toEqual([[0, 1], [2]]);
  });
  test("a section of nothing but URLs is not emptied: it is read as before, from its first line", () => {
    const lines = stack([["github.com/jane/relay"], ["github.com/jane/ledger"]]);
    expect(segmentEntries(lines)[0]?.title.text).toBe("github.com/jane/relay");
  });
});

describe("numbered project lists (layout: '1. **Name**  dates', the number in the body style)", () => {
  const numbered = (n: number, name: string, y: number, index: number) => {
    const text = `${n}. ${name}`;
    const s = seg(text, { x: 58, y });
    s.runs = [
      { start: 0, end: 3, font: "Helvetica", size: 10, bold: false, italic: false },
      { start: 3, end: text.length, font: "Helvetica-Bold", size: 10, bold: true, italic: false },
    ];
    return line([s, seg("2019 – 2021", { x: 350, y })], { index, column: 1 });
  };
  test("the number is a bullet: the title style is the name's, and bullets under it (even in the next page's column) stay content", () => {
    const lines = [
      numbered(1, "go-anchor", 100, 0),
      line("• Implemented a dashboard.", { x: 78, y: 114, index: 1, column: 1 }),
      numbered(2, "lazy-ember", 130, 2),
      line("• Wrote a dashboard of live metrics.", { x: 78, y: 43, index: 3, column: 3, page: 2 }),
      numbered(3, "Pathfinding Visualizer", 60, 4),
    ];
    lines[4]!.page = 2;
    expect(segmentEntries(lines).map((e) => parseTitle(e.title).name)).toEqual([
      "go-anchor",
      "lazy-ember",
      "Pathfinding Visualizer",
    ]);
  });
});

describe("a URL line between two entries (layout: link before the title, spacing that misleads)", () => {
  test("goes with the entry whose name it spells, even when it sits nearer the text above", () => {
    const lines = [
      line("react-forge — Built a model.", { y: 370, bold: true, index: 0 }),
      line("• Implemented a recommendation model.", { x: 78, y: 412, index: 1 }),
      line("github.com/jane/orbitkit", { y: 421, size: 8.5, index: 2 }),
      line("Orbitkit — Prototyped a scheduler.", { y: 444, bold: true, index: 3 }),
    ];
    expect(segmentEntries(lines).map((e) => e.lines.map((l) => l.index).sort())).toEqual([
      [0, 1],
      [2, 3],
    ]);
  });
  test("a URL spelling the entry above stays with it however near the next title is", () => {
    const lines = [
      line("Relay", { y: 100, bold: true, index: 0 }),
      line("Built a relay.", { y: 112, index: 1 }),
      line("github.com/jane/relay", { y: 140, size: 8, index: 2 }),
      line("Ledger", { y: 148, bold: true, index: 3 }),
    ];
    expect(segmentEntries(lines).map((e) => e.lines.map((l) => l.index).sort())).toEqual([[0, 1, 2], [3]]);
  });
  test("a URL spelling the whole name of the entry above beats a prefix of the next one's", () => {
    const lines = [
      line("Quillpad-cli", { y: 100, bold: true, index: 0 }),
      line("Go, Rust", { y: 112, index: 1 }),
      line("github.com/jane/quillpad-cli", { y: 124, size: 8, index: 2 }),
      line("Quillpad", { y: 144, bold: true, index: 3 }),
      line("github.com/jane/quillpad", { y: 156, size: 8, index: 4 }),
    ];
    expect(segmentEntries(lines).map((e) => e.lines.map((l) => l.index).sort())).toEqual([
      [0, 1, 2],
      [3, 4],
    ]);
  });
});

describe("a table row whose cells are centred vertically (layout: wrapped description cell, LibreOffice)", () => {
  test("the description's first line above the name is not the first title", () => {
    const row = (y: number, index: number, ...cells: Array<[number, string, boolean?]>) =>
      line(
        cells.map(([x, t, bold]) => seg(t, { x, y, bold: bold ?? false })),
        { y, index },
      );
    const lines = [
      row(70, 0, [402, "Browser extension that"]),
      row(81, 1, [334, "Music", true], [402, "annotates pull requests with"]),
      row(92, 2, [402, "test coverage and highlights"]),
      row(131, 3, [402, "Data pipeline that scrapes"]),
      row(147, 4, [334, "swift-vault", true], [402, "public transport timetables,"]),
      row(153, 5, [402, "cleans them and publishes a"]),
    ];
    expect(segmentEntries(lines).map((e) => parseTitle(e.title).name)).toEqual(["Music", "swift-vault"]);
  });
});

describe("a name cell wrapped inside a vertically centred table row (LibreOffice)", () => {
  const row = (y: number, index: number, ...cells: Array<[number, string, boolean?]>) =>
    line(
      cells.map(([x, t, bold]) => seg(t, { x, y, bold: bold ?? false })),
      { y, index },
    );
  test("the name goes on in the next line's lead when another cell has a line in between", () => {
    const lines = [
      row(70, 0, [402, "Browser extension that"]),
      row(81, 1, [334, "Music", true], [402, "annotates pull requests with"]),
      row(86, 2, [512, "GitHub"]),
      row(92, 3, [334, "Recommender", true], [402, "test coverage and highlights"]),
      row(131, 4, [402, "Data pipeline that scrapes"]),
      row(147, 5, [334, "swift-vault", true], [402, "public transport timetables,"]),
    ];
    const entries = segmentEntries(lines);
    expect(entries.map((e) => wrappedTitle(e).name)).toEqual(["Music Recommender", "swift-vault"]);
  });
  test("top-aligned cells: the name goes on when the description cell beside it goes on with its sentence", () => {
    const lines = [
      row(41, 0, [318, "Habit", true], [383, "Real-time multiplayer board"], [524, "GitHub"]),
      row(52, 1, [318, "Tracker", true], [383, "game with a lobby, reconnect"]),
      row(62, 2, [383, "support and a replay viewer."]),
      row(87, 3, [318, "Quillcli", true], [383, "Real-time multiplayer board"]),
      row(97, 4, [383, "game with a lobby."]),
    ];
    expect(segmentEntries(lines).map((e) => wrappedTitle(e).name)).toEqual(["Habit Tracker", "Quillcli"]);
  });
  test("one-line entries stacked one leading apart stay separate entries", () => {
    const lines = [
      row(100, 0, [50, "Relay", true], [400, "2021"]),
      row(111, 1, [50, "Ledger", true], [400, "2022"]),
      row(122, 2, [50, "Beacon", true], [400, "2023"]),
    ];
    expect(segmentEntries(lines).map((e) => wrappedTitle(e).name)).toEqual(["Relay", "Ledger", "Beacon"]);
  });
});
