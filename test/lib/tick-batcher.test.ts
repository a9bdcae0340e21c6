import { expect, test } from "bun:test";
import { TickBatcher } from "../../src/lib/tick-batcher.ts";

const nextTick = () => new Promise<void>((r) => setImmediate(r));

test("items pushed in one turn are handed over together at the next, at most maxBatch at a time", async () => {
  const batches: number[][] = [];
  const b = new TickBatcher<number>((batch) => {
    batches.push(batch);
  }, 3);
  for (let i = 1; i <= 7; i++) b.push(i);
  expect(batches).toEqual([]); // nothing before the turn ends
  await nextTick();
  expect(batches).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
  b.push(8);
  await nextTick();
  expect(batches.at(-1)).toEqual([8]);
});

test("an item pushed while a batch is handled joins the next batch of the same flush", async () => {
  const batches: string[][] = [];
  const b = new TickBatcher<string>((batch) => {
    batches.push(batch);
    if (batch.includes("a")) b.push("late");
  });
  b.push("a");
  await nextTick();
  expect(batches).toEqual([["a"], ["late"]]);
});
