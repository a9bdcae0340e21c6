import { describe, expect, test } from "bun:test";
import { classifyNetworkError, classifyStatus, describeError } from "../../src/webhooks/attempt-outcome.ts";

describe("classifyStatus", () => {
  const table: Array<[number, string | null, string, string | null]> = [
    [200, null, "success", null],
    [201, null, "success", null],
    [204, null, "success", null],
    [299, null, "success", null],
    [301, "https://elsewhere.test/", "http", 'HTTP 301: redirect to "https://elsewhere.test/" not followed'],
    [302, null, "http", "HTTP 302: redirect not followed"],
    [307, "/x", "http", 'HTTP 307: redirect to "/x" not followed'],
    [400, null, "http", "HTTP 400"],
    [410, null, "http", "HTTP 410"],
    [429, null, "http", "HTTP 429"],
    [500, null, "http", "HTTP 500"],
    [503, null, "http", "HTTP 503"],
  ];
  test.each(table)("%d (location %p) -> %s", (status, location, outcome, error) => {
    expect(classifyStatus(status, location)).toEqual({ outcome: outcome as never, error });
  });
});

describe("classifyNetworkError", () => {
  const table: Array<[unknown, "tls" | "dns" | "connect"]> = [
    [{ code: "ECONNREFUSED", message: "Unable to connect" }, "connect"],
    [{ code: "ECONNRESET", message: "The socket connection was closed unexpectedly" }, "connect"],
    [{ code: "EHOSTUNREACH" }, "connect"],
    [{ code: "FailedToOpenSocket" }, "connect"],
    [{ code: "DEPTH_ZERO_SELF_SIGNED_CERT", message: "self signed certificate" }, "tls"],
    [{ code: "ERR_TLS_CERT_ALTNAME_INVALID" }, "tls"],
    [{ code: "UNABLE_TO_VERIFY_LEAF_SIGNATURE" }, "tls"],
    [{ code: "CERT_HAS_EXPIRED" }, "tls"],
    [{ message: "TLS handshake failed" }, "tls"],
    [{ code: "ENOTFOUND", message: "getaddrinfo ENOTFOUND" }, "dns"],
    [{ code: "EAI_AGAIN" }, "dns"],
    [new Error("something else"), "connect"],
    [null, "connect"],
  ];
  const labelled = table.map(
    ([err, cls]) => [err instanceof Error ? `Error(${err.message})` : JSON.stringify(err), cls, err] as const,
  );
  test.each(labelled)("%s -> %s", (_, cls, err) => expect(classifyNetworkError(err)).toBe(cls));
});

describe("describeError", () => {
  test("code and message on one bounded line, without Bun's verbose hint", () => {
    const e = Object.assign(
      new TypeError(
        "ECONNRESET: The socket\nconnection was closed. For more information, pass `verbose: true` in the second argument to fetch()",
      ),
      { code: "ECONNRESET" },
    );
    expect(describeError(e)).toBe("ECONNRESET: The socket connection was closed.");
    expect(describeError(Object.assign(new Error("x".repeat(1000)), { code: "E" })).length).toBe(300);
    expect(describeError("plain")).toBe("plain");
  });
});
