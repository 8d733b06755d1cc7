import { type ActorState, type Command, type Result, transition } from "./account-actor.ts";
import { Mailbox } from "./mailbox.ts";

interface Entry {
  state: ActorState | undefined;
  mailbox: Mailbox;
  lastUsed: number;
}

export interface ActorRegistryOptions {
  /** Loads an actor's state from the durable record before its first message (rehydration). */
  load(accountId: string): Promise<ActorState>;
  now(): number;
  /** Actors idle this long are dropped; the next message loads them again. */
  idleMs: number;
}

/**
 * One actor per account, spawned on first use and evicted when idle. `ask` runs a command through the
 * account's mailbox; `withActor` runs a longer exchange (decide, do IO, record) as one message, so no
 * other message of that account interleaves.
 */
export class ActorRegistry {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly options: ActorRegistryOptions) {}

  private entry(accountId: string): Entry {
    let entry = this.entries.get(accountId);
    if (!entry) {
      entry = { state: undefined, mailbox: new Mailbox(), lastUsed: this.options.now() };
      this.entries.set(accountId, entry);
    }
    entry.lastUsed = this.options.now();
    return entry;
  }

  withActor<T>(accountId: string, work: (apply: (command: Command) => Result) => Promise<T> | T): Promise<T> {
    const entry = this.entry(accountId);
    return entry.mailbox.send(async () => {
      entry.state ??= await this.options.load(accountId);
      const apply = (command: Command) => {
        const [next, result] = transition(entry.state!, command, this.options.now());
        entry.state = next;
        return result;
      };
      return work(apply);
    });
  }

  ask(accountId: string, command: Command): Promise<Result> {
    return this.withActor(accountId, (apply) => apply(command));
  }

  /** Drops actors idle past the limit (and not busy); returns how many went. */
  evictIdle(): number {
    const cutoff = this.options.now() - this.options.idleMs;
    let evicted = 0;
    for (const [id, entry] of this.entries) {
      if (entry.lastUsed < cutoff && entry.mailbox.size === 0) {
        this.entries.delete(id);
        evicted++;
      }
    }
    return evicted;
  }

  get size(): number {
    return this.entries.size;
  }
}
