import { availableParallelism } from "node:os";
import { type Database, migrateDatabase, openDatabase } from "../db/client.ts";
import { adminSocketPath, serveAdminSocket } from "./admin/socket.ts";
import { createApp } from "./http/app.ts";
import { buildDeps } from "./build-deps.ts";
import type { Config } from "./kernel/config.ts";
import { listen } from "./http/listen.ts";
import { loadStudio, mountStudio } from "./http/studio.ts";
import type { Logger } from "./kernel/logger.ts";
import { serveMetrics } from "./metrics/serve.ts";
import { startJobQueue } from "./queue/job-queue.ts";
import { warnIfDataDirOpen } from "./private-files.ts";
import { type ProcessLock, acquireLock, pgliteLockPath } from "./process-lock.ts";
import { startWorkers } from "./videos/worker.ts";

export interface RunningServer {
  /** The HTTP port; undefined for a worker-only process. */
  port: number | undefined;
  /** The metrics endpoint's port; undefined without METRICS_PORT. */
  metricsPort: number | undefined;
  stop(): Promise<void>;
}

/** Where the Studio's page loads videos, posters and audio from: the download links' origin and, with a bucket, where they redirect. */
function studioMediaOrigins(config: Config): string[] {
  const origins = [new URL(config.publicBaseUrl).origin];
  if (config.storage.kind === "s3") {
    const endpoint = config.storage.publicEndpoint || config.storage.endpoint;
    origins.push(endpoint ? new URL(endpoint).origin : "https:");
  }
  return origins;
}

/**
 * Opens the database (taking the embedded database's lock), migrates, starts the job queue, then what
 * ROLE asks for: the HTTP API and admin socket (serve), the pipeline and webhook workers (worker), or both.
 */
export async function startServer(config: Config, log: Logger): Promise<RunningServer> {
  warnIfDataDirOpen(config.dataDir, log);
  let lock: ProcessLock | undefined;
  if (!config.databaseUrl) {
    const taken = acquireLock(pgliteLockPath(config.dataDir));
    if ("heldBy" in taken) throw new Error(`the embedded database in ${config.dataDir} is in use by process ${taken.heldBy}`);
    lock = taken;
  }
  let database: Database | undefined;
  try {
    database = await openDatabase(config);
    await migrateDatabase(database);
  } catch (error) {
    await database?.close().catch(() => {});
    lock?.release();
    throw error;
  }
  const serves = config.role !== "worker";
  const works = config.role !== "serve";
  const queue = await startJobQueue(database, {
    databaseUrl: config.databaseUrl,
    supervise: works,
    // pg-boss reports a worker's errors as plain objects carrying the message.
    onError: (error) => log.warn("job queue error", { error: (error as { message?: unknown } | null)?.message ?? String(error) }),
  });
  const wiring = await buildDeps(config, database, queue, log);
  const { app: deps, worker, metrics } = wiring;
  const metricsListener = config.metrics ? serveMetrics(metrics, config.metrics) : undefined;
  const workers = works ? await startWorkers(worker) : undefined;
  let http: ReturnType<typeof Bun.serve> | undefined;
  let admin: ReturnType<typeof serveAdminSocket> | undefined;
  let evictor: ReturnType<typeof setInterval> | undefined;
  let forgetServer: (() => void) | undefined;
  if (serves) {
    const app = createApp(deps);
    if (config.studio) {
      const studio = loadStudio();
      if (studio) mountStudio(app, studio, studioMediaOrigins(config));
      else log.warn("the Studio is not built; / answers 404 until `bun scripts/build-studio.ts` (run by scripts/setup.sh) builds it");
    }
    const listening = listen(app, { port: config.port, hostname: config.host, idleTimeoutSeconds: config.httpIdleTimeoutSeconds });
    http = listening.server;
    forgetServer = listening.forget;
    admin = serveAdminSocket(adminSocketPath(config.dataDir), { db: database.db, now: deps.now }, () => deps.apiKeys.barrier());
    evictor = setInterval(() => deps.limiter.evictIdle(), 60_000);
  }
  log.info(serves ? "listening" : "started", { role: config.role, port: http?.port, metricsPort: metricsListener?.port, host: config.host, database: database.kind, narrator: deps.narrator.provider, cores: availableParallelism(), publicBaseUrl: config.publicBaseUrl });
  return {
    port: http?.port,
    metricsPort: metricsListener?.port,
    async stop() {
      if (evictor) clearInterval(evictor);
      admin?.stop();
      // Both drain at once, for DRAIN_SECONDS at most: the listener takes no new connection while the
      // requests in flight finish (those still open then are closed); the workers take no new job while
      // theirs finish (the videos still being made then are handed back to the queue).
      const drainHttp = async () => {
        if (!http) return;
        let timer: ReturnType<typeof setTimeout> | undefined;
        const drained = await Promise.race([http.stop().then(() => true), new Promise<boolean>((resolve) => (timer = setTimeout(resolve, config.drainMs, false)))]);
        clearTimeout(timer);
        if (!drained) await http.stop(true);
      };
      // The wiring ends progress streams first (their clients resume elsewhere with Last-Event-ID: a
      // stream would otherwise hold the listener open as a request in flight), then lets both drain.
      await wiring.close(async () => {
        await Promise.all([drainHttp(), workers?.stop()]);
        forgetServer?.();
      });
      await metricsListener?.stop();
      lock?.release();
    },
  };
}
