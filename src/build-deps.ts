import { randomBytes } from "node:crypto";
import { join } from "node:path";
import type { Database } from "../db/client.ts";
import { Limiter } from "../actors/limiter.ts";
import { MemoryWindowStore } from "../actors/memory-window-store.ts";
import { type EncoderChoice, chooseEncoder } from "../render/encoder-probe.ts";
import { generatedAudioDir } from "../render/media/generated-audio.ts";
import { generatedMediaDir } from "../render/media/generated-dir.ts";
import { type RenderPool, type RenderPoolOptions, createRenderPool } from "../render/pool.ts";
import type { Config } from "./kernel/config.ts";
import { sharedKey } from "../db/repos/service-keys.ts";
import { countVideosByTemplateAndStatus, queueStats } from "../db/repos/service-stats.ts";
import { createContentPorts } from "./content/ports.ts";
import { createLlmClient } from "./content/llm/client.ts";
import { createPublishKitWriter } from "./publishing/kit-writer.ts";
import { credentialsFromPem, type SigningCredentials } from "./content-credentials/credentials.ts";
import { serviceCredentials } from "./content-credentials/service-certificate.ts";
import { type ContentSigner, createContentSigner } from "./content-credentials/signer.ts";
import type { AppDeps } from "./http/deps.ts";
import { AccountReads } from "./account/reads.ts";
import { ApiKeyCache } from "./auth/key-cache.ts";
import type { Logger } from "./kernel/logger.ts";
import { createFootageSupply } from "./media/footage-supply.ts";
import { createFileLibrary } from "./media/library.ts";
import { type Metrics, createMetrics } from "./metrics/prometheus.ts";
import { createImportTurns, DEFAULT_IMPORT_TURNS } from "./media/import-turns.ts";
import { createOwnMediaImporter } from "./media/own-media.ts";
import { callerUrlPolicy } from "./net/outbound.ts";
import { createVoicePreviews } from "./narration/previews.ts";
import { createNarrator } from "./narration/service.ts";
import { type JobQueue, QUEUES } from "./queue/job-queue.ts";
import { createLocalStorage } from "./storage/local.ts";
import { createS3Storage } from "./storage/s3.ts";
import { TEMPLATES, type TemplateRegistry } from "./templates/registry.ts";
import { createThroughputMeter } from "./videos/throughput.ts";
import { VideoChangeFeed } from "./videos/change-feed.ts";
import type { WorkerDeps } from "./videos/worker.ts";

/** The key that signs GET /v1/files URLs, one for the deployment (service_keys). */
const FILE_URL_KEY = "file-url-signing";

/**
 * The Content Credentials signer: the operator's certificate (read and checked at start), or the
 * deployment's own, made by the first process that signs and kept in the database so every process
 * signs alike. Null when C2PA=0.
 */
function contentSignerOf(config: Config, database: Database, now: () => Date): ContentSigner | null {
  const c2pa = config.contentCredentials;
  if (!c2pa) return null;
  if (c2pa.kind === "operator") {
    const operator = credentialsFromPem(c2pa.certPem, c2pa.keyPem);
    return createContentSigner(async () => operator);
  }
  let service: Promise<SigningCredentials> | undefined;
  return createContentSigner(() => {
    service ??= serviceCredentials(database.db, now(), "shortvid").catch((error: unknown) => {
      service = undefined; // a database away at the first signing: the next video asks again
      throw error;
    });
    return service;
  });
}

/** What a caller may replace: the clock, third-party ports and the machine's render set-up. */
export interface DepsOverrides {
  now?(): Date;
  /** Skips the encoder probe (a few ffmpeg runs). */
  encoder?: EncoderChoice;
  renderPool?: RenderPoolOptions;
  /** The templates served and rendered; the service's own when not given. */
  templates?: TemplateRegistry;
}

export interface Wiring {
  /** What the HTTP edge and the services get. */
  app: AppDeps;
  /** What the pipeline and webhook workers get. */
  worker: WorkerDeps;
  renderPool: RenderPool;
  /** This process's metrics, served by the metrics endpoint. */
  metrics: Metrics;
  /**
   * Closes everything the wiring holds, in order: progress streams end (their clients resume
   * elsewhere, and an open stream would hold a listener's drain), then `drain` stops what uses the
   * wiring (the HTTP listener, the workers: the caller started them), then the rate limiter writes its
   * last windows, the caches stop listening, the job queue stops, the render pool and the database
   * close. A second call waits for the first and closes nothing twice.
   */
  close(drain?: () => Promise<unknown>): Promise<void>;
}

