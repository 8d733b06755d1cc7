import { describe, expect, test } from "bun:test";
import { buildAss } from "../../../render/captions/ass.ts";
import { libx264Settings, nvencSettings } from "../../../render/plan/encoder.ts";
import { planRender } from "../../../render/plan/render-args.ts";
import { audioRunArgs, gopFrames, joinArgs, joinList, memoryForRender, segmentCount, segmentsForRender, segmentWindows, totalFrames, windowTimeline, withThreads } from "../../../render/plan/segments.ts";
import { planSegmentStills, segmentStillPaths, sheetFromTilesArgs, sheetTimes, frameAt, posterTime } from "../../../render/plan/stills.ts";
import { FPS, type Timeline, timelineProblems } from "../../../render/timeline.ts";

const words = Array.from({ length: 140 }, (_, i) => ({ text: `w${i}`, start: 0.3 + i * 0.4, end: 0.65 + i * 0.4 }));
const story: Timeline = {
  duration: 72.63,
  background: { kind: "video", path: "/lib/a.mp4", next: ["/lib/b.mp4"], startAt: 12 },
  layers: [
    { path: "/cards/title.png", x: 90, y: 600, start: 0, end: 4, entrance: "pop" },
    { path: "/cards/middle.png", x: 90, y: 600, start: 23.9, end: 26, entrance: "slide-up", motion: { kind: "frames", count: 4, fps: 8 } },
    { path: "/cards/late.png", x: 90, y: 600, start: 50, end: 52 },
    { path: "/cards/end.png", x: 90, y: 700, start: 70, end: 80 },
  ],
  captions: { words, preset: "hormozi", position: "middle" },
  audio: [
    { path: "/a/story.wav", start: 0.2, volume: 1, kind: "narration" },
    { path: "/a/music.mp3", start: 0, volume: 0.3, kind: "music", loop: true },
  ],
  speech: [{ start: 0.2, end: 70 }],
};
const encoder = libx264Settings("ultrafast");
const paths = { output: "/w/segment.mp4", assPath: "/w/captions.ass", fontsDir: "/fonts", backgroundList: { path: "/w/bg.ffconcat", clips: [{ path: "/lib/a.mp4", seconds: 10 }, { path: "/lib/b.mp4", seconds: 7 }] } };
const graphOf = (args: string[]) => args[args.indexOf("-filter_complex") + 1]!;

describe("segment windows", () => {
  test("start on the encoder's keyframe boundaries, whole frames, and tile the video exactly", () => {
    const gop = gopFrames(encoder);
    expect(gop).toBe(60);
    const windows = segmentWindows(story.duration, 3, gop);
    expect(windows.map((w) => w.start)).toEqual([0, 24, 50]);
    for (const [i, w] of windows.entries()) {
      expect(w.firstFrame % gop).toBe(0);
      expect(w.start * FPS).toBe(w.firstFrame);
      expect(w.end).toBe(windows[i + 1]?.start ?? story.duration);
      expect(w.frames).toBe(Math.ceil(w.end * FPS - 1e-6) - w.firstFrame);
    }
    expect(windows.reduce((sum, w) => sum + w.frames, 0)).toBe(totalFrames(story.duration));
    expect(totalFrames(story.duration)).toBe(2179);
  });

  test("are as many as asked, or as the video has keyframe intervals; nvenc's GOP is read too", () => {
    expect(segmentWindows(60, 4, 60).map((w) => w.start)).toEqual([0, 16, 30, 46]);
    expect(segmentWindows(3, 4, 60).map((w) => [w.start, w.end])).toEqual([[0, 2], [2, 3]]);
    expect(segmentWindows(1.5, 3, 60)).toHaveLength(1);
    expect(segmentWindows(10, 1, 60)).toEqual([{ index: 0, start: 0, end: 10, firstFrame: 0, frames: 300 }]);
    expect(gopFrames(nvencSettings())).toBe(60);
    expect(gopFrames({ name: "libx264", args: ["-c:v", "libx264"] })).toBe(60);
    expect(segmentCount(72.6, 8)).toBe(8);
    expect(segmentCount(20, 8)).toBe(2);
    expect(segmentCount(7, 8)).toBe(1);
  });
});

