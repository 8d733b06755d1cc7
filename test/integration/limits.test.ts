import { describe, expect, test } from "bun:test";
import { createApp } from "../../src/app.ts";
import { Limiter } from "../../actors/limiter.ts";
import { postgresWindowStore } from "../../actors/window-store.ts";
import { silentLogger } from "../../src/logger.ts";
import { openPostgres } from "../../db/client.ts";
import { videos } from "../../db/schema/index.ts";
import { startJobQueue } from "../../src/queue/job-queue.ts";
import { DATABASE_KINDS } from "../helpers/databases.ts";
import { BASE, useService } from "../helpers/harness.ts";
import { expectProblem } from "../helpers/problem.ts";
import { storyBody } from "../helpers/videos.ts";

describe.each(DATABASE_KINDS)("limits on %s", (kind) => {
  const svc = useService(kind);

  test("the 61st request in a minute is RATE_LIMITED with Retry-After; headers count down; a minute later it passes", async () => {
    const { apiKey } = await svc().createAccount();
    let last: Response | undefined;
    for (let i = 0; i < 60; i++) {
      last = await svc().request("/v1/me", { key: apiKey });
      expect(last.status).toBe(200);
    }
    expect(last!.headers.get("x-ratelimit-limit")).toBe("60");
    expect(last!.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(Number(last!.headers.get("x-ratelimit-reset"))).toBeGreaterThan(0);
    const refused = await svc().request("/v1/me", { key: apiKey });
    await expectProblem(refused, 429, "RATE_LIMITED");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.headers.get("x-ratelimit-remaining")).toBe("0");
    // Another account is not affected.
    expect((await svc().request("/v1/me", { key: (await svc().createAccount()).apiKey })).status).toBe(200);
    svc().advance(61_000);
    expect((await svc().request("/v1/me", { key: apiKey })).status).toBe(200);
  });

  test("the 11th accepted create in a minute is RATE_LIMITED; refused bodies do not count", async () => {
    const account = await svc().createAccount();
    await svc().admin("set-limits", { account: account.accountId, "concurrent-renders": "50" });
    for (let i = 0; i < 5; i++) await expectProblem(await svc().request("/v1/videos", { method: "POST", key: account.apiKey, json: { template: "nope", inputs: {} } }), 400, "UNKNOWN_TEMPLATE");
    for (let i = 0; i < 10; i++) expect((await svc().request("/v1/videos", { method: "POST", key: account.apiKey, json: storyBody() })).status).toBe(202);
    const refused = await svc().request("/v1/videos", { method: "POST", key: account.apiKey, json: storyBody() });
    const body = await expectProblem(refused, 429, "RATE_LIMITED");
    expect(body.detail).toContain("video creations per minute");
    expect(await svc().database.db.select().from(videos)).toHaveLength(10);
  });

  test("the 31st free-tool call in an hour is RATE_LIMITED with Retry-After", async () => {
    const { apiKey } = await svc().createAccount();
    const estimate = () => svc().request("/v1/estimate", { method: "POST", key: apiKey, json: storyBody() });
    for (let i = 0; i < 30; i++) {
      expect((await estimate()).status).toBe(200);
      svc().advance(2_500); // stay under 60 requests a minute
    }
    const refused = await estimate();
    const body = await expectProblem(refused, 429, "RATE_LIMITED");
    expect(body.detail).toContain("free tool calls per hour");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3000);
  });

  test("public reference routes allow 60 requests a minute per client address", async () => {
    for (let i = 0; i < 60; i++) expect((await svc().request("/v1/templates")).status).toBe(200);
    await expectProblem(await svc().request("/v1/options"), 429, "RATE_LIMITED");
    // The health check and signed file URLs are not counted.
    expect((await svc().request("/v1/health")).status).toBe(200);
  });

  test("when the limiter's store cannot be read the request is refused with 503, not allowed and not 429", async () => {
    const { apiKey } = await svc().createAccount();
    expect((await svc().request("/v1/me", { key: apiKey })).status).toBe(200);
    await svc().database.executeSql("drop table rate_windows");
    const refused = await svc().request("/v1/me", { key: apiKey });
    await expectProblem(refused, 503, "RATE_LIMITER_UNAVAILABLE");
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    await expectProblem(await svc().request("/v1/templates"), 503, "RATE_LIMITER_UNAVAILABLE");
  });

  if (kind === "postgres") {
    test("two server processes on one Postgres admit exactly three videos in progress", async () => {
      const { apiKey } = await svc().createAccount();
      const url = (svc().database as { url?: string }).url!;
      const second = openPostgres(url, { max: 5 });
      const queue = await startJobQueue(second, { databaseUrl: url, supervise: false, onError: () => {} });
      try {
        const now = () => new Date();
        const other = createApp({ ...svc().deps, database: second, queue, limiter: new Limiter(postgresWindowStore(second), now, silentLogger) });
        const send = (app: typeof other) =>
          app.handle(new Request(`${BASE}/v1/videos`, { method: "POST", headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" }, body: JSON.stringify(storyBody()) }));
        const results = await Promise.all(Array.from({ length: 10 }, (_, i) => send(i % 2 ? other : svc().app)));
        expect(results.filter((r) => r.status === 202)).toHaveLength(3);
        expect(results.filter((r) => r.status === 429)).toHaveLength(7);
        expect(await svc().database.db.select().from(videos)).toHaveLength(3);
      } finally {
        await queue.stop();
        await second.close();
      }
    });
  }
});
