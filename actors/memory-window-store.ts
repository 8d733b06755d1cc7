import type { Database, Db } from "../db/client.ts";
import { addWindowRuns, deleteExpiredRuns, lockRateWindows, readChangedRuns, readWindowRuns, saveCreates, vacuumWindowRuns } from "../db/repos/rate-windows.ts";
import type { Windows } from "./account-actor.ts";
import { Mailbox } from "./mailbox.ts";
import { NO_SPLIT, logCount, splitLog, splitRuns, splitSettled } from "./time-log.ts";
import { type RunLogs, applyChanged, emptyRuns, expiredAt, knownWindows, logsOf, mergeRuns, planBatch, unwrittenOf } from "./window-batch.ts";
import type { UpdateOptions, WindowStep, WindowStore } from "./window-store.ts";

/** How often admissions are written behind the requests, and other processes' admissions read back. */
export const SYNC_EVERY_MS = 200;
/**
 * The embedded database has one writer, the process that holds its lock: nobody else waits to hear of its
 * admissions, so its batches only carry them across a restart and can run five times less often (a
 * process killed outright forgets at most the last second's admissions; a stop writes them all).
 */
export const SOLE_WRITER_SYNC_EVERY_MS = 1_000;

/** How often a store over this kind of database writes its batch. */
export function syncEveryMsFor(kind: Database["kind"]): number {
  return kind === "pglite" ? SOLE_WRITER_SYNC_EVERY_MS : SYNC_EVERY_MS;
}
/**
 * How often a batch also deletes its subjects' runs past their window (the rest wait for the daily sweep)
 * and, on PGlite, which has no autovacuum, reclaims the space the batches' upserts left behind.
 */
export const PRUNE_EVERY_MS = 10_000;

interface Entry {
  /** The subject's runs as the rows held them at `version`, with what this process wrote since. */
  stored: RunLogs;
  /** The version of the last batch read back (0: none yet); runs changed after it are read back next. */
  version: number;
  /** Written, but what changed was not read back yet (the read failed): `stored` may lack its own admissions. */
  unread: boolean;
  /**
   * What this process counts, as the last step left it: each log's base is `stored` with what the batch in
   * flight is writing (or a batch wrote and could not read back), its recent part its own admissions that no
   * batch has taken yet.
   */
  known: Windows;
  /** The batch in flight's share: how many of its admissions it is writing (others have not heard of them either), and the bases they were settled into. */
  writing: { count: number; bases: RunLogs } | undefined;
  lastUsed: number;
}

const unwrittenCount = (w: Windows) => logCount(w.requests.recent) + logCount(w.freeTools.recent);

/** Keeps a step's windows as they are (they hold no creates unless the step was given some): this runs for every admitted request. */
function keep(entry: Entry, at: number, next: Windows): void {
  entry.lastUsed = at;
  entry.known = next.creates === NO_SPLIT ? next : { requests: next.requests, creates: NO_SPLIT, freeTools: next.freeTools };
}

/** Whether the subject's unheard-of admissions, as `windows` hold them, reach the limit: they must be written first. */
const mustSync = (entry: Entry, windows: Windows, options: UpdateOptions) =>
  unwrittenCount(windows) + (entry.writing?.count ?? 0) >= (options.unsyncedLimit ?? Number.POSITIVE_INFINITY);

/**
 * Windows decided in memory and persisted behind the requests. A subject's windows are read from its
 * rows on first use (so a restart keeps the minute); each admission is counted in memory and written
 * with others every SYNC_EVERY_MS (a second on the embedded database), and each write brings back what
 * other processes wrote. A batch writes only what was added since the last one (window-batch.ts): one
 * row per run it touched, its count added to the row's, in one statement; then it reads back only the
 * runs changed since the version the process last read. Every PRUNE_EVERY_MS a batch also deletes its subjects' runs past their window. A subject
 * syncs at once (the admitted request waits) when `unsyncedLimit` admissions wait, which bounds what
 * another process can miss. A 429 is decided from memory and writes nothing.
 *
 * Creates are not kept here: the create path's step runs in its transaction under the subject's row
 * lock, so creates per minute stay exact across processes. While the windows cannot be read or written,
 * every update fails (the limiter answers 503) until a sync succeeds.
 */
export class MemoryWindowStore implements WindowStore {
  private readonly entries = new Map<string, Entry>();
  private readonly syncs = new Mailbox();
  private failure: Error | undefined;
  private prunedAt = Number.NEGATIVE_INFINITY;
  private readonly timer: ReturnType<typeof setInterval>;

  constructor(
    private readonly database: Database,
    private readonly now: () => Date,
    private readonly onError: (error: Error) => void = () => {},
    syncEveryMs = syncEveryMsFor(database.kind),
  ) {
    this.timer = setInterval(() => void this.flush(), syncEveryMs);
    this.timer.unref?.();
  }

  async update<T>(subject: string, now: Date, step: WindowStep<T>, options: UpdateOptions = {}): Promise<T> {
    if (options.tx) return this.inTransaction(options.tx, subject, now, step);
    if (this.failure) throw new Error(`rate windows could not be synced: ${this.failure.message}`);
    const entry = this.entries.get(subject) ?? (await this.rehydrate(subject));
    let result: T;
    for (;;) {
      const known = entry.known;
      const stepped = step(known, now.getTime());
      const [next, decided] = await stepped;
      // A batch settled or read back the windows while an asynchronous step ran: decided again over what it left (steps are pure).
      if (entry.known !== known) continue;
      keep(entry, now.getTime(), next);
      result = decided;
      break;
    }
    // Waits for the batch in flight and then its own, so no more than the limit go unheard of at any time.
    if (mustSync(entry, entry.known, options)) {
      if (!(await this.sync([subject]))) throw new Error("rate windows could not be synced");
    }
    return result;
  }

