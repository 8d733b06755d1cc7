import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { QueueStat, VideoCount } from "../../db/repos/service-stats.ts";
import type { Logger } from "../kernel/logger.ts";
import type { Recorder } from "../kernel/recorder.ts";
import { registerRequestSeries } from "./request-series.ts";

/** What a scrape reads from the database: the same figures from every process, since they are the deployment's. */
export interface MetricSources {
  videos(): Promise<VideoCount[]>;
  queues(): Promise<QueueStat[]>;
}

export interface Metrics {
  /** What the features report to. */
  recorder: Recorder;
  /** The exposition in Prometheus text format (version 0.0.4). */
  scrape(): Promise<string>;
  contentType: string;
}

const STAGE_BUCKETS = [0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300, 600, 1200];
const SPEED_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8];

/**
 * The service's metrics in one prom-client registry per process. Requests, stages, renders, deliveries
 * and imports are counted as they happen in this process; videos and queues are read from the database
 * at each scrape. Series a scrape reads from the database carry the same values from every process:
 * aggregate them with max(), not sum().
 */
export function createMetrics(sources: MetricSources, log: Logger): Metrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  const requests = registerRequestSeries(registry);
  const stages = new Histogram({ name: "shortvid_stage_duration_seconds", help: "Time a pipeline stage took, by template and stage.", labelNames: ["template", "stage"], buckets: STAGE_BUCKETS, registers });
  const renderSpeed = new Histogram({
    name: "shortvid_render_speed_ratio",
    help: "Seconds of video rendered per second of wall time, one observation per finished render.",
    labelNames: ["template"],
    buckets: SPEED_BUCKETS,
    registers,
  });
  const renderedSeconds = new Counter({ name: "shortvid_rendered_video_seconds_total", help: "Seconds of video rendered.", labelNames: ["template"], registers });
  const renderWall = new Counter({ name: "shortvid_render_wall_seconds_total", help: "Wall seconds spent rendering; rate(rendered) / rate(wall) is the render speed.", labelNames: ["template"], registers });
  const segments = new Counter({ name: "shortvid_render_segments_total", help: "Time segments of videos rendered (each its own ffmpeg run, joined into one file).", labelNames: ["template"], registers });
  const joins = new Counter({ name: "shortvid_render_joins_total", help: "Segmented renders joined into one file; a whole render counts none.", labelNames: ["template"], registers });
  const deliveries = new Counter({ name: "shortvid_webhook_deliveries_total", help: "Webhook delivery attempts by outcome: delivered, retry (failed, another attempt is scheduled), failed (the last attempt failed), skipped.", labelNames: ["outcome"], registers });
  const importBytes = new Counter({ name: "shortvid_import_bytes_total", help: "Bytes downloaded for callers' own media and images, by kind.", labelNames: ["kind"], registers });
  const handedBack = new Counter({ name: "shortvid_pipeline_handed_back_total", help: "Videos a stopping worker handed back to the queue for another worker to take at once.", registers });

  const videos = new Gauge({ name: "shortvid_videos", help: "Videos by template and status (the deployment's, read from the database at each scrape).", labelNames: ["template", "status"], registers });
  const queueJobs = new Gauge({ name: "shortvid_queue_jobs", help: "Jobs by queue and state: ready (may run now), deferred (waits for its start time), active.", labelNames: ["queue", "state"], registers });
  const queueAge = new Gauge({
    name: "shortvid_queue_oldest_ready_seconds",
    help: "How long the longest-waiting ready job of each queue has waited since it could start (0: none waits).",
    labelNames: ["queue"],
    registers,
  });
  const warn = (what: string) => (error: unknown) => {
    log.warn(`metrics: could not read ${what}`, { error: error instanceof Error ? error.message : String(error) });
    return undefined;
  };
  // A scrape reads the database first; a failed read leaves those series out rather than failing the scrape.
  const readDatabase = async () => {
    const [videoRows, queueRows] = await Promise.all([sources.videos().catch(warn("videos")), sources.queues().catch(warn("queues"))]);
    videos.reset();
    for (const row of videoRows ?? []) videos.set({ template: row.template, status: row.status }, row.count);
    queueJobs.reset();
    queueAge.reset();
    for (const s of queueRows ?? []) {
      queueAge.set({ queue: s.queue }, s.oldestReadySeconds);
      queueJobs.set({ queue: s.queue, state: "ready" }, s.ready);
      queueJobs.set({ queue: s.queue, state: "deferred" }, s.deferred);
      queueJobs.set({ queue: s.queue, state: "active" }, s.active);
    }
  };

  const recorder: Recorder = {
    requests,
    stage(template, stage, seconds) {
      stages.observe({ template, stage }, seconds);
    },
    render(template, outputSeconds, wallSeconds) {
      renderedSeconds.inc({ template }, outputSeconds);
      renderWall.inc({ template }, wallSeconds);
      if (wallSeconds > 0) renderSpeed.observe({ template }, outputSeconds / wallSeconds);
    },
    segmentedRender(template, count) {
      segments.inc({ template }, count);
      joins.inc({ template });
    },
    webhookDelivery(outcome) {
      deliveries.inc({ outcome });
    },
    importBytes(kind, bytes) {
      importBytes.inc({ kind }, bytes);
    },
    handedBack() {
      handedBack.inc();
    },
  };
  return {
    recorder,
    async scrape() {
      await readDatabase();
      return registry.metrics();
    },
    contentType: registry.contentType,
  };
}
