import { join } from "node:path";
import { captionTimings, toSrt, toTimingsJson, toVtt } from "./captions/caption-files.ts";
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

/** Where each companion file of a video goes in `dir`. */
export function companionPaths(dir: string): Record<CompanionName, string> {
  return Object.fromEntries(Object.entries(COMPANION_FILES).map(([name, file]) => [name, join(dir, file)])) as Record<CompanionName, string>;
}

/**
 * Writes the caption files of a rendered Timeline (from the same lines its render burned in) to their
 * `paths`; the poster and contact sheet are written by the render itself (`RenderOptions.stills`).
 */
export async function writeCaptionFiles(timeline: Timeline, paths: Pick<Record<CompanionName, string>, "captionsSrt" | "captionsVtt" | "captionsJson">): Promise<void> {
  const timings = captionTimings(timeline);
  await Bun.write(paths.captionsSrt, toSrt(timings));
  await Bun.write(paths.captionsVtt, toVtt(timings));
  await Bun.write(paths.captionsJson, toTimingsJson(timings));
}
