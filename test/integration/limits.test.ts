import { describe, expect, test } from "bun:test";
import { createApp } from "../../src/http/app.ts";
import { Limiter } from "../../actors/limiter.ts";
import { MemoryWindowStore } from "../../actors/memory-window-store.ts";
import { silentLogger } from "../../src/kernel/logger.ts";
import { type Database, openPostgres } from "../../db/client.ts";
import { videos } from "../../db/schema/index.ts";
import { startJobQueue } from "../../src/queue/job-queue.ts";
import { DATABASE_KINDS } from "../helpers/databases.ts";
import { BASE, useService } from "../helpers/harness.ts";
import { expectProblem } from "../helpers/problem.ts";
import { storyBody } from "../helpers/videos.ts";

describe.each(DATABASE_KINDS)("limits on %s", (kind) => {
  const svc = useService(kind);

  /** Another serving process (or this one restarted) on `database`: its own limiter, as buildDeps makes it. */
  const instance = (database: Database) => {
    const limiter = new Limiter(new MemoryWindowStore(database, svc().deps.now), svc().deps.now, silentLogger);
    return { limiter, app: createApp({ ...svc().deps, database, limiter }) };
  };
  const send = (app: { handle(request: Request): Promise<Response> }, path: string, key?: string) =>
    app.handle(new Request(`${BASE}${path}`, { headers: key ? { authorization: `Bearer ${key}` } : {} }));

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

  test("when the limiter's store cannot be written the request is refused with 503, not allowed and not 429", async () => {
    const { apiKey } = await svc().createAccount();
    expect((await svc().request("/v1/me", { key: apiKey })).status).toBe(200);
    await svc().database.executeSql("drop table rate_windows");
    // Admitted from memory (or already refused): either way it waits to be written, and that write fails.
    await svc().request("/v1/me", { key: apiKey });
    expect(await svc().deps.limiter.flush()).toBe(false);
    const refused = await svc().request("/v1/me", { key: apiKey });
    await expectProblem(refused, 503, "RATE_LIMITER_UNAVAILABLE");
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    await expectProblem(await svc().request("/v1/templates"), 503, "RATE_LIMITER_UNAVAILABLE");
  });

  test("after a restart, windows that cannot be read are refused with 503 (nothing is admitted unread)", async () => {
    const { apiKey } = await svc().createAccount();
    expect((await svc().request("/v1/me", { key: apiKey })).status).toBe(200);
    await svc().database.executeSql("drop table rate_windows");
    const restarted = instance(svc().database);
    try {
      const refused = await send(restarted.app, "/v1/me", apiKey);
      await expectProblem(refused, 503, "RATE_LIMITER_UNAVAILABLE");
      expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
      await expectProblem(await send(restarted.app, "/v1/templates"), 503, "RATE_LIMITER_UNAVAILABLE");
    } finally {
      await restarted.limiter.close();
    }
  });

  test("a restart keeps the account's minute: windows are written behind the requests and read back", async () => {
    const { apiKey } = await svc().createAccount();
    for (let i = 0; i < 40; i++) expect((await svc().request("/v1/me", { key: apiKey })).status).toBe(200);
    await svc().deps.limiter.close();
    const restarted = instance(svc().database);
    try {
      for (let i = 0; i < 20; i++) expect((await send(restarted.app, "/v1/me", apiKey)).status).toBe(200);
      await expectProblem(await send(restarted.app, "/v1/me", apiKey), 429, "RATE_LIMITED");
    } finally {
      await restarted.limiter.close();
    }
  });

  test("a 401 or a 429 writes nothing to the database", async () => {
    const { apiKey } = await svc().createAccount();
    const disabled = await svc().createAccount();
    await svc().admin("disable-account", { account: disabled.accountId });
    for (let i = 0; i < 60; i++) expect((await svc().request("/v1/me", { key: apiKey })).status).toBe(200);
    expect(await svc().deps.limiter.flush()).toBe(true);
    // A row written leaves its transaction's id as its xmin, and a transaction id is assigned only to a
    // transaction that writes. Counted in this test's database alone: on a shared server other tests'
    // databases use up ids meanwhile.
    const sql = (text: string) => svc().database.executeSql(text).then((r) => r.rows as Record<string, unknown>[]);
    const tables = (await sql("select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname not in ('pg_catalog', 'information_schema')")).map((r) => String(r.name));
    const firstNewXid = BigInt(String((await sql("select pg_snapshot_xmax(pg_current_snapshot())::text as x"))[0]!.x)) % 2n ** 32n;
    const rowsAndNewRows = async () => {
      const counts: string[] = [];
      for (const name of tables) {
        const [row] = await sql(`select count(*)::int as n, count(*) filter (where xmin::text::bigint >= ${firstNewXid})::int as new from ${name}`);
        counts.push(`${name} ${row!.n} rows, ${row!.new} new`);
      }
      return counts;
    };
    const before = await rowsAndNewRows();
    expect(before.every((line) => line.endsWith(" 0 new"))).toBe(true);
    for (let i = 0; i < 10; i++) {
      await expectProblem(await svc().request("/v1/me", { key: apiKey }), 429, "RATE_LIMITED");
      await expectProblem(await svc().request("/v1/videos/vid_nope", { key: apiKey }), 429, "RATE_LIMITED");
    }
    for (let i = 0; i < 10; i++) await expectProblem(await svc().request("/v1/me", { key: `svk_live_${"A".repeat(40)}` }), 401, "INVALID_API_KEY");
    for (let i = 0; i < 10; i++) await expectProblem(await svc().request("/v1/me", { key: disabled.apiKey }), 401, "UNAUTHENTICATED");
    expect(await svc().deps.limiter.flush()).toBe(true);
    expect(await rowsAndNewRows()).toEqual(before);
  });

  test("two app instances on one database share an account's minute: at most the limit plus one unsynced allowance", async () => {
    const { apiKey } = await svc().createAccount();
    const url = (svc().database as { url?: string }).url;
    const database = url ? openPostgres(url, { max: 5 }) : svc().database;
    const other = instance(database);
    try {
      const results = await Promise.all(Array.from({ length: 100 }, (_, i) => send(i % 2 ? other.app : svc().app, "/v1/me", apiKey)));
      const admitted = results.filter((r) => r.status === 200).length;
      expect(results.filter((r) => r.status === 429)).toHaveLength(100 - admitted);
      // The README's bound: (processes - 1) x a tenth of the limit, here 60 + 6.
      expect(admitted).toBeGreaterThanOrEqual(60);
      expect(admitted).toBeLessThanOrEqual(60 + 6);
      // A process reads back the other's admissions when it writes its own, so one that has not heard of
      // the other's last batch may admit again; whatever they admit later stays within the bound, and
      // once each has read back the other's last batch both refuse.
      const later: number[] = [];
      for (let i = 0; i < 8; i++) {
        later.push((await send(i % 2 ? other.app : svc().app, "/v1/me", apiKey)).status);
        expect(await svc().deps.limiter.flush()).toBe(true);
        expect(await other.limiter.flush()).toBe(true);
      }
      expect(admitted + later.filter((status) => status === 200).length).toBeLessThanOrEqual(60 + 6);
      expect(later.slice(-4)).toEqual([429, 429, 429, 429]);
      for (const app of [svc().app, other.app]) await expectProblem(await send(app, "/v1/me", apiKey), 429, "RATE_LIMITED");
    } finally {
      await other.limiter.close();
      if (url) await database.close();
    }
  });

  if (kind === "postgres") {
    test("two server processes on one Postgres admit exactly three videos in progress", async () => {
      const { apiKey } = await svc().createAccount();
      const url = (svc().database as { url?: string }).url!;
      const second = openPostgres(url, { max: 5 });
      const queue = await startJobQueue(second, { databaseUrl: url, supervise: false, onError: () => {} });
      try {
        const now = () => new Date();
        const other = createApp({ ...svc().deps, database: second, queue, limiter: new Limiter(new MemoryWindowStore(second, now), now, silentLogger) });
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
