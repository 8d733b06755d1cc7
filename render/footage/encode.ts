import { FPS } from "../timeline.ts";

/**
 * How captured frames become a stored loop: JPEG frames on stdin, stored at the size they were drawn
 * (the render scales them up as it composes), H.264 with one keyframe a second (a video's random start
 * offset seeks to a keyframe) and `-tune fastdecode` (every render decodes the background: cheap decoding
 * matters more than size). CRF 18 rather than 21: the render doubles each pixel, and its artefacts with it.
 */
export const LOOP_ENCODE = {
  preset: "veryfast",
  crf: 18,
  maxrate: "6M",
  bufsize: "12M",
  /** Keyframe interval in frames: fixed, so keyframes fall on whole seconds. */
  gop: FPS,
} as const;

export interface LoopPlan {
  /** Frames in the stored loop (loopSeconds * fps). */
  frames: number;
  /**
   * Frames rendered past the loop and blended over its head, for scenes whose state drifts; 0 for periodic
   * scenes. With C > 0 ffmpeg receives frames C..frames+C-1 then 0..C-1 (see `captureOrder`).
   */
  crossfadeFrames: number;
  /** ffmpeg `noise` strength added at render size (camera grain), 0 for none. */
  grain: number;
  seed: number;
}

/**
 * The order in which rendered frames go to ffmpeg. A cross-faded loop is stored rotated: it starts at
 * rendered frame C and ends with the head (0..C-1) blended under the tail (frames..frames+C-1), so the
 * stored last frame is almost frame C-1 and is followed by frame C, its natural successor, when it loops.
 */
export function captureOrder(plan: LoopPlan): number[] {
  const { frames, crossfadeFrames: c } = plan;
  const order = Array.from({ length: frames - c }, (_, i) => c + i);
  for (let i = 0; i < c; i++) order.push(frames + i);
  for (let i = 0; i < c; i++) order.push(i);
  return order;
}

export function loopFilter(plan: LoopPlan): string {
  const { frames, crossfadeFrames: c } = plan;
  const finish = [
    plan.grain > 0 ? `noise=alls=${plan.grain}:allf=t:all_seed=${Math.abs(Math.floor(plan.seed)) % 2147483647}` : "",
    // The capture's JPEGs are full range; the stored loop is TV range like every other video.
    "scale=out_range=tv",
    "format=yuv420p",
  ].filter(Boolean).join(",");
  if (c === 0) return `[0:v]${finish}[v]`;
  const middle = frames - c;
  // Weight of the head frame rises from 1/(C+1) to C/(C+1) across the blend (blend counts N from 1).
  return [
    "[0:v]split=3[m][t][h]",
    `[m]trim=start_frame=0:end_frame=${middle},setpts=PTS-STARTPTS[mid]`,
    `[t]trim=start_frame=${middle}:end_frame=${frames},setpts=PTS-STARTPTS[tail]`,
    `[h]trim=start_frame=${frames}:end_frame=${frames + c},setpts=PTS-STARTPTS[head]`,
    `[tail][head]blend=all_expr='A+(B-A)*N/${c + 1}'[mix]`,
    `[mid][mix]concat=n=2:v=1:a=0,${finish}[v]`,
  ].join(";");
}

/** ffmpeg arguments reading the frames of `plan` from stdin and writing the stored loop to `out`. */
export function loopEncodeArgs(plan: LoopPlan, out: string): string[] {
  return [
    "-f", "image2pipe", "-c:v", "mjpeg", "-framerate", String(FPS), "-i", "pipe:0",
    "-filter_complex", loopFilter(plan), "-map", "[v]",
    "-frames:v", String(plan.frames),
    "-c:v", "libx264", "-preset", LOOP_ENCODE.preset, "-tune", "fastdecode", "-crf", String(LOOP_ENCODE.crf),
    "-maxrate", LOOP_ENCODE.maxrate, "-bufsize", LOOP_ENCODE.bufsize,
    "-g", String(LOOP_ENCODE.gop), "-keyint_min", String(LOOP_ENCODE.gop), "-sc_threshold", "0",
    "-r", String(FPS), "-pix_fmt", "yuv420p", "-an", "-movflags", "+faststart",
    out,
  ];
}
