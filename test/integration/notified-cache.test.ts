import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import type { Database } from "../../db/client.ts";
import { NotifiedCache } from "../../db/notified-cache.ts";
import { freshDatabase } from "../helpers/databases.ts";

/** A long ttl for the tests that must not see an entry go due; a short one for those that wait for it. */
const LONG_TTL_MS = 60_000;
const SHORT_TTL_MS = 400;

describe("a notified cache's reloads", () => {
  let database: Database;
  let cache: NotifiedCache<{ n: number }> | undefined;
  beforeEach(async () => {
    database = await freshDatabase("pglite");
  }, 120_000);
  afterEach(async () => {
    await cache?.close();
    await database.close();
  });

  const open = async (ttlMs: number) => {
    cache = new NotifiedCache<{ n: number }>(database, "notified_cache_test", { ttlMs, maxEntries: 100 });
    await cache.start();
    return cache;
  };
  /** A loader that counts its calls and answers after `release()`. */
  const gatedLoader = () => {
    let calls = 0;
    let release!: () => void;
    let gate = new Promise<void>((resolve) => (release = resolve));
    return {
      load: async () => {
        calls++;
        await gate;
        return { n: calls };
      },
      calls: () => calls,
      release: () => {
        release();
        gate = new Promise<void>((resolve) => (release = resolve));
      },
    };
  };
  const group = () => "g";

  test("reads of a key while it loads share the load; a read after a change starts its own", async () => {
    const c = await open(LONG_TTL_MS);
    const loader = gatedLoader();
    expect(c.cached("k", loader.load, group)).toBeUndefined();
    const first = c.read("k", loader.load, group);
    const second = c.read("k", loader.load, group);
    expect(second).toBe(first);
    expect(loader.calls()).toBe(1);
    // A change heard while it loads: what the load read may be older than the change.
    c.forget("g");
    const third = c.read("k", loader.load, group);
    expect(third).not.toBe(first);
    expect(loader.calls()).toBe(2);
    loader.release();
    expect(await first).toEqual({ n: 2 });
    expect(await third).toEqual({ n: 2 });
    // The load that started after the change was kept; the one before it was not (it may predate the change).
    expect(c.cached("k", loader.load, group)).toEqual({ n: 2 });
    expect(await c.read("k", loader.load, group)).toEqual({ n: 2 });
    expect(loader.calls()).toBe(2);
  });

  test("an entry due a reload is still answered at once, and reloaded once behind the answer; past its ttl it is read again", async () => {
    const c = await open(SHORT_TTL_MS);
    const loader = gatedLoader();
    const loaded = c.read("k", loader.load, group);
    loader.release();
    expect(await loaded).toEqual({ n: 1 });
    // Fresh: answered at once, with no reload.
    expect(c.cached("k", loader.load, group)).toEqual({ n: 1 });
    expect(loader.calls()).toBe(1);
    // Due for a reload from half to three quarters of the ttl: still answered at once, and reloaded once
    // behind the answer however many reads come while the reload is on its way.
    await Bun.sleep(SHORT_TTL_MS * 0.8);
    expect(c.cached("k", loader.load, group)).toEqual({ n: 1 });
    expect(c.cached("k", loader.load, group)).toEqual({ n: 1 });
    expect(loader.calls()).toBe(2);
    loader.release();
    await Bun.sleep(0);
    // The reload was kept: its value is answered, fresh again (no further reload).
    expect(c.cached("k", loader.load, group)).toEqual({ n: 2 });
    expect(loader.calls()).toBe(2);
    // A reload that finds nothing (the row is gone) drops the entry instead of serving it to its ttl.
    await Bun.sleep(SHORT_TTL_MS * 0.8);
    let gone = false;
    const missing = async () => (gone = true) && undefined;
    expect(c.cached("k", missing, group)).toEqual({ n: 2 });
    await Bun.sleep(0);
    expect(gone).toBe(true);
    expect(c.cached("k", loader.load, group)).toBeUndefined();
    expect(loader.calls()).toBe(2);
    const reloaded = c.read("k", loader.load, group);
    loader.release();
    expect(await reloaded).toEqual({ n: 3 });
    // Nothing reads it for a whole ttl: the entry is gone, and a read waits for the database.
    await Bun.sleep(SHORT_TTL_MS * 1.05);
    expect(c.cached("k", loader.load, group)).toBeUndefined();
    const again = c.read("k", loader.load, group);
    loader.release();
    expect(await again).toEqual({ n: 4 });
  });
});
