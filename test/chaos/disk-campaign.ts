/**
 * Chaos phase "disk": DATA_DIR on a small tmpfs mounted for the run. With the disk filled to the last
 * few blocks, submissions must be answered at once with a clear error (503 storage_full), reads keep
 * working, a SIGKILL and restart on the full disk loses nothing, and once space returns the same
 * client retries (same Idempotency-Key) are accepted, every acknowledged job completes and the database
 * passes `PRAGMA integrity_check`. Needs root to mount; skipped with a message otherwise.
 */
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, statfsSync, unlinkSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Check, check, finalChecks, type PhaseReport, settle } from "./chaos-checks.ts";
import { type ChaosWorld, createChaosWorld } from "./chaos-world.ts";
import type { ServiceCommand } from "./service-process.ts";
import { SubmissionStream } from "./submission-stream.ts";

export interface DiskOptions {
  /** size of the tmpfs (default 48m: room for the service, a few uploads, and the 12 MiB /readyz wants free) */
  size?: string;
  /** how long submissions stream against the full disk (default 3000 ms) */
  fullMs?: number;
  command?: ServiceCommand;
  log?: (s: string) => void;
}

/** Mount a tmpfs; null with the reason when this process may not. */
function mountTmpfs(size: string): { dir: string; unmount(): void } | { skipped: string } {
  if (process.platform !== "linux") return { skipped: "needs Linux (tmpfs)" };
  if (process.getuid?.() !== 0)
    return { skipped: "needs root to mount a small tmpfs; run as root (or in a container with CAP_SYS_ADMIN)" };
  const dir = mkdtempSync(join(tmpdir(), "claimcheck-disk-"));
  const r = Bun.spawnSync(["mount", "-t", "tmpfs", "-o", `size=${size},mode=0700`, "tmpfs", dir], { stderr: "pipe" });
  if (r.exitCode !== 0) {
    rmSync(dir, { recursive: true, force: true });
    return {
      skipped: `mount -t tmpfs failed (${r.stderr.toString().trim() || `exit ${r.exitCode}`}); not permitted here`,
    };
  }
  return {
    dir,
    unmount() {
      if (Bun.spawnSync(["umount", dir]).exitCode !== 0) Bun.spawnSync(["umount", "-l", dir]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Fill the filesystem of `dir` until only `leaveBytes` are free; returns the filler's path. */
function fill(dir: string, leaveBytes: number): string {
  const path = join(dir, "filler");
  const st = statfsSync(dir);
  let left = st.bavail * st.bsize - leaveBytes;
  const fd = openSync(path, "w");
  const chunk = Buffer.alloc(1 << 16);
  try {
    while (left > 0) left -= writeSync(fd, chunk, 0, Math.min(chunk.length, left));
  } catch {
    // ENOSPC: full is full
  } finally {
    closeSync(fd);
  }
  return path;
}

async function probe(world: ChaosWorld, path: string): Promise<string> {
  const url = world.service?.url;
  if (!url) return "no service";
  const r = await fetch(`${url}${path}`, {
    headers: { authorization: `Bearer ${world.key}` },
    signal: AbortSignal.timeout(10_000),
  }).catch((e: Error) => e);
  return r instanceof Response ? String(r.status) : r.name;
}

/** Why the disk campaign cannot run here (no Linux, no root, mount refused), or null when it can. */
export function diskCampaignUnavailable(): string | null {
  const probe = mountTmpfs("1m");
  if ("skipped" in probe) return probe.skipped;
  probe.unmount();
  return null;
}

export async function runDiskCampaign(o: DiskOptions = {}): Promise<PhaseReport> {
  const t0 = performance.now();
  const log = o.log ?? (() => {});
  const mount = mountTmpfs(o.size ?? "48m");
  if ("skipped" in mount) return { phase: "disk", seconds: 0, figures: {}, checks: [], skipped: mount.skipped };
  let world: ChaosWorld | null = null;
  try {
    const dataDir = join(mount.dir, "data");
    mkdirSync(dataDir);
    world = await createChaosWorld({ command: o.command, dataDir });
    const w = world;
    await w.start();
    const stream = new SubmissionStream({
      whenUp: w.whenUp,
      key: w.key,
      candidates: w.candidates,
      everyMs: 150,
      requestTimeoutMs: 10_000,
      prefix: "disk",
    });
    await Promise.all(w.candidates.map(() => stream.launch()));
    const calm = await settle(
      w,
      [...stream.acks.values()].map((a) => a.trackingId),
      60_000,
    );
    const scores = new Map(
      [...stream.acks.values()].map((a) => [a.login, calm.verifications.get(a.trackingId)?.score ?? null] as const),
    );
    const someId = [...stream.acks.values()][0]!.trackingId;

    stream.start(); // jobs are in flight when the disk fills up
    await Bun.sleep(500);
    const filler = fill(mount.dir, 64 * 1024);
    log(`disk: filled ${mount.dir}; ${statfsSync(mount.dir).bavail * statfsSync(mount.dir).bsize} bytes left`);
    await Bun.sleep(o.fullMs ?? 3_000);
    const whileFull = {
      statuses: new Map(stream.unexpected),
      timeouts: stream.timeouts,
      readyz: await probe(w, "/readyz"),
      poll: await probe(w, `/v1/jobs/${someId}`),
    };
    log(
      `disk: while full: ${[...whileFull.statuses].map(([s, u]) => `${s} x${u.count}`).join(", ") || "no refusals"}; /readyz ${whileFull.readyz}; GET job ${whileFull.poll}`,
    );

    // a crash on the full disk, and a start attempt while it is still full
    await w.kill();
    let startWhileFull = "ready";
    try {
      await w.start();
    } catch (err) {
      startWhileFull = `refused to start: ${(err as Error).message.split("\n").slice(0, 3).join(" ").slice(0, 300)}`;
    }
    log(`disk: start on the full disk: ${startWhileFull}`);

    unlinkSync(filler); // space returns
    if (!w.service) await w.start();
    await stream.stop(60_000);
    const ids = [...stream.acks.values()].map((a) => a.trackingId);
    const ledger = await settle(w, ids, 90_000);
    const checks: Check[] = [];
    const statuses = [...whileFull.statuses.keys()];
    const sample = whileFull.statuses.get(503)?.sample ?? "";
    checks.push(
      check(
        "while full, POST /v1/verify answers 503 storage_full, never 500",
        statuses.length > 0 && statuses.every((s) => s === 503) && /storage_full/.test(sample),
        `${[...whileFull.statuses].map(([s, u]) => `${s} x${u.count}: ${u.sample}`).join("; ") || "nothing refused"}`,
      ),
    );
    checks.push(
      check(
        "while full, no request hangs",
        whileFull.timeouts === 0 && stream.timeouts === 0,
        `${stream.timeouts} timeouts`,
      ),
    );
    checks.push(
      check("while full, a job can still be polled", whileFull.poll === "200", `GET /v1/jobs -> ${whileFull.poll}`),
    );
    const refusedThenAccepted = [...stream.acks.values()].filter((a) => a.tries > 1).length;
    checks.push(
      check(
        "after space returns, the refused submissions are accepted on retry",
        refusedThenAccepted > 0,
        `${refusedThenAccepted} accepted after a refusal`,
      ),
    );
    // the stream's 503s were expected here: judge the rest with the shared checks
    stream.unexpected.delete(503);
    checks.push(...(await finalChecks(w, stream, ledger, { expectStatus: "COMPLETED", scores })));
    const code = await w.stop();
    checks.push(
      check(
        "graceful stop after recovery exits 0",
        code === 0,
        `exit ${code}${code === 0 ? "" : `: ${w.lastOutput.slice(-600)}`}`,
      ),
    );
    return {
      phase: "disk",
      seconds: (performance.now() - t0) / 1000,
      figures: {
        filesystem: `tmpfs ${o.size ?? "48m"}, filled to the last 64 KiB`,
        "answers while full": [...whileFull.statuses].map(([s, u]) => `${s} x${u.count}`).join(", ") || "none refused",
        "/readyz while full": whileFull.readyz,
        "start on the full disk": startWhileFull,
        "submissions acknowledged": `${stream.acks.size} (${refusedThenAccepted} after a refusal)`,
      },
      checks,
    };
  } finally {
    await world?.close();
    mount.unmount();
  }
}
