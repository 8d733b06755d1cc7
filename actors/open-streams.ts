import { type Limits, type Refusal, admitStream } from "./account-actor.ts";

/** An open stream's place in its account's count. Releasing it again changes nothing. */
export interface StreamSlot {
  release(): void;
}

/**
 * The progress streams each account holds open in this process. The count is kept in memory, not in the
 * database: a stream lives on one process's connection, so a process that stops or dies takes its
 * streams and their count with it, and no row is left behind to expire. Taking a slot is synchronous
 * (no await between the check and the count), so streams opened together cannot both take the last one.
 * With N serving processes an account holds at most N times its limit.
 */
export class OpenStreams {
  private readonly open = new Map<string, number>();

  /** A slot for another stream of the account, or the refusal when it holds its limit already. */
  take(accountId: string, limits: Limits): StreamSlot | Refusal {
    const held = this.open.get(accountId) ?? 0;
    const refused = admitStream(limits, held);
    if (refused) return refused;
    this.open.set(accountId, held + 1);
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        const left = (this.open.get(accountId) ?? 1) - 1;
        if (left > 0) this.open.set(accountId, left);
        else this.open.delete(accountId);
      },
    };
  }

  /** Streams the account holds open in this process. */
  held(accountId: string): number {
    return this.open.get(accountId) ?? 0;
  }

  /** Accounts holding a stream now (for tests: ended streams leave nothing behind). */
  get accounts(): number {
    return this.open.size;
  }
}
