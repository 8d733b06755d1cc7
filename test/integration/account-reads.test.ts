import { describe, expect, test } from "bun:test";
import { type Database, openPostgres } from "../../db/client.ts";
import { recordCharges } from "../../db/repos/usage.ts";
import { updateVideoForAttempt } from "../../db/repos/videos.ts";
import { AccountReads } from "../../src/account/reads.ts";
import { createApp } from "../../src/http/app.ts";
import { newId } from "../../src/kernel/ids.ts";
import { DATABASE_KINDS } from "../helpers/databases.ts";
import { BASE, useService } from "../helpers/harness.ts";
import { storyBody } from "../helpers/videos.ts";

describe.each(DATABASE_KINDS)("cached reads of videos and usage on %s", (kind) => {
  const svc = useService(kind);

  /**
   * A worker process's connection (PGlite has one database per process, so there it is the same one):
   * writes made through it reach the serving app only through the database's notifications.
   */
  const workerConnection = (): { database: Database; close(): Promise<void> } => {
    const url = (svc().database as { url?: string }).url;
    const database = url ? openPostgres(url, { max: 2 }) : svc().database;
    return { database, close: async () => void (url && (await database.close())) };
  };

  /** Another serving process: its own cache on its own connections. */
  const secondInstance = async (database: Database) => {
    const accountReads = new AccountReads(database);
    await accountReads.start();
    const app = createApp({ ...svc().deps, database, accountReads });
    const get = async (path: string, key: string) => (await app.handle(new Request(`${BASE}${path}`, { headers: { authorization: `Bearer ${key}` } }))).json() as Promise<any>;
    return { accountReads, get, close: () => accountReads.close() };
  };

  const getJson = async (path: string, key: string) => (await svc().request(path, { key })).json() as Promise<any>;

  /** On Postgres a notification reaches another connection a moment after the commit; PGlite hears it before the write returns. */
  const heard = async (...caches: AccountReads[]) => {
    if (kind === "postgres") for (const cache of caches) await cache.barrier();
  };

  test("a video is read once and then answered from memory until it changes", async () => {
    const { apiKey } = await svc().createAccount();
    const id = ((await (await svc().request("/v1/videos", { method: "POST", key: apiKey, json: storyBody() })).json()) as any).id;
    // Once the create's own notification has arrived, a read is kept (one that raced it would not be).
    await heard(svc().deps.accountReads);
    for (let i = 0; i < 2; i++) expect((await getJson(`/v1/videos/${id}`, apiKey)).status).toBe("queued");
    for (let i = 0; i < 2; i++) expect((await svc().request("/v1/me", { key: apiKey })).status).toBe(200);
    await svc().database.executeSql("alter table videos rename to videos_away");
    try {
      expect((await getJson(`/v1/videos/${id}`, apiKey)).status).toBe("queued");
      expect((await svc().request("/v1/me", { key: apiKey })).status).toBe(200);
    } finally {
      await svc().database.executeSql("alter table videos_away rename to videos");
    }
  });

  test("a worker's change to a video is seen by the next GET, in this process and another", async () => {
    const { apiKey } = await svc().createAccount();
    const id = ((await (await svc().request("/v1/videos", { method: "POST", key: apiKey, json: storyBody() })).json()) as any).id;
    const worker = workerConnection();
    const other = await secondInstance(worker.database);
    try {
      expect((await getJson(`/v1/videos/${id}`, apiKey)).status).toBe("queued");
      expect((await other.get(`/v1/videos/${id}`, apiKey)).status).toBe("queued");
      expect(await updateVideoForAttempt(worker.database.db, id, 0, { status: "rendering", stage: "Rendering", progress: 61, updatedAt: new Date() })).toBe(true);
      await heard(svc().deps.accountReads, other.accountReads);
      for (const video of [await getJson(`/v1/videos/${id}`, apiKey), await other.get(`/v1/videos/${id}`, apiKey)]) {
        expect(video).toMatchObject({ status: "rendering", stage: "Rendering", progress: 61 });
      }
      // Completed by the worker: the next GET shows it with its download link, as do the account's counts.
      await updateVideoForAttempt(worker.database.db, id, 0, { status: "completed", stage: "Completed", progress: 100, completedAt: new Date(), updatedAt: new Date() });
      await heard(svc().deps.accountReads, other.accountReads);
      for (const video of [await getJson(`/v1/videos/${id}`, apiKey), await other.get(`/v1/videos/${id}`, apiKey)]) {
        expect(video.status).toBe("completed");
        expect(video.downloadUrl).toStartWith(`${BASE}/v1/d/`);
      }
      expect((await other.get("/v1/me", apiKey)).usage).toMatchObject({ videosCreated: 1, videosCompleted: 1, videosInProgress: 0 });
    } finally {
      await other.close();
      await worker.close();
    }
  });

  test("an account's usage is current after its create, and after a charge written by a worker", async () => {
    const account = await svc().createAccount({ plan: "starter" });
    const worker = workerConnection();
    const other = await secondInstance(worker.database);
    try {
      for (const me of [await getJson("/v1/me", account.apiKey), await other.get("/v1/me", account.apiKey)]) {
        expect(me.usage).toMatchObject({ videosCreated: 0, videosInProgress: 0 });
      }
      const created = await svc().request("/v1/videos", { method: "POST", key: account.apiKey, json: storyBody() });
      expect(created.status).toBe(202);
      const id = ((await created.json()) as any).id;
      // The process that created it knows at once, without waiting for its own notification.
      expect((await getJson("/v1/me", account.apiKey)).usage).toMatchObject({ videosCreated: 1, videosInProgress: 1 });
      await heard(other.accountReads);
      expect((await other.get("/v1/me", account.apiKey)).usage).toMatchObject({ videosCreated: 1, videosInProgress: 1 });

      await recordCharges(worker.database.db, [{ id: newId("use"), accountId: account.accountId, videoId: id, counter: "videos", amount: 1, narrationSeconds: 42, createdAt: new Date() }]);
      await heard(svc().deps.accountReads, other.accountReads);
      for (const me of [await getJson("/v1/me", account.apiKey), await other.get("/v1/me", account.apiKey)]) {
        expect(me.usage.creditsCharged).toEqual({ narration: 0, render: 0, videos: 1 });
        expect(me.usage.narrationMinutes).toBe(0.7);
        expect(me.entitlement.plan.videosRemaining).toBe(29);
      }
    } finally {
      await other.close();
      await worker.close();
    }
  });
});
