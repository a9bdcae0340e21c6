/**
 * Typed in-process events. Background loops announce what they did (job.completed, webhook.attempted ...)
 * so tests and the dashboard can await a condition instead of sleeping.
 */
export type Listener<T> = (payload: T) => void;

export class EventBus<Events extends Record<string, unknown>> {
  /** each set holds the listeners of its own event name: `on` and `emit` agree on the payload type */
  private listeners = new Map<keyof Events, Set<Listener<never>>>();

  on<K extends keyof Events>(name: K, fn: Listener<Events[K]>): () => void {
    let set = this.listeners.get(name);
    if (!set) {
      set = new Set();
      this.listeners.set(name, set);
    }
    set.add(fn);
    return () => set!.delete(fn);
  }

  emit<K extends keyof Events>(name: K, payload: Events[K]): void {
    for (const fn of this.listeners.get(name) ?? []) {
      try {
        (fn as Listener<Events[K]>)(payload);
      } catch {
        // a listener's failure never breaks the emitter
      }
    }
  }

  /** Resolves with the first payload of `name` that satisfies `match`; rejects after `timeoutMs`. */
  waitFor<K extends keyof Events>(
    name: K,
    match: (p: Events[K]) => boolean = () => true,
    timeoutMs = 10_000,
  ): Promise<Events[K]> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        off();
        reject(new Error(`timed out after ${timeoutMs} ms waiting for event ${String(name)}`));
      }, timeoutMs);
      const off = this.on(name, (p) => {
        if (!match(p)) return;
        clearTimeout(timer);
        off();
        resolve(p);
      });
    });
  }
}
