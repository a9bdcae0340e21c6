import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * A throwaway PostgreSQL server for tests: Debian's `postgresql` package (initdb into a temp dir, a free
 * TCP port on loopback, its unix socket in the temp dir, fsync off), one fresh database per caller, and
 * everything stopped and removed by `stop()`. As root the server runs as the `postgres` OS user (initdb
 * refuses root). `available()` is false when the binaries are missing, so callers can skip with a reason.
 */
const BIN_DIRS = ["/usr/lib/postgresql/17/bin", "/usr/lib/postgresql/16/bin", "/usr/lib/postgresql/15/bin"];

export function postgresBinDir(): string | null {
  if (process.env.PG_BIN_DIR && existsSync(join(process.env.PG_BIN_DIR, "initdb"))) return process.env.PG_BIN_DIR;
  return BIN_DIRS.find((d) => existsSync(join(d, "initdb"))) ?? null;
}

export interface PostgresServer {
  /** URL of the server's `postgres` database (as superuser) */
  adminUrl: string;
  port: number;
  dir: string;
  /** create a new empty database; its URL */
  createDatabase(prefix?: string): Promise<string>;
  /** the server's main process (postmaster.pid's first line), whose children are the backends */
  postmasterPid(): number;
  /** stop the server (fast shutdown: connections are cut) without removing it; `restart()` brings it back */
  halt(): void;
  restart(): void;
  stop(): void;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

function asServerUser(args: string[]): string[] {
  return process.getuid?.() === 0 ? ["runuser", "-u", "postgres", "--", ...args] : args;
}

async function run(args: string[], what: string): Promise<void> {
  const p = Bun.spawn(args, { stdout: "pipe", stderr: "pipe" });
  const [code, out, err] = await Promise.all([p.exited, new Response(p.stdout).text(), new Response(p.stderr).text()]);
  if (code !== 0) throw new Error(`${what} failed (${code}): ${err || out}`);
}

let counter = 0;

/** `durable`: fsync and synchronous commits on, as in production (benchmarks); tests run without them. */
export async function startPostgres(opts: { durable?: boolean } = {}): Promise<PostgresServer> {
  const bin = postgresBinDir();
  if (!bin) throw new Error("PostgreSQL binaries not found (apt-get install postgresql)");
  const dir = mkdtempSync(join(tmpdir(), "claimcheck-pg-"));
  chmodSync(dir, 0o777);
  const data = join(dir, "data");
  await run(
    asServerUser([join(bin, "initdb"), "-D", data, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]),
    "initdb",
  );
  const port = await freePort();
  const serverOpts = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses=127.0.0.1",
    ...(opts.durable ? [] : ["-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off"]),
    "-c max_connections=200",
  ].join(" ");
  await run(
    asServerUser([join(bin, "pg_ctl"), "-D", data, "-o", serverOpts, "-l", join(dir, "server.log"), "-w", "start"]),
    "pg_ctl start",
  );
  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    const args = asServerUser([join(bin, "pg_ctl"), "-D", data, "-m", "immediate", "-w", "stop"]);
    spawnSync(args[0]!, args.slice(1));
    rmSync(dir, { recursive: true, force: true });
  };
  process.once("exit", stop);
  return {
    adminUrl,
    port,
    dir,
    async createDatabase(prefix = "t") {
      const name = `${prefix}_${process.pid}_${++counter}`;
      const sql = new Bun.SQL({ url: adminUrl, max: 1 });
      try {
        await sql.unsafe(`CREATE DATABASE ${name}`);
      } finally {
        await sql.close();
      }
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    postmasterPid() {
      return Number(readFileSync(join(data, "postmaster.pid"), "utf8").split("\n")[0]);
    },
    halt() {
      const args = asServerUser([join(bin, "pg_ctl"), "-D", data, "-m", "fast", "-w", "stop"]);
      const r = spawnSync(args[0]!, args.slice(1), { stdio: "ignore" });
      if (r.status !== 0) throw new Error(`pg_ctl stop failed (${r.status})`);
    },
    restart() {
      // the log file keeps the server's output off this process's pipes (spawnSync waits for them to close)
      const args = asServerUser([
        join(bin, "pg_ctl"),
        ...["-D", data, "-o", serverOpts, "-l", join(dir, "server.log"), "-w", "start"],
      ]);
      const r = spawnSync(args[0]!, args.slice(1), { stdio: "ignore" });
      if (r.status !== 0) throw new Error(`pg_ctl start failed (${r.status})`);
    },
    stop,
  };
}

let shared: Promise<PostgresServer> | null = null;

/** One server per test process (started on first use, stopped at exit); a fresh database per call. */
export async function freshDatabaseUrl(prefix?: string): Promise<string> {
  shared ??= startPostgres();
  return (await shared).createDatabase(prefix);
}

/** Stop the per-process server now (afterAll of the last suite; the exit hook covers the rest). */
export async function stopSharedPostgres(): Promise<void> {
  if (!shared) return;
  const s = await shared;
  shared = null;
  s.stop();
}
