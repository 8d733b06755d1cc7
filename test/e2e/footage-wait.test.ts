import { afterAll, describe, expect, test } from "bun:test";
import { copyFileSync, existsSync, linkSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FOOTAGE_RECIPES, type FootageRecipe } from "../../render/footage/recipes.ts";
import { ffmpegToFile } from "../../render/ffmpeg.ts";
import { type LoopRenderer, generateMedia } from "../../render/media/generate-media.ts";
import { generatedAudioDir } from "../../render/media/generated-audio.ts";
import { generatedMediaDir } from "../../render/media/generated-dir.ts";
import { loadConfig } from "../../src/kernel/config.ts";
import { requestedCategories } from "../../render/media/footage-requests.ts";
import { type PipelineJob, QUEUES } from "../../src/queue/job-queue.ts";
import { FOOTAGE_CHECK_SECONDS, waitingLabel } from "../../src/videos/footage-wait.ts";
import { readEventStream } from "../helpers/event-stream.ts";
import { useService } from "../helpers/harness.ts";
import { frameAt } from "../helpers/media.ts";
import { ROOT, spawnService } from "../helpers/service-process.ts";
import { chatBody } from "../helpers/videos.ts";

/**
 * Set-up's generation, run for real (its order, its requests, the state it publishes) with loops drawn
 * by ffmpeg instead of the 3D scenes: a flat colour per category, small and 2 s long (the thumbnail is cut at 1 s), so a frame tells whose footage a
 * video shows. `failing`: that category's loops fail, as a crashing scene would.
 */
const COLOURS: Record<string, [number, number, number]> = {
  "subway-surfers": [32, 80, 208],
  minecraft: [40, 160, 40],
  "mario-kart": [200, 200, 40],
  "gta-v": [120, 120, 120],
  satisfying: [200, 40, 200],
  backrooms: [180, 160, 80],
  roblox: [208, 32, 32],
};
const hex = (rgb: number[]) => `#${rgb.map((c) => c.toString(16).padStart(2, "0")).join("")}`;

function colourLoops(made: string[], failing?: string): () => LoopRenderer {
  return () => ({
    async render(recipe: FootageRecipe, out: string) {
      made.push(`${recipe.slug}/${recipe.name}`);
      if (recipe.slug === failing) throw new Error("the scene crashed");
      const args = ["-f", "lavfi", "-i", `color=c=${hex(COLOURS[recipe.slug]!)}:s=270x480:r=30:d=2`, "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-g", "30"];
      await ffmpegToFile(out, (partial) => [...args, partial]);
      return { rendered: 60, seconds: 0, fps: 0, maxRssBytes: 0 };
    },
    close: async () => {},
  });
}

const log = () => {};

/** The media caches and data folders this file makes, removed at its end. */
const folders: string[] = [];
const tempFolder = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  folders.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/** Links `from`'s files into `to` (folders made, nothing written where `from` is). */
function linkTree(from: string, to: string) {
  mkdirSync(to, { recursive: true });
  for (const name of readdirSync(from)) {
    if (statSync(join(from, name)).isDirectory()) linkTree(join(from, name), join(to, name));
    else {
      try {
        linkSync(join(from, name), join(to, name));
      } catch {
        copyFileSync(join(from, name), join(to, name));
      }
    }
  }
}

/** A media cache as start.sh leaves it before its background generation: music, sounds and the default category's first loop. */
async function firstPhase(cache: string) {
  // The music and sounds already made on this machine, if any: synthesizing them again takes a minute under load.
  const made = generatedAudioDir(loadConfig().mediaCacheDir);
  if (existsSync(made)) linkTree(made, generatedAudioDir(cache));
  await generateMedia(cache, "first", { log, renderer: colourLoops([]) });
  expect(existsSync(join(generatedMediaDir(cache), "backgrounds", "subway-surfers", "rails.mp4"))).toBe(true);
}

