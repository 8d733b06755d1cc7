import { describe, expect, test } from "bun:test";
import { CAPTION_PRESET_IDS } from "../../../render/captions/presets.ts";
import { assColor, assTime, buildAss, groupWords } from "../../../render/captions/ass.ts";
import { CAPTION_STYLES } from "../../../render/captions/presets.ts";
import { libx264Settings, nvencSettings } from "../../../render/plan/encoder.ts";
import { concatList, planRender } from "../../../render/plan/render-args.ts";
import { type Timeline, timelineProblems } from "../../../render/timeline.ts";

const paths = { output: "/out/video.mp4", assPath: "/work/captions.ass", fontsDir: "/fonts" };
const words = (text: string, step = 0.4) => text.split(" ").map((t, i) => ({ text: t, start: i * step, end: i * step + step * 0.9 }));

const storyLike: Timeline = {
  duration: 60,
  background: { kind: "video", path: "/lib/bg.mp4" },
  layers: [
    { path: "/cards/title.png", x: 90, y: 600, start: 0, end: 4, entrance: "pop" },
    { path: "/cards/end.png", x: 90, y: 700, start: 57, end: 60 },
  ],
  captions: { words: words("one two three"), preset: "hormozi", position: "middle" },
  audio: [
    { path: "/a/title.wav", start: 0.2, volume: 1, kind: "narration" },
    { path: "/a/story.wav", start: 4, volume: 1, kind: "narration" },
    { path: "/a/music.mp3", start: 0, volume: 0.3, kind: "music", loop: true },
  ],
};

