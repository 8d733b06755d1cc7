import { jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The rate windows of one subject (an account, or a client address on public routes). One row per
 * subject, read and written under a row lock, so every process serving the subject counts together.
 */
export const rateWindows = pgTable("rate_windows", {
  subject: text("subject").primaryKey(),
  windows: jsonb("windows").$type<{ requests: number[]; creates: number[]; freeTools: number[] }>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});