/** Roblox's red, not the default category's blue, below the chat card of the MP4's frame at 1 s. */
async function expectRobloxFootage(mp4: string, dir: string) {
  const frame = await frameAt(mp4, 1, join(dir, "frame.rgb"));
  const at = (1880 * 1080 + 40) * 3;
  for (const [i, c] of [frame[at]!, frame[at + 1]!, frame[at + 2]!].entries()) expect(Math.abs(c - COLOURS.roblox![i]!)).toBeLessThan(24);
}

/** Creates a chat video over `category` and follows its progress stream until it waits for that category's footage. */
async function waitingVideo(svc: ReturnType<ReturnType<typeof useService>>, category: string) {
  const { apiKey } = await svc.createAccount();
  const res = await svc.request("/v1/videos", { method: "POST", key: apiKey, json: chatBody({}, { background: { category } }) });
  expect(res.status).toBe(202);
  const { id } = (await res.json()) as { id: string };
  const stream = readEventStream(await svc.request(`/v1/videos/${id}/events`, { key: apiKey }));
  for (;;) {
    const event = await stream.nextEvent(60_000);
    const video = JSON.parse(event!.data);
    if (["completed", "failed"].includes(video.status)) throw new Error(`the video ended without waiting for its footage: ${event!.data}`);
    if (video.status === "preparing_media" && video.stage === waitingLabel("Roblox")) return { apiKey, id, stream };
  }
}

describe("a video whose background category is not generated yet", () => {
  const cache = tempFolder("footage-wait-");
  const svc = useService("pglite", { MEDIA_CACHE_DIR: cache }, { workers: true });

  test("waits in preparing_media while that category is generated next, then renders that category's footage", async () => {
    await firstPhase(cache);
    const before = (await (await svc().request("/v1/options")).json()) as any;
    expect(before.backgrounds.categories.filter((c: any) => c.ready).map((c: any) => c.id)).toEqual(["subway-surfers"]);

    // The options' id, as a caller reads it there.
    const { apiKey, id, stream } = await waitingVideo(svc(), "roblox");
    expect(requestedCategories(generatedMediaDir(cache))).toEqual(["roblox"]);

    // The background generation start.sh runs: the category a video waits for comes first, not last.
    const made: string[] = [];
    await generateMedia(cache, "rest", { log, renderer: colourLoops(made) });
    expect(made[0]).toBe("roblox/studs");
    expect(made).toHaveLength(FOOTAGE_RECIPES.length - 1);
    expect(requestedCategories(generatedMediaDir(cache))).toEqual([]);

    const events = (await stream.rest(150_000)).map((e) => JSON.parse(e.data));
    expect(events.at(-1)).toMatchObject({ status: "completed" });
    // Each look while it waits says the same: no event, and never back to the plain label.
    expect(events.filter((v) => v.status === "preparing_media")).toEqual([]);
    const video = (await (await svc().request(`/v1/videos/${id}`, { key: apiKey })).json()) as any;
    const redirect = await svc().app.handle(new Request(video.downloadUrl));
    const file = await svc().app.handle(new Request(redirect.headers.get("location")!));
    const mp4 = join(svc().dataDir, "check.mp4");
    writeFileSync(mp4, new Uint8Array(await file.arrayBuffer()));
    await expectRobloxFootage(mp4, svc().dataDir);

    const after = (await (await svc().request("/v1/options")).json()) as any;
    expect(after.backgrounds.categories.every((c: any) => c.ready)).toBe(true);
  }, 300_000);
});

