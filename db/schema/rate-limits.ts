import { jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Runs of [time (ms), how many at that time], oldest first (actors/time-log.ts). */
export type TimeLog = readonly (readonly [number, number])[];

/** What one subject did inside its windows. */
export interface RateWindows {
  /** Admitted requests in the last minute. */
  requests: TimeLog;
  /** Accepted video creations in the last minute. */
  creates: TimeLog;
  /** Free-tool calls in the last day (the hour window is its tail). */
  freeTools: TimeLog;
}

/**
 * The rate windows of one subject (an account, or a client address on public routes). One row per
 * subject: processes add their admissions to it in batches under its row lock and read back the others'
 * (a create counts under the same lock in its transaction), and a process starting reads it first.
 */
export const rateWindows = pgTable("rate_windows", {
  subject: text("subject").primaryKey(),
  windows: jsonb("windows").$type<RateWindows>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});
