import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { accounts } from "./accounts.ts";

/** An own-media URL fetched for an account; reused for 30 days, counted once per day. */
export const mediaImports = pgTable(
  "media_imports",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    kind: text("kind", { enum: ["video", "audio", "image"] }).notNull(),
    url: text("url").notNull(),
    urlHash: text("url_hash").notNull(),
    state: text("state", { enum: ["fetching", "ready", "failed"] }).notNull(),
    storageKey: text("storage_key"),
    bytes: bigint("bytes", { mode: "number" }),
    durationMs: integer("duration_ms"),
    errorCode: text("error_code"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("media_imports_account_url_idx").on(t.accountId, t.kind, t.urlHash),
    index("media_imports_account_created_idx").on(t.accountId, t.createdAt),
  ],
);
