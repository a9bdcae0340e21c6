import { expect, test } from "bun:test";
import { searchMemo } from "../../src/github/search-memo.ts";

/** A search whose answer the test releases by hand. */
function heldSearch<T>() {
  let calls = 0;
  let release!: (v: T | undefined) => void;
  let fail!: (e: Error) => void;
  const compute = () => {
    calls++;
    return new Promise<T | undefined>((resolve, reject) => {
      release = resolve;
      fail = reject;
    });
  };
  return { compute, calls: () => calls, release: (v: T | undefined) => release(v), fail: (e: Error) => fail(e) };
}

test("concurrent callers share the one search in flight, and later callers its remembered verdict", async () => {
  const memo = searchMemo<string>();
  const s = heldSearch<string>();
  const waiting = [memo("tree:abc", s.compute), memo("tree:abc", s.compute), memo("tree:abc", s.compute)];
  expect(s.calls()).toBe(1);
  s.release("octo/original");
  expect(await Promise.all(waiting)).toEqual(["octo/original", "octo/original", "octo/original"]);
  expect(await memo("tree:abc", s.compute)).toBe("octo/original");
  expect(s.calls()).toBe(1);
});

test("'nothing found' is remembered too; another key searches on its own", async () => {
  const memo = searchMemo<string>();
  const s = heldSearch<string>();
  const first = memo("tree:one", s.compute);
  s.release(undefined);
  expect(await first).toBeUndefined();
  expect(await memo("tree:one", s.compute)).toBeUndefined();
  expect(s.calls()).toBe(1);
  const other = memo("tree:two", s.compute);
  expect(s.calls()).toBe(2);
  s.release("x/y");
  expect(await other).toBe("x/y");
});

test("a failed search is not remembered: everyone waiting sees the failure, the next caller searches again", async () => {
  const memo = searchMemo<string>();
  const s = heldSearch<string>();
  const settled = Promise.allSettled([memo("tree:abc", s.compute), memo("tree:abc", s.compute)]);
  s.fail(new Error("502"));
  expect((await settled).map((r) => (r.status === "rejected" ? (r.reason as Error).message : r.status))).toEqual([
    "502",
    "502",
  ]);
  const again = memo("tree:abc", s.compute);
  expect(s.calls()).toBe(2);
  s.release("octo/original");
  expect(await again).toBe("octo/original");
});

test("past its size the oldest verdict is forgotten", async () => {
  const memo = searchMemo<string>(2);
  let calls = 0;
  const compute = async () => `v${++calls}`;
  await memo("a", compute);
  await memo("b", compute);
  await memo("c", compute);
  expect(await memo("b", compute)).toBe("v2");
  expect(await memo("a", compute)).toBe("v4");
});
