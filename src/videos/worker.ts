import { withTransaction } from "../../db/client.ts";
import { deleteExpiredIdempotencyKeys } from "../../db/repos/idempotency.ts";
import { deleteStaleRateWindows } from "../../db/repos/rate-windows.ts";
import { existsSync, readdirSync } from "node:fs";
import { findFinishedOrUnknownVideoIds, findStuckVideos } from "../../db/repos/videos.ts";
import { findOverdueDeliveries, updateWebhookDelivery } from "../../db/repos/webhook-deliveries.ts";
import type { OutboundPolicy } from "../net/outbound.ts";
import { PIPELINE_RETRY_LIMIT, type PipelineJob, QUEUES, type WebhookJob } from "../queue/job-queue.ts";
import { attemptDelivery } from "../webhooks/deliver.ts";
import { failVideo, Superseded } from "./finish.ts";
import { finishContext, type PipelineDeps, processVideo, removeWorkDir } from "./pipeline.ts";

/** A started video whose heartbeat stopped this long ago is ended (the queue retries dead workers much sooner). */
export const STALLED_AFTER_MS = 10 * 60_000;
/** A video still queued after this long has lost its job. */
export const QUEUED_TOO_LONG_MS = 6 * 3600_000;
const WATCHDOG_EVERY_MS = 60_000;

export interface WorkerDeps extends PipelineDeps {
  webhookPolicy: OutboundPolicy;
  /** Pipeline jobs this process runs at once (renders are further limited by the pool). */
  concurrency: number;
}

/** Ends videos that nothing is working on any more, with INTERRUPTED and a webhook. Returns how many. */
export async function runWatchdog(deps: PipelineDeps): Promise<number> {
  const now = deps.now();
  const stuck = await findStuckVideos(deps.database.db, new Date(now.getTime() - STALLED_AFTER_MS), new Date(now.getTime() - QUEUED_TOO_LONG_MS));
  let ended = 0;
  for (const video of stuck) {
    const message =
      video.status === "queued"
        ? "The video waited in the queue too long without being picked up; create it again."
        : `Processing stopped while ${video.stage.toLowerCase()} and did not resume; create the video again.`;
    try {
      await failVideo({ ...finishContext(deps), now }, video, video.attempts, "INTERRUPTED", message);
      removeWorkDir(deps, video.id);
      ended++;
    } catch (error) {
      if (!(error instanceof Superseded)) throw error;
    }
  }
  return ended;
}

/**
 * Removes working folders left by videos that have finished or no longer exist (a process that died
 * mid-video, or a failure before this cleanup existed); folders of videos still in progress stay, since
 * another process may be working on them. Returns how many were removed.
 */
export async function sweepWorkFolders(deps: PipelineDeps): Promise<number> {
  if (!existsSync(deps.workRoot)) return 0;
  const ids = readdirSync(deps.workRoot).filter((name) => /^vid_[A-Za-z0-9]+$/.test(name));
  const orphans = await findFinishedOrUnknownVideoIds(deps.database.db, ids);
  for (const id of orphans) removeWorkDir(deps, id);
  return orphans.length;
}

/** A pending delivery this late has lost its job (its process died); it is queued again. */
const DELIVERY_OVERDUE_MS = 2 * 60_000;

/** Queues again the deliveries whose attempt is long overdue. Returns how many. */
export async function requeueOverdueDeliveries(deps: PipelineDeps): Promise<number> {
  const cutoff = new Date(deps.now().getTime() - DELIVERY_OVERDUE_MS);
  const overdue = await findOverdueDeliveries(deps.database.db, cutoff);
  for (const id of overdue) {
    await withTransaction(deps.database.db, async (tx) => {
      await updateWebhookDelivery(tx, id, { nextAttemptAt: deps.now() });
      await deps.queue.sendWebhook(tx, { deliveryId: id });
    });
  }
  return overdue.length;
}

/** Drains the pipeline and webhook queues and runs the watchdog, until stopped. */
export async function startWorkers(deps: WorkerDeps): Promise<{ stop(): Promise<void> }> {
  const { boss } = deps.queue;
  const orphans = await deps.queue.requeueOrphans();
  if (orphans > 0) deps.log.warn("requeued jobs left running by a previous run", { orphans });
  const swept = await sweepWorkFolders(deps);
  if (swept > 0) deps.log.info("removed working folders of finished videos", { folders: swept });
  await boss.work<PipelineJob>(QUEUES.pipeline, { localConcurrency: deps.concurrency, pollingIntervalSeconds: 1 }, async ([job]) => {
    await processVideo(deps, job!.data.videoId, { retryCount: job!.retryCount, retryLimit: PIPELINE_RETRY_LIMIT });
  });
  await boss.work<WebhookJob>(QUEUES.webhooks, { localConcurrency: 4, pollingIntervalSeconds: 1 }, async ([job]) => {
    deps.recorder.webhookDelivery(await attemptDelivery({ database: deps.database, queue: deps.queue, policy: deps.webhookPolicy, now: deps.now }, job!.data.deliveryId));
  });
  const watchdog = setInterval(() => {
    const now = deps.now();
    Promise.all([
      runWatchdog(deps),
      requeueOverdueDeliveries(deps),
      deleteExpiredIdempotencyKeys(deps.database.db, now),
      // A day-old row holds no live window.
      deleteStaleRateWindows(deps.database.db, new Date(now.getTime() - 24 * 3600_000)),
    ]).catch((error) => deps.log.error("watchdog failed", { error: error instanceof Error ? error.message : String(error) }));
  }, WATCHDOG_EVERY_MS);
  return {
    async stop() {
      clearInterval(watchdog);
      await boss.offWork(QUEUES.pipeline);
      await boss.offWork(QUEUES.webhooks);
    },
  };
}
