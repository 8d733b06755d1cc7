/**
 * Turns for own-media conversions, taken in rotation across accounts rather than first come first
 * served: when a turn frees, the account served least recently among those waiting goes next, so one
 * account queuing many imports delays another account by at most one conversion per slot. Waiting is
 * a pending promise (no thread, no process), and conversions run at low priority with bounded threads
 * and wall time, so pipeline jobs waiting here leave the render pool and the processor to renders.
 */
export interface ConversionQueue {
  /** Runs `work` when the account's turn comes; the turn is given back whatever `work` does. */
  run<T>(accountId: string, work: () => Promise<T>): Promise<T>;
  stats(): { running: number; waiting: number; accountsWaiting: number };
}

export function createConversionQueue(slots = 1): ConversionQueue {
  const waiting = new Map<string, Array<() => void>>();
  /** Serial number of each account's last turn: the lowest waiting goes next (never served: -1). */
  const lastServed = new Map<string, number>();
  let served = 0;
  let running = 0;

  const next = () => {
    while (running < slots && waiting.size > 0) {
      let chosen: string | undefined;
      for (const accountId of waiting.keys()) {
        if (chosen === undefined || (lastServed.get(accountId) ?? -1) < (lastServed.get(chosen) ?? -1)) chosen = accountId;
      }
      const queue = waiting.get(chosen!)!;
      const start = queue.shift()!;
      if (queue.length === 0) waiting.delete(chosen!);
      lastServed.set(chosen!, served++);
      running++;
      start();
    }
  };

  return {
    async run(accountId, work) {
      await new Promise<void>((resolve) => {
        const queue = waiting.get(accountId) ?? [];
        queue.push(resolve);
        waiting.set(accountId, queue);
        next();
      });
      try {
        return await work();
      } finally {
        running--;
        // Accounts not waiting need no memory of their turn beyond the rotation's current round.
        if (!waiting.has(accountId) && lastServed.size > 1000) lastServed.delete(accountId);
        next();
      }
    },
    stats: () => ({ running, waiting: [...waiting.values()].reduce((n, q) => n + q.length, 0), accountsWaiting: waiting.size }),
  };
}
