import { PgBoss } from "pg-boss";
import { type Database, type Db, executeRawSql } from "../../db/client.ts";
import type { BackgroundCategory } from "../../render/media/background-categories.ts";

/** Durable queues of this service. */
export const QUEUES = {
  pipeline: "video-pipeline",
  webhooks: "webhook-delivery",
  segments: "render-segment",
} as const;

/** Seconds without a heartbeat after which a pipeline job's worker is taken for dead and the job is retried. */
export const PIPELINE_HEARTBEAT_SECONDS = 30;
/** Attempts after the first, with exponential backoff from PIPELINE_RETRY_DELAY seconds. */
export const PIPELINE_RETRY_LIMIT = 3;
export const PIPELINE_RETRY_DELAY = 5;
/**
 * How often a supervising process passes over the queues, failing (for retry) the jobs whose heartbeat
 * stopped: a job lost with its process or connection is retried within PIPELINE_HEARTBEAT_SECONDS plus
 * this, plus its retry delay.
 */
export const QUEUE_SUPERVISE_SECONDS = 60;
/** How often a worker looks for a pipeline job queued by another process (its own process wakes it at once). */
export const PIPELINE_POLL_SECONDS = 1;

export interface PipelineJob {
  videoId: string;
  /** A video waiting for its background category's footage: the wait so far (src/videos/footage-wait.ts). */
  footageWait?: { category: BackgroundCategory; checks: number; unplanned: number };
}

export interface WebhookJob {
  deliveryId: string;
}

/**
 * One window of a video's segmented render offered to other workers (src/videos/segment-jobs.ts): the
 * attempt that offered it, and where its task and input files are in storage.
 */
export interface SegmentJob {
  videoId: string;
  attempt: number;
  index: number;
}

/**
 * A segment job's worker is taken for dead after this long without a heartbeat (pg-boss's least), and the
 * window goes back to be taken again (by the video's own attempt, at the latest).
 */
export const SEGMENT_HEARTBEAT_SECONDS = 10;
export const SEGMENT_RETRY_LIMIT = 2;

/** Where a segment job stands, as the attempt that offered it sees it. */
export type SegmentJobState = "waiting" | "taken" | "done" | "gone";

/**
 * pg-boss over the service's own database. Jobs are sent inside the caller's transaction (the video row
 * and its job commit together, or neither does), through an adapter that runs pg-boss's parameterised
 * SQL on the transaction's connection.
 */
export interface JobQueue {
  readonly boss: PgBoss;
  sendPipeline(tx: Db, job: PipelineJob): Promise<void>;
  sendWebhook(tx: Db, job: WebhookJob, startAfterSeconds?: number): Promise<void>;
  /**
   * A stopping worker gives its pipeline job back: a fresh job for the same video is queued, ready at
   * once (or after `startAfterSeconds`: a video waiting for an import turn), and the fetched attempt is
   * settled as handed back (not failed: a drain is no failure and takes nothing from the video's retries).
   */
  handBack(job: { id: string; retryCount: number }, data: PipelineJob, startAfterSeconds?: number): Promise<void>;
  /**
   * Embedded database only (one process by construction): jobs left active by a previous run of this
   * process are orphans; they go back to the queue at once instead of waiting for their heartbeat.
   */
  requeueOrphans(): Promise<number>;
  /**
   * Starts `concurrency` workers of this process on the pipeline queue, each polling every
   * `pollingSeconds` (PIPELINE_POLL_SECONDS), and returns their ids; `pipelineQueued` wakes them.
   */
  workPipeline(concurrency: number, handle: (job: { id: string; retryCount: number; data: PipelineJob }) => Promise<unknown>, pollingSeconds?: number): Promise<string[]>;
  /**
   * A pipeline job was committed by this process: its own workers fetch now instead of at their next
   * poll, so a video created where it is made starts at once (another process's workers still poll).
   */
  pipelineQueued(): void;
  /** Offers a window to other workers; its job's id. */
  sendSegment(job: SegmentJob): Promise<string>;
  /** waiting: no worker has it; taken: one renders it; done: rendered (its output says what it wrote); gone: failed for good or taken back. */
  segmentState(id: string): Promise<{ state: SegmentJobState; output?: unknown }>;
  /** Takes a window back while no worker has it (cancels its job); false once one has. */
  takeBackSegment(id: string): Promise<boolean>;
  /** Withdraws windows whatever their state (the attempt is done with them): a worker rendering one finds out at its next heartbeat. */
  withdrawSegments(ids: string[]): Promise<void>;
  /** The oldest window on offer, now active for this worker (this fetch of it: `retryCount`), or undefined. */
  fetchSegment(): Promise<{ id: string; retryCount: number; data: SegmentJob } | undefined>;
  /** A taken window's heartbeat; false once the job is no longer this fetch's (taken back, or failed as lost and fetched again). */
  touchSegment(job: { id: string; retryCount: number }): Promise<boolean>;
  /** Completes (with what it wrote) or fails this fetch of a window; false when it was no longer this fetch's. */
  settleSegment(job: { id: string; retryCount: number }, outcome: { output: object } | { error: string }): Promise<boolean>;
  stop(): Promise<void>;
}

