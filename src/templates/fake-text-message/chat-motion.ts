import type { LayerMotion } from "../../../render/timeline.ts";
import type { NewestRow } from "./chat-screen.ts";

/**
 * The newest bubble as a strip of frames for a moving layer (render/timeline.ts) over the card: a message
 * pops in (it grows from its bottom corner on its sender's side, overshoots a little and settles), the
 * typing bubble's dots run in a wave for as long as it shows. Each frame redraws the card's conversation
 * around the bubble, so the layer covers the settled bubble the card holds; it is read only while it moves.
 */

/** Scale and opacity of a popping bubble, one entry per video frame: 0.2 s, then the last frame holds. */
const POP = [
  { scale: 0.35, opacity: 0.35 },
  { scale: 0.7, opacity: 0.8 },
  { scale: 0.96, opacity: 1 },
  { scale: 1.06, opacity: 1 },
  { scale: 1.02, opacity: 1 },
  { scale: 1, opacity: 1 },
];
const POP_FPS = 30;
/** One cycle of the typing dots: 12 frames at 15 fps, 0.8 s, looped. */
const TYPING_FRAMES = 12;
const TYPING_FPS = 15;

export interface RowStrip {
  svg: string;
  /** How long the layer shows from the row's appearance: the pop's length, or the whole state for the dots. */
  seconds: number;
  /** One frame's size, and where its top-left corner sits on the card (card pixels). */
  width: number;
  height: number;
  x: number;
  y: number;
  motion: LayerMotion;
}

export function newestRowStrip(row: NewestRow): RowStrip {
  const { box } = row;
  // Room for the overshoot.
  const margin = Math.ceil(Math.max(box.width, box.height) * 0.07) + 4;
  const x = Math.floor(box.x - margin);
  const y = Math.floor(box.y - margin);
  const width = Math.ceil(box.width + 2 * margin);
  const height = Math.ceil(box.height + 2 * margin);
  const frames = row.kind === "typing" ? Array.from({ length: TYPING_FRAMES }, (_, k) => ({ scale: 1, opacity: 1, phase: k / TYPING_FRAMES })) : POP.map((p) => ({ ...p, phase: undefined }));
  const ax = row.anchor === "right" ? box.x + box.width : box.x;
  const ay = box.y + box.height;
  // Each frame is a nested viewport onto the card's coordinates: it clips what overshoots it.
  const body = frames
    .map(
      (f, k) =>
        `<svg y="${k * height}" width="${width}" height="${height}" viewBox="${x} ${y} ${width} ${height}">${row.scene(`<g opacity="${f.opacity}" transform="translate(${ax} ${ay}) scale(${f.scale}) translate(${-ax} ${-ay})">${row.svg(f.phase)}</g>`)}</svg>`,
    )
    .join("");
  return {
    svg: `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height * frames.length}" font-family="${row.font}">${row.defs}${body}</svg>`,
    seconds: row.kind === "typing" ? Number.POSITIVE_INFINITY : POP.length / POP_FPS,
    width,
    height,
    x,
    y,
    motion: row.kind === "typing" ? { kind: "frames", count: TYPING_FRAMES, fps: TYPING_FPS, loop: true } : { kind: "frames", count: POP.length, fps: POP_FPS },
  };
}
