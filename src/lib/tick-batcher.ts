/**
 * Collects items pushed during one turn of the event loop and hands them over together at the next
 * (setImmediate), at most `maxBatch` at a time: the shape of group commit. Items pushed while a batch is
 * being handled (synchronously) join the next one of the same flush.
 */
export class TickBatcher<T> {
  private pending: T[] = [];
  private scheduled = false;

  constructor(
    private readonly handle: (batch: T[]) => void,
    private readonly maxBatch = 256,
  ) {}

  push(item: T): void {
    this.pending.push(item);
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => this.flush());
  }

  private flush(): void {
    this.scheduled = false;
    while (this.pending.length > 0) this.handle(this.pending.splice(0, this.maxBatch));
  }
}
