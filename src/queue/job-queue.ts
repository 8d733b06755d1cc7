import { PgBoss } from "pg-boss";
import { type Database, type Db, executeRawSql } from "../../db/client.ts";
import type { BackgroundCategory } from "../../render/media/background-categories.ts";

/** Durable queues of this service. */
export const QUEUES = {
  pipeline: "video-pipeline",
  webhooks: "webhook-delivery",
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
  stop(): Promise<void>;
}

/** pg-boss's parameterised SQL on the caller's transaction, so the job commits with it. */
function transactionExecutor(tx: Db) {
  return { executeSql: (text: string, values: unknown[] = []) => executeRawSql(tx, text, values) };
}

async function ensureQueues(boss: PgBoss): Promise<boolean> {
  const existing = new Set((await boss.getQueues([QUEUES.pipeline, QUEUES.webhooks])).map((q) => q.name));
  const wanted: [string, Parameters<PgBoss["createQueue"]>[1]][] = [
    [
      QUEUES.pipeline,
      { retryLimit: PIPELINE_RETRY_LIMIT, retryDelay: PIPELINE_RETRY_DELAY, retryBackoff: true, heartbeatSeconds: PIPELINE_HEARTBEAT_SECONDS, expireInSeconds: 60 * 60 },
    ],
    // Webhook retries are scheduled by the delivery code itself (10, 60, 300 s), one job per attempt.
    [QUEUES.webhooks, { retryLimit: 0, expireInSeconds: 60 }],
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
      for (const name of [QUEUES.pipeline, QUEUES.webhooks]) {
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
    stop: () => boss.stop({ graceful: true, timeout: 10_000 }),
  };
}
