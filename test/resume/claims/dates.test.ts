import { describe, expect, test } from "bun:test";
import { findDateRange, parseDatePoint, readDatePoint } from "../../../src/resume/claims/dates.ts";
import type { DateRange } from "../../../src/resume/types.ts";

describe("findDateRange", () => {
  const cases: Array<[string, DateRange | null]> = [
    [
      "Jan 2021 – Present",
      { text: "Jan 2021 – Present", start: "2021-01", end: "present", precision: { start: "month", end: "present" } },
    ],
    [
      "Mar 2019– Jun 2019",
      { text: "Mar 2019– Jun 2019", start: "2019-03", end: "2019-06", precision: { start: "month", end: "month" } },
    ],
    [
      "Aug. 2019 – July 2023",
      { text: "Aug. 2019 – July 2023", start: "2019-08", end: "2023-07", precision: { start: "month", end: "month" } },
    ],
    ["Весна 2024 - Ссылка", { text: "Весна 2024", start: "2024-03", precision: { start: "season" } }],
    [
      "Сентябрь 2019 - Декабрь 2019",
      {
        text: "Сентябрь 2019 - Декабрь 2019",
        start: "2019-09",
        end: "2019-12",
        precision: { start: "month", end: "month" },
      },
    ],
    [
      "Июнь 2023 – настоящее время",
      {
        text: "Июнь 2023 – настоящее время",
        start: "2023-06",
        end: "present",
        precision: { start: "month", end: "present" },
      },
    ],
    [
      "(04/2023 - В настоящем)",
      {
        text: "04/2023 - В настоящем",
        start: "2023-04",
        end: "present",
        precision: { start: "month", end: "present" },
      },
    ],
    [
      "2020 – по настоящее время",
      {
        text: "2020 – по настоящее время",
        start: "2020",
        end: "present",
        precision: { start: "year", end: "present" },
      },
    ],
    [
      "2022/10-2024/07",
      { text: "2022/10-2024/07", start: "2022-10", end: "2024-07", precision: { start: "month", end: "month" } },
    ],
    [
      "10/2021 - 03/2022",
      { text: "10/2021 - 03/2022", start: "2021-10", end: "2022-03", precision: { start: "month", end: "month" } },
    ],
    [
      "Dec ’16 – present",
      { text: "Dec ’16 – present", start: "2016-12", end: "present", precision: { start: "month", end: "present" } },
    ],
    [
      "Jan – Sep 2024",
      { text: "Jan – Sep 2024", start: "2024-01", end: "2024-09", precision: { start: "month", end: "month" } },
    ],
    ["1 April 2018", { text: "1 April 2018", start: "2018-04", precision: { start: "month" } }],
    ["Fall 2023", { text: "Fall 2023", start: "2023-09", precision: { start: "season" } }],
    ["Winter 2022", { text: "Winter 2022", start: "2022-01", precision: { start: "season" } }],
    ["Expected: May 2028", { text: "May 2028", start: "2028-05", precision: { start: "month" } }],
    [
      "2018 - 2022 | Batangas",
      { text: "2018 - 2022", start: "2018", end: "2022", precision: { start: "year", end: "year" } },
    ],
    ["2025", { text: "2025", start: "2025", precision: { start: "year" } }],
    [
      "PingCAP (Golang/Rust) August 2023 – Present",
      {
        text: "August 2023 – Present",
        start: "2023-08",
        end: "present",
        precision: { start: "month", end: "present" },
      },
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

describe("readDatePoint keeps the precision a date was written at", () => {
  test.each([
    ["2026", "2026", "year"],
    ["Summer 2022", "2022-06", "season"],
    ["осень 2021", "2021-09", "season"],
    ["Sept. 2017", "2017-09", "month"],
    ["03/2022", "2022-03", "month"],
    ["Present", "present", "present"],
  ])("%s", (text, value, precision) => expect(readDatePoint(text)).toEqual({ value, precision } as never));
  test("a range of seasons keeps both as seasons", () =>
    expect(findDateRange("Summer 2022 – Fall 2023")?.range).toEqual({
      text: "Summer 2022 – Fall 2023",
      start: "2022-06",
      end: "2023-09",
      precision: { start: "season", end: "season" },
    }));
});
