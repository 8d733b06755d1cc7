import type { Database } from "../../db/client.ts";
import { findLiveKeyByHash } from "../../db/repos/accounts.ts";
import { notifyChannel } from "../../db/repos/notifications.ts";
import type { AccountRow, ApiKeyRow } from "../../db/schema/index.ts";

const BARRIER_PREFIX = "barrier:";
const BARRIER_TIMEOUT_MS = 5_000;

/** Announced by the database's triggers (migration 0003) when an account or one of its keys changes. */
export const AUTH_CHANGED_CHANNEL = "auth_changed";

export interface KeyRecord {
  key: ApiKeyRow;
  account: AccountRow;
}

interface Entry {
  found: KeyRecord;
  at: number;
}

/**
 * Live API keys with their accounts, kept in memory so an authenticated request needs no query. Every
 * change to an account or a key row (revocation, disabling, plan, limits, balances) is announced through
 * Postgres NOTIFY by a trigger, whoever makes it, and drops that account's entries in every process.
 * Entries are kept only while listening; after a reconnection (notifications may have been missed) the
 * cache starts empty, and no entry outlives `ttlMs`, which bounds a change missed while the connection
 * was down. Unknown keys are never remembered (a key created later must work at once).
 */
export class ApiKeyCache {
  private readonly byHash = new Map<string, Entry>();
  private readonly byAccount = new Map<string, Set<string>>();
  /** Moves on every change, so a lookup that raced one is not remembered. */
  private generation = 0;
  private listening = false;
  private stopListening: (() => Promise<void>) | undefined;
  private readonly barriers = new Map<string, () => void>();

  constructor(
    private readonly database: Database,
    private readonly ttlMs = 30_000,
    private readonly maxEntries = 50_000,
  ) {}

  async start(): Promise<void> {
    this.stopListening = await this.database.listen(AUTH_CHANGED_CHANNEL, (payload) => this.heard(payload), () => {
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

  /** The live key with this hash and its account, or undefined. */
  async find(hash: string): Promise<KeyRecord | undefined> {
    const hit = this.byHash.get(hash);
    if (hit && this.listening && performance.now() - hit.at < this.ttlMs) return hit.found;
    const generation = this.generation;
    const found = await findLiveKeyByHash(this.database.db, hash);
    if (found && this.listening && generation === this.generation) this.remember(hash, found);
    return found;
  }

  /**
   * Resolves once this process has heard every change committed before the call: a NOTIFY sent now
   * comes back after them, as Postgres delivers notifications in commit order. The admin socket waits
   * on it, so a revocation through it has taken effect here when the command returns.
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
      await notifyChannel(this.database.db, AUTH_CHANGED_CHANNEL, token);
      await heard;
    } finally {
      clearTimeout(timer);
      this.barriers.delete(token);
    }
  }

  get size(): number {
    return this.byHash.size;
  }

  private remember(hash: string, found: KeyRecord): void {
    this.byHash.delete(hash);
    this.byHash.set(hash, { found, at: performance.now() });
    const hashes = this.byAccount.get(found.account.id) ?? new Set();
    hashes.add(hash);
    this.byAccount.set(found.account.id, hashes);
    if (this.byHash.size > this.maxEntries) {
      const [oldest, entry] = this.byHash.entries().next().value!;
      this.byHash.delete(oldest);
      this.byAccount.get(entry.found.account.id)?.delete(oldest);
    }
  }

  private heard(payload: string): void {
    if (payload.startsWith(BARRIER_PREFIX)) this.barriers.get(payload)?.();
    else this.forget(payload);
  }

  private forget(accountId: string): void {
    this.generation++;
    for (const hash of this.byAccount.get(accountId) ?? []) this.byHash.delete(hash);
    this.byAccount.delete(accountId);
  }

  private clear(): void {
    this.generation++;
    this.byHash.clear();
    this.byAccount.clear();
  }
}
