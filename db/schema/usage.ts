import { index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { accounts } from "./accounts.ts";

/** The charge ledger. Unique per (video, counter), so a video is charged at most once. */
export const usageLedger = pgTable(
  "usage_ledger",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    videoId: text("video_id").notNull(),
    counter: text("counter", { enum: ["narration", "render", "videos"] }).notNull(),
    amount: integer("amount").notNull(),
    narrationSeconds: integer("narration_seconds").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("usage_ledger_video_counter_idx").on(t.videoId, t.counter),
    index("usage_ledger_account_created_idx").on(t.accountId, t.createdAt),
  ],
);
