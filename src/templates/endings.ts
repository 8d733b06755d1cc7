import type { CaptionWord } from "../../render/timeline.ts";

/**
 * How a narrated video over footage ends: its last words stay on screen for this beat after they are
 * spoken, and the video ends with them, never on bare footage.
 */
export const END_HOLD_SECONDS = 1;

/** Caption words with the last one kept on screen until `until` (the end of the video). */
export function holdLastWord<W extends CaptionWord>(words: readonly W[], until: number): W[] {
  const last = words.at(-1);
  return last && last.end < until ? [...words.slice(0, -1), { ...last, end: until }] : [...words];
}
