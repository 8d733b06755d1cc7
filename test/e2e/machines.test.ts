import { afterAll, beforeAll, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { probe } from "../../render/ffmpeg.ts";
import { runAdminCommand } from "../../src/admin/commands.ts";
import { type MediaServer, startMediaServer } from "../fakes/media-server.ts";
import { freshDatabase } from "../helpers/databases.ts";
import { type ObjectStore, startObjectStore } from "../helpers/object-store.ts";
import { logLine, poll, start, tempDir } from "../helpers/processes.ts";
import { storyBody } from "../helpers/videos.ts";

/**
 * Several machines: a serving process and two workers on Postgres and an S3-compatible bucket, each with
 * its own DATA_DIR, so nothing is shared on disk. The worker rendering a video is killed outright; the
 * other takes the video over once its heartbeat lapses, from the stage outputs kept in the database and
 * the bucket (it does not narrate again), and the video is downloaded through a presigned URL.
 */

let store: ObjectStore;
let media: MediaServer;
beforeAll(async () => {
  store = await startObjectStore();
  media = await startMediaServer();
}, 60_000);
afterAll(async () => {
  media?.stop();
  await store?.stop();
});

test.skipIf(!process.env.TEST_DATABASE_URL)(
  "serve + two workers on Postgres and a bucket: kill -9 of the worker rendering, the other resumes from the stored stage outputs; download through a presigned URL",
  async () => {
    const database = await freshDatabase("postgres");
    try {
      const ca = join(tempDir("machines-ca-"), "media-ca.pem");
      writeFileSync(ca, media.ca);
      const common = { DATABASE_URL: database.url!, ...store.env("machines"), UNSAFE_ALLOW_PRIVATE_URLS: "1", OUTBOUND_CA_FILE: ca };
      const account = await runAdminCommand({ db: database.db, now: () => new Date() }, "create-account", { email: `machines-${Date.now()}@example.com` });
      if (!account.ok) throw new Error(account.error);
      const key = String(account.value.apiKey);
      const serve = await start({ ...common, ROLE: "serve", DATA_DIR: tempDir("machine-serve-") });
      const workers = [await start({ ...common, ROLE: "worker", DATA_DIR: tempDir("machine-a-") }), await start({ ...common, ROLE: "worker", DATA_DIR: tempDir("machine-b-") })];

      // Own footage and music, so the video does not depend on which built-in loops this machine has made.
      const body = storyBody({}, { backgroundVideoUrl: media.url("/clip.mp4"), backgroundAudioUrl: media.url("/tone.mp3") });
      const created = (await (await fetch(`${serve.url}/v1/videos`, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: JSON.stringify(body) })).json()) as any;
      await poll(serve.url, key, created.id, (v) => v.status === "rendering" && v.progress > 50, 600_000);
      const startedOn = (w: (typeof workers)[number]) => w.log.find((e) => e.msg === "attempt started" && e.videoId === created.id);
      const holder = workers.find(startedOn)!;
      const other = workers.find((w) => w !== holder)!;
      holder.proc.kill("SIGKILL");
      await holder.proc.exited;

      // The queue retries the job once the heartbeat lapses and a supervising pass notices (a minute or
      // two); the other machine's attempt starts at the render: its working folder is empty, and the
      // narration comes from the bucket.
      const { entry: takeover } = await logLine(other, (e) => e.msg === "attempt started" && e.videoId === created.id, 5 * 60_000);
      expect(takeover.status).toBe("rendering");
      const statuses = new Set<string>();
      const video = await poll(
        serve.url,
        key,
        created.id,
        (v) => {
          statuses.add(v.status);
          return v.status === "completed";
        },
        900_000,
      );
      expect(statuses.has("narrating")).toBe(false);
      expect(video.creditsCharged).toEqual({ narration: 0, render: 0, videos: 1 });

      const link = await fetch(video.downloadUrl.replace(/^https?:\/\/[^/]+/, serve.url), { redirect: "manual" });
      expect(link.status).toBe(302);
      const location = link.headers.get("location")!;
      expect(location).toStartWith(`${store.endpoint}/${store.bucket}/machines/`);
      const mp4 = await fetch(location);
      expect(mp4.status).toBe(200);
      const file = join(tempDir("machines-download-"), "video.mp4");
      writeFileSync(file, new Uint8Array(await mp4.arrayBuffer()));
      const info = await probe(file);
      const stream = info.streams.find((s: any) => s.codec_type === "video")!;
      expect([stream.width, stream.height, stream.codec_name]).toEqual([1080, 1920, "h264"]);
      for (const p of [serve, other]) p.proc.kill("SIGTERM");
      for (const p of [serve, other]) expect(await p.proc.exited).toBe(0);
    } finally {
      await database.close();
    }
  },
  1_800_000,
);