describe("render plan", () => {
  const { args, needsAss } = planRender(storyLike, paths, libx264Settings("veryfast"), 2.5);
  const graph = args[args.indexOf("-filter_complex") + 1]!;

  test("the background loops without seeking and is cropped to fill 1080x1920 at 30 fps", () => {
    expect(args.slice(0, 4)).toEqual(["-stream_loop", "-1", "-i", "/lib/bg.mp4"]);
    expect(args).not.toContain("-ss");
    expect(graph).toContain("scale=1080:1920:flags=bilinear:force_original_aspect_ratio=increase,crop=1080:1920");
    expect(graph).toContain("fps=30,trim=duration=60");
  });

  test("each card is its own input limited to its window, shifted at the demuxer, never an enable expression", () => {
    expect(args.join(" ")).toContain("-itsoffset 0 -framerate 30 -i /cards/title.png");
    expect(args.join(" ")).toContain("-itsoffset 57 -framerate 30 -i /cards/end.png");
    expect(graph).not.toContain("enable=");
    expect(graph).toContain("eof_action=pass");
  });

  test("captions are burnt in with libass from the ASS file and the fonts folder", () => {
    expect(needsAss).toBe(true);
    expect(graph).toContain("subtitles=filename='/work/captions.ass':fontsdir='/fonts'");
  });

  test("narration sits at its offsets; music loops and ducks under it; the mix takes the measured gain under a limiter", () => {
    expect(graph).toContain("adelay=4000|4000");
    expect(args.join(" ")).toContain("-stream_loop -1 -i /a/music.mp3");
    expect(graph).toContain("sidechaincompress");
    expect(graph).toContain("volume=2.50dB,aresample=192000");
    expect(graph).not.toContain("loudnorm");
  });

  test("the output is what the platforms take: H.264 High yuv420p, <= 8 Mbps, AAC 48 kHz stereo, faststart, exact length", () => {
    const joined = args.join(" ");
    for (const part of ["-c:v libx264", "-profile:v high", "-pix_fmt yuv420p", "-maxrate 7M", "-r 30", "-c:a aac", "-ar 48000", "-ac 2", "-movflags +faststart", "-t 60"]) {
      expect(joined).toContain(part);
    }
    expect(args.at(-1)).toBe("/out/video.mp4");
  });

  test("libx264 defaults to ultrafast with deblocking, CABAC and the 8x8 transform back; other presets keep their own", () => {
    const fast = libx264Settings().args.join(" ");
    expect(fast).toContain("-preset ultrafast");
    expect(fast).toContain("-x264-params 8x8dct=1:deblock=0,0:cabac=1:vbv-init=0.3");
    const superfast = libx264Settings("superfast").args.join(" ");
    expect(superfast).toContain("-x264-params 8x8dct=1:vbv-init=0.3");
    expect(superfast).not.toContain("cabac");
  });

  test("sound effects are mixed after the ducking, so they never duck the music", () => {
    const withFx = planRender({ ...storyLike, audio: [...storyLike.audio, { path: "/a/ding.wav", start: 10, volume: 0.8, kind: "sfx" }] }, paths, libx264Settings(), 0);
    const graph = withFx.args[withFx.args.indexOf("-filter_complex") + 1]!;
    expect(graph).toContain("[speech]asplit");
    expect(graph).toContain("[speechmix][ducked][a3]amix=inputs=3");
    // The key outlasts the voice, so the ducked music is not cut off at the last word.
    expect(graph).toContain("[key]apad[speechkey]");
  });

  test("footage converted on import is not scaled; library footage is scaled to fill (bilinear)", () => {
    const graphOf = (fitted: boolean) => {
      const plan = planRender({ ...storyLike, background: { kind: "video", path: "/lib/bg.mp4", fitted } }, paths, libx264Settings(), 0);
      return plan.args[plan.args.indexOf("-filter_complex") + 1]!;
    };
    expect(graphOf(true)).toStartWith("[0:v]trim=duration=60");
    expect(graphOf(false)).toStartWith("[0:v]scale=1080:1920:flags=bilinear:force_original_aspect_ratio=increase,crop=1080:1920,setsar=1,fps=30,trim=duration=60");
  });

  test("a start offset seeks one concat-demuxer input that repeats the clip until the video is covered (never -ss with -stream_loop)", () => {
    const list = { path: "/work/background.ffconcat", clips: [{ path: "/lib/bg.mp4", seconds: 20 }] };
    const offset = planRender({ ...storyLike, background: { kind: "video", path: "/lib/bg.mp4", fitted: true, startAt: 7 } }, { ...paths, backgroundList: list }, libx264Settings(), 0);
    const graph = offset.args[offset.args.indexOf("-filter_complex") + 1]!;
    expect(offset.args.slice(0, 9)).toEqual(["-ss", "7", "-f", "concat", "-safe", "0", "-i", "/work/background.ffconcat", "-itsoffset"]);
    expect(offset.args.filter((a) => a === "-stream_loop")).toHaveLength(1); // the music's
    expect(graph).toStartWith("[0:v]trim=duration=60,setpts=PTS-STARTPTS[bg]");
    expect(graph).toContain("[1:v]format=yuva420p");
    // 67 s from the clip's start: four clips, one spare.
    expect(offset.backgroundList).toBe(["ffconcat version 1.0", ...Array(5).fill(["file '/lib/bg.mp4'", "duration 20"]).flat(), ""].join("\n"));
    expect(planRender({ ...storyLike, background: { kind: "video", path: "/lib/bg.mp4", startAt: 0 } }, { ...paths, backgroundList: list }, libx264Settings(), 0).backgroundList).toBeUndefined();
  });

  test("a category's loops play one after another from the start offset, and come round again only after all of them", () => {
    const clips = ["/lib/b.mp4", "/lib/c.mp4", "/lib/a.mp4"].map((path) => ({ path, seconds: 20 }));
    const timeline: Timeline = { ...storyLike, background: { kind: "video", path: "/lib/b.mp4", next: ["/lib/c.mp4", "/lib/a.mp4"], startAt: 5 } };
    const plan = planRender(timeline, { ...paths, backgroundList: { path: "/work/background.ffconcat", clips } }, libx264Settings(), 0);
    expect(plan.args.slice(0, 8)).toEqual(["-ss", "5", "-f", "concat", "-safe", "0", "-i", "/work/background.ffconcat"]);
    // 65 s from the first clip's start: b, c, a, b again (only its first 5 s: the 60 s video has shown nothing twice), one spare.
    expect(plan.backgroundList).toBe(["ffconcat version 1.0", ...["b", "c", "a", "b", "c"].flatMap((c) => [`file '/lib/${c}.mp4'`, "duration 20"]), ""].join("\n"));
    // A sequence starting at its first frame still goes through the list.
    const fromStart = planRender({ ...timeline, background: { ...timeline.background, startAt: 0 } as Timeline["background"] }, { ...paths, backgroundList: { path: "/work/background.ffconcat", clips } }, libx264Settings(), 0);
    expect(fromStart.args.slice(0, 7)).toEqual(["-f", "concat", "-safe", "0", "-i", "/work/background.ffconcat", "-itsoffset"]);
  });

  test("a concat list quotes the path and covers a long video over a short clip", () => {
    const list = concatList([{ path: "/lib/it's.mp4", seconds: 2 }], 10.5);
    expect(list.split("\n")[1]).toBe("file '/lib/it'\\''s.mp4'");
    // 10.5 s of a 2 s clip: six clips, one spare.
    expect(list.split("\n").filter((l) => l.startsWith("file"))).toHaveLength(7);
  });

  test("a silent timeline still gets an audio track of the same length; NVENC swaps only the encoder", () => {
    const silent = planRender({ duration: 5, background: { kind: "color", color: "#101010" }, layers: [], audio: [] }, paths, nvencSettings(), 0);
    const graph = silent.args[silent.args.indexOf("-filter_complex") + 1]!;
    expect(silent.args.join(" ")).toContain("anullsrc=r=48000:cl=stereo");
    expect(graph).toContain("atrim=duration=5");
    expect(silent.args.join(" ")).toContain("-c:v h264_nvenc");
    expect(silent.needsAss).toBe(false);
  });

  test("timelines that would render wrong are refused before ffmpeg runs", () => {
    expect(timelineProblems(storyLike)).toEqual([]);
    const bad: Timeline = { ...storyLike, duration: 0, layers: [{ path: "/x.png", x: 0, y: 0, start: 3, end: 3 }] };
    expect(timelineProblems(bad).length).toBeGreaterThanOrEqual(2);
  });
});