describe("a video waiting for footage whose generation fails", () => {
  const cache = tempFolder("footage-fail-");
  const svc = useService("pglite", { MEDIA_CACHE_DIR: cache }, { workers: true });

  test("fails with BACKGROUND_UNAVAILABLE, saying why, instead of waiting on", async () => {
    await firstPhase(cache);
    const { id, stream } = await waitingVideo(svc(), "Roblox");
    // The wait is carried in the video's queued job (in the database), so a restart keeps it.
    const deadline = Date.now() + 2 * FOOTAGE_CHECK_SECONDS * 1000;
    for (;;) {
      const jobs = await svc().queue.boss.findJobs<PipelineJob>(QUEUES.pipeline, { data: { videoId: id } });
      if (jobs.some((j) => j.state === "created" && j.data.footageWait?.category === "Roblox" && j.data.footageWait.checks >= 1)) break;
      if (Date.now() > deadline) throw new Error(`no queued job carries the wait: ${JSON.stringify(jobs.map((j) => [j.state, j.data]))}`);
      await Bun.sleep(100);
    }
    const made: string[] = [];
    await generateMedia(cache, "rest", { log, renderer: colourLoops(made, "roblox") });
    // Each of the category's loops was tried first.
    expect(made.slice(0, 3)).toEqual(["roblox/studs", "roblox/block-party", "roblox/obby"]);
    const events = (await stream.rest(120_000)).map((e) => JSON.parse(e.data));
    expect(events.at(-1)).toMatchObject({ status: "failed", error: { code: "BACKGROUND_UNAVAILABLE" } });
    expect(events.at(-1).error.message).toContain("The Roblox footage failed to generate");
  }, 240_000);
});

describe("a video waiting for footage, across a restart", () => {
  const processes: Bun.Subprocess[] = [];
  afterAll(() => {
    for (const p of processes) p.kill("SIGKILL");
  });

  test("the service is killed while the video waits; the restarted one keeps it waiting, then renders the category asked for", async () => {
    const cache = tempFolder("footage-restart-");
    const dataDir = tempFolder("footage-restart-data-");
    await firstPhase(cache);
    const env = { DATA_DIR: dataDir, MEDIA_CACHE_DIR: cache };
    const admin = Bun.spawn(["bun", "src/admin/cli.ts", "create-account", "--email", `wait-${Date.now()}@example.com`, "--json"], { cwd: ROOT, env: { ...process.env, ...env }, stdout: "pipe" });
    const { apiKey } = JSON.parse(await new Response(admin.stdout).text()) as { apiKey: string };
    const start = async () => {
      const service = await spawnService(env);
      processes.push(service.proc);
      return service;
    };
    const read = async (url: string, id: string) => (await (await fetch(`${url}/v1/videos/${id}`, { headers: { authorization: `Bearer ${apiKey}` } })).json()) as any;
    /** Polls under the 60 requests a minute until `until`, failing once the video ends otherwise. */
    const poll = async (url: string, id: string, until: (v: any) => boolean) => {
      for (const deadline = Date.now() + 180_000; ; await Bun.sleep(1100)) {
        const video = await read(url, id);
        if (until(video)) return video;
        if (["completed", "failed"].includes(video.status) || Date.now() > deadline) throw new Error(`not as awaited: ${JSON.stringify(video)}`);
      }
    };

    let service = await start();
    const created = await fetch(`${service.url}/v1/videos`, {
      method: "POST",
      headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
      body: JSON.stringify(chatBody({}, { background: { category: "Roblox" } })),
    });
    expect(created.status).toBe(202);
    const { id } = (await created.json()) as { id: string };
    await poll(service.url, id, (v) => v.stage === waitingLabel("Roblox"));
    service.proc.kill("SIGKILL");
    await service.proc.exited;

    service = await start();
    // The generation made nothing meanwhile: after the restart the video still waits, and is not failed.
    await Bun.sleep(3 * FOOTAGE_CHECK_SECONDS * 1000);
    expect(await read(service.url, id)).toMatchObject({ status: "preparing_media", stage: waitingLabel("Roblox") });
    await generateMedia(cache, "rest", { log, renderer: colourLoops([]) });
    const video = await poll(service.url, id, (v) => v.status === "completed");
    const redirect = await fetch(video.downloadUrl.replace(/^https?:\/\/[^/]+/, service.url), { redirect: "manual" });
    const file = await fetch(redirect.headers.get("location")!.replace(/^https?:\/\/[^/]+/, service.url));
    const mp4 = join(dataDir, "check.mp4");
    writeFileSync(mp4, new Uint8Array(await file.arrayBuffer()));
    await expectRobloxFootage(mp4, dataDir);
    service.proc.kill("SIGTERM");
    await service.proc.exited;
  }, 420_000);
});
