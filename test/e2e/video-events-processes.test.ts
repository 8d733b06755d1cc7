import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runFfmpeg } from "../../render/ffmpeg.ts";
import { runAdminCommand } from "../../src/admin/commands.ts";
import { fakeTextMessage } from "../../src/templates/fake-text-message/index.ts";
import { STREAM_REREAD_MS } from "../../src/videos/events.ts";
import { freshDatabase } from "../helpers/databases.ts";
import { readEventStream } from "../helpers/event-stream.ts";
import { expectProblemBody } from "../helpers/problem.ts";
import { ROOT, spawnService } from "../helpers/service-process.ts";

/**
 * The API and the worker as separate processes on one Postgres: the worker renders, the API process
 * streams what the worker does, hearing it through LISTEN/NOTIFY. Postgres only (TEST_DATABASE_URL).
 */
const processes: Bun.Subprocess[] = [];
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const p of processes) p.kill("SIGKILL");
  for (const c of cleanups) await c();
});

/** Longer than Bun's 10 s idle timeout: a stream quiet for this long must still be open when its heartbeat comes. */
const HEARTBEAT_SECONDS = 12;

/** A 2 s background clip of the test's own in DATA_DIR's library (no generated footage needed); its asset id. */
async function ownBackground(dataDir: string): Promise<string> {
  const dir = join(dataDir, "library", "backgrounds", "minecraft");
  mkdirSync(dir, { recursive: true });
  await runFfmpeg(["-f", "lavfi", "-i", "color=c=#553377:s=1080x1920:r=30:d=2", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", join(dir, "events-clip.mp4")]);
  return "bg_minecraft_events-clip";
}

/** `ROLE=worker` logs "started" instead of listening on a port. */
async function spawnWorker(env: Record<string, string>): Promise<Bun.Subprocess> {
  const proc = Bun.spawn(["bun", "src/main.ts"], { cwd: ROOT, env: { ...process.env, LOG_LEVEL: "info", ROLE: "worker", ...env }, stdout: "ignore", stderr: "pipe" });
  processes.push(proc);
  const reader = proc.stderr.getReader();
  let seen = "";
  while (!seen.includes('"started"')) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`worker exited: ${seen}`);
    seen += new TextDecoder().decode(value);
  }
  void (async () => {
    for (;;) if ((await reader.read()).done) break;
  })();
  return proc;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)("progress stream across processes on Postgres", () => {
  test("ROLE=serve streams every stage of a render made by a ROLE=worker process, in order, through quiet stretches longer than Bun's idle timeout; Last-Event-ID resumes; the stream is one request", async () => {
    const database = await freshDatabase("postgres");
    cleanups.push(() => database.close());
    const dataDir = mkdtempSync(join(tmpdir(), "events-processes-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const env = { DATABASE_URL: database.url!, DATA_DIR: dataDir, EVENTS_HEARTBEAT_SECONDS: String(HEARTBEAT_SECONDS) };
    const background = await ownBackground(dataDir);
    const api = await spawnService({ ...env, ROLE: "serve" });
    processes.push(api.proc);

    const admin = Bun.spawn(["bun", "src/admin/cli.ts", "create-account", "--email", `events-${Date.now()}@example.com`, "--json"], { cwd: ROOT, env: { ...process.env, ...env }, stdout: "pipe", stderr: "pipe" });
    const { apiKey } = JSON.parse(await new Response(admin.stdout).text()) as { apiKey: string };
    const auth = { authorization: `Bearer ${apiKey}` };
    // A short chat over the test's own clip: a render of a few seconds.
    const body = { template: "fake_text_message", inputs: { ...fakeTextMessage.examples.minimal, background: { assetId: background } } };
    const created = (await (await fetch(`${api.url}/v1/videos`, { method: "POST", headers: { ...auth, "content-type": "application/json" }, body: JSON.stringify(body) })).json()) as any;
    expect(created.status).toBe("queued");

    const res = await fetch(`${api.url}/v1/videos/${created.id}/events`, { headers: auth });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    const remainingAtOpen = Number(res.headers.get("x-ratelimit-remaining"));
    const stream = readEventStream(res);
    const events = [(await stream.nextEvent(10_000))!];
    expect(events[0]!.id).toBe("0");
    // No worker yet: nothing changes, and the stream stays open past Bun's idle timeout until its heartbeat.
    expect(await stream.next(HEARTBEAT_SECONDS * 1000 + 10_000)).toEqual({ comment: "ping" });

    // The worker, another process, takes the video; the API process hears each change through Postgres.
    await spawnWorker(env);
    // The render on a loaded 2-core machine: minutes, not seconds; the stream must stay open through it.
    const deadline = Date.now() + 540_000;
    for (;;) {
      const item = await stream.next(Math.max(1, deadline - Date.now()));
      if ("end" in item) break;
      if ("event" in item) events.push(item.event);
    }
    const states = events.map((e) => JSON.parse(e.data));
    const video = states.at(-1);
    expect(video.status).toBe("completed");
    // Every change the worker made has its event, in order: the ids (state versions) follow one another.
    const first = Number(events[0]!.id);
    expect(events.map((e) => Number(e.id))).toEqual(events.map((_, i) => first + i));
    const statuses = states.map((v) => v.status).filter((s, i, all) => s !== all[i - 1]);
    expect(statuses).toEqual(["queued", ...fakeTextMessage.stages, "rendering", "completed"]);
    const progress = states.map((v) => v.progress ?? 0);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    const got = (await (await fetch(`${api.url}/v1/videos/${created.id}`, { headers: auth })).json()) as any;
    expect(video).toEqual(got);
    expect(video.files.contactSheet).toBe(`${video.downloadUrl}/contact-sheet.jpg`);

    // Counted in the last minute at most: the create, the stream, the GET above and this one, however many
    // events and heartbeats went by (the render may outlast the window, so earlier ones may have left it).
    const me = await fetch(`${api.url}/v1/me`, { headers: auth });
    expect(Number(me.headers.get("x-ratelimit-remaining"))).toBeGreaterThanOrEqual(Number(me.headers.get("x-ratelimit-limit")) - 4);
    expect(remainingAtOpen).toBe(Number(me.headers.get("x-ratelimit-limit")) - 2);
    expect(events.length).toBeGreaterThanOrEqual(5);

    // Resumed from the middle: the video as it is now, then the end. Resumed from the end: the end at once.
    const middle = events[Math.floor(events.length / 2)]!.id!;
    const resumed = await readEventStream(await fetch(`${api.url}/v1/videos/${created.id}/events`, { headers: { ...auth, "last-event-id": middle } })).rest(30_000);
    expect(resumed.map((e) => [e.id, JSON.parse(e.data)])).toEqual([[events.at(-1)!.id, got]]);
    const atEnd = await readEventStream(await fetch(`${api.url}/v1/videos/${created.id}/events`, { headers: { ...auth, "last-event-id": events.at(-1)!.id! } })).rest(30_000);
    expect(atEnd).toEqual([]);
  }, 600_000);

  test("a key revoked by another process sharing Postgres ends the serving process's open stream at once, with an error event", async () => {
    const database = await freshDatabase("postgres");
    cleanups.push(() => database.close());
    const dataDir = mkdtempSync(join(tmpdir(), "events-revoked-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const api = await spawnService({ DATABASE_URL: database.url!, DATA_DIR: dataDir, ROLE: "serve" });
    processes.push(api.proc);
    // This test's process is the other process: the operator's command runs here, on the shared database.
    const admin = async (command: string, args: Record<string, string>) => {
      const result = await runAdminCommand({ db: database.db, now: () => new Date() }, command, args);
      if (!result.ok) throw new Error(result.error);
      return result.value as Record<string, string>;
    };
    const { apiKey, keyId } = await admin("create-account", { email: `revoked-${Date.now()}@example.com` });
    const auth = { authorization: `Bearer ${apiKey}` };
    const body = { template: "fake_text_message", inputs: fakeTextMessage.examples.minimal };
    const created = (await (await fetch(`${api.url}/v1/videos`, { method: "POST", headers: { ...auth, "content-type": "application/json" }, body: JSON.stringify(body) })).json()) as any;

    const stream = readEventStream(await fetch(`${api.url}/v1/videos/${created.id}/events`, { headers: auth }));
    expect((await stream.nextEvent(10_000))!.id).toBe("0");
    // The stream's next periodic read is STREAM_REREAD_MS away: an end well before it is the notification's doing.
    const revoked = Date.now();
    await admin("revoke-key", { key: keyId! });
    const events = await stream.rest(STREAM_REREAD_MS / 2);
    expect(Date.now() - revoked).toBeLessThan(STREAM_REREAD_MS / 2);
    expect(events.map((e) => e.event)).toEqual(["error"]);
    expectProblemBody(JSON.parse(events[0]!.data), 401, "INVALID_API_KEY");
    expect((await fetch(`${api.url}/v1/videos/${created.id}/events`, { headers: auth })).status).toBe(401);
  }, 120_000);
});
