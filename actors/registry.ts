import { Mailbox } from "./mailbox.ts";

interface Entry {
  mailbox: Mailbox;
  lastUsed: number;
}

export interface ActorRegistryOptions {
  now(): number;
  /** Actors idle this long are dropped. */
  idleMs: number;
}

/**
 * One actor per key (an account, or a client address), spawned on first use and evicted when idle. `run`
 * sends one message through the key's mailbox: it loads the actor's state from the database, decides and
 * records, and no other message of that key interleaves in this process. Several processes stay
 * consistent because each message also holds the database row lock of that key.
 */
export class ActorRegistry {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly options: ActorRegistryOptions) {}

  run<T>(key: string, message: () => Promise<T> | T): Promise<T> {
    return this.entryOf(key, this.options.now()).mailbox.send(message);
  }

  /**
   * Whether the actor has no message in flight, so a step that never yields can run for it at once: nothing
   * else of the actor can interleave with it, and the mailbox's promises are left out of the common case.
   * Spawns the actor when it has none, and marks it used at `at` (ms, the message's time as the caller read it).
   */
  idle(key: string, at: number): boolean {
    return this.entryOf(key, at).mailbox.size === 0;
  }

  private entryOf(key: string, at: number): Entry {
    let entry = this.entries.get(key);
    if (!entry) {
      entry = { mailbox: new Mailbox(), lastUsed: 0 };
      this.entries.set(key, entry);
    }
    entry.lastUsed = at;
    return entry;
  }

  /** Drops actors idle past the limit (and not busy); returns how many went. */
  evictIdle(): number {
    const cutoff = this.options.now() - this.options.idleMs;
    let evicted = 0;
    for (const [key, entry] of this.entries) {
      if (entry.lastUsed < cutoff && entry.mailbox.size === 0) {
        this.entries.delete(key);
        evicted++;
      }
    }
    return evicted;
  }

  get size(): number {
    return this.entries.size;
  }
}
