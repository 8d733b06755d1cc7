import { expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { videos } from "../../db/schema/index.ts";
import { probe } from "../../render/ffmpeg.ts";
import { runAdminCommand } from "../../src/admin/commands.ts";
import { fakeTextMessage } from "../../src/templates/fake-text-message/index.ts";
import { freshDatabase } from "../helpers/databases.ts";
import { useBucketAndMedia } from "../helpers/object-store.ts";
import { logLine, poll, start, tempDir } from "../helpers/processes.ts";
import { storyBody } from "../helpers/videos.ts";

/**
 * Several machines: a serving process and two workers on Postgres and an S3-compatible bucket, each with
 * its own DATA_DIR, so nothing is shared on disk. The worker rendering a reddit story is killed outright;
 * the other takes the video over once its heartbeat lapses, from the stage outputs kept in the database
 * and the bucket (it does not narrate again). A video of each other template, the shortest each allows,
 * is made alongside it, and every one is downloaded through a presigned URL.
 */

const { store, media } = useBucketAndMedia();

test.skipIf(!process.env.TEST_DATABASE_URL)(
  "serve + two workers on Postgres and a bucket: a video of each template; kill -9 of the worker rendering the reddit story, the other resumes it from the stored stage outputs; downloads through presigned URLs",
  async () => {
    const database = await freshDatabase("postgres");
    try {
      const ca = join(tempDir("machines-ca-"), "media-ca.pem");
      writeFileSync(ca, media().ca);
      const common = { DATABASE_URL: database.url!, ...store().env("machines"), UNSAFE_ALLOW_PRIVATE_URLS: "1", OUTBOUND_CA_FILE: ca };
      // Two accounts: one has at most three videos in progress, and four are made at once.
      const newKey = async (name: string) => {
        const account = await runAdminCommand({ db: database.db, now: () => new Date() }, "create-account", { email: `machines-${name}-${Date.now()}@example.com` });
        if (!account.ok) throw new Error(account.error);
        return String(account.value.apiKey);
      };
      const key = await newKey("story");
      const othersKey = await newKey("others");
      const serve = await start({ ...common, ROLE: "serve", DATA_DIR: tempDir("machine-serve-") });
      const workers = [await start({ ...common, ROLE: "worker", DATA_DIR: tempDir("machine-a-") }), await start({ ...common, ROLE: "worker", DATA_DIR: tempDir("machine-b-") })];

      const create = async (apiKey: string, body: unknown): Promise<{ id: string }> => {
        const res = await fetch(`${serve.url}/v1/videos`, { method: "POST", headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" }, body: JSON.stringify(body) });
        expect(res.status).toBe(202);
        return (await res.json()) as { id: string };
      };
      // Own footage and music for the reddit story, so the kill and takeover do not depend on which built-in
      // loops this machine has made. The others use built-in footage (article_video and quiz_video take no
      // other): converting the same own clip for a second account alongside three renders went past its
      // conversion time limit on a loaded 2-core machine.
      const story = storyBody({}, { backgroundVideoUrl: media().url("/clip.mp4"), backgroundAudioUrl: media().url("/tone.mp3") });
      const others = {
        article_video: { template: "article_video", inputs: { source: { kind: "url", url: media().url("/article.html") }, length: "short" } },
        quiz_video: { template: "quiz_video", inputs: { topic: "Capital cities of Europe", questionCount: 5, countdownSeconds: 3 } },
        fake_text_message: { template: "fake_text_message", inputs: fakeTextMessage.examples.minimal },
      };
      const [created, ...otherIds] = await Promise.all([create(key, story), ...Object.values(others).map((body) => create(othersKey, body))]);
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
      await expectDownload(serve.url, database, video);

      // The other templates' videos, made by either worker (or taken over, if the killed one held them).
      for (const [i, template] of Object.keys(others).entries()) {
        const done = await poll(serve.url, othersKey, otherIds[i]!.id, (v) => v.status === "completed", 600_000);
        expect(done.template).toBe(template);
        expect(done.creditsCharged.videos).toBe(1);
        await expectDownload(serve.url, database, done);
      }
      for (const p of [serve, other]) p.proc.kill("SIGTERM");
      for (const p of [serve, other]) expect(await p.proc.exited).toBe(0);
    } finally {
      await database.close();
    }
  },
  1_800_000,
);

/**
 * GET /v1/d/{token} on the serving process redirects to the bucket; the bytes there are the finished
 * video: 1080x1920 H.264 with an AAC track, as long as the duration recorded for it.
 */
async function expectDownload(serveUrl: string, database: Database, video: any) {
  const link = await fetch(video.downloadUrl.replace(/^https?:\/\/[^/]+/, serveUrl), { redirect: "manual" });
  expect(link.status).toBe(302);
  const location = link.headers.get("location")!;
  expect(location).toStartWith(`${store().endpoint}/${store().bucket}/machines/`);
  const mp4 = await fetch(location);
  expect(mp4.status).toBe(200);
  const file = join(tempDir("machines-download-"), `${video.template}.mp4`);
  writeFileSync(file, new Uint8Array(await mp4.arrayBuffer()));
  const { streams, format } = await probe(file);
  const picture = streams.find((s) => s.codec_type === "video")!;
  expect([picture.width, picture.height, picture.codec_name]).toEqual([1080, 1920, "h264"]);
  expect(streams.find((s) => s.codec_type === "audio")?.codec_name).toBe("aac");
  const row = (await database.db.select().from(videos).where(eq(videos.id, video.id)))[0]!;
  expect(row.durationSeconds).toBeGreaterThan(1);
  expect(Math.abs(Number(format.duration) - row.durationSeconds!)).toBeLessThan(0.1);
}
