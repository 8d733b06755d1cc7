/**
 * Runs an actor's messages one at a time, in arrival order, even when handling one awaits IO. A failed
 * message rejects its own caller only; the next message still runs.
 */
export class Mailbox {
  private tail: Promise<unknown> = Promise.resolve();
  private pending = 0;

  send<T>(handle: () => Promise<T> | T): Promise<T> {
    this.pending++;
    const run = this.tail.then(handle, handle);
    this.tail = run.then(
      () => this.pending--,
      () => this.pending--,
    );
    return run;
  }

  get size(): number {
    return this.pending;
  }
}
