import { describe, expect, test } from "bun:test";
import { pageOf, parseLinkHeader } from "../../src/github/link-header.ts";

const GH =
  '<https://api.github.com/repositories/1/commits?per_page=1&page=2>; rel="next", <https://api.github.com/repositories/1/commits?per_page=1&page=1234>; rel="last"';

describe("parseLinkHeader", () => {
  const cases: Array<[string, string | null | undefined, Record<string, string>]> = [
    ["absent", undefined, {}],
    ["empty", "", {}],
    [
      "GitHub next+last",
      GH,
      {
        next: "https://api.github.com/repositories/1/commits?per_page=1&page=2",
        last: "https://api.github.com/repositories/1/commits?per_page=1&page=1234",
      },
    ],
    ["commas inside URLs", '<https://x/a?q=a,b&page=3>; rel="next"', { next: "https://x/a?q=a,b&page=3" }],
    [
      "unquoted rel, odd spacing",
      "<https://x/?page=2>;rel=next ,  <https://x/?page=9> ; rel=last",
      { next: "https://x/?page=2", last: "https://x/?page=9" },
    ],
    [
      "several rels in one",
      '<https://x/?page=1>; rel="first prev"',
      { first: "https://x/?page=1", prev: "https://x/?page=1" },
    ],
    ["garbage", "not a link header", {}],
  ];
  for (const [name, header, expected] of cases) test(name, () => expect(parseLinkHeader(header)).toEqual(expected));
});

describe("pageOf", () => {
  const cases: Array<[string | null, "last" | "next", number | null]> = [
    [GH, "last", 1234],
    [GH, "next", 2],
    ['<https://x/?per_page=100>; rel="last"', "last", null],
    ['<https://x/?page=0>; rel="last"', "last", null],
    ['<https://x/?page=abc>; rel="last"', "last", null],
    [null, "last", null],
    ['</relative/path?page=7>; rel="last"', "last", 7],
  ];
  for (const [header, rel, expected] of cases)
    test(`${rel} of ${header}`, () => expect(pageOf(header, rel)).toBe(expected));
});
