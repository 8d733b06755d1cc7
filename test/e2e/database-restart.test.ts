import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { openPostgres } from "../../db/client.ts";
import { usageLedger, videos, webhookDeliveries } from "../../db/schema/index.ts";
import { PIPELINE_HEARTBEAT_SECONDS, PIPELINE_RETRY_DELAY, QUEUE_SUPERVISE_SECONDS } from "../../src/queue/job-queue.ts";
import { VIDEO_HEARTBEAT_MS } from "../../src/videos/pipeline.ts";
import { startWebhookReceiver } from "../fakes/webhook-receiver.ts";
import { libraryBackground } from "../helpers/media.ts";
import { PrivatePostgres } from "../helpers/private-postgres.ts";
import { ROOT, ffmpegPids, spawnService } from "../helpers/service-process.ts";
import { chatBody } from "../helpers/videos.ts";

/** How often the test looks (at the API: under its 60 requests a minute); and room for what configuration does not time (a poll, a reconnection, a write) on a loaded machine. */
const POLL_MS = 250;
const API_POLL_MS = 1100;
const SLACK_MS = 60_000;

const cleanups: Array<() => unknown> = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function waitUntil<T>(probe: () => Promise<T | undefined> | T | undefined, timeoutMs: number, what: string, context: () => string, everyMs = POLL_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms\n${context()}`);
    await Bun.sleep(everyMs);
  }
}

/**
 * Waits for `done` for as long as the work keeps moving (`state` changes): a render on a loaded machine
 * may take many minutes, so the wait fails only when nothing has moved for twelve heartbeats.
 */
async function waitWhileMoving<T>(done: () => Promise<T | undefined>, state: () => string, what: string, context: () => string, everyMs = POLL_MS): Promise<T> {
  let last = "";
  let movedAt = Date.now();
  for (;;) {
    const value = await done();
    if (value !== undefined) return value;
    const now = state();
    if (now !== last) [last, movedAt] = [now, Date.now()];
    if (Date.now() - movedAt > 12 * VIDEO_HEARTBEAT_MS) throw new Error(`${what}: stood still at ${last}\n${context()}`);
    await Bun.sleep(everyMs);
  }
}

// The shared cluster must not be restarted under other tests: this test runs a Postgres of its own, and
// only where the suite runs on Postgres at all (CI sets TEST_DATABASE_URL).
describe.skipIf(!process.env.TEST_DATABASE_URL)("faults: Postgres restarted mid-render", () => {
  test("the database stops mid-render and comes back after the render: the video completes once, by the attempt that rendered it, charged once, its slot free, no files left", async () => {
    const pg = await PrivatePostgres.create();
    cleanups.push(() => pg.destroy());
    await pg.start();
    const dataDir = mkdtempSync(join(tmpdir(), "db-restart-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const background = await libraryBackground(dataDir);
    const receiver = startWebhookReceiver();
    cleanups.push(() => receiver.stop());
    const service = await spawnService({ DATA_DIR: dataDir, DATABASE_URL: pg.url, UNSAFE_ALLOW_PRIVATE_URLS: "1" });
    cleanups.push(() => service.proc.kill("SIGKILL"));
    const database = openPostgres(pg.url, { max: 1 });
    cleanups.push(() => database.close());
    const context = () => `service ${service.proc.exitCode === null ? "running" : `exited ${service.proc.exitCode}`}; its log ends:\n${service.logTail().slice(-6000)}`;

    const admin = Bun.spawn(["bun", "src/admin/cli.ts", "create-account", "--email", `restart-${Date.now()}@example.com`, "--json"], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: pg.url }, stdout: "pipe" });
    const { apiKey, accountId } = JSON.parse(await new Response(admin.stdout).text()) as { apiKey: string; accountId: string };
    const call = async (path: string, init: RequestInit = {}) => {
      const res = await fetch(`${service.url}${path}`, { ...init, headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json", ...init.headers } });
      return { status: res.status, body: (await res.json()) as any };
    };
    const created = await call("/v1/videos", { method: "POST", body: JSON.stringify(chatBody({ webhookUrl: receiver.url() }, { background: { assetId: background } })) });
    expect(created.status).toBe(202);
    const id: string = created.body.id;
    const workDir = join(dataDir, "work", id);
    const stored = join(dataDir, "videos", `${id}.mp4`);

    // Mid-render: the video says rendering and its ffmpeg runs. Until then its attempt heartbeats (every
    // VIDEO_HEARTBEAT_MS, however long a stage takes on a loaded machine): that is the work moving.
    let seen = "";
    await waitWhileMoving(
      async () => {
        const [row] = await database.db.select().from(videos).where(eq(videos.id, id));
        if (["completed", "failed", "cancelled"].includes(row!.status)) throw new Error(`the video ended before its render: ${row!.status} ${row!.errorCode}`);
        seen = `${row!.status} ${row!.progress} ${row!.heartbeatAt?.toISOString()}`;
        return row!.status === "rendering" && ffmpegPids(workDir).length > 0 ? true : undefined;
      },
      () => seen,
      "the render to start",
      context,
    );
    const renderStarted = Date.now();
    await pg.stop("immediate");

    // The database stays away until the render is stored and the finish has met the dead database for
    // at least a heartbeat, so the attempt's progress writes, heartbeats and its finish all fail. Until
    // then the render's ffmpeg runs: while one does, the render is moving.
    let ticks = 0;
    const ffmpegRunning = () => (ffmpegPids(workDir).length > 0 ? `ffmpeg running (${ticks++})` : "no ffmpeg running");
    await waitWhileMoving(async () => (existsSync(stored) ? true : undefined), ffmpegRunning, "the render to be stored while the database was down", context);
    const renderMs = Date.now() - renderStarted;
    await Bun.sleep(VIDEO_HEARTBEAT_MS);
    expect(service.proc.exitCode).toBeNull();
    await pg.start();

    // The longest legitimate way back: the job's heartbeat expires, a supervise pass fails it, it waits its
    // retry delays and renders again at half the pace measured. A video still unfinished after that is stuck.
    const recoveryMs = (PIPELINE_HEARTBEAT_SECONDS + QUEUE_SUPERVISE_SECONDS + 4 * PIPELINE_RETRY_DELAY) * 1000 + 2 * renderMs + SLACK_MS;
    const video = await waitUntil(
      async () => {
        // Until the service has reconnected, reads may answer 5xx.
        const { status, body } = await call(`/v1/videos/${id}`).catch(() => ({ status: 0, body: undefined as any }));
        return status === 200 && ["completed", "failed", "cancelled"].includes(body.status) ? body : undefined;
      },
      recoveryMs,
      `video ${id} to end after the database came back`,
      context,
      API_POLL_MS,
    );
    // With the database back nothing is wrong with the video: a failure here would be an outage turned into a lost video.
    expect(video.status).toBe("completed");
    const [row] = await database.db.select().from(videos).where(eq(videos.id, id));
    // The render was not thrown away: the attempt that rendered it waited for the database and finished it.
    expect(row!.attempts).toBe(1);

    const me = await call("/v1/me");
    expect(me.status).toBe(200);
    expect(me.body.usage.videosInProgress).toBe(0);
    expect(me.body.usage.creditsCharged.videos).toBe(1);
    expect(await database.db.select().from(usageLedger).where(eq(usageLedger.accountId, accountId))).toHaveLength(1);
    // The delivery was queued and fetched after the restart: the queue's workers came back too.
    const deliveries = await database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.videoId, id));
    expect(deliveries.map((d) => d.type)).toEqual(["video.completed"]);
    await waitUntil(() => (receiver.received.length > 0 ? true : undefined), SLACK_MS, "the video.completed webhook", context);
    expect(receiver.received).toHaveLength(1);
    expect(existsSync(workDir)).toBe(false);
    const storedFiles = readdirSync(join(dataDir, "videos")).filter((f) => f.includes(id));
    expect(storedFiles).toContain(`${id}.mp4`);
    expect(storedFiles.filter((f) => f.endsWith(".partial"))).toEqual([]);

    service.proc.kill("SIGTERM");
    await service.proc.exited;
  }, 1_800_000);
});
