import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { FfmpegError, FfmpegOutOfMemory, probe, runFfmpeg } from "../../render/ffmpeg.ts";
import { OWN_MEDIA_CONVERT_MEMORY_BYTES, ownVideoConvertArgs } from "../../render/plan/media-convert.ts";
import { createOwnMediaImporter, MediaImportError, type OwnMediaDeps, type OwnMediaImporter } from "../../src/media/own-media.ts";
import { callerUrlPolicy } from "../../src/net/outbound.ts";
import { GROWN_FRAMES, startHostileMediaServer, type HostileMediaServer } from "../fakes/hostile-media-server.ts";
import { DATABASE_KINDS } from "../helpers/databases.ts";
import { type TestService, useService } from "../helpers/harness.ts";

let media: HostileMediaServer;
beforeAll(async () => {
  media = await startHostileMediaServer();
}, 120_000);
afterAll(() => media.stop());

/**
 * The highest resident memory (VmHWM) any ffmpeg or ffprobe child of this process reached while `work`
 * ran, read every 50 ms. Not the children's rusage: a child started from this process (large, with its
 * embedded database) is charged this process's own high-water mark when it execs.
 */
async function peakChildMemory<T>(work: Promise<T>): Promise<{ settled: PromiseSettledResult<T>; peakBytes: number }> {
  let peakBytes = 0;
  let done = false;
  const settled = Promise.allSettled([work]).then(([result]) => ((done = true), result!));
  while (!done) {
    const children = Bun.spawnSync(["ps", "-o", "pid=,comm=", "--ppid", String(process.pid)]).stdout.toString();
    for (const [pid, comm] of children.split("\n").map((line) => line.trim().split(/\s+/))) {
      if (comm !== "ffmpeg" && comm !== "ffprobe") continue;
      try {
        const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
        if (hwm) peakBytes = Math.max(peakBytes, Number(hwm[1]) * 1024);
      } catch {
        // It ended between the listing and the read.
      }
    }
    await Promise.race([settled, Bun.sleep(50)]);
  }
  return { settled: await settled, peakBytes };
}

async function failure(promise: Promise<unknown>): Promise<MediaImportError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof MediaImportError) return error;
    throw error;
  }
  throw new Error("the import did not fail");
}

