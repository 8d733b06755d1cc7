import { describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { runAdminCommand } from "../../src/admin/commands.ts";
import { PIPELINE_HEARTBEAT_SECONDS } from "../../src/queue/job-queue.ts";
import { HAND_BACK_GRACE_MS } from "../../src/videos/worker.ts";
import { startMediaServer } from "../fakes/media-server.ts";
import { freshDatabase } from "../helpers/databases.ts";
import { logLine, poll, type Service, start, tempDir } from "../helpers/processes.ts";
import { ROOT } from "../helpers/service-process.ts";
import { chatBody } from "../helpers/videos.ts";

/** SIGTERM drains: a server finishes what it is answering, a worker hands back the video it is making. */

describe("SIGTERM", () => {
  test("a server stops accepting connections, finishes the request in flight, then exits 0", async () => {
    const dataDir = tempDir("drain-serve-");
    // An image host that answers only when the test says so: the import request stays in flight meanwhile.
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#3a7" } }).png().toBuffer();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let asked = false;
    const host = Bun.serve({
      port: 0,
      hostname: "127.0.0.1",
      async fetch() {
        asked = true;
        await released;
        return new Response(png, { headers: { "content-type": "image/png" } });
      },
    });
    try {
      const service = await start({ DATA_DIR: dataDir, UNSAFE_ALLOW_PRIVATE_URLS: "1", DRAIN_SECONDS: "60" });
      const admin = Bun.spawnSync(["bun", "src/admin/cli.ts", "create-account", "--email", `drain-${Date.now()}@example.com`, "--json"], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir } });
      const { apiKey } = JSON.parse(admin.stdout.toString()) as { apiKey: string };
      const inFlight = fetch(`${service.url}/v1/images`, {
        method: "POST",
        headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
        body: JSON.stringify({ url: `http://127.0.0.1:${host.port}/photo.png` }),
      });
      while (!asked) await Bun.sleep(20);

      const signalled = Date.now();
      service.proc.kill("SIGTERM");
      await logLine(service, (e) => e.msg === "shutting down", 10_000);
      // No new connection is taken while the one in flight waits on the image host.
      let refused = false;
      for (let i = 0; i < 100 && !refused; i++) {
        refused = await fetch(`${service.url}/v1/health`, { keepalive: false }).then(
          () => false,
          () => true,
        );
        if (!refused) await Bun.sleep(50);
      }
      expect(refused).toBe(true);
      expect(service.proc.exitCode).toBeNull();

      release();
      const answer = await inFlight;
      expect(answer.status).toBe(201);
      expect(((await answer.json()) as any).width).toBe(64);
      expect(await service.proc.exited).toBe(0);
      // It left as soon as the request was answered, not at the end of the drain.
      expect(Date.now() - signalled).toBeLessThan(60_000);
    } finally {
      host.stop(true);
    }
  }, 120_000);

  test.skipIf(!process.env.TEST_DATABASE_URL)(
    "a worker making a video hands it back: the other worker takes it at once, before a heartbeat could lapse, and completes it once",
    async () => {
      const database = await freshDatabase("postgres");
      // Own footage and music, so the video does not depend on which built-in loops this machine has made.
      const media = await startMediaServer();
      try {
        const dataDir = tempDir("drain-workers-");
        const ca = join(dataDir, "media-ca.pem");
        writeFileSync(ca, media.ca);
        const common = { DATABASE_URL: database.url!, DATA_DIR: dataDir, DRAIN_SECONDS: "0", UNSAFE_ALLOW_PRIVATE_URLS: "1", OUTBOUND_CA_FILE: ca };
        const account = await runAdminCommand({ db: database.db, now: () => new Date() }, "create-account", { email: `drain-${Date.now()}@example.com` });
        if (!account.ok) throw new Error(account.error);
        const key = String(account.value.apiKey);
        const limits = await runAdminCommand({ db: database.db, now: () => new Date() }, "set-limits", { account: String(account.value.accountId), "requests-per-minute": "600" });
        if (!limits.ok) throw new Error(limits.error);
        const serve = await start({ ...common, ROLE: "serve" });
        const workers = [await start({ ...common, ROLE: "worker" }), await start({ ...common, ROLE: "worker" })];

        const created = (await (
          await fetch(`${serve.url}/v1/videos`, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: JSON.stringify(chatBody({}, { background: { ownUrl: media.url("/clip.mp4") }, music: { ownUrl: media.url("/tone.mp3") } })) })
        ).json()) as any;
        // Polled five times a second: a fast machine renders this chat in a few seconds, and the SIGTERM
        // must come while it renders.
        const whileRendering = (v: any) => {
          if (v.status === "completed") throw new Error(`the video completed before its worker could be stopped: ${JSON.stringify(v)}`);
          return v.status === "rendering" && v.progress > 50;
        };
        await poll(serve.url, key, created.id, whileRendering, 600_000, 200);
        const startedOn = (w: Service) => w.log.find((e) => e.msg === "attempt started" && e.videoId === created.id);
        const holder = workers.find(startedOn)!;
        const other = workers.find((w) => w !== holder)!;
        expect(startedOn(other)).toBeUndefined();

        const signalled = Date.now();
        holder.proc.kill("SIGTERM");
        const { entry: takeover, at: takenAt } = await logLine(other, (e) => e.msg === "attempt started" && e.videoId === created.id, PIPELINE_HEARTBEAT_SECONDS * 1000);
        // Taken over well before the stopped worker's heartbeat could have lapsed (and the queue's
        // supervisor then noticed it), as a kill would have needed.
        expect(takenAt - signalled).toBeLessThan(PIPELINE_HEARTBEAT_SECONDS * 1000);
        console.log(`the other worker started the next attempt ${takenAt - signalled} ms after the SIGTERM`);
        expect(takeover.attempt).toBe(startedOn(holder)!.attempt + 1);
        // Its finished stages were kept: the new attempt starts at the render.
        expect(takeover.status).toBe("rendering");
        expect(await holder.proc.exited).toBe(0);
        expect(Date.now() - signalled).toBeLessThan(HAND_BACK_GRACE_MS + 15_000);
        expect(holder.log.some((e) => e.msg === "video handed back to the queue" && e.videoId === created.id)).toBe(true);

        const video = await poll(serve.url, key, created.id, (v) => v.status === "completed", 600_000);
        expect(video.creditsCharged).toEqual({ narration: 0, render: 0, videos: 1 });
        const me = (await (await fetch(`${serve.url}/v1/me`, { headers: { authorization: `Bearer ${key}` } })).json()) as any;
        expect(me.usage.videosCompleted).toBe(1);
        expect(me.usage.creditsCharged.videos).toBe(1);
        for (const p of [serve, other]) p.proc.kill("SIGTERM");
        for (const p of [serve, other]) expect(await p.proc.exited).toBe(0);
      } finally {
        media.stop();
        await database.close();
      }
    },
    1_500_000,
  );
});
