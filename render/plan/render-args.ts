import type { EncoderSettings } from "./encoder.ts";
import { planLayers } from "./layers.ts";
import { masterFilter, planAudioMix } from "./audio-mix.ts";
import { FPS, type Timeline, VIDEO_HEIGHT, VIDEO_WIDTH } from "../timeline.ts";
import { escapeFilterPath } from "./filter-path.ts";
import { planStills, type StillPaths } from "./stills.ts";

const n = (x: number) => (Math.round(x * 1000) / 1000).toString();


export interface RenderPlan {
  args: string[];
  /** The ASS file the plan expects at `assPath`, when the timeline has captions. */
  needsAss: boolean;
  /** The ffconcat list the plan expects at `backgroundList.path`, when the background starts at an offset. */
  backgroundList?: string;
}

export interface RenderPaths {
  output: string;
  assPath: string;
  fontsDir: string;
  /** Where an offset background's concat list goes, and the clip's length that list is built from. */
  backgroundList?: { path: string; clipSeconds: number };
  /** Where to write the poster and contact sheet, taken from the rendered frames, and the font of the sheet's labels. */
  stills?: StillPaths & { fontFile: string };
}

const quoteConcatPath = (path: string) => `'${path.replace(/'/g, "'\\''")}'`;

/** An ffconcat list repeating `path` until `seconds` are covered, with one spare. */
export function concatList(path: string, clipSeconds: number, seconds: number): string {
  const file = `file ${quoteConcatPath(path)}`;
  return ["ffconcat version 1.0", ...Array.from({ length: Math.ceil(seconds / clipSeconds) + 1 }, () => file), ""].join("\n");
}

/**
 * The arguments of one ffmpeg run that renders a Timeline. Pure: files are named, not read.
 * - Background: looped input (never -stream_loop with -ss), cropped to fill, CFR 30.
 * - Each PNG layer is its own input limited to its window (-loop 1 -t) and shifted with setpts, so it is
 *   decoded once and costs nothing outside its window.
 * - Captions are burnt in by libass from an ASS file.
 * - With `paths.stills`, the poster and contact sheet are further outputs of the same run (stills.ts).
 * - The tracks are mixed (audio-mix.ts) and brought to the target loudness by `gainDb`, the gain the
 *   first pass measured (`measureMixArgs`), under an oversampled limiter.
 */
export function planRender(timeline: Timeline, paths: RenderPaths, encoder: EncoderSettings, gainDb: number): RenderPlan {
  const D = n(timeline.duration);
  let backgroundList: string | undefined;
  const inputs: string[] = [];
  const filters: string[] = [];
  let index = 0;

  if (timeline.background.kind === "video") {
    // Library loops are stored at the output's size and rate: no scaling or rate conversion (and the
    // frame buffers they hold) for them.
    const fit = timeline.background.fitted
      ? ""
      : `scale=${VIDEO_WIDTH}:${VIDEO_HEIGHT}:force_original_aspect_ratio=increase,crop=${VIDEO_WIDTH}:${VIDEO_HEIGHT},setsar=1,fps=${FPS},`;
    const startAt = timeline.background.startAt ?? 0;
    if (startAt > 0 && paths.backgroundList) {
      // The clip repeated as often as the video needs, as one concat-demuxer input seeked to the offset:
      // one decoder (a second 1080x1920 decoder costs ~10 MB of peak memory), and -ss never meets
      // -stream_loop (that seek lands on the wrong frame). The seek is frame-accurate: frames decoded
      // from the keyframe before it are dropped.
      backgroundList = concatList(timeline.background.path, paths.backgroundList.clipSeconds, startAt + timeline.duration);
      inputs.push("-ss", n(startAt), "-f", "concat", "-safe", "0", "-i", paths.backgroundList.path);
      filters.push(`[${index}:v]${fit}trim=duration=${D},setpts=PTS-STARTPTS[bg]`);
    } else {
      inputs.push("-stream_loop", "-1", "-i", timeline.background.path);
      filters.push(`[${index}:v]${fit}trim=duration=${D},setpts=PTS-STARTPTS[bg]`);
    }
  } else {
    inputs.push("-f", "lavfi", "-i", `color=c=${timeline.background.color}:s=${VIDEO_WIDTH}x${VIDEO_HEIGHT}:r=${FPS}:d=${D}`);
    filters.push(`[${index}:v]setsar=1[bg]`);
  }
  index++;

  const layers = planLayers(timeline.layers, timeline.duration, index, "bg");
  inputs.push(...layers.inputs);
  filters.push(...layers.filters);
  index += timeline.layers.length;
  let video = layers.label;

  if (timeline.captions && timeline.captions.words.length > 0) {
    filters.push(`[${video}]subtitles=filename='${escapeFilterPath(paths.assPath)}':fontsdir='${escapeFilterPath(paths.fontsDir)}'[vc]`);
    video = "vc";
  }
  filters.push(`[${video}]format=yuv420p[vout]`);
  const stills = paths.stills && planStills(timeline, "vout", paths.stills, paths.stills.fontFile);
  if (stills) filters.push(...stills.filters);

  const mix = planAudioMix(timeline, index);
  inputs.push(...mix.inputs);
  filters.push(...mix.filters, `[${mix.label}]${masterFilter(gainDb)}[aout]`);

  return {
    args: [
      ...inputs,
      "-filter_complex",
      filters.join(";"),
      "-map",
      `[${stills?.label ?? "vout"}]`,
      "-map",
      "[aout]",
      ...encoder.args,
      "-r",
      String(FPS),
      "-c:a",
      "aac",
      "-b:a",
      "160k",
      "-ar",
      "48000",
      "-ac",
      "2",
      "-t",
      D,
      "-movflags",
      "+faststart",
      paths.output,
      ...(stills?.outputs ?? []),
    ],
    needsAss: Boolean(timeline.captions && timeline.captions.words.length > 0),
    backgroundList,
  };
}
