import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgSequence, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/** Runs of [time (ms), how many at that time], oldest first (actors/time-log.ts). */
export type TimeLog = readonly (readonly [number, number])[];

/** The windows kept as rows of runs (creates stay on the subject's row, written under its lock). */
export type RunKind = "requests" | "free_tools";

/** One run of one of a subject's windows: `count` admissions at time `at` (ms). */
export interface WindowRun {
  subject: string;
  kind: RunKind;
  at: number;
  count: number;
}

/**
 * Numbers every batch that writes a subject's runs, in the order the batches commit for that subject (a
 * batch draws it under the subject's row lock). One sequence for all subjects, so a row deleted and made
 * again never numbers a batch below what a process has already read.
 */
export const rateWindowVersion = pgSequence("rate_window_version");

/**
 * One row per subject (an account, or a client address on public routes): its lock, the number of the
 * last batch that wrote its runs, and its creates (counted under the lock in the create's transaction).
 */
export const rateWindows = pgTable("rate_windows", {
  subject: text("subject").primaryKey(),
  /** Creates only; rows written before migration 0007 also held the other windows (moved to runs). */
  windows: jsonb("windows").$type<{ creates: TimeLog }>().notNull(),
  version: bigint("version", { mode: "number" })
    .notNull()
    .default(sql`nextval('rate_window_version')`),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});

/**
 * The requests and free-tool windows as runs: a batch adds its counts to the runs it touched (an upsert
 * per run) and stamps them with its version, so a process reads back only the runs changed since the
 * version it last saw, and nothing is rewritten that did not change. Runs past their window are deleted
 * by the batches of their subject (every PRUNE_EVERY_MS, actors/memory-window-store.ts) and by the daily sweep.
 */
export const rateWindowRuns = pgTable(
  "rate_window_runs",
  {
    subject: text("subject").notNull(),
    kind: text("kind").$type<RunKind>().notNull(),
    at: bigint("at", { mode: "number" }).notNull(),
    count: integer("count").notNull(),
    version: bigint("version", { mode: "number" }).notNull(),
  },
  // A batch reads back a subject's runs changed since a version through the second index.
  (t) => [primaryKey({ columns: [t.subject, t.kind, t.at] }), index("rate_window_runs_subject_version_idx").on(t.subject, t.version)],
);