describe("captions", () => {
  test("lines fit the style's width", () => {
    const lines = groupWords(words("extraordinary circumstances require unusual answers"), 3, 14);
    for (const line of lines) expect(line.map((w) => w.text).join(" ").length <= 14 || line.length === 1).toBe(true);
  });

  test("lines break after punctuation and long pauses, and never end on a weak word", () => {
    const lines = groupWords(words("I told her it was not, not to me and she rolled her eyes"), 3);
    for (const line of lines.slice(0, -1)) expect(["a", "the", "to", "and", "her", "i"]).not.toContain(line.at(-1)!.text.toLowerCase());
    expect(lines.some((l) => l.at(-1)!.text === "not,")).toBe(true);
    const paused = groupWords([...words("first words"), { text: "after", start: 5, end: 5.3 }], 3);
    expect(paused.map((l) => l.map((w) => w.text))).toEqual([["first", "words"], ["after"]]);
  });

  test("ASS colours and times", () => {
    expect(assColor("#ffe600")).toBe("&H0000E6FF");
    expect(assColor("#000000", 0x60)).toBe("&H60000000");
    expect(assTime(3723.456)).toBe("1:02:03.46");
  });

  test("one event per spoken word, covering the line until the next word; the spoken word is tagged", () => {
    const ass = buildAss({ words: words("go up now"), preset: "hormozi", position: "bottom" });
    const events = ass.split("\n").filter((l) => l.startsWith("Dialogue:"));
    expect(events).toHaveLength(3);
    expect(events[1]).toContain("0:00:00.40,0:00:00.80");
    expect(events[1]).toContain("GO {\\1c&H0000E6FF");
    expect(events[1]).toContain("}UP{\\r} NOW");
    expect(events[0]).toContain("\\pos(510,1300)");
  });

  test("all 17 presets are distinct styles, each with a visible highlight", () => {
    expect(Object.keys(CAPTION_STYLES).sort()).toEqual([...CAPTION_PRESET_IDS].sort());
    const signatures = new Set(
      Object.values(CAPTION_STYLES).map((s) => JSON.stringify([s.font, s.bold, s.case, s.text, s.highlight, s.outline, s.outlineColor, s.glow, s.animation])),
    );
    expect(signatures.size).toBe(17);
    for (const style of Object.values(CAPTION_STYLES)) {
      const visible = style.highlight.mode !== "color" || style.highlight.color !== style.text;
      expect(visible).toBe(true);
    }
  });
});
