/**
 * Failed authentications per client address, kept in this process's memory: checking and counting cost
 * no query, so an address guessing keys is refused before its guesses reach the key lookup. Each
 * process counts on its own (several processes allow that many times the limit), and at most
 * `maxAddresses` addresses are remembered (the longest quiet ones are forgotten first).
 */
export const FAILED_AUTH_PER_MINUTE = 30;
/** Addresses one process remembers at most. */
export const FAILED_AUTH_MAX_ADDRESSES = 10_000;
const MINUTE = 60_000;

export class FailedAuthWindows {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limit = FAILED_AUTH_PER_MINUTE,
    private readonly maxAddresses = FAILED_AUTH_MAX_ADDRESSES,
  ) {}

  /** Seconds until `address` may try again, or undefined when it is under the limit. */
  retryAfterSeconds(address: string, now: number): number | undefined {
    const times = this.recent(address, now);
    if (times.length < this.limit) return undefined;
    return Math.max(1, Math.ceil((times[0]! + MINUTE - now) / 1000));
  }

  /** Addresses with a failure remembered: none, and no request needs its address looked up. */
  get size(): number {
    return this.failures.size;
  }

  record(address: string, now: number): void {
    const times = this.recent(address, now);
    times.push(now);
    // Re-inserting keeps the map ordered by last failure, so the first key is the quietest.
    this.failures.delete(address);
    this.failures.set(address, times);
    if (this.failures.size > this.maxAddresses) this.failures.delete(this.failures.keys().next().value!);
  }

  private recent(address: string, now: number): number[] {
    const times = (this.failures.get(address) ?? []).filter((t) => t > now - MINUTE);
    if (times.length === 0) this.failures.delete(address);
    else this.failures.set(address, times);
    return times;
  }
}
