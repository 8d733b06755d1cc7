import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Secrets every process of a deployment must share, made once by the first process that needs one. */
export const serviceKeys = pgTable("service_keys", {
  name: text("name").primaryKey(),
  /** Hex-encoded bytes. */
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
});
