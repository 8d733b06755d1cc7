import type { Db } from "../db/client.ts";
import type { Windows } from "./account-actor.ts";

export interface UpdateOptions {
  /** The caller's transaction: the step joins it and holds the subject's row until the caller commits. */
  tx?: Db;
  /** A store that persists behind the request writes the subject's windows once this many admissions wait. */
  unsyncedLimit?: number;
}

/** A decision over a subject's windows at `at` (ms: the update's `now`): the windows it leaves, and its result. */
export type WindowStep<T> = (windows: Windows, at: number) => Promise<[Windows, T]> | [Windows, T];

/**
 * Where a subject's windows are kept between messages. The limiter's decisions are pure; a store only
 * hands a subject's windows to one step at a time and keeps what the step returns.
 */
export interface WindowStore {
  /**
   * Runs `step` on `subject`'s windows and keeps the windows it returns; steps of one subject never
   * interleave in this process. With `options.tx` the step joins the caller's transaction and holds the
   * subject's row, so it is also serialized across processes (its other reads then see a stable state of
   * the subject until the caller commits).
   */
  update<T>(subject: string, now: Date, step: WindowStep<T>, options?: UpdateOptions): Promise<T>;
  /**
   * The same update when it needs no I/O (the subject's windows are in memory and nothing has to be
   * written first): runs the pure `step` and returns its result at once, or undefined, keeping nothing,
   * when the step has to go through `update`. Only for a caller that knows no step of the subject is in
   * flight in this process.
   */
  updateNow?<T>(subject: string, now: Date, step: (windows: Windows, at: number) => [Windows, T], options?: Pick<UpdateOptions, "unsyncedLimit">): T | undefined;
  /** Writes what waits to be persisted; false when the durable store could not be written. */
  flush?(): Promise<boolean>;
  /** Forgets subjects idle this long that have nothing waiting; returns how many went. */
  evictIdle?(idleMs: number): number;
  /** Stops background writes after a last flush. */
  close?(): Promise<void>;
}
