import { sql } from "drizzle-orm";
import { type Db, executeRawSql } from "../client.ts";
import { videos } from "../schema/index.ts";

export interface VideoCount {
  template: string;
  status: string;
  count: number;
}

/** Every video by template and status: what the whole deployment holds, whichever process asks. */
export async function countVideosByTemplateAndStatus(db: Db): Promise<VideoCount[]> {
  return db
    .select({ template: videos.template, status: videos.status, count: sql<number>`count(*)::int` })
    .from(videos)
    .groupBy(videos.template, videos.status);
}

export interface QueueStat {
  queue: string;
  /** Jobs that may run now and wait for a worker. */
  ready: number;
  /** Jobs waiting for their start time (a retry's backoff, a webhook's next attempt). */
  deferred: number;
  active: number;
  /** Seconds the longest-waiting ready job has waited since it could start; 0 when none waits. */
  oldestReadySeconds: number;
}

/**
 * Depth and age of pg-boss's queues, read from its job table (its own counts are refreshed only by the
 * supervising process, once a minute). Uses the partial index pg-boss keeps on queued jobs.
 */
export async function queueStats(db: Db, queues: readonly string[]): Promise<QueueStat[]> {
  const { rows } = await executeRawSql(
    db,
    `select name,
            count(*) filter (where state in ('created', 'retry') and start_after <= now())::int as ready,
            count(*) filter (where state in ('created', 'retry') and start_after > now())::int as deferred,
            count(*) filter (where state = 'active')::int as active,
            coalesce(extract(epoch from now() - min(start_after) filter (where state in ('created', 'retry') and start_after <= now())), 0)::float8 as oldest
       from pgboss.job
      where name in (${queues.map((_, i) => `$${i + 1}`).join(", ")}) and state in ('created', 'retry', 'active')
      group by name`,
    queues,
  );
  const found = new Map((rows as { name: string; ready: number; deferred: number; active: number; oldest: number }[]).map((r) => [r.name, r]));
  return queues.map((queue) => {
    const row = found.get(queue);
    return { queue, ready: row?.ready ?? 0, deferred: row?.deferred ?? 0, active: row?.active ?? 0, oldestReadySeconds: Number(row?.oldest ?? 0) };
  });
}
