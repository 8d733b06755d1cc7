import { integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { accounts } from "./accounts.ts";

/** One row per (account, key): the database, not memory, decides who ran first. */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    key: text("key").notNull(),
    route: text("route").notNull(),
    bodyHash: text("body_hash").notNull(),
    state: text("state", { enum: ["running", "done"] }).notNull(),
    responseStatus: integer("response_status"),
    responseBody: jsonb("response_body"),
    responseHeaders: jsonb("response_headers").$type<Record<string, string>>(),
    resourceId: text("resource_id"),
    /** While running: when the claim lapses (its process died) and the next request may take it over. */
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.key] })],
);