/**
 * The service's wiring, built once from configuration for the server and the tests alike. The database
 * and the job queue are opened by the caller and handed over: `close()` stops them last.
 */
export async function buildDeps(config: Config, database: Database, queue: JobQueue, log: Logger, overrides: DepsOverrides = {}): Promise<Wiring> {
  const now = overrides.now ?? (() => new Date());
  const narrator = createNarrator(config.narration);
  const encoder = overrides.encoder ?? (await chooseEncoder());
  log.info("encoder chosen", { encoder: encoder.settings.name, reason: encoder.reason, args: encoder.settings.args.join(" ") });
  const renderPool = createRenderPool(encoder, { segments: config.renderSegments, memoryBytes: config.renderMemoryBytes, ...overrides.renderPool });
  const library = createFileLibrary(join(config.dataDir, "library"), generatedMediaDir(config.mediaCacheDir), generatedAudioDir(config.mediaCacheDir));
  const storage =
    config.storage.kind === "s3"
      ? createS3Storage(config.storage, join(config.dataDir, "storage-cache"))
      : createLocalStorage(join(config.dataDir, "videos"), config.publicBaseUrl, Buffer.from(await sharedKey(database.db, FILE_URL_KEY, randomBytes(32).toString("hex"), now()), "hex"));
  const policy = callerUrlPolicy(config);
  const metrics = createMetrics(
    { videos: () => countVideosByTemplateAndStatus(database.db), queues: () => queueStats(database.db, Object.values(QUEUES)) },
    log,
  );
  const recorder = metrics.recorder;
  const importTurns = createImportTurns(DEFAULT_IMPORT_TURNS);
  const ownMedia = createOwnMediaImporter({
    db: database.db,
    storage,
    policy,
    tempRoot: join(config.dataDir, "imports"),
    now,
    recorder,
    turns: importTurns,
    speedFloor: config.ownMediaSpeedFloor,
  });
  const content = createContentPorts(config, log);
  const templates = overrides.templates ?? TEMPLATES;
  const apiKeys = new ApiKeyCache(database);
  await apiKeys.start();
  const accountReads = new AccountReads(database);
  await accountReads.start();
  const app: AppDeps = {
    templates,
    config,
    database,
    log,
    library,
    ownMedia,
    narrator,
    content,
    voicePreviews: createVoicePreviews(storage, join(config.dataDir, "voice-previews"), narrator),
    storage,
    apiKeys,
    videoChanges: new VideoChangeFeed(database, log),
    accountReads,
    limiter: new Limiter(
      new MemoryWindowStore(database, now, (error) => log.error("rate windows could not be synced", { error: error.message })),
      now,
      log,
    ),
    queue,
    throughput: createThroughputMeter(database.db),
    recorder,
    health: () => ({
      role: config.role,
      database: database.kind,
      narrator: narrator.provider,
      encoder: { name: encoder.settings.name, reason: encoder.reason, args: encoder.settings.args },
      renderPool: renderPool.stats(),
    }),
    now,
  };
  const worker: WorkerDeps = {
    templates,
    database,
    queue,
    storage,
    renderPool,
    ports: { narrator, library, ownMedia, content, footage: createFootageSupply(generatedMediaDir(config.mediaCacheDir)) },
    workRoot: join(config.dataDir, "work"),
    publicBaseUrl: config.publicBaseUrl,
    log,
    now,
    webhookPolicy: policy,
    drainMs: config.drainMs,
    recorder,
    // The same model as the script writer's, when one is configured, under the same fidelity check.
    publishKit: createPublishKitWriter(config.llm ? createLlmClient(config.llm) : null, log),
    contentSigner: contentSignerOf(config, database, now),
    segmentJobs: config.segmentJobs,
    // Own-media imports (downloads that may take minutes, conversions taking turns across accounts) hold
    // at most the import turns' slots, one account at most one of them, and a video that finds no turn
    // goes back to the queue instead of waiting in its job: the other jobs (a render's turn and one more)
    // stay free for videos that import nothing, whatever other accounts' sources do.
    concurrency: Math.max(2, renderPool.stats().maxConcurrentRenders + 1) + importTurns.stats().slots,
  };
  let closing: Promise<void> | undefined;
  const closeAll = async (drain?: () => Promise<unknown>) => {
    await app.videoChanges.close();
    await drain?.();
    // The last admissions' windows are written, so the next start counts them.
    await app.limiter.close();
    await apiKeys.close();
    await accountReads.close();
    await queue.stop();
    await renderPool.close();
    worker.contentSigner?.close();
    await database.close();
  };
  return { app, worker, renderPool, metrics, close: (drain) => (closing ??= closeAll(drain)) };
}