for (const kind of DATABASE_KINDS) {
  describe(`own media that attacks the converter (${kind})`, () => {
    const svc = useService(kind);
    const importer = (s: TestService, extra: Partial<OwnMediaDeps> = {}): OwnMediaImporter =>
      createOwnMediaImporter({
        db: s.database.db,
        storage: s.deps.storage,
        policy: { ...callerUrlPolicy({ allowPrivateUrls: true, outboundCa: media.ca }), allowAddress: (a) => a === "127.0.0.1" },
        tempRoot: join(s.dataDir, "imports"),
        now: s.deps.now,
        ...extra,
      });

    // Each of these pointed ffmpeg at a local file (another account's video) through the file protocol.
    for (const path of ["/playlist.m3u8", "/bg.mp4", "/manifest.mpd", "/list.ffconcat"]) {
      test(`${path}: a playlist, manifest or concat list is refused with MEDIA_INVALID, as footage and as music`, async () => {
        const { accountId } = await svc().createAccount();
        const own = importer(svc());
        expect((await failure(own.importMedia(accountId, "video", media.url(path)))).code).toBe("MEDIA_INVALID");
        expect((await failure(own.importMedia(accountId, "audio", media.url(`${path}?music`)))).code).toBe("MEDIA_INVALID");
        expect(readdirSync(join(svc().dataDir, "imports"))).toEqual([]);
      }, 60_000);
    }

    test("footage is refused from its probe before converting: 240 fps, frames wider than 4096 px", async () => {
      const { accountId } = await svc().createAccount();
      const own = importer(svc());
      const fast = await failure(own.importMedia(accountId, "video", media.url("/fast.mp4")));
      expect(fast.code).toBe("MEDIA_INVALID");
      expect(fast.message).toContain("240 frames a second");
      const wide = await failure(own.importMedia(accountId, "video", media.url("/wide.mp4")));
      expect(wide.code).toBe("MEDIA_INVALID");
      expect(wide.message).toContain("5000x320");
    }, 60_000);

    test("a conversion past its bound is stopped and refused; a plain clip within it converts", async () => {
      const { accountId } = await svc().createAccount();
      const refused = await failure(importer(svc(), { convertTimeoutMs: () => 1 }).importMedia(accountId, "video", media.url("/clip.mp4")));
      expect(refused.code).toBe("MEDIA_INVALID");
      // A 1 ms processor bound (and ten times that of wall time): whichever runs out first stops it.
      expect(refused.message).toMatch(/took (more than 0 s of processing|longer than 0 s) to convert, the limit for \d+ s of video/);
      expect(await importer(svc()).importMedia(accountId, "video", media.url("/clip.mp4?again"))).toEndWith(".mp4");
    }, 60_000);

    test("footage whose frames grow past the limit partway through (an in-band size change) is refused while converting, in bounded memory", async () => {
      const { before, after } = GROWN_FRAMES;
      // What the probe sees is the small size; the decoded frames say otherwise after 2 s.
      const probed = await probe(media.grownPath);
      expect(probed.streams.map((s) => [s.width, s.height])).toEqual([[before.width, before.height]]);
      const frames = (await probe(media.grownPath, ["-select_streams", "v:0", "-show_frames", "-show_entries", "frame=width,height"])) as unknown as { frames: { width: number; height: number }[] };
      const sizes = frames.frames.map((f) => `${f.width}x${f.height}`);
      expect(sizes.filter((size) => size === `${before.width}x${before.height}`)).toHaveLength(before.seconds * 30);
      expect(sizes.filter((size) => size === `${after.width}x${after.height}`)).toHaveLength(after.frames);

      const { accountId } = await svc().createAccount();
      const { settled, peakBytes } = await peakChildMemory(importer(svc()).importMedia(accountId, "video", media.url("/grows.mkv")));
      const refused = await failure(settled.status === "fulfilled" ? Promise.resolve(settled.value) : Promise.reject(settled.reason));
      expect(refused.code).toBe("MEDIA_INVALID");
      expect(refused.message).toContain(`its frames change to ${after.width}x${after.height} partway through; own footage may be at most 4096x2160`);
      expect(refused.cause).toBeInstanceOf(FfmpegError);
      // The decoder refused the large frames before allocating them (a plain clip's conversion peaks near
      // 300 MB; without the frame limit, this one reached about 950 MB).
      expect(peakBytes).toBeGreaterThan(0);
      expect(peakBytes).toBeLessThan(OWN_MEDIA_CONVERT_MEMORY_BYTES);
      expect(readdirSync(join(svc().dataDir, "imports"))).toEqual([]);
    }, 120_000);

    test("the memory bound alone stops a conversion whose decoder allocates the large frames", async () => {
      // The conversion as planned, less the decoder's frame limit: what a decoder that ignored it would do.
      const args = ownVideoConvertArgs(media.grownPath, "-", "matroska");
      args.splice(args.indexOf("-max_pixels"), 2);
      args.splice(args.length - 3, 3, "-f", "null", "-");
      const { settled, peakBytes } = await peakChildMemory(runFfmpeg(args, { memoryLimitBytes: OWN_MEDIA_CONVERT_MEMORY_BYTES }));
      // An allocation past the bound fails; ffmpeg names it, or fails the frame it was decoding.
      expect(settled.status).toBe("rejected");
      const reason = (settled as PromiseRejectedResult).reason;
      expect(reason instanceof FfmpegOutOfMemory || reason instanceof FfmpegError).toBe(true);
      expect(peakBytes).toBeGreaterThan(0);
      expect(peakBytes).toBeLessThan(OWN_MEDIA_CONVERT_MEMORY_BYTES);
    }, 120_000);

    test("images over 25 megapixels are refused from their header; SVG is refused", async () => {
      const { accountId } = await svc().createAccount();
      const own = importer(svc());
      const huge = await failure(own.importImage(accountId, media.url("/huge.png")));
      expect(huge.code).toBe("MEDIA_INVALID");
      expect(huge.message).toContain("7000x7000");
      expect((await failure(own.importImage(accountId, media.url("/big.png")))).message).toContain("6000x6000");
      const svg = await failure(own.importImage(accountId, media.url("/drawing.svg")));
      expect(svg.message).toContain("SVG");
    }, 60_000);
  });
}

for (const kind of DATABASE_KINDS) {
  describe(`own media from a source slower than the floor (${kind})`, () => {
    // Short, so the test is; the floor is the service's own, configured as an operator would.
    const svc = useService(kind, { UNSAFE_ALLOW_PRIVATE_URLS: "1", OWN_MEDIA_SLOW_GRACE_SECONDS: "3" }, { outboundCa: () => media.ca });

    test("a source trickling a byte a second is given up once the grace has passed, with MEDIA_FETCH_FAILED; a fast one still imports", async () => {
      const { accountId } = await svc().createAccount();
      const floor = svc().deps.config.ownMediaSpeedFloor!;
      expect(floor).toEqual({ bytesPerSecond: 50 * 1024, graceMs: 3_000 });
      const tag = `floor-${accountId}`;
      const started = performance.now();
      const refused = await failure(svc().deps.ownMedia.importMedia(accountId, "video", media.url(`/trickle?tag=${tag}`)));
      const elapsed = performance.now() - started;
      expect(refused.code).toBe("MEDIA_FETCH_FAILED");
      expect(refused.message).toContain("too slow");
      expect(refused.message).toContain("50 KB/s");
      // Never before the grace; after it, within a check of the floor (every 250 ms) plus the claim and the
      // failure's writes: far from the download's 5-minute bound.
      expect(elapsed).toBeGreaterThanOrEqual(floor.graceMs);
      expect(elapsed).toBeLessThan(floor.graceMs * 3);
      // The connection was let go, not left open behind the failure.
      const deadline = performance.now() + floor.graceMs;
      while (media.trickles().answers.find((a) => a.tag === tag)?.closedAt === undefined && performance.now() < deadline) await Bun.sleep(50);
      const answer = media.trickles().answers.find((a) => a.tag === tag)!;
      expect(answer.closedAt! - answer.openedAt).toBeLessThan(floor.graceMs * 3);
      expect(await svc().deps.ownMedia.importMedia(accountId, "video", media.url("/clip.mp4?floor"))).toEndWith(".mp4");
    }, 60_000);
  });
}
