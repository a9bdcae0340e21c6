/** The settings' value readers (config-values.ts): each refusal says what the text should be. */
import { expect, test } from "bun:test";
import { bool, duration, either, int, literal, nonEmpty, oneOf, readSettings } from "../../src/config/config-values.ts";

test("a value is read, or refused with its reason; a refusal stops the later checks", () => {
  expect(int(1, 5).read(" 3 ")).toEqual({ ok: true, value: 3 });
  expect(int(1, 5).read("9")).toEqual({ ok: false, message: "must be a whole number from 1 to 5" });
  expect(oneOf(["FULL", "NORMAL"], (s) => s.toUpperCase()).read("normal")).toEqual({ ok: true, value: "NORMAL" });
  expect(oneOf(["a", "b"]).read("c")).toEqual({ ok: false, message: "must be one of a, b" });
  expect(bool.read("yes")).toEqual({ ok: true, value: true });
  expect(bool.read("maybe").ok).toBe(false);
  expect(nonEmpty().read("")).toEqual({ ok: false, message: "must not be empty" });
  const atLeast1s = duration("X").refine((ms) => ms >= 1000, "X must be at least 1s");
  expect(atLeast1s.read("500ms")).toEqual({ ok: false, message: "X must be at least 1s" });
  expect(atLeast1s.read("10")).toMatchObject({ ok: false, message: expect.stringContaining("needs a unit") });
});

test("either: the special word, else the other reading, whose refusal is the one told", () => {
  const ttl = either(literal("retained"), duration("TTL"));
  expect(ttl.read("retained")).toEqual({ ok: true, value: "retained" });
  expect(ttl.read("2h")).toEqual({ ok: true, value: 7_200_000 });
  expect(ttl.read("abc")).toMatchObject({ ok: false, message: expect.stringContaining("a number and a unit") });
});

test("every setting is read; every refusal is listed with its setting", () => {
  const shape = { port: int(0, 65535), level: oneOf(["info", "warn"]) };
  expect(readSettings(shape, { port: "80", level: "warn" })).toEqual({ ok: true, values: { port: 80, level: "warn" } });
  expect(readSettings(shape, { port: "x", level: "loud" })).toEqual({
    ok: false,
    problems: [
      { key: "port", message: "must be a whole number from 0 to 65535" },
      { key: "level", message: "must be one of info, warn" },
    ],
  });
});
