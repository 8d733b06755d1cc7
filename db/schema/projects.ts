import { index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { accounts } from "./accounts.ts";

/** A draft made by a free tool: an article script, a quiz pack or a reddit_story preview. */
export const projects = pgTable(
  "projects",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    template: text("template").notNull(),
    kind: text("kind", { enum: ["script", "pack", "preview"] }).notNull(),
    inputs: jsonb("inputs").notNull(),
    content: jsonb("content").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("projects_account_idx").on(t.accountId)],
);

export type ProjectRow = typeof projects.$inferSelect;
