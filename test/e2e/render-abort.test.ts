import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, sep } from "node:path";
import { beginVideoAttempt } from "../../db/repos/videos.ts";
import { FFMPEG_KILL_GRACE_MS } from "../../render/ffmpeg.ts";
import { libx264Settings } from "../../render/plan/encoder.ts";
import { createRenderPool } from "../../render/pool.ts";
import type { Timeline } from "../../render/timeline.ts";
import { QUEUES } from "../../src/queue/job-queue.ts";
import { videoFileKey } from "../../src/storage/local.ts";
import { VIDEO_HEARTBEAT_MS } from "../../src/videos/pipeline.ts";
import { DATABASE_KINDS } from "../helpers/databases.ts";
import { useService } from "../helpers/harness.ts";
import { storyBody } from "../helpers/videos.ts";

/** How often the tests look for the process. */
const POLL_MS = 100;
/**
 * Room in every bound for what configuration does not time: a database write, a message to the render
 * thread, the process being reaped and the poll itself, on a loaded machine.
 */
const SLACK_MS = 2_000;

/** Pids of running ffmpeg processes whose command line mentions `needle`. */
function ffmpegPids(needle: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let args: string[];
    try {
      args = readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0");
      // A process that exited but was not reaped yet is no longer rendering.
      if (/^\d+ \([^)]*\) Z/.test(readFileSync(`/proc/${entry}/stat`, "utf8"))) continue;
    } catch {
      continue; // gone meanwhile
    }
    if (args[0]?.endsWith("ffmpeg") && args.some((a) => a.includes(needle))) pids.push(Number(entry));
  }
  return pids;
}

async function waitUntil(condition: () => boolean, timeoutMs: number, what: string): Promise<number> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await Bun.sleep(POLL_MS);
  }
  return Date.now() - start;
}

describe("render pool abort", () => {
  const dir = mkdtempSync(join(tmpdir(), "abort-"));
  const pool = createRenderPool({ settings: libx264Settings("ultrafast"), reason: "test" }, { maxConcurrentRenders: 1, threads: 2 });
  afterAll(async () => {
    await pool.close();
    rmSync(dir, { recursive: true, force: true });
  });
  // Fifteen minutes of 1080x1920: no machine encodes it within the bounds below, so only the abort ends it.
  const long: Timeline = { duration: 900, background: { kind: "color", color: "#203040" }, layers: [], audio: [] };

  test("aborting a running render stops its ffmpeg in the worker thread; a waiting one gives up its turn", async () => {
    const running = new AbortController();
    const waiting = new AbortController();
    // Each in a folder of its own, which a segmented render's runs write under too: its runs are found by it.
    for (const name of ["first", "second"]) mkdirSync(join(dir, name));
    const first = pool.render(long, join(dir, "first", "video.mp4"), { signal: running.signal });
    const second = pool.render(long, join(dir, "second", "video.mp4"), { signal: waiting.signal });
    // Both are rejected while the test is still watching the processes; handled now, so the rejection
    // is not reported as unhandled before the assertions below look at it.
    for (const render of [first, second]) render.catch(() => {});
    await waitUntil(() => ffmpegPids(join(dir, "first")).length > 0, 60_000, "the first render's ffmpeg to start");
    expect(pool.stats()).toMatchObject({ rendersRunning: 1, rendersWaiting: 1 });

    waiting.abort();
    await expect(second).rejects.toThrow("no longer needs");
    expect(pool.stats()).toMatchObject({ rendersRunning: 1, rendersWaiting: 0 });

    running.abort();
    const gone = await waitUntil(() => ffmpegPids(join(dir, "first")).length === 0, FFMPEG_KILL_GRACE_MS + SLACK_MS, "the aborted ffmpeg to exit");
    expect(gone).toBeLessThanOrEqual(FFMPEG_KILL_GRACE_MS + SLACK_MS);
    await expect(first).rejects.toThrow("no longer needs");
    expect(pool.stats()).toMatchObject({ rendersRunning: 0, rendersWaiting: 0 });
    expect(ffmpegPids(join(dir, "second"))).toEqual([]);
  }, 120_000);
});

describe.each(DATABASE_KINDS.slice(0, 1))("superseded attempt on %s", (kind) => {
  const svc = useService(kind, {}, { workers: true });

  test("a fenced-out attempt's render is stopped within one heartbeat and the kill grace, and its video is never stored", async () => {
    const { apiKey } = await svc().createAccount();
    const res = await svc().request("/v1/videos", { method: "POST", key: apiKey, json: storyBody() });
    expect(res.status).toBe(202);
    const { id } = (await res.json()) as { id: string };
    // The video's working folder: its render's runs (whole or in segments) all write under it.
    const output = `${sep}${id}${sep}`;
    await waitUntil(() => ffmpegPids(output).length > 0, 150_000, "the video's render to start");

    // A newer attempt takes the video over, as when the queue retries a job whose worker looked dead: the
    // running attempt learns it at its next write, at the latest its heartbeat.
    expect(await beginVideoAttempt(svc().database.db, id, new Date())).toBeDefined();
    const bound = VIDEO_HEARTBEAT_MS + FFMPEG_KILL_GRACE_MS + SLACK_MS;
    const gone = await waitUntil(() => ffmpegPids(output).length === 0, bound, "the superseded render's ffmpeg to exit");
    expect(gone).toBeLessThanOrEqual(bound);

    // Once the superseded attempt has ended, nothing of its render was kept (a render left to run to its
    // end would have stored the file before its completion was refused).
    const attemptEnded = async () => {
      const jobs = await svc().queue.boss.findJobs<{ videoId: string }>(QUEUES.pipeline, { data: { videoId: id } });
      return jobs.length > 0 && jobs.every((job) => job.state === "completed");
    };
    for (const start = Date.now(); !(await attemptEnded()); await Bun.sleep(POLL_MS)) {
      if (Date.now() - start > 120_000) throw new Error("the superseded attempt did not end");
    }
    expect(svc().deps.storage.locate(videoFileKey(id))).toBeUndefined();
  }, 240_000);
});