describe("a window's Timeline", () => {
  const windows = segmentWindows(story.duration, 3, 60);
  const plans = windows.map((w) => windowTimeline(story, w));

  test("keeps the whole video's times, moves the background's start on by the window's start and drops the audio", () => {
    expect(plans.map((p) => p.duration)).toEqual([24, 50, 72.63]);
    expect(plans.map((p) => (p.background.kind === "video" ? p.background.startAt : undefined))).toEqual([12, 36, 62]);
    expect(plans.every((p) => p.background.kind === "video" && p.background.next?.[0] === "/lib/b.mp4")).toBe(true);
    expect(plans.every((p) => p.audio.length === 0 && p.speech === undefined && timelineProblems(p).length === 0)).toBe(true);
  });

  test("a card spanning a join is in both windows with the same times; others only in theirs", () => {
    const names = plans.map((p) => p.layers.map((l) => l.path));
    expect(names).toEqual([["/cards/title.png", "/cards/middle.png"], ["/cards/middle.png"], ["/cards/late.png", "/cards/end.png"]]);
    expect(plans[0]!.layers[1]).toEqual(story.layers[1]!);
    expect(plans[1]!.layers[0]).toEqual(story.layers[1]!);
  });

  test("captions stay whole, so a line spanning a join is the same event, at the same times, in both", () => {
    expect(plans[0]!.captions).toBe(story.captions!);
    expect(buildAss(plans[1]!.captions!)).toBe(buildAss(story.captions!));
  });

  test("the segment's run seeks the sequence to the window, times its frames in the video's clock until they are encoded, and has no audio", () => {
    const window = windows[1]!;
    const plan = planRender(plans[1]!, paths, encoder, 1.5, window);
    const graph = graphOf(plan.args);
    expect(plan.args.slice(0, 8)).toEqual(["-ss", "36", "-f", "concat", "-safe", "0", "-i", "/w/bg.ffconcat"]);
    expect(graph).toContain("trim=duration=26,setpts=PTS-STARTPTS+24/TB[bg]");
    // The card keeps its own start: the overlay's and the strip's `t` are the video's.
    expect(plan.args.join(" ")).toContain("-itsoffset 23.9 -framerate 30 -i /cards/middle.png");
    expect(graph).toContain("(t-23.9)");
    expect(graph).toContain("format=yuv420p,setpts=PTS-STARTPTS[vout]");
    expect(plan.args).toContain("-an");
    expect(plan.args).not.toContain("[aout]");
    expect(plan.args).not.toContain("+faststart");
    expect(plan.args.slice(-2)).toEqual(["26", "/w/segment.mp4"]);
    // The list goes round the clips (10 + 7 s) past the offset and the window's length (36 + 26 s: 8 clips), and one spare.
    expect(plan.backgroundList!.split("\n").filter((l) => l.startsWith("file")).length).toBe(8 + 1);
  });

  test("a colour background is timed in the video's clock too; the first window plans as a whole render would", () => {
    const colour: Timeline = { ...story, background: { kind: "color", color: "#123456" } };
    const [first, second] = segmentWindows(colour.duration, 2, 60);
    const plan = planRender(windowTimeline(colour, second!), paths, encoder, 0, second);
    expect(second!.start).toBe(38);
    expect(plan.args.join(" ")).toContain("color=c=#123456:s=1080x1920:r=30:d=34.63");
    expect(graphOf(plan.args)).toContain(`[0:v]setsar=1,setpts=PTS+${second!.start}/TB[bg]`);
    const firstPlan = planRender(windowTimeline(colour, first!), paths, encoder, 0, first);
    expect(graphOf(firstPlan.args)).not.toContain("setpts=PTS-STARTPTS[vout]");
  });
});

