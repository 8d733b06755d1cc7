import type { Limiter } from "../../actors/limiter.ts";
import type { AccountReads } from "../account/reads.ts";
import type { ApiKeyCache } from "../auth/key-cache.ts";
import type { Database } from "../../db/client.ts";
import type { Config } from "../kernel/config.ts";
import type { Throughput } from "../estimate/service.ts";
import type { Logger } from "../kernel/logger.ts";
import type { MediaLibrary } from "../media/library.ts";
import type { OwnMediaImporter } from "../media/own-media.ts";
import type { ContentPorts } from "../content/ports.ts";
import type { Narrator } from "../narration/narrator.ts";
import type { VoicePreviews } from "../narration/previews.ts";
import type { JobQueue } from "../queue/job-queue.ts";
import type { Recorder } from "../kernel/recorder.ts";
import type { Storage } from "../storage/local.ts";
import type { TemplateRegistry } from "../templates/registry.ts";
import type { VideoChangeFeed } from "../videos/change-feed.ts";

/** What the HTTP edge and the services need from the outside world; tests pass their own. */
export interface AppDeps {
  config: Config;
  database: Database;
  log: Logger;
  library: MediaLibrary;
  /** Callers' own media and images by URL. */
  ownMedia: OwnMediaImporter;
  narrator: Narrator;
  /** Article ingest, scripts and quiz packs (offline, or through the configured LLM). */
  content: ContentPorts;
  voicePreviews: VoicePreviews;
  /** Finished videos. */
  storage: Storage;
  /** API keys with their accounts, cached; changes reach every process through NOTIFY. */
  apiKeys: ApiKeyCache;
  /** Videos and usage as polling reads them, cached; changes reach every process through NOTIFY. */
  accountReads: AccountReads;
  /** Wakes progress streams when their video changes, whichever process changed it (one LISTEN per process). */
  videoChanges: VideoChangeFeed;
  /** Every rate and concurrency decision. */
  limiter: Limiter;
  /** Durable jobs; a create queues its video in the same transaction. */
  queue: JobQueue;
  /** This deployment's measured processing speed, for estimates. */
  throughput(): Promise<Throughput>;
  /** What GET /v1/health reports about this process (encoder, render pool, narrator). */
  health(): Record<string, unknown>;
  /** Where requests' counts and latencies are told (metrics). */
  recorder: Recorder;
  /** The templates this app serves. */
  templates: TemplateRegistry;
  /** Injectable so tests can move time (24-hour idempotency, 7-day links). */
  now(): Date;
}
