import { index, integer, jsonb, pgTable, real, text, timestamp } from "drizzle-orm/pg-core";
import { accounts } from "./accounts.ts";

export const videos = pgTable(
  "videos",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    template: text("template").notNull(),
    status: text("status").notNull(),
    stage: text("stage").notNull(),
    progress: integer("progress"),
    projectId: text("project_id"),
    exportId: text("export_id"),
    inputs: jsonb("inputs").notNull(),
    webhookUrl: text("webhook_url"),
    errorCode: text("error_code"),
    errorMessage: text("error_message"),
    creditsCharged: jsonb("credits_charged").$type<{ narration: number; render: number; videos: number }>(),
    /** Outputs of finished stages (script, narration, media, render), so a restarted job resumes. */
    stageOutputs: jsonb("stage_outputs").$type<Record<string, unknown>>().notNull().default({}),
    cutAtMs: integer("cut_at_ms"),
    notices: jsonb("notices").$type<string[]>(),
    estimatedSeconds: integer("estimated_seconds"),
    /** What the video is expected to cost; reserved against the balance while it is unfinished. */
    expectedCharges: jsonb("expected_charges").$type<{ narration: number; render: number; videos: number; narrationSeconds: number }>(),
    /** Incremented by each attempt that takes the video; writes carry it, so a stalled attempt's late writes are refused. */
    attempts: integer("attempts").notNull().default(0),
    /** Moves on every change of status, stage or progress (a trigger, migration 0005): a progress stream's event id. */
    stateVersion: integer("state_version").notNull().default(0),
    /** Refreshed while an attempt works; the watchdog ends videos whose heartbeat stopped. */
    heartbeatAt: timestamp("heartbeat_at", { withTimezone: true }),
    /** Length of the rendered video, for measured throughput. */
    durationSeconds: real("duration_seconds"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [index("videos_account_created_idx").on(t.accountId, t.id), index("videos_status_idx").on(t.status)],
);

/** A download link; its age decides 410. A new one is minted when the old one expires. */
export const downloadLinks = pgTable(
  "download_links",
  {
    token: text("token").primaryKey(),
    videoId: text("video_id")
      .notNull()
      .references(() => videos.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("download_links_video_idx").on(t.videoId)],
);

export type VideoRow = typeof videos.$inferSelect;
