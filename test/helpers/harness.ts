import { afterEach, beforeEach } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Database } from "../../db/client.ts";
import { runAdminCommand } from "../../src/admin/commands.ts";
import { type App, createApp } from "../../src/app.ts";
import { loadConfig } from "../../src/config.ts";
import type { AppDeps } from "../../src/deps.ts";
import { silentLogger } from "../../src/logger.ts";
import { createFileLibrary } from "../../src/media/library.ts";
import { createVoicePreviews } from "../../src/narration/previews.ts";
import { createNarrator } from "../../src/narration/service.ts";
import { RateLimiter } from "../../src/limits/limiter.ts";
import { type JobQueue, startJobQueue } from "../../src/queue/job-queue.ts";
import { createLocalStorage } from "../../src/storage/local.ts";
import { createThroughputMeter } from "../../src/videos/throughput.ts";
import { startWorkers } from "../../src/videos/worker.ts";
import { callerUrlPolicy } from "../../src/net/outbound.ts";
import { createOwnMediaImporter } from "../../src/media/own-media.ts";
import { createContentPorts } from "../../src/content/ports.ts";
import { generatedMediaDir } from "../../render/media/generated-dir.ts";
import { libx264Settings } from "../../render/plan/encoder.ts";
import { createRenderPool } from "../../render/pool.ts";
import { type DatabaseKind, freshDatabase } from "./databases.ts";

export const BASE = "http://test.local";

export interface TestService {
  app: App;
  queue: JobQueue;
  deps: AppDeps;
  database: Database;
  dataDir: string;
  /** Moves the injected clock. */
  advance(ms: number): void;
  request(path: string, init?: RequestInit & { json?: unknown; key?: string }): Promise<Response>;
  createAccount(args?: Record<string, string>): Promise<{ accountId: string; apiKey: string; keyId: string; signingSecret: string }>;
  admin(command: string, args?: Record<string, string>): Promise<Record<string, unknown>>;
}

/**
 * Gives each test its own database and app. Call inside a describe block; use the returned getter in
 * tests: `const svc = useService("pglite"); test("...", async () => { await svc().request(...) })`.
 */
export function useService(kind: DatabaseKind, env: Record<string, string> = {}, options: { workers?: boolean; outboundCa?: () => string } = {}): () => TestService {
  let current: TestService | undefined;
  let stopWorkers: (() => Promise<void>) | undefined;
  beforeEach(async () => {
    const database = await freshDatabase(kind);
    const dataDir = mkdtempSync(join(tmpdir(), "svc-test-"));
    const config = loadConfig({ PUBLIC_BASE_URL: BASE, DATA_DIR: dataDir, ...env });
    let offset = 0;
    const now = () => new Date(Date.now() + offset);
    const narrator = createNarrator(config.narration);
    const storage = createLocalStorage(join(dataDir, "videos"), BASE);
    const queue = await startJobQueue(database, { databaseUrl: database.url ?? null, supervise: false, onError: () => {} });
    const deps: AppDeps = {
      config,
      database,
      log: silentLogger,
      // Rendering tests also get the generated loops; the others see only what they put in the library.
      library: createFileLibrary(join(dataDir, "library"), ...(options.workers ? [generatedMediaDir(config.mediaCacheDir)] : [])),
      ownMedia: createOwnMediaImporter({
        db: database.db,
        storage,
        policy: callerUrlPolicy({ ...config, outboundCa: options.outboundCa?.() }),
        tempRoot: join(dataDir, "imports"),
        now,
      }),
      narrator,
      content: createContentPorts({ ...config, outboundCa: options.outboundCa?.() }, silentLogger),
      voicePreviews: createVoicePreviews(join(dataDir, "voice-previews"), narrator),
      storage,
      limiter: new RateLimiter(database, now, silentLogger),
      queue,
      throughput: createThroughputMeter(database.db),
      health: () => ({ database: database.kind, narrator: narrator.provider }),
      now,
    };
    const app = createApp(deps);
    if (options.workers) {
      const pool = createRenderPool({ settings: libx264Settings("ultrafast"), reason: "tests" }, { maxConcurrentRenders: 1, threads: 2 });
      const workers = await startWorkers({
        database,
        queue,
        storage: deps.storage,
        renderPool: pool,
        ports: { narrator, library: deps.library, ownMedia: deps.ownMedia, content: deps.content },
        workRoot: join(dataDir, "work"),
        publicBaseUrl: BASE,
        log: silentLogger,
        now,
        webhookPolicy: callerUrlPolicy(config),
        concurrency: 2,
      });
      stopWorkers = async () => {
        await workers.stop();
        await pool.close();
      };
    }
    const admin = async (command: string, args: Record<string, string> = {}) => {
      const result = await runAdminCommand({ db: database.db, now: deps.now }, command, args);
      if (!result.ok) throw new Error(`admin ${command} failed: ${result.error}`);
      return result.value;
    };
    current = {
      app,
      queue,
      deps,
      database,
      dataDir,
      advance: (ms) => {
        offset += ms;
      },
      async request(path, init = {}) {
        const headers = new Headers(init.headers);
        if (init.key) headers.set("authorization", `Bearer ${init.key}`);
        let body = init.body;
        if (init.json !== undefined) {
          body = JSON.stringify(init.json);
          headers.set("content-type", "application/json");
        }
        return app.handle(new Request(BASE + path, { ...init, headers, body }));
      },
      createAccount: async (args = {}) =>
        (await admin("create-account", { email: `user-${crypto.randomUUID()}@example.com`, ...args })) as never,
      admin,
    };
  }, 60_000);
  afterEach(async () => {
    if (!current) return;
    await stopWorkers?.();
    stopWorkers = undefined;
    await current.queue.stop();
    await current.database.close();
    rmSync(current.dataDir, { recursive: true, force: true });
    current = undefined;
  }, 60_000);
  return () => {
    if (!current) throw new Error("useService: no service outside a test");
    return current;
  };
}
