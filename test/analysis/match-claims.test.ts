import { describe, expect, test } from "bun:test";
import { MATCH_ACCEPT_MIN, matchClaims, scoreCandidate } from "../../src/analysis/match-claims.ts";
import type { GhRepo } from "../../src/github/types.ts";
import { claim, link, linkedClaim, repo } from "./fixtures.ts";

const repos = [
  repo("ana/weather-dash", { description: "A dashboard for weather forecasts", topics: ["weather", "react"] }),
  repo("ana/ledgr", { description: "Personal finance tracker written in Rust", language: "Rust" }),
  repo("ana/dotfiles"),
  repo("ana/chess-engine", { homepage: "https://chess.ana.dev" }),
];
const none = new Map<string, GhRepo | null>();

describe("scoreCandidate", () => {
  test.each([
    ["WeatherDash", "ana/weather-dash", "name", 1],
    ["Weather Dash App", "ana/weather-dash", "name", 1],
  ])("%p -> %p by %p", (name, full, basis, score) => {
    const r = repos.find((x) => x.fullName === full)!;
    expect(scoreCandidate(claim(name), r)).toEqual({ score, basis: basis as "name" });
  });

  test("description words carry a claim whose name differs from the repository's", () => {
    const s = scoreCandidate(claim("Personal Finance Tracker", { technologies: ["Rust"] }), repos[1]!);
    expect(s.basis).toBe("fuzzy");
    expect(s.score).toBeGreaterThanOrEqual(MATCH_ACCEPT_MIN);
    expect(s.score).toBeLessThan(0.9);
  });

  test("a homepage link ties a claim to the repository that publishes it", () => {
    expect(scoreCandidate(claim("Knightfall", { otherLinks: [link("https://chess.ana.dev/")] }), repos[3]!)).toEqual({
      score: 0.95,
      basis: "homepage",
    });
  });

  test("a github.io page ties a claim to its repository", () => {
    expect(
      scoreCandidate(claim("Knightfall", { otherLinks: [link("https://ana.github.io/chess-engine/")] }), repos[3]!)
        .basis,
    ).toBe("homepage");
  });

  test("an unrelated claim stays below the acceptance threshold", () => {
    for (const r of repos) expect(scoreCandidate(claim("Compiler for Lox"), r).score).toBeLessThan(MATCH_ACCEPT_MIN);
  });
});

describe("matchClaims", () => {
  test("an explicit link wins over a better name match", () => {
    const links = new Map<string, GhRepo | null>([["ana/ledgr", repos[1]!]]);
    const [m] = matchClaims({
      claims: [linkedClaim("Weather Dash", "github.com/ana/ledgr")],
      repos,
      linkTargets: links,
    });
    expect(m?.repo?.fullName).toBe("ana/ledgr");
    expect(m?.basis).toBe("link");
    expect(m?.score).toBe(1);
  });

  test("a link to a missing repository falls back to the name", () => {
    const links = new Map<string, GhRepo | null>([["ana/weather", null]]);
    const [m] = matchClaims({
      claims: [linkedClaim("Weather Dash", "github.com/ana/weather")],
      repos,
      linkTargets: links,
    });
    expect(m?.repo?.fullName).toBe("ana/weather-dash");
    expect(m?.basis).toBe("name");
  });

  test("the second link is used when the first does not exist", () => {
    const c = claim("Thing", { repoLinks: [link("github.com/ana/gone"), link("github.com/ana/dotfiles")] });
    const links = new Map<string, GhRepo | null>([
      ["ana/gone", null],
      ["ana/dotfiles", repos[2]!],
    ]);
    expect(matchClaims({ claims: [c], repos, linkTargets: links })[0]?.repo?.fullName).toBe("ana/dotfiles");
  });

  test("one repository is given to one claim only, the better one", () => {
    const ms = matchClaims({ claims: [claim("Weather"), claim("Weather Dash")], repos, linkTargets: none });
    expect(ms[0]?.repo).toBeNull();
    expect(ms[1]?.repo?.fullName).toBe("ana/weather-dash");
  });

  test("an unmatched claim says why", () => {
    const [a, b] = matchClaims({
      claims: [claim("Compiler for Lox"), linkedClaim("Gone", "github.com/ana/gone")],
      repos,
      linkTargets: new Map([["ana/gone", null]]),
    });
    expect(a?.repo).toBeNull();
    expect(a?.reason).toContain("no public repository matches");
    expect(b?.reason).toContain("ana/gone does not exist");
  });

  test("matching is independent of the repository list's order", () => {
    const claims = [claim("Weather"), claim("Personal Finance Tracker"), claim("Chess")];
    const a = matchClaims({ claims, repos, linkTargets: none }).map((m) => m.repo?.fullName ?? null);
    const b = matchClaims({ claims, repos: [...repos].reverse(), linkTargets: none }).map(
      (m) => m.repo?.fullName ?? null,
    );
    expect(a).toEqual(b);
    expect(a).toEqual(["ana/weather-dash", "ana/ledgr", "ana/chess-engine"]);
  });
});
