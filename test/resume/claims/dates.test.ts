import { describe, expect, test } from "bun:test";
import { findDateRange, parseDatePoint } from "../../../src/resume/claims/dates.ts";

describe("findDateRange", () => {
  const cases: Array<[string, { text: string; start?: string; end?: string } | null]> = [
    ["Jan 2021 – Present", { text: "Jan 2021 – Present", start: "2021-01", end: "present" }],
    ["Mar 2019– Jun 2019", { text: "Mar 2019– Jun 2019", start: "2019-03", end: "2019-06" }],
    ["Aug. 2019 – July 2023", { text: "Aug. 2019 – July 2023", start: "2019-08", end: "2023-07" }],
    ["Весна 2024 - Ссылка", { text: "Весна 2024", start: "2024-03" }],
    ["Сентябрь 2019 - Декабрь 2019", { text: "Сентябрь 2019 - Декабрь 2019", start: "2019-09", end: "2019-12" }],
    ["Июнь 2023 – настоящее время", { text: "Июнь 2023 – настоящее время", start: "2023-06", end: "present" }],
    ["(04/2023 - В настоящем)", { text: "04/2023 - В настоящем", start: "2023-04", end: "present" }],
    ["2020 – по настоящее время", { text: "2020 – по настоящее время", start: "2020", end: "present" }],
    ["2022/10-2024/07", { text: "2022/10-2024/07", start: "2022-10", end: "2024-07" }],
    ["10/2021 - 03/2022", { text: "10/2021 - 03/2022", start: "2021-10", end: "2022-03" }],
    ["Dec ’16 – present", { text: "Dec ’16 – present", start: "2016-12", end: "present" }],
    ["Jan – Sep 2024", { text: "Jan – Sep 2024", start: "2024-01", end: "2024-09" }],
    ["1 April 2018", { text: "1 April 2018", start: "2018-04" }],
    ["Fall 2023", { text: "Fall 2023", start: "2023-09" }],
    ["Winter 2022", { text: "Winter 2022", start: "2022-01" }],
    ["Expected: May 2028", { text: "May 2028", start: "2028-05" }],
    ["2018 - 2022 | Batangas", { text: "2018 - 2022", start: "2018", end: "2022" }],
    ["2025", { text: "2025", start: "2025" }],
    [
      "PingCAP (Golang/Rust) August 2023 – Present",
      { text: "August 2023 – Present", start: "2023-08", end: "present" },
    ],
    ["version 15 of the patch set", null],
    ["Month 20XX – Ongoing", null],
    ["Python 3 and Go", null],
    ["Project duration", null],
    ["", null],
  ];
  for (const [text, want] of cases) {
    test(JSON.stringify(text), () => {
      const got = findDateRange(text);
      if (want === null) expect(got).toBeNull();
      else expect(got?.range).toEqual(want);
    });
  }
  test("reports where the range was found", () => {
    const got = findDateRange("Title  Jan 2021 – Present")!;
    expect(got.index).toBe(7);
    expect(got.length).toBe("Jan 2021 – Present".length);
  });
});

describe("parseDatePoint", () => {
  test.each([
    ["present", "present"],
    ["Currently", "present"],
    ["2024/7", "2024-07"],
    ["sept ’17", "2017-09"],
    ["May", null],
    ["banana 2020", null],
  ])("%s", (text, want) => expect(parseDatePoint(text)).toBe(want));
  test("a bare month borrows the year of the range end", () => expect(parseDatePoint("Jan", 2024)).toBe("2024-01"));
});