  updateNow<T>(subject: string, now: Date, step: (windows: Windows, at: number) => [Windows, T], options: Pick<UpdateOptions, "unsyncedLimit"> = {}): T | undefined {
    const entry = this.failure ? undefined : this.entries.get(subject);
    if (!entry) return undefined;
    const at = now.getTime();
    const [next, result] = step(entry.known, at);
    // An admission that would have to be written before it is answered goes through update (the step is
    // pure: deciding it again there is the same decision).
    if (mustSync(entry, next, options)) return undefined;
    keep(entry, at, next);
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
      if (entry.lastUsed < cutoff && unwrittenCount(entry.known) === 0) {
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
    const stored = (await readWindowRuns(this.database.db, [subject])).get(subject) ?? { version: 0, runs: [] };
    const logs = logsOf(stored.runs, this.now().getTime());
    // Another message may have loaded it while this one read (the limiter serializes a subject, tests may not).
    const entry = this.entries.get(subject) ?? { stored: logs, version: stored.version, unread: false, known: knownWindows(logs, emptyRuns()), writing: undefined, lastUsed: 0 };
    this.entries.set(subject, entry);
    return entry;
  }

  /** The create path: the row is the truth for creates; requests and free tools are what memory counts. */
  private async inTransaction<T>(tx: Db, subject: string, now: Date, step: WindowStep<T>): Promise<T> {
    const creates = await lockRateWindows(tx, subject, now);
    const entry = this.entries.get(subject);
    const known = entry?.known ?? knownWindows(emptyRuns(), emptyRuns());
    const [next, result] = await step({ requests: known.requests, creates: splitLog(creates), freeTools: known.freeTools }, now.getTime());
    await saveCreates(tx, subject, splitRuns(next.creates), now);
    return result;
  }

  /**
   * Writes what waits (of `subjects`, or of all) and reads back what changed; syncs run one at a time.
   * The write commits on its own: once it has, its admissions are never written again, and a subject
   * whose read back failed is read back by the next sync even with nothing to write.
   */
  private sync(subjects: string[] | undefined): Promise<boolean> {
    return this.syncs.send(async () => {
      const pending = new Map<string, RunLogs>();
      const toRead: string[] = [];
      for (const subject of subjects ?? this.entries.keys()) {
        const entry = this.entries.get(subject);
        if (!entry) continue;
        if (entry.unread) toRead.push(subject);
        const count = unwrittenCount(entry.known);
        if (count === 0) continue;
        const { requests, freeTools } = entry.known;
        pending.set(subject, unwrittenOf(entry.known));
        // Settled: what the batch writes joins the bases, and steps from now on add to fresh recent parts.
        entry.writing = { count, bases: { requests: requests.base, freeTools: freeTools.base } };
        entry.known = { requests: splitSettled(requests), creates: NO_SPLIT, freeTools: splitSettled(freeTools) };
      }
      if (pending.size === 0 && toRead.length === 0 && !this.failure) return true;
      const now = this.now();
      let written = false;
      try {
        // A subject whose waiting admissions have all left their window has nothing to write.
        const versions = await addWindowRuns(this.database.db, planBatch(pending, now.getTime()), now);
        written = true;
        for (const subject of versions.keys()) this.entries.get(subject)!.unread = true;
        const since = new Map<string, number>();
        for (const subject of new Set([...versions.keys(), ...toRead])) since.set(subject, this.entries.get(subject)!.version);
        if (since.size > 0) {
          for (const [subject, changed] of await readChangedRuns(this.database.db, since)) {
            const entry = this.entries.get(subject)!;
            let version = Math.max(entry.version, versions.get(subject) ?? 0);
            for (const run of changed) version = Math.max(version, run.version);
            entry.stored = applyChanged(entry.stored, changed, now.getTime());
            entry.version = version;
            entry.unread = false;
            entry.known = knownWindows(entry.stored, unwrittenOf(entry.known));
          }
        } else {
          await readWindowRuns(this.database.db, ["probe:store"]);
        }
        if (versions.size > 0 && now.getTime() - this.prunedAt >= PRUNE_EVERY_MS) {
          await deleteExpiredRuns(this.database.db, [...versions.keys()], expiredAt(now.getTime()));
          if (this.database.kind === "pglite") await vacuumWindowRuns(this.database.db);
          this.prunedAt = now.getTime();
        }
        this.failure = undefined;
        return true;
      } catch (error) {
        if (!written) {
          for (const [subject, waiting] of pending) {
            const entry = this.entries.get(subject);
            if (entry?.writing) entry.known = knownWindows(entry.writing.bases, mergeRuns(waiting, unwrittenOf(entry.known)));
          }
        }
        this.failure = error instanceof Error ? error : new Error(String(error));
        this.onError(this.failure);
        return false;
      } finally {
        for (const subject of pending.keys()) {
          const entry = this.entries.get(subject);
          if (entry) entry.writing = undefined;
        }
      }
    });
  }
}
