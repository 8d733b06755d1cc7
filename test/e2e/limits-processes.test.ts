import { describe, expect, test } from "bun:test";
import { SYNC_EVERY_MS } from "../../actors/memory-window-store.ts";
import { runAdminCommand } from "../../src/admin/commands.ts";
import { freshDatabase } from "../helpers/databases.ts";
import { type Service, start, tempDir } from "../helpers/processes.ts";

/**
 * The limits as real `ROLE=serve` processes keep them on one Postgres: each decides in memory, writes
 * its admissions in batches and reads back the others' (README, "Limits across processes"). Postgres
 * only (TEST_DATABASE_URL).
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)("limits across ROLE=serve processes on one Postgres", () => {
  test("two processes admit at most the limit plus one unsynced allowance in a minute; a third that first sees the account then reads its rows and refuses", async () => {
    const database = await freshDatabase("postgres");
    try {
      const account = await runAdminCommand({ db: database.db, now: () => new Date() }, "create-account", { email: `limits-${Date.now()}@example.com` });
      if (!account.ok) throw new Error(account.error);
      const key = String(account.value.apiKey);
      const serve = (name: string) => start({ DATABASE_URL: database.url!, ROLE: "serve", DATA_DIR: tempDir(`limits-${name}-`) });
      const [a, b, c] = [await serve("a"), await serve("b"), await serve("c")];
      const me = async (service: Service) => {
        const res = await fetch(`${service.url}/v1/me`, { headers: { authorization: `Bearer ${key}` } });
        await res.arrayBuffer();
        return res.status;
      };
      // 100 at once, half to each, then 20 more spread over ten batches.
      const statuses = await Promise.all(Array.from({ length: 100 }, (_, i) => me(i % 2 ? a : b)));
      for (let i = 0; i < 20; i++) {
        statuses.push(await me(i % 2 ? a : b));
        await Bun.sleep(SYNC_EVERY_MS / 2);
      }
      const admitted = statuses.filter((s) => s === 200).length;
      expect(statuses.filter((s) => s === 429)).toHaveLength(statuses.length - admitted);
      // The README's bound: (processes - 1) x a tenth of the limit, here 60 + 6.
      expect(admitted).toBeGreaterThanOrEqual(60);
      expect(admitted).toBeLessThanOrEqual(66);
      // Both have written what they admitted by their next batches; a process new to the account reads it.
      await Bun.sleep(2 * SYNC_EVERY_MS);
      expect(await me(c)).toBe(429);
    } finally {
      await database.close();
    }
  }, 300_000);
});
