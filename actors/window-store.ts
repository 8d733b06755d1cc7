import { type Database, type Db, withTransaction } from "../db/client.ts";
import { lockRateWindows, saveRateWindows } from "../db/repos/rate-windows.ts";
import type { Windows } from "./account-actor.ts";

/**
 * Where a subject's windows are kept between messages. The limiter's decisions are pure; a store only
 * hands a subject's windows to one step at a time and keeps what the step returns.
 */
export interface WindowStore {
  /**
   * Runs `step` on `subject`'s windows and keeps the windows it returns; steps of one subject never
   * interleave, in this process or another. With `tx` the step joins the caller's transaction (its
   * other reads then see a stable state of the subject until the caller commits).
   */
  update<T>(subject: string, now: Date, step: (windows: Windows) => Promise<[Windows, T]> | [Windows, T], tx?: Db): Promise<T>;
}

/**
 * Windows persisted in Postgres, one row per subject read under its row lock: every process serving the
 * subject counts together and a restart keeps the minute.
 */
export function postgresWindowStore(database: Database): WindowStore {
  const inTransaction = async <T>(tx: Db, subject: string, now: Date, step: (windows: Windows) => Promise<[Windows, T]> | [Windows, T]) => {
    const [windows, result] = await step(await lockRateWindows(tx, subject, now));
    await saveRateWindows(tx, subject, windows, now);
    return result;
  };
  return {
    update: (subject, now, step, tx) => (tx ? inTransaction(tx, subject, now, step) : withTransaction(database.db, (own) => inTransaction(own, subject, now, step))),
  };
}
