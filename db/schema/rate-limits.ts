import { jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Times (ms) of what one subject did inside its windows, oldest first. */
export interface RateWindows {
  /** Admitted requests in the last minute. */
  requests: number[];
  /** Accepted video creations in the last minute. */
  creates: number[];
  /** Free-tool calls in the last day (the hour window is its tail). */
  freeTools: number[];
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