describe("the audio run and the join", () => {
  test("the audio is the whole mix, mastered at the measured gain, for the whole length", () => {
    const args = audioRunArgs(story, 2.5, "/w/audio.m4a");
    const graph = graphOf(args);
    expect(args.join(" ")).toContain("-i /a/story.wav");
    expect(graph).toContain("volume=2.50dB");
    expect(args.slice(-11)).toEqual(["-c:a", "aac", "-b:a", "160k", "-ar", "48000", "-ac", "2", "-t", "72.63", "/w/audio.m4a"]);
  });

  test("the join copies the segments with their windows' exact lengths and lays the audio under them", () => {
    const windows = segmentWindows(story.duration, 3, 60);
    const list = joinList(windows, ["/w/s0.mp4", "/w/s'1.mp4", "/w/s2.mp4"]);
    expect(list).toBe("ffconcat version 1.0\nfile '/w/s0.mp4'\nduration 24\nfile '/w/s'\\''1.mp4'\nduration 26\nfile '/w/s2.mp4'\nduration 22.633\n");
    const args = joinArgs("/w/list", "/w/audio.m4a", 72.63, "/out.mp4");
    expect(args).toEqual(["-f", "concat", "-safe", "0", "-i", "/w/list", "-i", "/w/audio.m4a", "-map", "0:v:0", "-map", "1:a:0", "-c", "copy", "-t", "72.63", "-movflags", "+faststart", "/out.mp4"]);
  });

  test("segments run at once share the cores: x264's threads are set, other encoders kept", () => {
    expect(withThreads(encoder, 2).args[withThreads(encoder, 2).args.indexOf("-threads") + 1]).toBe("2");
    expect(withThreads(nvencSettings(), 2)).toEqual(nvencSettings());
  });
});

describe("a segment's stills", () => {
  const windows = segmentWindows(story.duration, 3, 60);
  const stills = { ...segmentStillPaths(story, "/w/poster.jpg", "/w/tile-%02d.png"), fontFile: "/f.ttf" };

  test("the poster comes from the segment that holds the whole video's poster frame, found by its number there", () => {
    expect(stills.posterFrame).toBe(frameAt(posterTime(story)));
    const first = planSegmentStills(windows[0]!, "vout", stills, stills.fontFile)!;
    expect(first.filters).toContain(`[vposter]select='eq(n,${stills.posterFrame})'[poster]`);
    const second = planSegmentStills(windows[1]!, "vout", stills, stills.fontFile)!;
    expect(second.outputs).not.toContain("/w/poster.jpg");
  });

  test("each segment writes its tiles numbered as in the whole sheet, and the sheet is laid out from all nine", () => {
    const frames = sheetTimes(story.duration).map(frameAt);
    let written = 0;
    for (const window of windows) {
      const plan = planSegmentStills(window, "vout", stills, stills.fontFile)!;
      const mine = frames.map((f, i) => ({ f, i })).filter(({ f }) => f >= window.firstFrame && f < window.firstFrame + window.frames);
      const start = plan.outputs[plan.outputs.indexOf("-start_number") + 1];
      expect(Number(start)).toBe(mine[0]!.i);
      const sheet = plan.filters.find((f) => f.startsWith("[vsheet]"))!;
      expect(sheet).toContain(`select='${mine.map(({ f }) => `eq(n,${f - window.firstFrame})`).join("+")}'`);
      written += mine.length;
    }
    expect(written).toBe(9);
    expect(sheetFromTilesArgs("/w/tile-%02d.png", "/w/sheet.jpg")).toEqual(["-framerate", "1", "-start_number", "0", "-i", "/w/tile-%02d.png", "-vf", "tile=3x3", "-frames:v", "1", "-q:v", "4", "/w/sheet.jpg"]);
  });

  test("a segment that holds no still frame writes no still", () => {
    const short: Timeline = { ...story, duration: 100, layers: [] };
    const many = segmentWindows(100, 50, 60);
    const s = segmentStillPaths(short, "/p.jpg", "/t-%02d.png");
    const empty = many.filter((w) => planSegmentStills(w, "vout", s, "/f.ttf") === undefined);
    expect(empty.length).toBeGreaterThan(0);
  });
});

