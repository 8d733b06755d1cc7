import type { Database } from "../../db/client.ts";
import { NotifiedCache } from "../../db/notified-cache.ts";
import { findLiveKeyByHash } from "../../db/repos/accounts.ts";
import type { AccountRow, ApiKeyRow } from "../../db/schema/index.ts";

/** Announced by the database's triggers (migration 0003) when an account or one of its keys changes. */
export const AUTH_CHANGED_CHANNEL = "auth_changed";

export interface KeyRecord {
  key: ApiKeyRow;
  account: AccountRow;
}

const accountOf = (found: KeyRecord) => found.account.id;

/**
 * Live API keys with their accounts, kept in memory so an authenticated request needs no query. Every
 * change to an account or a key row (revocation, disabling, plan, limits, balances) is announced through
 * Postgres NOTIFY by a trigger, whoever makes it, and drops that account's entries in every process.
 * Entries are kept only while listening; after a reconnection (notifications may have been missed) the
 * cache starts empty, and no entry outlives `ttlMs`, which bounds a change missed while the connection
 * was down. Unknown keys are never remembered (a key created later must work at once).
 */
export class ApiKeyCache {
  private readonly cache: NotifiedCache<KeyRecord>;
  /** Who holds something an account's keys granted (an open stream), by account id. */
  private readonly watchers = new Map<string, Set<() => void>>();

  constructor(
    private readonly database: Database,
    ttlMs = 30_000,
    maxEntries = 50_000,
  ) {
    this.cache = new NotifiedCache(database, AUTH_CHANGED_CHANNEL, { ttlMs, maxEntries });
    this.cache.onDropped((accountId) => {
      const told = accountId === undefined ? [...this.watchers.values()] : [this.watchers.get(accountId) ?? []];
      for (const set of told) for (const changed of [...set]) changed();
    });
  }

  start(): Promise<void> {
    return this.cache.start();
  }

  close(): Promise<void> {
    return this.cache.close();
  }

  /** The live key with this hash and its account, when it is kept (answered at once). */
  cached(hash: string): KeyRecord | undefined {
    return this.cache.cached(hash, this.load, accountOf);
  }

  /** The live key with this hash and its account, or undefined. */
  find(hash: string): Promise<KeyRecord | undefined> {
    return this.cache.read(hash, this.load, accountOf);
  }

  private readonly load = (hash: string) => findLiveKeyByHash(this.database.db, hash);

  /**
   * Calls `changed` whenever this process hears that the account or one of its keys changed, whichever
   * process changed it, and after every reconnection of the listening connection (changes may have gone
   * unheard): an answer that outlives its request (a progress stream) checks its key again then, so a
   * revocation or a disabled account ends it as soon as a new request would be refused. Returns the
   * function that stops it.
   */
  watchAccount(accountId: string, changed: () => void): () => void {
    const set = this.watchers.get(accountId) ?? new Set();
    set.add(changed);
    this.watchers.set(accountId, set);
    return () => {
      set.delete(changed);
      if (set.size === 0 && this.watchers.get(accountId) === set) this.watchers.delete(accountId);
    };
  }

  /** Accounts watched now (for tests: an ended stream leaves nothing behind). */
  get watchedAccounts(): number {
    return this.watchers.size;
  }

  /**
   * Resolves once this process has heard every change committed before the call. The admin socket waits
   * on it, so a revocation through it has taken effect here when the command returns.
   */
  barrier(): Promise<void> {
    return this.cache.barrier();
  }

  get size(): number {
    return this.cache.size;
  }
}
