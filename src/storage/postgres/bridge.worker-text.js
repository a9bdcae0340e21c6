// The PostgreSQL side of PostgresDatabase, run in a worker thread (embedded as text, so it needs no file at
// run time): one connection for the stores' statements, answered on `port` while the calling thread waits
// on `flag` (Atomics); LISTEN on a second connection, notifications posted to the parent thread.
import { parentPort, workerData } from "node:worker_threads";

const { url, flag: flagBuffer, port, statementTimeoutMs } = workerData;
const flag = new Int32Array(flagBuffer);
const sql = new Bun.SQL({ url, max: 1, bigint: true, idleTimeout: 0, connectionTimeout: 15 });
let listener = null;

function plain(value) {
  if (typeof value === "bigint") {
    const n = Number(value);
    return Number.isSafeInteger(n) ? n : value.toString();
  }
  return value;
}

function rowOf(row) {
  const out = {};
  for (const k of Object.keys(row)) out[k] = plain(row[k]);
  return out;
}

// the calling thread waits for `flag` to change: every answer bumps it
function answer(id, message) {
  port.postMessage({ ...message, id });
  Atomics.add(flag, 0, 1);
  Atomics.notify(flag, 0);
}

let ready = statementTimeoutMs > 0 ? sql.unsafe(`SET statement_timeout = ${Number(statementTimeoutMs)}`) : null;

port.on("message", async (req) => {
  try {
    if (ready) {
      await ready;
      ready = null;
    }
    if (req.op === "listen") {
      listener ??= new Bun.SQL({ url, max: 1 });
      await listener.listen(req.channel, (payload) => parentPort.postMessage({ channel: req.channel, payload }));
      return answer(req.id, { ok: true, rows: [], count: 0 });
    }
    if (req.op === "close") {
      await sql.close();
      if (listener) await listener.close();
      return answer(req.id, { ok: true, rows: [], count: 0 });
    }
    const result = req.params ? await sql.unsafe(req.sql, req.params) : await sql.unsafe(req.sql);
    const rows = Array.isArray(result) ? result.map(rowOf) : [];
    answer(req.id, { ok: true, rows, count: result?.count ?? 0, command: result?.command ?? null });
  } catch (error) {
    answer(req.id, {
      ok: false,
      message: String(error?.message ?? error),
      code: error?.errno ?? error?.code ?? null,
      detail: error?.detail ?? null,
    });
  }
});