describe("how the render pool cuts a video", () => {
  test("a lone video on a many-core host takes the idle cores, one a segment, as many as its length is worth", () => {
    // 16 cores, 4 renders at once (a share of 4), none running: a 60 s video is worth 7 segments of 8 s.
    expect(segmentsForRender(60, { idleCores: 12, shareCores: 4, othersWaiting: false })).toEqual({ count: 7, extraCores: 3, threads: 1 });
    expect(segmentsForRender(20, { idleCores: 12, shareCores: 4, othersWaiting: false })).toEqual({ count: 2, extraCores: 0, threads: 2 });
    // Two renders already running (8 cores held besides this one's share): it takes what is left.
    expect(segmentsForRender(60, { idleCores: 4, shareCores: 4, othersWaiting: false })).toEqual({ count: 7, extraCores: 3, threads: 1 });
    expect(segmentsForRender(60, { idleCores: 1, shareCores: 4, othersWaiting: false })).toEqual({ count: 5, extraCores: 1, threads: 1 });
  });

  test("a busy pool or a 2-core host cuts a video on its own share's cores; a short video renders whole", () => {
    expect(segmentsForRender(60, { idleCores: 12, shareCores: 4, othersWaiting: true })).toEqual({ count: 4, extraCores: 0, threads: 1 });
    expect(segmentsForRender(60, { idleCores: 0, shareCores: 2, othersWaiting: false })).toEqual({ count: 2, extraCores: 0, threads: 1 });
    expect(segmentsForRender(60, { idleCores: 0, shareCores: 1, othersWaiting: false })).toEqual({ count: 1, extraCores: 0 });
    expect(segmentsForRender(15, { idleCores: 0, shareCores: 2, othersWaiting: false })).toEqual({ count: 1, extraCores: 0 });
    expect(segmentsForRender(12, { idleCores: 12, shareCores: 4, othersWaiting: false })).toEqual({ count: 1, extraCores: 0 });
  });

  test("a forced count applies within the video's length, sharing the cores it has", () => {
    expect(segmentsForRender(60, { idleCores: 0, shareCores: 2, othersWaiting: false, forced: 3 })).toEqual({ count: 3, extraCores: 0, threads: 1 });
    expect(segmentsForRender(60, { idleCores: 12, shareCores: 4, othersWaiting: true, forced: 1 })).toEqual({ count: 1, extraCores: 0 });
    expect(segmentsForRender(10, { idleCores: 0, shareCores: 2, othersWaiting: false, forced: 3 })).toEqual({ count: 1, extraCores: 0 });
  });

  const MiB = 1024 * 1024;
  const GiB = 1024 * MiB;

  test("never cuts more segments than the memory free for them holds, and renders whole when only one fits", () => {
    // 64 cores, 16 renders at once (a share of 4), none running: a 5-minute video is worth 37 segments of 8 s.
    const idle = { idleCores: 60, shareCores: 4, othersWaiting: false };
    expect(segmentsForRender(300, idle).count).toBe(37);
    expect(segmentsForRender(300, { ...idle, memory: { freeBytes: 64 * GiB, runBytes: 512 * MiB } }).count).toBe(37);
    // 4 GiB free at 512 MiB a run: 8 segments, a core each, the rest of the idle cores left idle.
    expect(segmentsForRender(300, { ...idle, memory: { freeBytes: 4 * GiB, runBytes: 512 * MiB } })).toEqual({ count: 8, extraCores: 4, threads: 1 });
    expect(segmentsForRender(300, { ...idle, memory: { freeBytes: 4 * GiB - 1, runBytes: 512 * MiB } }).count).toBe(7);
    expect(segmentsForRender(300, { ...idle, memory: { freeBytes: 700 * MiB, runBytes: 512 * MiB } })).toEqual({ count: 1, extraCores: 0 });
    expect(segmentsForRender(300, { ...idle, memory: { freeBytes: 0, runBytes: 512 * MiB } })).toEqual({ count: 1, extraCores: 0 });
    // A forced count is bounded too.
    expect(segmentsForRender(60, { idleCores: 0, shareCores: 2, othersWaiting: false, forced: 6, memory: { freeBytes: 1.6 * GiB, runBytes: 512 * MiB } }).count).toBe(3);
  });

  test("the memory free for a render: a configured budget less what runs hold, or a share of the host's memory and of what it has free", () => {
    expect(memoryForRender({ budgetBytes: 4 * GiB, totalBytes: 64 * GiB, freeBytes: 1 * GiB }, 1 * GiB)).toBe(3 * GiB);
    expect(memoryForRender({ budgetBytes: 1 * GiB, totalBytes: 64 * GiB, freeBytes: 64 * GiB }, 2 * GiB)).toBe(0);
    expect(memoryForRender({ totalBytes: 16 * GiB, freeBytes: 12 * GiB }, 0)).toBe(6 * GiB);
    expect(memoryForRender({ totalBytes: 16 * GiB, freeBytes: 12 * GiB }, 4 * GiB)).toBe(4 * GiB);
    expect(memoryForRender({ totalBytes: 16 * GiB, freeBytes: 2 * GiB }, 0)).toBe(1 * GiB);
    expect(memoryForRender({ totalBytes: 16 * GiB, freeBytes: 12 * GiB }, 10 * GiB)).toBe(0);
  });
});
