import { layoutCaptions } from "../captions/ass.ts";
import { FPS, type Timeline, VIDEO_HEIGHT, VIDEO_WIDTH } from "../timeline.ts";
import { escapeFilterPath } from "./filter-path.ts";

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
  const { width, height } = SHEET_TILE;
  const times = sheetTimes(timeline.duration);
  const tiles = SHEET_COLUMNS * SHEET_ROWS;
  const picks = times.map((t) => `eq(n,${frameAt(t)})`).join("+");
  // After the select, the sheet's frames are numbered 0-8: each label is drawn on its own frame only.
  // In the filter graph a colon separates options: the label's colon is escaped for the option parser.
  const labels = times.map(
    (t, i) =>
      `drawtext=fontfile='${escapeFilterPath(fontFile)}':text='${timeLabel(t).replace(/:/g, "\\:")}':enable='eq(n,${i})':fontsize=${LABEL_SIZE}:fontcolor=white:box=1:boxcolor=black@0.6:boxborderw=8:x=${LABEL_MARGIN + 8}:y=h-th-${LABEL_MARGIN + 8}`,
  );
  return {
    filters: [
      `[${video}]split=3[vmain][vposter][vsheet]`,
      `[vposter]select='eq(n,${frameAt(posterTime(timeline))})'[poster]`,
      `[vsheet]select='${picks}',scale=${width}:${height},setsar=1,drawbox=color=black@0.8:t=2,${labels.join(",")},tile=${SHEET_COLUMNS}x${SHEET_ROWS}:overlap=${tiles - 1}:init_padding=${tiles - 1}[sheet]`,
    ],
    label: "vmain",
    outputs: ["-map", "[poster]", "-frames:v", "1", "-q:v", "3", paths.poster, "-map", "[sheet]", "-update", "1", "-q:v", "4", paths.contactSheet],
  };
}
