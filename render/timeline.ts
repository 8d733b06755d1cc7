import type { CaptionPresetId } from "./captions/presets.ts";
import type { SpeechWindow } from "./plan/ducking.ts";

/**
 * A video as plain data. Templates compile their inputs into a Timeline; the renderer turns any Timeline
 * into one ffmpeg run. Times are seconds from the start of the video; windows are [start, end).
 */
export const VIDEO_WIDTH = 1080;
export const VIDEO_HEIGHT = 1920;
export const FPS = 30;

export type Background =
  /**
   * A video file, looped, scaled and cropped to fill 1080x1920. `next`: further clips played after it in
   * order before it comes round again (a category's other loops, so a long video does not show the same
   * stretch twice). `fitted`: already 1080x1920 at 30 fps (the caller's own footage, converted on import).
   * `startAt`: seconds into the sequence where the video starts (taken modulo its length), so videos over
   * the same loops do not all open on the same frame; whole seconds land on the built-in loops' keyframes.
   */
  | { kind: "video"; path: string; next?: string[]; fitted?: boolean; startAt?: number }
  /** A flat colour (#rrggbb), for cards-only videos and tests. */
  | { kind: "color"; color: string };

export type Entrance = "none" | "fade" | "slide-up" | "pop";

/**
 * A layer whose picture changes while it shows: the PNG holds more than is shown, and the window shown
 * moves over it, timed from the layer's start.
 * - `frames`: the PNG is a vertical strip of `count` frames of equal height, stepped `fps` times a second;
 *   the last frame holds, or the strip starts again when `loop` (a bubble popping in, typing dots).
 * - `sweep`: the window is the PNG less `dx` pixels wide and slides `dx` pixels right over `seconds`, then
 *   holds (a timer bar emptying: the PNG is the full bar followed by the empty one).
 */
export type LayerMotion = { kind: "frames"; count: number; fps: number; loop?: boolean } | { kind: "sweep"; dx: number; seconds: number };

/** A PNG drawn by a template, shown during its window at its position (top-left corner, pixels). */
export interface ImageLayer {
  path: string;
  x: number;
  y: number;
  start: number;
  end: number;
  entrance?: Entrance;
  motion?: LayerMotion;
}

export interface CaptionWord {
  text: string;
  start: number;
  end: number;
}

export interface Captions {
  words: CaptionWord[];
  preset: CaptionPresetId;
  position: "top" | "middle" | "bottom";
}

/** A spoken line for the caption files, with its words' spoken times (seconds in the video). */
export interface TranscriptCue {
  text: string;
  start: number;
  end: number;
  words: CaptionWord[];
}

export interface AudioTrack {
  path: string;
  /** Where the track starts in the video. */
  start: number;
  /**
   * Linear gain. Narration and effects: 1 = as recorded. Music: 1 = the track brought to the narration's
   * loudness (the renderer measures it), so a volume means the same bed whatever the file's own level.
   */
  volume: number;
  kind: "narration" | "music" | "sfx";
  /** Music loops to fill the video. */
  loop?: boolean;
  /** Seconds into the file where the track starts playing (what comes before is skipped); 0 when absent. */
  from?: number;
  /** Seconds of the file played from `from`; to its end when absent. */
  length?: number;
}

export interface Timeline {
  duration: number;
  background: Background;
  layers: ImageLayer[];
  captions?: Captions;
  /**
   * What is spoken, cue by cue, for a video that burns no captions in (a chat's voiced messages): the
   * caption files carry these instead, so every spoken word is in them either way.
   */
  transcript?: TranscriptCue[];
  audio: AudioTrack[];
  /**
   * When the voice speaks (words or clips, seconds in the video): the music is ducked under these, planned
   * (render/plan/ducking.ts). Absent: ducked by a compressor keyed by the narration.
   */
  speech?: SpeechWindow[];
}

/** Problems that would make a render fail or look wrong, found before ffmpeg runs. */
export function timelineProblems(t: Timeline): string[] {
  const problems: string[] = [];
  if (!(t.duration > 0 && t.duration <= 15 * 60)) problems.push(`duration ${t.duration} must be in (0, 900] seconds`);
  t.layers.forEach((l, i) => {
    if (!(l.end > l.start)) problems.push(`layer ${i} window [${l.start}, ${l.end}) is empty`);
    if (l.start < 0 || l.start >= t.duration) problems.push(`layer ${i} starts outside the video`);
    const m = l.motion;
    if (m?.kind === "frames" && !(Number.isInteger(m.count) && m.count >= 1 && m.fps > 0)) problems.push(`layer ${i} has a strip of ${m.count} frames at ${m.fps} fps`);
    if (m?.kind === "sweep" && !(m.dx >= 0 && m.seconds > 0)) problems.push(`layer ${i} sweeps ${m.dx} px over ${m.seconds} s`);
  });
  t.audio.forEach((a, i) => {
    if (a.start < 0 || a.start >= t.duration) problems.push(`audio ${i} starts outside the video`);
    if (a.volume < 0) problems.push(`audio ${i} has a negative volume`);
    if ((a.from !== undefined && !(a.from >= 0)) || (a.length !== undefined && !(a.length > 0))) problems.push(`audio ${i} plays an empty or negative part of its file`);
  });
  t.speech?.forEach((w, i) => {
    if (!(w.end >= w.start && w.start >= 0)) problems.push(`speech window ${i} [${w.start}, ${w.end}) is not a window of the video`);
  });
  t.captions?.words.forEach((w, i) => {
    if (!(w.end > w.start)) problems.push(`caption word ${i} has no duration`);
  });
  return problems;
}
