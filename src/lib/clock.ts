/** Time is a dependency: every loop and store takes a Clock so tests can move time by hand. */
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock that only moves when told to; for tests and simulations. */
export class ManualClock implements Clock {
  constructor(private t: number = Date.parse("2026-01-01T00:00:00Z")) {}
  now(): number {
    return this.t;
  }
  advance(ms: number): void {
    this.t += ms;
  }
  set(ms: number): void {
    this.t = ms;
  }
}

export const isoOf = (ms: number): string => new Date(ms).toISOString();
