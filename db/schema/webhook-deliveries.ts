import { index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { accounts } from "./accounts.ts";
import { videos } from "./videos.ts";

/** One row per event; `id` is the envelope id, the same across retries. */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    videoId: text("video_id")
      .notNull()
      .references(() => videos.id)
      .unique(),
    type: text("type").notNull(),
    url: text("url").notNull(),
    payload: jsonb("payload").notNull(),
    state: text("state", { enum: ["pending", "delivered", "failed"] }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    lastStatus: integer("last_status"),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
  },
  (t) => [index("webhook_deliveries_due_idx").on(t.state, t.nextAttemptAt)],
);
