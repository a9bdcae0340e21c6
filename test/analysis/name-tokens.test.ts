import { describe, expect, test } from "bun:test";
import { compactName, nameSimilarity, nameTokens } from "../../src/analysis/name-tokens.ts";

describe("nameTokens", () => {
  test.each([
    ["WeatherDash", ["weather", "dash"]],
    ["weather-dash", ["weather", "dash"]],
    ["weather_dash.js", ["weather", "dash"]],
    ["The Weather Dash App", ["weather", "dash"]],
    ["HTTPServer", ["http", "server"]],
    ["Café Finder", ["cafe", "finder"]],
    ["The App", ["the", "app"]],
    ["py-tool", ["tool"]],
  ])("%p -> %p", (input, expected) => {
    expect(nameTokens(input)).toEqual(expected);
  });

  test("compact forms join the tokens", () => {
    expect(compactName("Weather Dash")).toBe(compactName("weatherdash"));
  });
});

describe("nameSimilarity", () => {
  test.each([
    ["WeatherDash", "weather-dash", 1],
    ["weather dash", "WeatherDash", 1],
    ["Weather Dash App", "weather-dash", 1],
    ["weatherdash", "weather-dash", 1],
  ])("%p vs %p is an exact match", (a, b, want) => {
    expect(nameSimilarity(a, b)).toBe(want);
  });

  test.each([
    ["Weather Dashboard", "weather-dash"],
    ["Weather", "weather-dash"],
    ["Cloud Sync Engine", "sync-engine"],
  ])("%p vs %p is partial (between 0.3 and 0.9)", (a, b) => {
    const s = nameSimilarity(a, b);
    expect(s).toBeGreaterThan(0.3);
    expect(s).toBeLessThan(0.9);
  });

  test.each([
    ["Chess Engine", "weather-dash"],
    ["", "weather-dash"],
  ])("%p vs %p does not match", (a, b) => {
    expect(nameSimilarity(a, b)).toBeLessThan(0.3);
  });
});