/** How many jobs a pg-boss command changed (its response carries the count; its type does not say so). */
const affected = (response: object) => (response as { affected?: number }).affected ?? 0;

/** pg-boss's parameterised SQL on the caller's transaction, so the job commits with it. */
function transactionExecutor(tx: Db) {
  return { executeSql: (text: string, values: unknown[] = []) => executeRawSql(tx, text, values) };
}

async function ensureQueues(boss: PgBoss): Promise<boolean> {
  const existing = new Set((await boss.getQueues(Object.values(QUEUES))).map((q) => q.name));
  const wanted: [string, Parameters<PgBoss["createQueue"]>[1]][] = [
    [
      QUEUES.pipeline,
      { retryLimit: PIPELINE_RETRY_LIMIT, retryDelay: PIPELINE_RETRY_DELAY, retryBackoff: true, heartbeatSeconds: PIPELINE_HEARTBEAT_SECONDS, expireInSeconds: 60 * 60 },
    ],
    // Webhook retries are scheduled by the delivery code itself (10, 60, 300 s), one job per attempt.
    [QUEUES.webhooks, { retryLimit: 0, expireInSeconds: 60 }],
    [QUEUES.segments, { retryLimit: SEGMENT_RETRY_LIMIT, retryDelay: 1, heartbeatSeconds: SEGMENT_HEARTBEAT_SECONDS, expireInSeconds: 60 * 60 }],
  ];
  let created = false;
  for (const [name, opts] of wanted) {
    if (existing.has(name)) continue;
    try {
      await boss.createQueue(name, opts);
      created = true;
    } catch (error) {
      // another process created it first
      if (!(await boss.getQueue(name))) throw error;
    }
  }
  return created;
}

