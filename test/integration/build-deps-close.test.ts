import { expect, spyOn, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { libx264Settings } from "../../render/plan/encoder.ts";
import { buildDeps } from "../../src/build-deps.ts";
import { loadConfig } from "../../src/kernel/config.ts";
import { silentLogger } from "../../src/kernel/logger.ts";
import { startJobQueue } from "../../src/queue/job-queue.ts";
import { freshDatabase } from "../helpers/databases.ts";

/** The wiring owns what it built: one close() ends it all, in order, once. */

test("close() ends streams, drains the caller's users, then closes the caches, queue, render pool and database, once", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "build-deps-close-"));
  const fresh = await freshDatabase("pglite");
  const order: string[] = [];
  // The database records its close, and every LISTEN the wiring opens records when it is stopped.
  const listening = new Set<string>();
  const database = {
    ...fresh,
    async listen(channel: string, onNotify: (payload: string) => void, onListen?: () => void) {
      const stop = await fresh.listen(channel, onNotify, onListen);
      listening.add(channel);
      return async () => {
        listening.delete(channel);
        await stop();
      };
    },
    async close() {
      order.push("database");
      await fresh.close();
    },
  };
  const queue = await startJobQueue(database, { databaseUrl: null, supervise: false, onError: () => {} });
  const config = loadConfig({ PUBLIC_BASE_URL: "http://127.0.0.1:1", DATA_DIR: dataDir, MEDIA_CACHE_DIR: join(dataDir, "media") });
  const wiring = await buildDeps(config, database, queue, silentLogger, { encoder: { settings: libx264Settings("ultrafast"), reason: "tests" }, renderPool: { maxConcurrentRenders: 1, threads: 1 } });
  try {
    const { app } = wiring;
    // A progress stream is open on a video: the feed listens for its changes.
    let streamsEnded = 0;
    await app.videoChanges.follow("vid_open", () => {}, () => streamsEnded++);
    expect(listening.size).toBeGreaterThan(1);
    const record = <T extends object>(name: string, target: T, method: keyof T & string) => {
      const original = (target[method] as () => Promise<unknown>).bind(target);
      return spyOn(target, method as never).mockImplementation((async () => {
        order.push(name);
        await original();
      }) as never);
    };
    const spies = [
      record("progress streams", app.videoChanges, "close"),
      record("limiter", app.limiter, "close"),
      record("api keys", app.apiKeys, "close"),
      record("account reads", app.accountReads, "close"),
      record("queue", queue, "stop"),
      record("render pool", wiring.renderPool, "close"),
    ];
    let drains = 0;
    const drain = async () => {
      drains++;
      order.push("drain");
    };

    // Called twice at once (a signal and a test's cleanup, say) and once more after: all close once.
    await Promise.all([wiring.close(drain), wiring.close(drain)]);
    await wiring.close(drain);
    expect(order).toEqual(["progress streams", "drain", "limiter", "api keys", "account reads", "queue", "render pool", "database"]);
    expect(drains).toBe(1);
    for (const spy of spies) expect(spy).toHaveBeenCalledTimes(1);
    // The stream was ended, and the caches and the progress feed stopped listening.
    expect(streamsEnded).toBe(1);
    expect(app.videoChanges.followed).toBe(0);
    expect([...listening]).toEqual([]);
  } finally {
    await wiring.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 60_000);
