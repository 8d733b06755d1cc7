import type { Database, Db } from "../db/client.ts";
import { addToRateWindows, lockRateWindows, readRateWindows, saveRateWindows } from "../db/repos/rate-windows.ts";
import { type Windows, trimWindows } from "./account-actor.ts";
import { Mailbox } from "./mailbox.ts";
import { logAdded, logCount, logMerge } from "./time-log.ts";
import type { UpdateOptions, WindowStore } from "./window-store.ts";

/** How often admissions are written behind the requests, and other processes' admissions read back. */
export const SYNC_EVERY_MS = 200;

interface Entry {
  /** What this process counts: the row as of its last sync plus its own admissions since. */
  known: Windows;
  /** Its own admissions the row does not hold yet. */
  unsynced: Windows;
  lastUsed: number;
}

const empty = (): Windows => ({ requests: [], creates: [], freeTools: [] });
const unsyncedCount = (w: Windows) => logCount(w.requests) + logCount(w.freeTools);

/**
 * Windows decided in memory and persisted behind the requests. A subject's windows are read from its
 * row on first use (so a restart keeps the minute); each admission is counted in memory and written
 * with others in one transaction every SYNC_EVERY_MS, which also brings back what other processes
 * wrote. A subject syncs at once (the admitted request waits) when `unsyncedLimit` admissions wait,
 * which bounds what another process can miss. A 429 is decided from memory and writes nothing.
 *
 * Creates are not kept here: the create path's step runs in its transaction under the subject's row
 * lock, so creates per minute stay exact across processes. While the windows cannot be read or written,
 * every update fails (the limiter answers 503) until a sync succeeds.
 */
export class MemoryWindowStore implements WindowStore {
  private readonly entries = new Map<string, Entry>();
  private readonly syncs = new Mailbox();
  private failure: Error | undefined;
  private readonly timer: ReturnType<typeof setInterval>;

  constructor(
    private readonly database: Database,
    private readonly now: () => Date,
    private readonly onError: (error: Error) => void = () => {},
    syncEveryMs = SYNC_EVERY_MS,
  ) {
    this.timer = setInterval(() => void this.flush(), syncEveryMs);
    this.timer.unref?.();
  }

  async update<T>(subject: string, now: Date, step: (windows: Windows) => Promise<[Windows, T]> | [Windows, T], options: UpdateOptions = {}): Promise<T> {
    if (options.tx) return this.inTransaction(options.tx, subject, now, step);
    if (this.failure) throw new Error(`rate windows could not be synced: ${this.failure.message}`);
    const entry = this.entries.get(subject) ?? (await this.rehydrate(subject));
    entry.lastUsed = now.getTime();
    const [next, result] = await step(entry.known);
    entry.unsynced = {
      requests: logMerge(entry.unsynced.requests, logAdded(entry.known.requests, next.requests)),
      creates: [],
      freeTools: logMerge(entry.unsynced.freeTools, logAdded(entry.known.freeTools, next.freeTools)),
    };
    entry.known = { requests: next.requests, creates: [], freeTools: next.freeTools };
    if (unsyncedCount(entry.unsynced) >= (options.unsyncedLimit ?? Number.POSITIVE_INFINITY)) {
      if (!(await this.sync([subject]))) throw new Error("rate windows could not be synced");
    }
    return result;
  }

  flush(): Promise<boolean> {
    return this.sync(undefined);
  }

  evictIdle(idleMs: number): number {
    // An entry whose admissions are being written must stay to take them back if the write fails.
    if (this.syncs.size > 0) return 0;
    const cutoff = this.now().getTime() - idleMs;
    let evicted = 0;
    for (const [subject, entry] of this.entries) {
      if (entry.lastUsed < cutoff && unsyncedCount(entry.unsynced) === 0) {
        this.entries.delete(subject);
        evicted++;
      }
    }
    return evicted;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  get size(): number {
    return this.entries.size;
  }

  private async rehydrate(subject: string): Promise<Entry> {
    const stored = (await readRateWindows(this.database.db, [subject])).get(subject);
    const known = trimWindows(stored ?? empty(), this.now().getTime());
    // Another message may have loaded it while this one read (the limiter serializes a subject, tests may not).
    const entry = this.entries.get(subject) ?? { known: { ...known, creates: [] }, unsynced: empty(), lastUsed: 0 };
    this.entries.set(subject, entry);
    return entry;
  }

  /** The create path: the row is the truth for creates; requests and free tools are what memory counts. */
  private async inTransaction<T>(tx: Db, subject: string, now: Date, step: (windows: Windows) => Promise<[Windows, T]> | [Windows, T]): Promise<T> {
    const stored = await lockRateWindows(tx, subject, now);
    const entry = this.entries.get(subject);
    const view = entry ? { ...entry.known, creates: stored.creates } : stored;
    const [next, result] = await step(view);
    await saveRateWindows(tx, subject, { ...stored, creates: next.creates }, now);
    return result;
  }

  /** Writes what waits (of `subjects`, or of all) and reads back the rows; syncs run one at a time. */
  private sync(subjects: string[] | undefined): Promise<boolean> {
    return this.syncs.send(async () => {
      const pending = new Map<string, Windows>();
      for (const subject of subjects ?? this.entries.keys()) {
        const entry = this.entries.get(subject);
        if (!entry || unsyncedCount(entry.unsynced) === 0) continue;
        pending.set(subject, entry.unsynced);
        entry.unsynced = empty();
      }
      if (pending.size === 0 && !this.failure) return true;
      const now = this.now();
      try {
        const stored =
          pending.size > 0
            ? await addToRateWindows(this.database.db, pending, now, (row, added) => {
                const kept = trimWindows(row, now.getTime());
                return { requests: logMerge(kept.requests, added.requests), creates: kept.creates, freeTools: logMerge(kept.freeTools, added.freeTools) };
              })
            : await readRateWindows(this.database.db, ["probe:store"]);
        for (const subject of pending.keys()) {
          const entry = this.entries.get(subject);
          const row = stored.get(subject);
          if (!entry || !row) continue;
          entry.known = { requests: logMerge(row.requests, entry.unsynced.requests), creates: [], freeTools: logMerge(row.freeTools, entry.unsynced.freeTools) };
        }
        this.failure = undefined;
        return true;
      } catch (error) {
        for (const [subject, waiting] of pending) {
          const entry = this.entries.get(subject);
          if (!entry) continue;
          entry.unsynced = { requests: logMerge(waiting.requests, entry.unsynced.requests), creates: [], freeTools: logMerge(waiting.freeTools, entry.unsynced.freeTools) };
        }
        this.failure = error instanceof Error ? error : new Error(String(error));
        this.onError(this.failure);
        return false;
      }
    });
  }
}
