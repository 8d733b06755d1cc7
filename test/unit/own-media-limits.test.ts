import { describe, expect, test } from "bun:test";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FfmpegTimedOut, probe, runFfmpeg } from "../../render/ffmpeg.ts";
import { acceptedDemuxer, ownMediaProbeArgs, ownVideoWorkRefusal, parseFrameRate } from "../../render/plan/media-convert.ts";
import { createConversionQueue } from "../../src/media/conversion-queue.ts";
import { createImportTurns } from "../../src/media/import-turns.ts";

describe("own-media conversion limits", () => {
  test("only single-file demuxers are accepted, named as ffprobe names them", () => {
    expect(acceptedDemuxer("video", "mov,mp4,m4a,3gp,3g2,mj2")).toBe("mov");
    expect(acceptedDemuxer("video", "matroska,webm")).toBe("matroska");
    expect(acceptedDemuxer("audio", "mp3")).toBe("mp3");
    for (const name of ["hls", "dash", "concat", "image2", "webm_dash_manifest", "", undefined]) {
      expect(acceptedDemuxer("video", name)).toBeUndefined();
      expect(acceptedDemuxer("audio", name)).toBeUndefined();
    }
  });

  test("work is judged from frame size, frame rate and pixels over duration", () => {
    expect(ownVideoWorkRefusal({ width: 1920, height: 1080, fps: 30, seconds: 600 })).toBeUndefined();
    expect(ownVideoWorkRefusal({ width: 3840, height: 2160, fps: 30, seconds: 60 })).toBeUndefined();
    expect(ownVideoWorkRefusal({ width: 3840, height: 2160, fps: 240, seconds: 5 })).toContain("240 frames a second");
    expect(ownVideoWorkRefusal({ width: 7680, height: 4320, fps: 30, seconds: 5 })).toContain("7680x4320");
    expect(ownVideoWorkRefusal({ width: 3840, height: 2160, fps: 60, seconds: 600 })).toContain("at most 75 s");
    expect(ownVideoWorkRefusal({ width: 1920, height: 1080, fps: 60, seconds: 600 })).toContain("at most 300 s");
    expect(ownVideoWorkRefusal({ width: 0, height: 0, fps: 30, seconds: 5 })).toBeDefined();
    expect(parseFrameRate("30000/1001")).toBeCloseTo(29.97, 2);
    expect(parseFrameRate("0/0")).toBe(0);
  });

  test("conversion turns rotate across accounts: a late account waits for one conversion, not for the queue", async () => {
    const queue = createConversionQueue(1);
    const order: string[] = [];
    const releases: Array<() => void> = [];
    const job = (account: string, name: string) =>
      queue.run(account, () => {
        order.push(name);
        return new Promise<void>((resolve) => releases.push(resolve));
      });
    const all = [job("a", "a1"), job("a", "a2"), job("a", "a3"), job("b", "b1"), job("c", "c1"), job("b", "b2")];
    // Each conversion ends in turn; the next starts as the previous gives its turn back.
    for (let i = 0; i < all.length; i++) {
      while (releases.length <= i) await Bun.sleep(0);
      expect(queue.stats().running).toBe(1);
      releases[i]!();
    }
    await Promise.all(all);
    expect(order).toEqual(["a1", "b1", "c1", "a2", "b2", "a3"]);
    expect(queue.stats()).toEqual({ running: 0, waiting: 0, accountsWaiting: 0 });
  });
});

describe("own-media import turns", () => {
  test("at most the slots in all and one an account; a turn given back (once) frees it", () => {
    const turns = createImportTurns({ slots: 3, perAccount: 1 });
    const a = turns.take("a")!;
    expect(turns.take("a")).toBeUndefined();
    const b = turns.take("b")!;
    const c = turns.take("c")!;
    expect(turns.take("d")).toBeUndefined();
    expect(turns.stats()).toEqual({ slots: 3, perAccount: 1, held: 3, accounts: 3 });
    a();
    a();
    expect(turns.stats().held).toBe(2);
    expect(turns.take("d")).toBeDefined();
    expect(turns.take("a")).toBeUndefined();
    b();
    c();
    expect(turns.take("a")).toBeDefined();
    expect(turns.stats()).toEqual({ slots: 3, perAccount: 1, held: 2, accounts: 2 });
  });
});

describe("ffprobe on a caller's file", () => {
  test("is stopped at its time bound: a file that never yields its header (a FIFO nobody writes) throws FfmpegTimedOut", async () => {
    const dir = mkdtempSync(join(tmpdir(), "probe-"));
    try {
      const fifo = join(dir, "download");
      execFileSync("mkfifo", [fifo]);
      await expect(probe(fifo, ownMediaProbeArgs("video"), { timeoutMs: 200 })).rejects.toBeInstanceOf(FfmpegTimedOut);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});

describe("ffmpeg's processor-time bound", () => {
  test("counts the processor time ffmpeg used, not the time it waited: a run reading at real speed outlasts the bound and completes", async () => {
    // -re reads the 2 s of silence at its own pace: two seconds of wall time, a few milliseconds of work.
    const started = performance.now();
    await runFfmpeg(["-re", "-f", "lavfi", "-i", "anullsrc=r=8000:cl=mono", "-t", "2", "-f", "null", "-"], { cpuLimitMs: 500 });
    expect(performance.now() - started).toBeGreaterThan(1_900);
  }, 30_000);

  test("stops ffmpeg once it has used its processor time, with the bound and its measure on the error", async () => {
    // An encode that would take many seconds of processor time.
    const heavy = ["-f", "lavfi", "-i", "testsrc2=s=1080x1920:r=30:d=60", "-c:v", "libx264", "-preset", "medium", "-f", "null", "-"];
    const error = await runFfmpeg(heavy, { cpuLimitMs: 300 }).catch((e) => e);
    expect(error).toBeInstanceOf(FfmpegTimedOut);
    expect(error).toMatchObject({ timeoutMs: 300, measure: "processor" });
    expect(error.message).toContain("of processor time");
  }, 60_000);
});