export async function startJobQueue(database: Database, options: { databaseUrl: string | null; supervise: boolean; onError(error: unknown): void }): Promise<JobQueue> {
  const open = async () => {
    const common = { supervise: options.supervise, superviseIntervalSeconds: QUEUE_SUPERVISE_SECONDS, monitorIntervalSeconds: QUEUE_SUPERVISE_SECONDS, schedule: false };
    const boss =
      database.kind === "pglite"
        ? new PgBoss({ db: { executeSql: (text, values) => database.executeSql(text, values) as Promise<{ rows: unknown[] }> }, backend: "pglite", ...common })
        : new PgBoss({ connectionString: options.databaseUrl!, max: 4, ...common });
    boss.on("error", options.onError);
    return boss.start();
  };
  let boss = await open();
  if (await ensureQueues(boss)) {
    // pg-boss caches queues when it starts and looks up unknown ones on its own connection; on the
    // embedded database that lookup would wait behind the caller's open transaction forever.
    await boss.stop({ graceful: false });
    boss = await open();
  }
  const pipelineWorkers: string[] = [];
  const segmentState = async (id: string): Promise<{ state: SegmentJobState; output?: unknown }> => {
    const job = await boss.getJobById(QUEUES.segments, id);
    if (!job) return { state: "gone" };
    if (job.state === "completed") return { state: "done", output: job.output };
    if (job.state === "created" || job.state === "retry") return { state: "waiting" };
    return { state: job.state === "active" ? "taken" : "gone" };
  };
  return {
    boss,
    async sendPipeline(tx, job) {
      const id = await boss.send(QUEUES.pipeline, job, { db: transactionExecutor(tx) });
      if (!id) throw new Error("the queue did not take the job");
    },
    async sendWebhook(tx, job, startAfterSeconds = 0) {
      const id = await boss.send(QUEUES.webhooks, job, { db: transactionExecutor(tx), startAfter: startAfterSeconds });
      if (!id) throw new Error("the queue did not take the delivery");
    },
    async handBack(job, data, startAfterSeconds = 0) {
      // The fresh job first: a crash between the two leaves a second job, which the video's fencing makes
      // harmless; the other order could leave the video to the watchdog.
      if (!(await boss.send(QUEUES.pipeline, data, { startAfter: startAfterSeconds }))) throw new Error("the queue did not take the job");
      await boss.complete(QUEUES.pipeline, job, { handedBack: true });
    },
    async requeueOrphans() {
      if (database.kind !== "pglite") return 0;
      let count = 0;
      for (const name of Object.values(QUEUES)) {
        const active = (await boss.findJobs(name)).filter((j) => j.state === "active").map((j) => j.id);
        if (active.length > 0) await boss.fail(name, active, { reason: "the process that ran this job stopped" });
        count += active.length;
      }
      return count;
    },
    async workPipeline(concurrency, handle, pollingSeconds = PIPELINE_POLL_SECONDS) {
      // One worker per call, so each id is known and can be woken (work() returns only the first's).
      for (let i = 0; i < concurrency; i++) {
        pipelineWorkers.push(await boss.work<PipelineJob>(QUEUES.pipeline, { pollingIntervalSeconds: pollingSeconds }, ([job]) => handle(job!)));
      }
      return [...pipelineWorkers];
    },
    pipelineQueued() {
      for (const id of pipelineWorkers) boss.notifyWorker(id);
    },
    async sendSegment(job) {
      const id = await boss.send(QUEUES.segments, job);
      if (!id) throw new Error("the queue did not take the segment");
      return id;
    },
    segmentState,
    async takeBackSegment(id) {
      // pg-boss cancels active jobs too: only a job seen waiting is cancelled. One fetched in between is
      // cancelled under its worker, which sees that at its next heartbeat and before it stores anything.
      if ((await segmentState(id)).state !== "waiting") return false;
      return affected(await boss.cancel(QUEUES.segments, id)) > 0;
    },
    async withdrawSegments(ids) {
      if (ids.length > 0) await boss.cancel(QUEUES.segments, ids);
    },
    async fetchSegment() {
      const [job] = await boss.fetch<SegmentJob>(QUEUES.segments, { batchSize: 1 });
      return job && { id: job.id, retryCount: job.retryCount, data: job.data };
    },
    // Fenced to the fetch (pg-boss's attempt fence): a worker taken for dead cannot touch or settle the
    // window another has fetched since.
    async touchSegment(job) {
      return affected(await boss.touch(QUEUES.segments, job)) > 0;
    },
    async settleSegment(job, outcome) {
      const response = "output" in outcome ? await boss.complete(QUEUES.segments, job, outcome.output) : await boss.fail(QUEUES.segments, job, { reason: outcome.error });
      return affected(response) > 0;
    },
    stop: () => boss.stop({ graceful: true, timeout: 10_000 }),
  };
}
