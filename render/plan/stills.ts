import { layoutCaptions } from "../captions/ass.ts";
import { FPS, type Timeline, VIDEO_HEIGHT, VIDEO_WIDTH } from "../timeline.ts";
import { escapeFilterPath } from "./filter-path.ts";
import type { SegmentWindow } from "./segments.ts";

/**
 * Stills of a render: a poster (one full-size frame) and a contact sheet (evenly spaced frames in a grid,
 * each labelled with its time). Pure: the filters and outputs that take them in the render's own run.
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
/** The sheet's labels' font, as `fontFile` takes it. */
export const STILLS_FONT = ["poppins", "700Bold/Poppins_700Bold.ttf"] as const;
const LABEL_MARGIN = 12;

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

/** Where the render writes its stills. */
export interface StillPaths {
  poster: string;
  contactSheet: string;
}

/** The frame shown at `seconds` in a 30 fps render (the one a seek to that time lands on). */
export function frameAt(seconds: number): number {
  return Math.round(seconds * FPS);
}

/**
 * The filters and outputs that take the poster and the contact sheet from the render's own frames, in
 * the render's ffmpeg run: `[video]` is split, and each still's branch keeps only its frames (`select`
 * drops the rest as they pass, so nothing is held back). Taking them from the finished MP4 instead
 * decoded it again from ten seeks, each from the keyframe before it: about 1.7 s of every video.
 * The sheet's frames are scaled to a tile, framed by a thin dark line (so tiles over like footage stay
 * apart), labelled with their time and laid out row by row by `tile`. Returns the label the video
 * output reads and the arguments to put after that output.
 *
 * ffmpeg reports no progress until every output has written its header, and an image output writes its
 * header with its first frame. A sheet made only once its last tile arrives would keep the render's
 * progress silent until then, so `tile` starts from empty tiles and puts out a sheet with each frame
 * (each the previous one shifted by a tile, `overlap`), the file rewritten each time (`-update`): the
 * first at the first tile, the last the whole sheet.
 */
export function planStills(timeline: Timeline, video: string, paths: StillPaths, fontFile: string): { filters: string[]; label: string; outputs: string[] } {
  const times = sheetTimes(timeline.duration);
  const tiles = SHEET_COLUMNS * SHEET_ROWS;
  const picks = times.map((t) => `eq(n,${frameAt(t)})`).join("+");
  return {
    filters: [
      `[${video}]split=3[vmain][vposter][vsheet]`,
      `[vposter]select='eq(n,${frameAt(posterTime(timeline))})'[poster]`,
      `[vsheet]select='${picks}',${tileFilters(times, fontFile)},tile=${SHEET_COLUMNS}x${SHEET_ROWS}:overlap=${tiles - 1}:init_padding=${tiles - 1}[sheet]`,
    ],
    label: "vmain",
    outputs: ["-map", "[poster]", "-frames:v", "1", "-q:v", "3", paths.poster, "-map", "[sheet]", "-update", "1", "-q:v", "4", paths.contactSheet],
  };
}

/**
 * A sheet's frames (after their select, numbered from 0) made tiles: scaled, framed and each labelled
 * with its time. In the filter graph a colon separates options: the label's colon is escaped for the
 * option parser.
 */
function tileFilters(times: readonly number[], fontFile: string): string {
  const { width, height } = SHEET_TILE;
  const labels = times.map(
    (t, i) =>
      `drawtext=fontfile='${escapeFilterPath(fontFile)}':text='${timeLabel(t).replace(/:/g, "\\:")}':enable='eq(n,${i})':fontsize=${LABEL_SIZE}:fontcolor=white:box=1:boxcolor=black@0.6:boxborderw=8:x=${LABEL_MARGIN + 8}:y=h-th-${LABEL_MARGIN + 8}`,
  );
  return `scale=${width}:${height},setsar=1,drawbox=color=black@0.8:t=2,${labels.join(",")}`;
}

/**
 * Where one segment of a segmented render writes its part of the stills. `poster` is the poster's path
 * when the whole video's poster frame is in this segment; `tiles` an image2 pattern (`%02d`) each of the
 * segment's sheet tiles is written to, numbered as in the whole sheet, when it has any. The sheet is laid
 * out from the tiles once every segment is done (`sheetFromTilesArgs`).
 */
export interface SegmentStillPaths {
  /** The whole video's poster frame, which the segment shows when it holds that frame. */
  posterFrame: number;
  poster: string;
  /** The whole video's sheet times (its tiles' labels). */
  sheetTimes: number[];
  tiles: string;
}

/** The whole video's still frames, which the segments take their stills at. */
export function segmentStillPaths(timeline: Timeline, poster: string, tiles: string): SegmentStillPaths {
  return { posterFrame: frameAt(posterTime(timeline)), poster, sheetTimes: sheetTimes(timeline.duration), tiles };
}

/**
 * planStills for one window of a segmented render: the same frames of the whole video, found by their
 * number within the window. Only the outputs the window holds frames for are written (an output given no
 * frame fails the run). Tiles are written one file each, so the sheet does not wait for the last segment's
 * frames to be composed in one graph.
 */
export function planSegmentStills(window: SegmentWindow, video: string, paths: SegmentStillPaths, fontFile: string): { filters: string[]; label: string; outputs: string[] } | undefined {
  const inWindow = (frame: number) => frame >= window.firstFrame && frame < window.firstFrame + window.frames;
  const hasPoster = inWindow(paths.posterFrame);
  // Two tiles of one frame (a very short video) are one pick of the select: the sheet's layout skips none.
  const tiles = paths.sheetTimes.map((time, index) => ({ time, frame: frameAt(time), index })).filter((t, i, all) => inWindow(t.frame) && all.findIndex((o) => o.frame === t.frame) === i);
  if (!hasPoster && tiles.length === 0) return undefined;
  const branches = ["vmain", ...(hasPoster ? ["vposter"] : []), ...(tiles.length > 0 ? ["vsheet"] : [])];
  const filters = [`[${video}]split=${branches.length}${branches.map((b) => `[${b}]`).join("")}`];
  const outputs: string[] = [];
  if (hasPoster) {
    filters.push(`[vposter]select='eq(n,${paths.posterFrame - window.firstFrame})'[poster]`);
    outputs.push("-map", "[poster]", "-frames:v", "1", "-q:v", "3", paths.poster);
  }
  if (tiles.length > 0) {
    const picks = tiles.map((t) => `eq(n,${t.frame - window.firstFrame})`).join("+");
    filters.push(`[vsheet]select='${picks}',${tileFilters(tiles.map((t) => t.time), fontFile)}[sheet]`);
    // Each selected frame once: a constant-rate output would repeat each tile until the next one's time.
    outputs.push("-map", "[sheet]", "-fps_mode", "passthrough", "-start_number", String(tiles[0]!.index), "-f", "image2", paths.tiles);
  }
  return { filters, label: "vmain", outputs };
}

/** The contact sheet laid out from the tiles the segments wrote (`tiles`: their image2 pattern). */
export function sheetFromTilesArgs(tiles: string, output: string): string[] {
  return ["-framerate", "1", "-start_number", "0", "-i", tiles, "-vf", `tile=${SHEET_COLUMNS}x${SHEET_ROWS}`, "-frames:v", "1", "-q:v", "4", output];
}
