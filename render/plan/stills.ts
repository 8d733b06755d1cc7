import { layoutCaptions } from "../captions/ass.ts";
import { FPS, type Timeline, VIDEO_HEIGHT, VIDEO_WIDTH } from "../timeline.ts";
import { escapeFilterPath } from "./render-args.ts";

/**
 * Stills taken from a finished MP4: a poster (one full-size frame) and a contact sheet (evenly spaced
 * frames in a grid, each labelled with its time). Pure: the arguments of the ffmpeg runs that take them.
 */

/** A card that opens the video (a title card) is one that appears within this many seconds of the start. */
const OPENING_SECONDS = 3;
/** Past a layer's 0.25 s entrance, with a margin: the card stands still and whole. */
const SETTLED_SECONDS = 0.5;

export const SHEET_COLUMNS = 3;
export const SHEET_ROWS = 3;
/** A quarter of the video's size: the sheet (810x1440) keeps the video's 9:16. */
export const SHEET_TILE = { width: VIDEO_WIDTH / 4, height: VIDEO_HEIGHT / 4 } as const;
const LABEL_SIZE = 30;
const LABEL_MARGIN = 12;

const n = (x: number) => (Math.round(x * 1000) / 1000).toString();

/** The last moment a frame can be taken from. */
function lastFrame(duration: number): number {
  return Math.max(0, duration - 2 / FPS);
}

/**
 * When the poster is taken: the card that opens the video once it has settled (a title card, a quiz's
 * intro, a chat's hook); else the first caption line once it shows; else a second in.
 */
export function posterTime(timeline: Timeline): number {
  const clamp = (t: number) => Math.min(Math.max(0, t), lastFrame(timeline.duration));
  const opening = timeline.layers.filter((l) => l.start < OPENING_SECONDS).sort((a, b) => a.start - b.start)[0];
  if (opening) return clamp(Math.min(opening.start + SETTLED_SECONDS, (opening.start + Math.min(opening.end, timeline.duration)) / 2));
  const line = timeline.captions && timeline.captions.words.length > 0 ? layoutCaptions(timeline.captions)[0] : undefined;
  if (line) return clamp(line.start + Math.min(SETTLED_SECONDS, (line.end - line.start) / 2));
  return clamp(Math.min(1, timeline.duration / 2));
}

/** The sheet's moments: the middle of each of SHEET_COLUMNS x SHEET_ROWS equal parts of the video. */
export function sheetTimes(duration: number): number[] {
  const count = SHEET_COLUMNS * SHEET_ROWS;
  return Array.from({ length: count }, (_, i) => Math.min(Math.round((duration * (i + 0.5) * 1000) / count) / 1000, lastFrame(duration)));
}

/** `m:ss.s`, the time a tile shows. */
export function timeLabel(seconds: number): string {
  const tenths = Math.floor(seconds * 10);
  const m = Math.floor(tenths / 600);
  const s = (tenths % 600) / 10;
  return `${m}:${s.toFixed(1).padStart(4, "0")}`;
}

/** One full-size frame at `at` seconds as a JPEG. Seeking before the input decodes from the keyframe before `at` only. */
export function posterArgs(input: string, at: number, output: string): string[] {
  return ["-ss", n(at), "-i", input, "-frames:v", "1", "-an", "-q:v", "3", output];
}

/**
 * One JPEG of frames at `times`, each scaled to a tile, framed by a thin dark line (so tiles over like
 * footage stay apart), labelled with its time, laid out row by row.
 * Each frame is its own seeked input read for a moment only, so the sheet decodes a few short stretches
 * of the video rather than all of it.
 */
export function contactSheetArgs(input: string, times: readonly number[], output: string, fontFile: string): string[] {
  const { width, height } = SHEET_TILE;
  const inputs: string[] = [];
  const filters: string[] = [];
  const layout: string[] = [];
  times.forEach((t, i) => {
    inputs.push("-ss", n(t), "-t", "0.5", "-i", input);
    // In the filter graph a colon separates options: the label's colon is escaped for the option parser.
    const label = timeLabel(t).replace(/:/g, "\\:");
    filters.push(
      `[${i}:v]scale=${width}:${height},setsar=1,drawbox=color=black@0.8:t=2,drawtext=fontfile='${escapeFilterPath(fontFile)}':text='${label}':fontsize=${LABEL_SIZE}:fontcolor=white:box=1:boxcolor=black@0.6:boxborderw=8:x=${LABEL_MARGIN + 8}:y=h-th-${LABEL_MARGIN + 8}[t${i}]`,
    );
    layout.push(`${(i % SHEET_COLUMNS) * width}_${Math.floor(i / SHEET_COLUMNS) * height}`);
  });
  filters.push(`${times.map((_, i) => `[t${i}]`).join("")}xstack=inputs=${times.length}:layout=${layout.join("|")}[sheet]`);
  return [...inputs, "-filter_complex", filters.join(";"), "-map", "[sheet]", "-frames:v", "1", "-q:v", "4", output];
}
