import type { Video } from "../client.ts";

const clock = (seconds: number) => {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
};

/** One line for a terminal: `[######------]  45%  Rendering the video  ETA 0:23`. */
export function progressLine(video: Video, width = 30): string {
  const percent = video.status === "completed" ? 100 : (video.progress ?? 0);
  const filled = Math.round((percent / 100) * width);
  const bar = `[${"#".repeat(filled)}${"-".repeat(width - filled)}]`;
  const eta = video.estimatedSecondsRemaining === null ? "" : `  ETA ${clock(video.estimatedSecondsRemaining)}`;
  return `${bar} ${String(percent).padStart(3)}%  ${video.stage}${eta}`;
}
