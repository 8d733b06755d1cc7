import { randomBytes } from "node:crypto";
import { type Db, withTransaction } from "../../db/client.ts";
import { debitCredits } from "../../db/repos/accounts.ts";
import { insertDownloadLink } from "../../db/repos/downloads.ts";
import { recordCharges } from "../../db/repos/usage.ts";
import { updateVideoForAttempt, type VideoPatch } from "../../db/repos/videos.ts";
import { insertWebhookDelivery } from "../../db/repos/webhook-deliveries.ts";
import type { VideoRow } from "../../db/schema/index.ts";
import type { FailureCode } from "../kernel/errors.ts";
import { newId } from "../kernel/ids.ts";
import type { JobQueue } from "../queue/job-queue.ts";
import type { Charges } from "../billing/charges.ts";
import { STAGE_LABELS } from "./model.ts";
import { presentVideo } from "./present.ts";

export const DOWNLOAD_LINK_DAYS = 7;

/** A newer attempt took the video over, or it was cancelled: this attempt's writes are refused. */
export class Superseded extends Error {
  constructor(videoId: string) {
    super(`video ${videoId} was taken over by another attempt or already finished`);
  }
}

export function newDownloadToken(): string {
  return randomBytes(24).toString("base64url");
}

export async function mintDownloadLink(tx: Db, videoId: string, now: Date) {
  return insertDownloadLink(tx, {
    token: newDownloadToken(),
    videoId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + DOWNLOAD_LINK_DAYS * 24 * 3600 * 1000),
  });
}

export interface FinishContext {
  db: Db;
  queue: JobQueue;
  publicBaseUrl: string;
  now: Date;
}

/**
 * Ends a video in one transaction: the fenced status change, and with it (or not at all) the charge,
 * the download link and the webhook delivery. A crash before the commit leaves the attempt to be run
 * again; after it, everything is recorded exactly once.
 */
async function finish(ctx: FinishContext, video: VideoRow, attempt: number, patch: VideoPatch, extra: (tx: Db) => Promise<Awaited<ReturnType<typeof mintDownloadLink>> | undefined>) {
  await withTransaction(ctx.db, async (tx) => {
    if (!(await updateVideoForAttempt(tx, video.id, attempt, { ...patch, updatedAt: ctx.now, heartbeatAt: null }))) throw new Superseded(video.id);
    const link = await extra(tx);
    if (!video.webhookUrl) return;
    const finished = { ...video, ...patch, updatedAt: ctx.now } as VideoRow;
    const type = patch.status === "completed" ? "video.completed" : "video.failed";
    const id = newId("evt", ctx.now.getTime());
    const payload = { id, type, createdAt: ctx.now.toISOString(), data: presentVideo(finished, link, ctx.publicBaseUrl) };
    await insertWebhookDelivery(tx, { id, accountId: video.accountId, videoId: video.id, type, url: video.webhookUrl, payload, state: "pending", createdAt: ctx.now, nextAttemptAt: ctx.now });
    await ctx.queue.sendWebhook(tx, { deliveryId: id });
  });
}

export function completeVideo(ctx: FinishContext, video: VideoRow, attempt: number, charges: Charges, durationSeconds: number, legacy: boolean) {
  const creditsCharged = { narration: charges.narration, render: charges.render, videos: charges.videos };
  const patch: VideoPatch = {
    status: "completed",
    stage: STAGE_LABELS.completed,
    progress: 100,
    completedAt: ctx.now,
    creditsCharged,
    exportId: newId("exp", ctx.now.getTime()),
    durationSeconds,
  };
  return finish(ctx, video, attempt, patch, async (tx) => {
    const row = (counter: "narration" | "render" | "videos", amount: number, narrationSeconds: number) => ({
      id: newId("use", ctx.now.getTime()),
      accountId: video.accountId,
      videoId: video.id,
      counter,
      amount,
      narrationSeconds,
      createdAt: ctx.now,
    });
    const rows = legacy ? [row("render", charges.render, charges.narrationSeconds), row("narration", charges.narration, 0)] : [row("videos", charges.videos, charges.narrationSeconds)];
    await recordCharges(tx, rows);
    if (legacy) await debitCredits(tx, video.accountId, { narration: charges.narration, render: charges.render });
    return mintDownloadLink(tx, video.id, ctx.now);
  });
}

export function failVideo(ctx: FinishContext, video: VideoRow, attempt: number, code: FailureCode, message: string) {
  return finish(ctx, video, attempt, { status: "failed", stage: STAGE_LABELS.failed, errorCode: code, errorMessage: message, completedAt: null }, async () => undefined);
}
