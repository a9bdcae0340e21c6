/**
 * The peer of the end-to-end critical path: a process of its own, like the service, that sends bare sequential
 * requests and does nothing else. Each stdin line is `<url> <count>`; for each it sends `count` GET requests one
 * after the other, reading each answer to the end, and prints the milliseconds they took on one stdout line.
 */
export {};

const decoder = new TextDecoder();
let buffered = "";
for await (const chunk of Bun.stdin.stream()) {
  buffered += decoder.decode(chunk, { stream: true });
  for (let nl = buffered.indexOf("\n"); nl >= 0; nl = buffered.indexOf("\n")) {
    const [url, count] = buffered.slice(0, nl).trim().split(" ");
    buffered = buffered.slice(nl + 1);
    const t0 = performance.now();
    for (let n = 0; n < Number(count); n++)
      await (await fetch(url!, { headers: { authorization: "bearer bench-token" } })).arrayBuffer();
    process.stdout.write(`${(performance.now() - t0).toFixed(3)}\n`);
  }
}
