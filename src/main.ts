import { loadConfig } from "./kernel/config.ts";
import { createLogger } from "./kernel/logger.ts";
import { keepNewFilesPrivate } from "./private-files.ts";
import { startServer } from "./server.ts";

// Before anything is written: the database, videos and working folders are this user's alone.
keepNewFilesPrivate();
const config = loadConfig();
const log = createLogger(config.logLevel);
/**
 * Past the drain, what stopping may still take: the hand-back grace (5 s), the queue's own stop (10 s)
 * and closing the database. A process still there then exits anyway.
 */
const STOP_MARGIN_MS = 30_000;

try {
  const server = await startServer(config, log);
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info("shutting down", { signal, drainMs: config.drainMs });
    setTimeout(() => {
      log.error("did not stop in time; exiting", { afterMs: config.drainMs + STOP_MARGIN_MS });
      process.exit(1);
    }, config.drainMs + STOP_MARGIN_MS).unref();
    await server.stop();
    log.info("stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
} catch (error) {
  log.error("could not start", { error: (error as Error).message });
  process.exit(1);
}
