import { join } from "node:path";
import { captionTimings, toSrt, toTimingsJson, toVtt } from "./captions/caption-files.ts";
import { ffmpegToFile } from "./ffmpeg.ts";
import { fontFile } from "./fonts.ts";
import { contactSheetArgs, posterArgs, posterTime, sheetTimes } from "./plan/stills.ts";
import type { Timeline } from "./timeline.ts";

/** The files made with every video, by name, and the file name each is written under. */
export const COMPANION_FILES = {
  captionsSrt: "captions.srt",
  captionsVtt: "captions.vtt",
  captionsJson: "captions.json",
  poster: "poster.jpg",
  contactSheet: "contact-sheet.jpg",
} as const;

export type CompanionName = keyof typeof COMPANION_FILES;

/**
 * Writes into `dir` the caption files of a rendered Timeline (from the same lines its render burned in)
 * and the poster and contact sheet taken from its MP4; returns each file's name and path.
 */
export async function writeCompanions(timeline: Timeline, mp4Path: string, dir: string, options: { signal?: AbortSignal } = {}): Promise<{ file: string; path: string }[]> {
  const paths = Object.fromEntries(Object.entries(COMPANION_FILES).map(([name, file]) => [name, join(dir, file)])) as Record<CompanionName, string>;
  const timings = captionTimings(timeline.captions, timeline.duration);
  await Bun.write(paths.captionsSrt, toSrt(timings));
  await Bun.write(paths.captionsVtt, toVtt(timings));
  await Bun.write(paths.captionsJson, toTimingsJson(timings));
  await ffmpegToFile(paths.poster, (out) => posterArgs(mp4Path, posterTime(timeline), out), options);
  const font = fontFile("poppins", "700Bold/Poppins_700Bold.ttf");
  await ffmpegToFile(paths.contactSheet, (out) => contactSheetArgs(mp4Path, sheetTimes(timeline.duration), out, font), options);
  return Object.values(COMPANION_FILES).map((file) => ({ file, path: join(dir, file) }));
}
