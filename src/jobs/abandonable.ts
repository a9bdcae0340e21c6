/**
 * Waits for a job's work, unless the work was aborted and does not stop: `unwindMs` after `signal` aborts,
 * the returned promise rejects with the abort's reason whether or not the work has settled, so the caller
 * frees the work's slot and records its outcome. The work may still settle later; nothing of it is used
 * then (the lease is gone, so its writes are fenced). `onAbandoned` is told when that happens and
 * `onLateSettle` when such work finally ends, so the worker can count hung work it let go of.
 */
export function abandonable<T>(
  work: Promise<T>,
  signal: AbortSignal,
  unwindMs: number,
  hooks: { onAbandoned?: () => void; onLateSettle?: () => void } = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let abandoned = false;
    const onAbort = () => {
      timer = setTimeout(() => {
        abandoned = true;
        hooks.onAbandoned?.();
        reject(signal.reason);
      }, unwindMs);
    };
    const settle = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", onAbort);
      if (abandoned) hooks.onLateSettle?.();
    };
    if (signal.aborted) onAbort();
    else signal.addEventListener("abort", onAbort, { once: true });
    work.then(
      (value) => {
        settle();
        resolve(value);
      },
      (err) => {
        settle();
        reject(err);
      },
    );
  });
}
