import { withTransaction } from "../../db/client.ts";
import { deleteExpiredIdempotencyKeys } from "../../db/repos/idempotency.ts";
import { deleteStaleRateWindows } from "../../db/repos/rate-windows.ts";
import { existsSync, readdirSync } from "node:fs";
import { findFinishedOrUnknownVideoIds, findStuckVideos } from "../../db/repos/videos.ts";
import { findOverdueDeliveries, updateWebhookDelivery } from "../../db/repos/webhook-deliveries.ts";
import { IMPORT_TURN_RETRY_SECONDS } from "../media/import-turns.ts";
import type { OutboundPolicy } from "../net/outbound.ts";
import { PIPELINE_RETRY_LIMIT, type PipelineJob, QUEUES, type WebhookJob } from "../queue/job-queue.ts";
import { attemptDelivery } from "../webhooks/deliver.ts";
import { FOOTAGE_CHECK_SECONDS } from "./footage-wait.ts";
import { failVideo, Superseded } from "./finish.ts";
import { startSegmentHelper } from "./segment-jobs.ts";
import { finishContext, type PipelineDeps, processVideo, removeWorkDir } from "./pipeline.ts";

/** A started video whose heartbeat stopped this long ago is ended (the queue retries dead workers much sooner). */
export const STALLED_AFTER_MS = 10 * 60_000;
/** A video still queued after this long has lost its job. */
export const QUEUED_TOO_LONG_MS = 6 * 3600_000;
const WATCHDOG_EVERY_MS = 60_000;
/**
 * Once a stopping worker stops its attempts, how long they have to wind down (a render's ffmpeg ends at
 * once; a stage runs to its end) before their videos are handed back all the same.
 */
export const HAND_BACK_GRACE_MS = 5_000;

export interface WorkerDeps extends PipelineDeps {
  webhookPolicy: OutboundPolicy;
  /** Pipeline jobs this process runs at once (renders are further limited by the pool). */
  concurrency: number;
  /** How long a stopping worker lets its videos and deliveries finish before it hands the videos back. */
  drainMs: number;
}

/** Resolves when `work` settles or `ms` have passed, whichever is first. */
async function within(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([work, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

interface PipelineRun {
  job: { id: string; retryCount: number };
  videoId: string;
  /** The job's data, handed back as it came (a wait for footage keeps its count). */
  data: PipelineJob;
  handingBack?: Promise<void>;
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

/**
 * Drains the pipeline and webhook queues and runs the watchdog, until stopped. `stop` drains: no job is
 * taken any more, the jobs in hand have `drainMs` to finish, and the videos still being made are then
 * stopped and handed back to the queue, where another worker takes them at once (their finished stages
 * are kept), instead of after their heartbeat lapses.
 */
export async function startWorkers(deps: WorkerDeps): Promise<{ stop(): Promise<void> }> {
  const { boss } = deps.queue;
  const orphans = await deps.queue.requeueOrphans();
  if (orphans > 0) deps.log.warn("requeued jobs left running by a previous run", { orphans });
  const swept = await sweepWorkFolders(deps);
  if (swept > 0) deps.log.info("removed working folders of finished videos", { folders: swept });
  let stopping = false;
  const stopAttempts = new AbortController();
  const runs = new Set<PipelineRun>();
  const inFlight = new Set<Promise<unknown>>();
  const track = async <T>(work: Promise<T>): Promise<T> => {
    inFlight.add(work);
    try {
      return await work;
    } finally {
      inFlight.delete(work);
    }
  };
  const handBack = (run: PipelineRun) =>
    (run.handingBack ??= (async () => {
      try {
        await deps.queue.handBack(run.job, run.data);
        deps.recorder.handedBack();
        deps.log.info("video handed back to the queue", { videoId: run.videoId });
      } catch (error) {
        // The job stays active; the queue retries it once its heartbeat lapses.
        deps.log.error("could not hand a video back", { videoId: run.videoId, error: error instanceof Error ? error.message : String(error) });
      }
    })());
  await deps.queue.workPipeline(deps.concurrency, (job) =>
    track(
      (async () => {
        const run: PipelineRun = { job: { id: job.id, retryCount: job.retryCount }, videoId: job.data.videoId, data: job.data };
        runs.add(run);
        try {
          // A job fetched as the drain began goes straight back.
          const info = { retryCount: run.job.retryCount, retryLimit: PIPELINE_RETRY_LIMIT, footageWait: run.data.footageWait };
          const outcome = stopping ? "stopped" : await processVideo(deps, run.videoId, info, stopAttempts.signal);
          if (outcome === "stopped") await handBack(run);
          // Waiting for an import turn here would hold this job slot for as long as other videos' downloads take.
          if (outcome === "deferred") await deps.queue.handBack(run.job, { videoId: run.videoId }, IMPORT_TURN_RETRY_SECONDS);
          // So would waiting for footage being generated; the job carries the wait, so a restart keeps its count.
          if (typeof outcome === "object") await deps.queue.handBack(run.job, { videoId: run.videoId, footageWait: outcome.waitForFootage }, FOOTAGE_CHECK_SECONDS);
        } finally {
          runs.delete(run);
        }
      })(),
    ),
  );
  await boss.work<WebhookJob>(QUEUES.webhooks, { localConcurrency: 4, pollingIntervalSeconds: 1 }, async ([job]) => {
    deps.recorder.webhookDelivery(await track(attemptDelivery({ database: deps.database, queue: deps.queue, policy: deps.webhookPolicy, now: deps.now }, job!.data.deliveryId)));
  });
  // Other workers' segmented renders offer windows only when SEGMENT_JOBS=1; this worker helps with them then.
  const segmentHelper = deps.segmentJobs ? startSegmentHelper(deps) : undefined;
  const watchdog = setInterval(() => {
    const now = deps.now();
    Promise.all([
      runWatchdog(deps),
      requeueOverdueDeliveries(deps),
      // A superseded attempt leaves the folder to the attempt that took over; this removes it once the video has ended.
      sweepWorkFolders(deps),
      deleteExpiredIdempotencyKeys(deps.database.db, now),
      // A day-old row holds no live window.
      deleteStaleRateWindows(deps.database.db, new Date(now.getTime() - 24 * 3600_000)),
    ]).catch((error) => deps.log.error("watchdog failed", { error: error instanceof Error ? error.message : String(error) }));
  }, WATCHDOG_EVERY_MS);
  return {
    async stop() {
      stopping = true;
      clearInterval(watchdog);
      await Promise.all([boss.offWork(QUEUES.pipeline, { wait: false }), boss.offWork(QUEUES.webhooks, { wait: false }), segmentHelper?.stop()]);
      const settled = () => Promise.allSettled([...inFlight]);
      await within(settled(), deps.drainMs);
      if (runs.size === 0) return;
      deps.log.info("stopping the videos still being made, to hand them back", { videos: runs.size });
      stopAttempts.abort();
      await within(settled(), HAND_BACK_GRACE_MS);
      // Attempts still inside a stage: handed back all the same; once another worker takes the video,
      // their late writes are refused by its fencing.
      await Promise.all([...runs].map(handBack));
    },
  };
}
