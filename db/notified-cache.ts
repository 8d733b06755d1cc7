import type { Database } from "./client.ts";
import { notifyChannel } from "./repos/notifications.ts";

const BARRIER_PREFIX = "barrier:";
const BARRIER_TIMEOUT_MS = 5_000;

interface Entry<V> {
  value: V;
  group: string;
  at: number;
  /** Age (ms) from which a read also reloads the entry behind the answer: a share of the ttl, spread per entry. */
  refreshAfter: number;
  refreshing: boolean;
}

/**
 * A read of an entry older than a random 50-75% of the ttl still answers from it, and reloads it behind the
 * answer: entries loaded together (a restart, 40 accounts polled at once) do not all expire in the same
 * instant, and no request waits for a reload while the entry is within its ttl.
 */
const REFRESH_FROM = 0.5;
const REFRESH_SPREAD = 0.25;

export interface NotifiedCacheOptions {
  /** No entry is served older than this: it bounds a change missed while notifications could not arrive. */
  ttlMs: number;
  maxEntries: number;
}

/**
 * Values read from the database, kept in memory by key and dropped by group when a NOTIFY on `channel`
 * names the group (the database's triggers send them, whoever makes the change). Entries are kept only
 * while listening; after a (re)connection, when notifications may have been missed, the cache starts
 * empty, and no entry is served past `ttlMs`. A read that raced a change is not remembered, so a value
 * older than a change heard before it was read is never kept. Misses (undefined) are never remembered.
 */
export class NotifiedCache<V> {
  private readonly byKey = new Map<string, Entry<V>>();
  private readonly byGroup = new Map<string, Set<string>>();
  /** Moves on every change heard, so a read that raced one is not remembered. */
  private generation = 0;
  private listening = false;
  private stopListening: (() => Promise<void>) | undefined;
  private readonly barriers = new Map<string, () => void>();
  /** Loads in flight, with the generation each started in: a read joins one only if no change was heard since. */
  private readonly loading = new Map<string, { value: Promise<V | undefined>; generation: number }>();
  private readonly droppedListeners = new Set<(group: string | undefined) => void>();

  constructor(
    private readonly database: Database,
    private readonly channel: string,
    private readonly options: NotifiedCacheOptions,
  ) {}

  async start(): Promise<void> {
    this.stopListening = await this.database.listen(this.channel, (payload) => this.heard(payload), () => {
      this.clear();
      this.listening = true;
      this.tellDropped(undefined);
    });
  }

  /**
   * Calls `listener` with each group a heard change dropped, after dropping it (so a read then loads
   * afresh), and with undefined after every (re)connection, when any group may have changed unheard.
   * Returns the function that stops it. Holders of something derived from an entry (an open stream of a
   * key) check it again from here.
   */
  onDropped(listener: (group: string | undefined) => void): () => void {
    this.droppedListeners.add(listener);
    return () => this.droppedListeners.delete(listener);
  }

  async close(): Promise<void> {
    this.listening = false;
    this.clear();
    await this.stopListening?.().catch(() => {});
    this.stopListening = undefined;
  }

  /**
   * The value kept for `key` while it is good, answered at once (and reloaded behind the answer once due),
   * or undefined when it has to be read (`read`). `load` is called with the key, so a caller can pass one
   * function made once rather than a closure per read.
   */
  cached(key: string, load: (key: string) => Promise<V | undefined>, groupOf: (value: V) => string): V | undefined {
    const hit = this.listening ? this.byKey.get(key) : undefined;
    if (!hit) return undefined;
    const age = performance.now() - hit.at;
    if (age >= this.options.ttlMs) return undefined;
    if (age >= hit.refreshAfter && !hit.refreshing) {
      hit.refreshing = true;
      // A reload that was not kept (it failed, or raced a change) leaves the entry to its ttl, and the next
      // read past its due time tries again.
      const settled = () => void (hit.refreshing = false);
      this.load(key, load, groupOf).then(settled, settled);
    }
    return hit.value;
  }

  /**
   * The value for `key`: kept, or read with `load` and kept under its group. Reads of one key while it
   * loads share the load, unless a change was heard since it started.
   */
  read(key: string, load: (key: string) => Promise<V | undefined>, groupOf: (value: V) => string): Promise<V | undefined> {
    const kept = this.cached(key, load, groupOf);
    if (kept !== undefined) return Promise.resolve(kept);
    const loading = this.loading.get(key);
    if (loading && loading.generation === this.generation) return loading.value;
    return this.load(key, load, groupOf);
  }

  /** Drops `group`'s entries now: this process changed what they hold and need not wait for its notification. */
  forget(group: string): void {
    this.generation++;
    for (const key of this.byGroup.get(group) ?? []) this.byKey.delete(key);
    this.byGroup.delete(group);
  }

  /**
   * Resolves once this process has heard every change committed before the call: a NOTIFY sent now
   * comes back after them, as Postgres delivers notifications in commit order.
   */
  async barrier(): Promise<void> {
    if (!this.listening) return;
    const token = BARRIER_PREFIX + crypto.randomUUID();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const heard = new Promise<void>((resolve) => {
      this.barriers.set(token, resolve);
      timer = setTimeout(resolve, BARRIER_TIMEOUT_MS);
    });
    try {
      await notifyChannel(this.database.db, this.channel, token);
      await heard;
    } finally {
      clearTimeout(timer);
      this.barriers.delete(token);
    }
  }

  get size(): number {
    return this.byKey.size;
  }

  private load(key: string, load: (key: string) => Promise<V | undefined>, groupOf: (value: V) => string): Promise<V | undefined> {
    const generation = this.generation;
    const value: Promise<V | undefined> = this.loadAndKeep(key, load, groupOf, generation).finally(() => {
      if (this.loading.get(key)?.value === value) this.loading.delete(key);
    });
    this.loading.set(key, { value, generation });
    return value;
  }

  private async loadAndKeep(key: string, load: (key: string) => Promise<V | undefined>, groupOf: (value: V) => string, generation: number): Promise<V | undefined> {
    const found = await load(key);
    if (!this.listening || generation !== this.generation) return found;
    if (found !== undefined) this.remember(key, groupOf(found), found);
    else this.drop(key); // gone from the database (a reload of a kept entry found nothing): not kept either
    return found;
  }

  private drop(key: string): void {
    const kept = this.byKey.get(key);
    if (!kept) return;
    this.byKey.delete(key);
    this.byGroup.get(kept.group)?.delete(key);
  }

  private remember(key: string, group: string, value: V): void {
    this.byKey.delete(key);
    const refreshAfter = this.options.ttlMs * (REFRESH_FROM + REFRESH_SPREAD * Math.random());
    this.byKey.set(key, { value, group, at: performance.now(), refreshAfter, refreshing: false });
    const keys = this.byGroup.get(group) ?? new Set();
    keys.add(key);
    this.byGroup.set(group, keys);
    if (this.byKey.size > this.options.maxEntries) {
      const [oldest, entry] = this.byKey.entries().next().value!;
      this.byKey.delete(oldest);
      this.byGroup.get(entry.group)?.delete(oldest);
    }
  }

  private heard(payload: string): void {
    if (payload.startsWith(BARRIER_PREFIX)) this.barriers.get(payload)?.();
    else {
      this.forget(payload);
      this.tellDropped(payload);
    }
  }

  private tellDropped(group: string | undefined): void {
    for (const listener of [...this.droppedListeners]) listener(group);
  }

  private clear(): void {
    this.generation++;
    this.byKey.clear();
    this.byGroup.clear();
  }
}
