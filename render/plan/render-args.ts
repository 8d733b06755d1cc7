import type { EncoderSettings } from "./encoder.ts";
import { planLayers } from "./layers.ts";
import { AUDIO_ENCODE_ARGS, masterFilter, planAudioMix } from "./audio-mix.ts";
import { FPS, type Timeline, VIDEO_HEIGHT, VIDEO_WIDTH } from "../timeline.ts";
import { escapeFilterPath } from "./filter-path.ts";
import { planSegmentStills, planStills, type SegmentStillPaths, type StillPaths } from "./stills.ts";
import type { SegmentWindow } from "./segments.ts";

const n = (x: number) => (Math.round(x * 1000) / 1000).toString();


export interface RenderPlan {
  args: string[];
  /** The ASS file the plan expects at `assPath`, when the timeline has captions. */
  needsAss: boolean;
  /** The ffconcat list the plan expects at `backgroundList.path`, when the background is a sequence or starts at an offset. */
  backgroundList?: string;
}

export interface RenderPaths {
  output: string;
  assPath: string;
  fontsDir: string;
  /** Where a sequenced or offset background's concat list goes, and the length of each of its clips. */
  backgroundList?: { path: string; clips: BackgroundClip[] };
  /** Where to write the poster and contact sheet, taken from the rendered frames, and the font of the sheet's labels. */
  stills?: StillPaths & { fontFile: string };
  /** A segment's part of the stills (planSegmentStills), in place of `stills`. */
  segmentStills?: SegmentStillPaths & { fontFile: string };
}

export interface BackgroundClip {
  path: string;
  seconds: number;
}

/** Whether the render burns captions in (from an ASS file the renderer writes before it runs). */
export function burnsCaptions(timeline: Timeline): boolean {
  return Boolean(timeline.captions && timeline.captions.words.length > 0);
}

const quoteConcatPath = (path: string) => `'${path.replace(/'/g, "'\\''")}'`;

/**
 * An ffconcat list going round `clips` in order until `seconds` are covered, with one spare clip. Each
 * file's duration is written out: the demuxer seeks by them, and without them a seek into a list of
 * different files lands in the wrong one.
 */
export function concatList(clips: BackgroundClip[], seconds: number): string {
  let count = 0;
  for (let covered = 0; covered < seconds; count++) covered += clips[count % clips.length]!.seconds;
  const files = Array.from({ length: count + 1 }, (_, k) => clips[k % clips.length]!).flatMap((clip) => [`file ${quoteConcatPath(clip.path)}`, `duration ${n(clip.seconds)}`]);
  return ["ffconcat version 1.0", ...files, ""].join("\n");
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
 * - With `segment`, one window of a segmented render (segments.ts): `timeline` is windowTimeline's, the
 *   frames carry the whole video's times until they are encoded, and the run writes no audio.
 */
export function planRender(timeline: Timeline, paths: RenderPaths, encoder: EncoderSettings, gainDb: number, segment?: SegmentWindow): RenderPlan {
  const from = segment?.start ?? 0;
  const D = n(timeline.duration - from);
  const shift = from > 0 ? `+${n(from)}/TB` : "";
  let backgroundList: string | undefined;
  const inputs: string[] = [];
  const filters: string[] = [];
  let index = 0;

  if (timeline.background.kind === "video") {
    // Anything not converted on import is scaled to fill. The built-in loops are stored at half size:
    // decoding that and scaling it costs less than decoding a full-size loop. Bilinear, not lanczos: on
    // the loops' smooth 3D scenes the doubled frames match the old full-size loops as closely (SSIM 0.984
    // either way), and decoding and doubling a loop costs a fifth less processor time (docs/throughput.md).
    const fit = timeline.background.fitted
      ? ""
      : `scale=${VIDEO_WIDTH}:${VIDEO_HEIGHT}:flags=bilinear:force_original_aspect_ratio=increase,crop=${VIDEO_WIDTH}:${VIDEO_HEIGHT},setsar=1,fps=${FPS},`;
    const startAt = timeline.background.startAt ?? 0;
    if ((startAt > 0 || timeline.background.next?.length) && paths.backgroundList) {
      // The clips repeated as often as the video needs, as one concat-demuxer input seeked to the offset:
      // one decoder (a second 1080x1920 decoder costs ~10 MB of peak memory), and -ss never meets
      // -stream_loop (that seek lands on the wrong frame). The seek is frame-accurate: frames decoded
      // from the keyframe before it are dropped.
      backgroundList = concatList(paths.backgroundList.clips, startAt + timeline.duration - from);
      if (startAt > 0) inputs.push("-ss", n(startAt));
      inputs.push("-f", "concat", "-safe", "0", "-i", paths.backgroundList.path);
      filters.push(`[${index}:v]${fit}trim=duration=${D},setpts=PTS-STARTPTS${shift}[bg]`);
    } else {
      inputs.push("-stream_loop", "-1", "-i", timeline.background.path);
      filters.push(`[${index}:v]${fit}trim=duration=${D},setpts=PTS-STARTPTS${shift}[bg]`);
    }
  } else {
    inputs.push("-f", "lavfi", "-i", `color=c=${timeline.background.color}:s=${VIDEO_WIDTH}x${VIDEO_HEIGHT}:r=${FPS}:d=${D}`);
    filters.push(`[${index}:v]setsar=1${shift && `,setpts=PTS${shift}`}[bg]`);
  }
  index++;

  const layers = planLayers(timeline.layers, timeline.duration, index, "bg");
  inputs.push(...layers.inputs);
  filters.push(...layers.filters);
  index += timeline.layers.length;
  let video = layers.label;

  if (burnsCaptions(timeline)) {
    filters.push(`[${video}]subtitles=filename='${escapeFilterPath(paths.assPath)}':fontsdir='${escapeFilterPath(paths.fontsDir)}'[vc]`);
    video = "vc";
  }
  filters.push(`[${video}]format=yuv420p${shift && ",setpts=PTS-STARTPTS"}[vout]`);
  const stills =
    segment && paths.segmentStills
      ? planSegmentStills(segment, "vout", paths.segmentStills, paths.segmentStills.fontFile)
      : paths.stills && planStills(timeline, "vout", paths.stills, paths.stills.fontFile);
  if (stills) filters.push(...stills.filters);

  let audio = ["-an"];
  if (!segment) {
    const mix = planAudioMix(timeline, index);
    inputs.push(...mix.inputs);
    filters.push(...mix.filters, `[${mix.label}]${masterFilter(gainDb)}[aout]`);
    audio = ["-map", "[aout]", ...AUDIO_ENCODE_ARGS];
  }

  return {
    args: [
      ...inputs,
      "-filter_complex",
      filters.join(";"),
      "-map",
      `[${stills?.label ?? "vout"}]`,
      ...encoder.args,
      "-r",
      String(FPS),
      ...audio,
      "-t",
      D,
      // A segment is read once, by the join: moving its index to the front would only rewrite it.
      ...(segment ? [] : ["-movflags", "+faststart"]),
      paths.output,
      ...(stills?.outputs ?? []),
    ],
    needsAss: burnsCaptions(timeline),
    backgroundList,
  };
}
