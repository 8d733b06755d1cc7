/**
 * CPU per request, in process: the service's app (its real wiring, on an in-memory PGlite with 40
 * accounts and their limits raised, and one account at the spec's 60 a minute) and a bare Elysia app
 * with the same two routes, each driven through `app.handle()` for the same number of requests, with
 * 32 in flight. Prints CPU microseconds per request (process.cpuUsage, so time the machine gives other
 * work does not count) and the bare app's share of it: what bench/api.ts's ratios would be on a quiet
 * machine where each server is bound by its CPU, without the HTTP server's own work (the same for both).
 * Run: bun bench/api-cpu.ts [requests]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Elysia } from "elysia";
import { migrateDatabase, openPglite } from "../db/client.ts";
import { insertVideo } from "../db/repos/videos.ts";
import { runAdminCommand } from "../src/admin/commands.ts";
import { createApp } from "../src/http/app.ts";
import { buildDeps } from "../src/build-deps.ts";
import { loadConfig } from "../src/kernel/config.ts";
import { newId } from "../src/kernel/ids.ts";
import { silentLogger } from "../src/kernel/logger.ts";
import { startJobQueue } from "../src/queue/job-queue.ts";
import { libx264Settings } from "../render/plan/encoder.ts";

const REQUESTS = Number(process.argv[2] ?? 20_000);
const ACCOUNTS = 40;
const IN_FLIGHT = 32;
const BASE = "http://bench.local";
const dataDir = mkdtempSync(join(tmpdir(), "bench-api-cpu-"));

type Handler = { handle(request: Request): Promise<Response> };

/** `count` requests made by `make(i)`, `IN_FLIGHT` at a time: CPU and wall microseconds per request. */
async function drive(app: Handler, make: (i: number) => Request, count: number) {
  const statuses = new Map<number, number>();
  let next = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < count) {
        const response = await app.handle(make(next++));
        await response.arrayBuffer();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      }
    }),
  );
  const used = process.cpuUsage(cpu);
  return { cpuUs: (used.user + used.system) / count, wallUs: ((performance.now() - started) * 1000) / count, statuses: Object.fromEntries(statuses) };
}

const get = (path: string, key: string) => new Request(BASE + path, { headers: { authorization: `Bearer ${key}` } });
const report = (label: string, r: Awaited<ReturnType<typeof drive>>, bare?: Awaited<ReturnType<typeof drive>>) =>
  console.log(`${label.padEnd(44)} cpu ${r.cpuUs.toFixed(1).padStart(7)} us/req  wall ${r.wallUs.toFixed(1).padStart(7)} us/req  ${bare ? `bare/service ${(bare.cpuUs / r.cpuUs).toFixed(2)}  ` : ""}${JSON.stringify(r.statuses)}`);

const me = JSON.stringify({ user: { id: "acct_bare", email: "bare@example.com" }, plan: { tier: "pro", pricingV2: true }, entitlement: { canUseTemplates: true, upsell: "none" } });
const video = JSON.stringify({ id: "vid_bare", status: "queued", stage: "Queued", progress: null, template: "reddit_story", createdAt: new Date(0).toISOString() });
const json = (body: string) => new Response(body, { headers: { "content-type": "application/json; charset=utf-8" } });
const bareApp = new Elysia().get("/v1/me", () => json(me)).get("/v1/videos/:id", () => json(video));

const database = await openPglite(null);
await migrateDatabase(database);
const queue = await startJobQueue(database, { databaseUrl: null, supervise: false, onError: () => {} });
const config = loadConfig({ PUBLIC_BASE_URL: BASE, DATA_DIR: dataDir, MEDIA_CACHE_DIR: join(dataDir, "media") });
const wiring = await buildDeps(config, database, queue, silentLogger, { encoder: { settings: libx264Settings("ultrafast"), reason: "bench" }, renderPool: { maxConcurrentRenders: 1, threads: 1 } });
const app = createApp(wiring.app);
try {
  const ctx = { db: database.db, now: () => new Date() };
  const admin = async (command: string, args: Record<string, string>) => {
    const result = await runAdminCommand(ctx, command, args);
    if (!result.ok) throw new Error(`${command}: ${result.error}`);
    return result.value as { accountId: string; apiKey: string };
  };
  const keys: string[] = [];
  const videoIds: string[] = [];
  for (let i = 0; i < ACCOUNTS; i++) {
    const { accountId, apiKey } = await admin("create-account", { email: `cpu-${i}@bench.example` });
    await admin("set-limits", { account: accountId, "requests-per-minute": "100000000" });
    const now = new Date();
    const row = await insertVideo(database.db, {
      id: newId("vid", now.getTime()),
      accountId,
      template: "reddit_story",
      status: "queued",
      stage: "Queued",
      progress: null,
      projectId: null,
      inputs: {},
      webhookUrl: null,
      notices: [],
      estimatedSeconds: 30,
      expectedCharges: null,
      createdAt: now,
      updatedAt: now,
    });
    keys.push(apiKey);
    videoIds.push(row.id);
  }
  const overLimit = (await admin("create-account", { email: "cpu-over@bench.example" })).apiKey;
  console.log(`${REQUESTS} requests each, ${IN_FLIGHT} in flight, through app.handle(); embedded PGlite in this process\n`);
  await drive(bareApp, (i) => get("/v1/me", `k${i}`), 2000);
  const bareVideo = await drive(bareApp, (i) => get(`/v1/videos/vid_${i % ACCOUNTS}`, `k${i}`), REQUESTS);
  report("bare Elysia  GET /v1/videos/{id}", bareVideo);
  const bareMe = await drive(bareApp, (i) => get("/v1/me", `k${i}`), REQUESTS);
  report("bare Elysia  GET /v1/me", bareMe);
  const videos = (i: number) => get(`/v1/videos/${videoIds[i % ACCOUNTS]}`, keys[i % ACCOUNTS]!);
  await drive(app, videos, 2000);
  report("service  GET /v1/videos/{id}, 40 accounts", await drive(app, videos, REQUESTS), bareVideo);
  report("service  GET /v1/me, 40 accounts", await drive(app, (i) => get("/v1/me", keys[i % ACCOUNTS]!), REQUESTS), bareMe);
  report("service  one account over its limit (429s)", await drive(app, () => get("/v1/me", overLimit), REQUESTS), bareMe);
} finally {
  await wiring.close();
  rmSync(dataDir, { recursive: true, force: true });
}
