import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const accounts = pgTable("accounts", {
  id: text("id").primaryKey(),
  email: text("email").notNull().unique(),
  status: text("status", { enum: ["active", "disabled"] }).notNull().default("active"),
  /** null means no active plan. */
  planTier: text("plan_tier"),
  /** Legacy plans: narration credits (1 per started minute). */
  credits: integer("credits").notNull().default(0),
  aiCredits: integer("ai_credits").notNull().default(0),
  /** Legacy plans: renders are paid from this export counter. */
  exportCredits: integer("export_credits").notNull().default(0),
  /** Current plans: override of the plan's monthly video allowance; null uses the plan's. */
  videoAllowanceOverride: integer("video_allowance_override"),
  periodStartedAt: timestamp("period_started_at", { withTimezone: true }).notNull(),
  signingSecret: text("signing_secret").notNull(),
  requestsPerMinute: integer("requests_per_minute").notNull().default(60),
  createsPerMinute: integer("creates_per_minute").notNull().default(10),
  freeToolsPerHour: integer("free_tools_per_hour").notNull().default(30),
  freeToolsPerDay: integer("free_tools_per_day").notNull().default(100),
  concurrentRenders: integer("concurrent_renders").notNull().default(3),
  mediaImportsPerDay: integer("media_imports_per_day").notNull().default(20),
  /** Progress streams open at once, counted by each serving process. */
  concurrentStreams: integer("concurrent_streams").notNull().default(20),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
});

export type AccountRow = typeof accounts.$inferSelect;
