/**
 * The peer of the end-to-end critical path: a process of its own, like the service, that sends bare sequential
 * requests and does nothing else. Each IPC message `{ url, count }` is answered with the milliseconds that
 * `count` GET requests to `url` took, one after the other, each answer read to the end.
 */
process.on("message", async ({ url, count }: { url: string; count: number }) => {
  const t0 = performance.now();
  for (let n = 0; n < count; n++)
    await (await fetch(url, { headers: { authorization: "bearer bench-token" } })).arrayBuffer();
  process.send?.(performance.now() - t0);
});
