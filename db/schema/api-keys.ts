import { index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { accounts } from "./accounts.ts";

export const apiKeys = pgTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    name: text("name").notNull(),
    /** The first characters of the key, safe to show. */
    prefix: text("prefix").notNull(),
    /** SHA-256 of the whole key; the key itself is never stored. */
    hash: text("hash").notNull().unique(),
    scopes: jsonb("scopes").$type<string[]>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("api_keys_account_idx").on(t.accountId)],
);

export type ApiKeyRow = typeof apiKeys.$inferSelect;
