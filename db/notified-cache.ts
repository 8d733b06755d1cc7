import type { Database } from "./client.ts";
import { notifyChannel } from "./repos/notifications.ts";

const BARRIER_PREFIX = "barrier:";
const BARRIER_TIMEOUT_MS = 5_000;

interface Entry<V> {
  value: V;
  group: string;
  at: number;
}

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

  constructor(
    private readonly database: Database,
    private readonly channel: string,
    private readonly options: NotifiedCacheOptions,
  ) {}

  async start(): Promise<void> {
    this.stopListening = await this.database.listen(this.channel, (payload) => this.heard(payload), () => {
      this.clear();
      this.listening = true;
    });
  }

  async close(): Promise<void> {
    this.listening = false;
    this.clear();
    await this.stopListening?.().catch(() => {});
    this.stopListening = undefined;
  }

  /** The value kept for `key`, if it is still good. */
  peek(key: string): V | undefined {
    const hit = this.byKey.get(key);
    return hit && this.listening && performance.now() - hit.at < this.options.ttlMs ? hit.value : undefined;
  }

  /**
   * The value for `key`: kept (answered without a promise), or read with `load` and kept under its group.
   * `load` is called with the key, so a caller can pass one function made once rather than a closure per read.
   */
  read(key: string, load: (key: string) => Promise<V | undefined>, groupOf: (value: V) => string): V | Promise<V | undefined> {
    return this.peek(key) ?? this.load(key, load, groupOf);
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

  private async load(key: string, load: (key: string) => Promise<V | undefined>, groupOf: (value: V) => string): Promise<V | undefined> {
    const generation = this.generation;
    const value = await load(key);
    if (value !== undefined && this.listening && generation === this.generation) this.remember(key, groupOf(value), value);
    return value;
  }

  private remember(key: string, group: string, value: V): void {
    this.byKey.delete(key);
    this.byKey.set(key, { value, group, at: performance.now() });
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
    else this.forget(payload);
  }

  private clear(): void {
    this.generation++;
    this.byKey.clear();
    this.byGroup.clear();
  }
}
