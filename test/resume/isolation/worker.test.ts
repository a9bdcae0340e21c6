import { expect, test } from "bun:test";
import { handleRequest } from "../../../src/resume/isolation/worker-main.ts";
import { isCollectRequest, isWorkerRequest, isWorkerResponse } from "../../../src/resume/isolation/worker-protocol.ts";
import { fixture } from "../support/fixtures.ts";

test.each([
  [{ id: 1, pdf: new Uint8Array(1), maxMemoryMb: 10 }, true],
  [{ id: 1, pdf: [1, 2], maxMemoryMb: 10 }, false],
  [{ id: "1", pdf: new Uint8Array(1), maxMemoryMb: 10 }, false],
  [null, false],
])("isWorkerRequest(%j)", (m, want) => expect(isWorkerRequest(m)).toBe(want));

test.each([
  [{ id: 1, ok: true, result: {} }, true],
  [{ id: 1, ok: false, code: "pdf_corrupt", message: "m" }, true],
  [{ id: 1, ok: false }, false],
  [{ id: 1, ok: true }, false],
  [{ id: 1, ok: true, collected: 100 }, true],
  [{ id: 1, ok: true, collected: "100" }, false],
  [{ id: 1, ok: true, collected: Number.NaN }, false],
  ["hello", false],
])("isWorkerResponse(%j)", (m, want) => expect(isWorkerResponse(m)).toBe(want));

test.each([
  [{ id: 1, collect: true, belowBytes: 1 }, true],
  [{ id: 1, collect: "yes", belowBytes: 1 }, false],
  [{ id: 1, collect: true }, false],
  [{ id: 1, pdf: new Uint8Array(1), maxMemoryMb: 10 }, false],
])("isCollectRequest(%j)", (m, want) => expect(isCollectRequest(m)).toBe(want));

test("handleRequest answers with the result", async () => {
  const r = await handleRequest({ id: 7, pdf: await fixture("fake-bold.pdf"), maxMemoryMb: 100_000 }, () => 0);
  expect(r.id).toBe(7);
  expect(r.ok && (r.result as { projects: unknown[] }).projects).toHaveLength(2);
});

test("handleRequest turns failures into error responses", async () => {
  const r = await handleRequest({ id: 8, pdf: await fixture("encrypted.pdf"), maxMemoryMb: 100_000 }, () => 0);
  expect(r).toMatchObject({ id: 8, ok: false, code: "pdf_encrypted" });
});

test("handleRequest stops when the process is over its memory budget", async () => {
  const r = await handleRequest({ id: 9, pdf: await fixture("fake-bold.pdf"), maxMemoryMb: 1 }, () => 2 * 1024 * 1024);
  expect(r).toMatchObject({ id: 9, ok: false, code: "pdf_too_complex" });
});
