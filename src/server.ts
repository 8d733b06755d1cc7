import { join } from "node:path";
import { type Database, migrateDatabase, openDatabase } from "../db/client.ts";
import { adminSocketPath, serveAdminSocket } from "./admin/socket.ts";
import { createApp } from "./app.ts";
import type { Config } from "./config.ts";
import type { AppDeps } from "./deps.ts";
import { MAX_BODY_BYTES } from "./http/body.ts";
import type { Logger } from "./logger.ts";
import { generatedMediaDir } from "../render/media/generated-dir.ts";
import { createFileLibrary } from "./media/library.ts";
import { createVoicePreviews } from "./narration/previews.ts";
import { createNarrator } from "./narration/service.ts";
import { createLocalStorage } from "./storage/local.ts";
import { type ProcessLock, acquireLock } from "./process-lock.ts";
import { chooseEncoder } from "../render/encoder-probe.ts";
import { createRenderPool } from "../render/pool.ts";

export interface RunningServer {
  port: number;
  stop(): Promise<void>;
}

export function pgliteLockPath(dataDir: string): string {
  return join(dataDir, "pglite.lock");
}

/** Opens the database (taking the embedded database's lock), migrates, and serves HTTP and the admin socket. */
export async function startServer(config: Config, log: Logger): Promise<RunningServer> {
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
  const narrator = createNarrator(config.narration);
  const encoder = await chooseEncoder();
  log.info("encoder chosen", { encoder: encoder.settings.name, reason: encoder.reason, args: encoder.settings.args.join(" ") });
  const renderPool = createRenderPool(encoder);
  const deps: AppDeps = {
    config,
    database,
    log,
    library: createFileLibrary(join(config.dataDir, "library"), generatedMediaDir(config.mediaCacheDir)),
    narrator,
    voicePreviews: createVoicePreviews(join(config.dataDir, "voice-previews"), narrator),
    storage: createLocalStorage(join(config.dataDir, "videos"), config.publicBaseUrl),
    health: () => ({
      database: database.kind,
      narrator: narrator.provider,
      encoder: { name: encoder.settings.name, reason: encoder.reason, args: encoder.settings.args },
      renderPool: renderPool.stats(),
    }),
    now: () => new Date(),
  };
  const app = createApp(deps);
  // Bun answers a bare 413 above its own limit, before the app sees the request; keep it well above
  // the API's 2 MB so the app can answer problem+json.
  const http = Bun.serve({ port: config.port, hostname: config.host, maxRequestBodySize: MAX_BODY_BYTES * 8, fetch: (r) => app.fetch(r) });
  const admin = serveAdminSocket(adminSocketPath(config.dataDir), { db: database.db, now: deps.now });
  log.info("listening", { port: http.port, host: config.host, database: database.kind, narrator: narrator.provider, publicBaseUrl: config.publicBaseUrl });
  return {
    port: http.port!,
    async stop() {
      admin.stop();
      await http.stop();
      await renderPool.close();
      await database.close();
      lock?.release();
    },
  };
}
