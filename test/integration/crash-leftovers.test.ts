import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, watch } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { insertVideo } from "../../db/repos/videos.ts";
import { videos } from "../../db/schema/index.ts";
import { runFfmpeg } from "../../render/ffmpeg.ts";
import { newId } from "../../src/kernel/ids.ts";
import { decodeForAlignment } from "../../src/narration/decode.ts";
import { createOfflineNarrator } from "../../src/narration/providers/offline.ts";
import type { PipelineDeps } from "../../src/videos/pipeline.ts";
import { sweepWorkFolders } from "../../src/videos/worker.ts";
import { DATABASE_KINDS } from "../helpers/databases.ts";
import { useService } from "../helpers/harness.ts";
import { ROOT, ffmpegPids } from "../helpers/service-process.ts";
import { storyBody } from "../helpers/videos.ts";

/** The system's temp folder, before any test names another. */
const SYSTEM_TEMP = tmpdir();

function folder(prefix: string): string {
  const dir = mkdtempSync(join(SYSTEM_TEMP, prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * A temp folder of the test's own, named by TMPDIR to what it starts (os.tmpdir() reads it): what the code
 * under test puts in the system's temp folder lands here, apart from other processes' files. The shared
 * font cache (render/fonts.ts) is made there by design and is no working file.
 */
const ownTempFolder = () => folder("leftovers-tmp-");
const workingFilesIn = (dir: string) => readdirSync(dir).filter((name) => !name.startsWith("shortvid-fonts-"));

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const fn of cleanups.splice(0).reverse()) fn();
});

describe.each(DATABASE_KINDS)("a render killed mid-way (%s)", (kind) => {
  const svc = useService(kind);

  test("leaves its files in the video's working folder only, kept while the video is live and swept once it has ended", async () => {
    const { accountId } = await svc().createAccount();
    const now = svc().deps.now();
    const video = await insertVideo(svc().database.db, { id: newId("vid"), accountId, template: "reddit_story", status: "rendering", stage: "Rendering", inputs: storyBody().inputs, createdAt: now, updatedAt: now });
    const workRoot = join(svc().dataDir, "work");
    const videoDir = join(workRoot, video.id);
    mkdirSync(videoDir, { recursive: true });
    const temp = ownTempFolder();

    const child = Bun.spawn(["bun", "test/fixtures/render-until-killed.ts", videoDir], { cwd: ROOT, env: { ...process.env, TMPDIR: temp }, stdout: "pipe", stderr: "pipe" });
    cleanups.push(() => void child.kill("SIGKILL"));
    const reader = child.stdout.getReader();
    let said = "";
    while (!said.includes("rendering")) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`the render ended before it was killed: ${await new Response(child.stderr).text()}`);
      said += new TextDecoder().decode(value);
    }
    child.kill("SIGKILL");
    await child.exited;
    // Its ffmpeg dies with it (parent-death signal); the sweep below must not race its last writes.
    for (let waited = 0; ffmpegPids(videoDir).length > 0; waited += 100) {
      if (waited > 10_000) throw new Error("the render's ffmpeg outlived its process");
      await Bun.sleep(100);
    }

    expect(workingFilesIn(temp)).toEqual([]);
    const left = readdirSync(videoDir).filter((name) => name.startsWith("render-"));
    expect(left).toHaveLength(1);
    expect(readdirSync(join(videoDir, left[0]!))).toContain("captions.ass");

    // Another process may be rendering a live video: its folder stays.
    const deps = { database: svc().database, workRoot } as PipelineDeps;
    expect(await sweepWorkFolders(deps)).toBe(0);
    expect(existsSync(join(videoDir, left[0]!))).toBe(true);
    // Once the video has ended (the restart completed it), the start-up sweep takes the leftovers.
    await svc().database.db.update(videos).set({ status: "completed" }).where(eq(videos.id, video.id));
    expect(await sweepWorkFolders(deps)).toBe(1);
    expect(existsSync(videoDir)).toBe(false);
  }, 120_000);
});

describe("narration's working files", () => {
  let temp: string;
  let savedTmpdir: string | undefined;
  beforeEach(() => {
    savedTmpdir = process.env.TMPDIR;
    temp = ownTempFolder();
    process.env.TMPDIR = temp;
  });
  afterEach(() => {
    if (savedTmpdir === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = savedTmpdir;
  });

  /** Names of the entries made in the temp folder and in `dir` while `work` runs, removed ones included. */
  async function madeWhile(dir: string, work: () => Promise<unknown>): Promise<{ inTemp: string[]; inDir: string[] }> {
    const [inTemp, inDir] = [new Set<string>(), new Set<string>()];
    const watchers = [watch(temp, (_event, name) => name && inTemp.add(String(name))), watch(dir, (_event, name) => name && inDir.add(String(name)))];
    try {
      await work();
      // inotify's events arrive after the work that caused them.
      await Bun.sleep(300);
    } finally {
      for (const w of watchers) w.close();
    }
    const names = (seen: Set<string>) => [...seen].filter((name) => !name.startsWith("shortvid-fonts-")).sort();
    return { inTemp: names(inTemp), inDir: names(inDir) };
  }

  test("are made beside the output (the video's folder), never in the system's temp folder", async () => {
    const videoDir = folder("leftovers-vid-");
    const narrator = createOfflineNarrator({ engine: "espeak" });
    const made = await madeWhile(videoDir, () => narrator.narrate({ text: "Working files stay with the video.", voiceId: "pNInz6obpgDQGcFmaJgB" }, join(videoDir, "narration.wav")));
    expect(made.inTemp).toEqual([]);
    expect(made.inDir.some((name) => name.startsWith("offline-"))).toBe(true);
    expect(readdirSync(videoDir)).toEqual(["narration.wav"]);
  }, 60_000);

  test("decoding audio for alignment writes no file at all", async () => {
    const dir = folder("leftovers-decode-");
    const wav = join(dir, "tone.wav");
    await runFfmpeg(["-f", "lavfi", "-i", "sine=f=440:d=1", "-ar", "48000", wav]);
    let samples: Float32Array | undefined;
    expect(await madeWhile(dir, async () => (samples = await decodeForAlignment(wav)))).toEqual({ inTemp: [], inDir: [] });
    // One second at the aligner's 16 kHz.
    expect(Math.abs(samples!.length - 16_000)).toBeLessThanOrEqual(160);
  }, 60_000);
});
