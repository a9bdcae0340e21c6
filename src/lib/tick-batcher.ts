/**
 * Collects items pushed during one turn of the event loop and hands them over together at the next
 * (setImmediate), at most `maxBatch` at a time: the shape of group commit. One batch is handled at a
 * time: items pushed while a batch is being handled (an awaited commit) join the next one of the same
 * flush, so the longer a commit takes, the more the next one carries.
 */
export class TickBatcher<T> {
  private pending: T[] = [];
  private scheduled = false;

  constructor(
    private readonly handle: (batch: T[]) => void | Promise<void>,
    private readonly maxBatch = 256,
  ) {}

  push(item: T): void {
    this.pending.push(item);
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => void this.flush());
  }

  private async flush(): Promise<void> {
    try {
      while (this.pending.length > 0) {
        const batch = this.pending.splice(0, this.maxBatch);
        try {
          await this.handle(batch);
        } catch {
          // a handler settles its own items; one that throws loses nothing of the next batch
        }
      }
    } finally {
      this.scheduled = false;
    }
  }
}
