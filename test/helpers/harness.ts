import { afterEach, beforeEach } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Database } from "../../db/client.ts";
import { runAdminCommand } from "../../src/admin/commands.ts";
import { type App, createApp } from "../../src/http/app.ts";
import { buildDeps } from "../../src/build-deps.ts";
import { loadConfig } from "../../src/kernel/config.ts";
import type { AppDeps } from "../../src/http/deps.ts";
import type { Metrics } from "../../src/metrics/prometheus.ts";
import { silentLogger } from "../../src/kernel/logger.ts";
import { type JobQueue, startJobQueue } from "../../src/queue/job-queue.ts";
import { startWorkers } from "../../src/videos/worker.ts";
import { libx264Settings } from "../../render/plan/encoder.ts";
import type { TemplateRegistry } from "../../src/templates/registry.ts";
import { type DatabaseKind, freshDatabase } from "./databases.ts";

export const BASE = "http://test.local";

/** A test's private CA goes in through configuration, as an operator's would. */
function writeCa(dataDir: string, pem: string): string {
  const path = join(dataDir, "outbound-ca.pem");
  writeFileSync(path, pem);
  return path;
}

export interface TestService {
  app: App;
  queue: JobQueue;
  deps: AppDeps;
  database: Database;
  dataDir: string;
  /** This service's metrics, as the metrics endpoint serves them. */
  metrics: Metrics;
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
export function useService(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  options: { workers?: boolean; outboundCa?: () => string; templates?: TemplateRegistry } = {},
): () => TestService {
  let current: TestService | undefined;
  let stopService: (() => Promise<void>) | undefined;
  beforeEach(async () => {
    const database = await freshDatabase(kind);
    const dataDir = mkdtempSync(join(tmpdir(), "svc-test-"));
    // Only rendering tests see the generated loops; the others see only what they put in the library.
    const mediaCache = options.workers ? {} : { MEDIA_CACHE_DIR: join(dataDir, "media-cache") };
    const ca = options.outboundCa ? { OUTBOUND_CA_FILE: writeCa(dataDir, options.outboundCa()) } : {};
    const config = loadConfig({ PUBLIC_BASE_URL: BASE, DATA_DIR: dataDir, ...mediaCache, ...ca, ...env });
    let offset = 0;
    const now = () => new Date(Date.now() + offset);
    const queue = await startJobQueue(database, { databaseUrl: database.url ?? null, supervise: false, onError: () => {} });
    const wiring = await buildDeps(config, database, queue, silentLogger, {
      now,
      encoder: { settings: libx264Settings("ultrafast"), reason: "tests" },
      renderPool: { maxConcurrentRenders: 1, threads: 2 },
      templates: options.templates,
    });
    const deps = wiring.app;
    const app = createApp(deps);
    const workers = options.workers ? await startWorkers(wiring.worker) : undefined;
    stopService = () => wiring.close(async () => workers?.stop());
    const admin = async (command: string, args: Record<string, string> = {}) => {
      const result = await runAdminCommand({ db: database.db, now: deps.now }, command, args);
      if (!result.ok) throw new Error(`admin ${command} failed: ${result.error}`);
      // As the admin socket does: the command's changes have reached this app's key cache.
      await deps.apiKeys.barrier();
      return result.value;
    };
    current = {
      app,
      queue,
      deps,
      database,
      dataDir,
      metrics: wiring.metrics,
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
    // The wiring stops the queue and gives the database back.
    await stopService?.();
    stopService = undefined;
    rmSync(current.dataDir, { recursive: true, force: true });
    current = undefined;
  }, 60_000);
  return () => {
    if (!current) throw new Error("useService: no service outside a test");
    return current;
  };
}
