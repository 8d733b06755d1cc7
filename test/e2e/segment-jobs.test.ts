import { expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { usageLedger, videos } from "../../db/schema/index.ts";
import { probe } from "../../render/ffmpeg.ts";
import { totalFrames } from "../../render/plan/segments.ts";
import { runAdminCommand } from "../../src/admin/commands.ts";
import { QUEUE_SUPERVISE_SECONDS, SEGMENT_HEARTBEAT_SECONDS } from "../../src/queue/job-queue.ts";
import { freshDatabase } from "../helpers/databases.ts";
import { useBucketAndMedia } from "../helpers/object-store.ts";
import { poll, start, tempDir } from "../helpers/processes.ts";
import { storyBody } from "../helpers/videos.ts";

/**
 * Segments shared across workers (SEGMENT_JOBS=1): a serving process and two workers on Postgres and a
 * bucket, each with its own DATA_DIR. The video's worker renders its first window and offers the other
 * three; the idle worker takes one and is killed outright while it renders it. The lost window is rendered
 * again (the queue fails its job once the heartbeat lapses, and the video's worker takes it back), and the
 * video completes once, by its first attempt, charged once, whole, with nothing of the shared render left
 * in the bucket.
 */

const { store, media } = useBucketAndMedia();

/** Polls `probe` until it gives a value, for at most ten minutes (a render on a loaded machine). */
async function waitFor<T>(probe: () => T | undefined, what: string): Promise<T> {
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ten minutes`);
    await Bun.sleep(100);
  }
}

/** The ffmpeg runs whose parent is `pid` and whose arguments name a shared window's folder, with the window's index. */
function sharedWindowRuns(pid: number): { pid: number; window: number }[] {
  const out = Bun.spawnSync(["ps", "-eo", "pid=,ppid=,stat=,args="]).stdout.toString();
  return out
    .split("\n")
    .map((line) => line.trim().match(/^(\d+)\s+(\d+)\s+(\S+)\s+(ffmpeg .*segment-a\d+-w(\d+).*)$/))
    .filter((m): m is RegExpMatchArray => m !== null && Number(m[2]) === pid && !m[3]!.startsWith("Z"))
    .map((m) => ({ pid: Number(m[1]), window: Number(m[5]) }));
}

test.skipIf(!process.env.TEST_DATABASE_URL)(
  "serve + two workers sharing a video's segments on Postgres: the worker rendering a window is killed, the window is rendered again, the video completes once, charged once",
  async () => {
    const database = await freshDatabase("postgres");
    try {
      const ca = join(tempDir("segments-ca-"), "media-ca.pem");
      writeFileSync(ca, media().ca);
      // Four windows: the video's worker renders the first, and with its second core takes back one no one
      // took within SEGMENT_OFFER_MS; the other two stay on offer at least as long as a window renders.
      const common = { DATABASE_URL: database.url!, ...store().env("segments"), UNSAFE_ALLOW_PRIVATE_URLS: "1", OUTBOUND_CA_FILE: ca, SEGMENT_JOBS: "1", RENDER_SEGMENTS: "4" };
      const account = await runAdminCommand({ db: database.db, now: () => new Date() }, "create-account", { email: `segments-${Date.now()}@example.com` });
      if (!account.ok) throw new Error(account.error);
      const key = String(account.value.apiKey);
      const serve = await start({ ...common, ROLE: "serve", DATA_DIR: tempDir("segments-serve-") });
      const workers = [await start({ ...common, ROLE: "worker", DATA_DIR: tempDir("segments-a-") }), await start({ ...common, ROLE: "worker", DATA_DIR: tempDir("segments-b-") })];

      // Own footage and music: the test does not depend on which built-in loops this machine has made.
      const res = await fetch(`${serve.url}/v1/videos`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify(storyBody({}, { backgroundVideoUrl: media().url("/clip.mp4"), backgroundAudioUrl: media().url("/tone.mp3") })),
      });
      expect(res.status).toBe(202);
      const { id } = (await res.json()) as { id: string };
      const { owner } = await waitFor(() => {
        const owner = workers.find((w) => w.log.some((e) => e.msg === "attempt started" && e.videoId === id));
        return owner && { owner };
      }, "a worker to start the video");
      const helper = workers.find((w) => w !== owner)!;

      // The idle worker takes a window as soon as the owner offers it; it is killed while its ffmpeg runs.
      const runs = await waitFor(() => {
        if (owner.log.some((e) => e.msg === "video rendered in segments" && e.videoId === id)) {
          throw new Error(`the video was rendered before the other worker took a window; its log ends: ${JSON.stringify(helper.log.slice(-10))}`);
        }
        const found = sharedWindowRuns(helper.proc.pid);
        return found.length > 0 ? found : undefined;
      }, "the other worker to take a window");
      helper.proc.kill("SIGKILL");
      // The machine goes with its worker: its ffmpeg too.
      for (const { pid } of runs) {
        try {
          process.kill(pid, "SIGKILL");
        } catch {
          // already gone with its worker (ffmpeg runs under a parent-death signal)
        }
      }
      await helper.proc.exited;

      // Back within the heartbeat, a supervising pass and the window's render; the rest is the video's own.
      const video = await poll(serve.url, key, id, (v) => v.status === "completed", (SEGMENT_HEARTBEAT_SECONDS + QUEUE_SUPERVISE_SECONDS) * 1000 + 10 * 60_000);
      expect(video.creditsCharged).toEqual({ narration: 0, render: 0, videos: 1 });
      const [row] = await database.db.select().from(videos).where(eq(videos.id, id));
      expect(row!.attempts).toBe(1);
      expect(await database.db.select().from(usageLedger).where(eq(usageLedger.videoId, id))).toHaveLength(1);
      // The lost window went back on offer (its job failed for the lapsed heartbeat and was retried) and
      // the video's worker took it back and rendered it.
      const lost = runs[0]!.window;
      expect(lost).toBeGreaterThan(0);
      const again = owner.log.filter((e) => e.videoId === id && e.window === lost && /rendering it here/.test(e.msg));
      expect(again.map((e) => e.msg)).toEqual(["took a shared window back; rendering it here"]);
      const rendered = owner.log.find((e) => e.msg === "video rendered in segments" && e.videoId === id)!;
      expect(rendered.segmentSeconds).toHaveLength(4);

      // Whole: every frame of the video's length, and its audio.
      const link = await fetch(video.downloadUrl.replace(/^https?:\/\/[^/]+/, serve.url), { redirect: "manual" });
      const download = await fetch(link.headers.get("location")!);
      expect(download.status).toBe(200);
      const file = join(tempDir("segments-out-"), "video.mp4");
      await Bun.write(file, download);
      const probed = await probe(file, ["-count_packets"]);
      const picture = probed.streams.find((s) => s.codec_type === "video")!;
      expect(Number(picture.nb_read_packets)).toBe(totalFrames(video.durationMs / 1000));
      expect(probed.streams.some((s) => s.codec_type === "audio")).toBe(true);

      // Nothing of the shared render is left in the bucket.
      const stored = store().keys("segments");
      expect(stored).toContain(`segments/${id}.mp4`);
      expect(stored.filter((k) => k.includes("/segment-"))).toEqual([]);

      for (const p of [serve, owner]) p.proc.kill("SIGTERM");
      for (const p of [serve, owner]) expect(await p.proc.exited).toBe(0);
    } finally {
      await database.close();
    }
  },
  1_800_000,
);
