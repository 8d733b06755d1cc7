import { type CaptionWord, FPS } from "../../render/timeline.ts";

/**
 * How a narrated video over footage ends: its last words stay on screen for this beat after they are
 * spoken, and the video ends with them, never on bare footage. Counted from the last word, not from the end
 * of the recording (whose own tail of silence would add to it): a video that lingers a second after its
 * last word feels like a mistake; 0.4 s lets the word land and the bed ring on.
 */
export const END_HOLD_SECONDS = 0.4;

/** Caption words with the last one kept on screen until `until` (the end of the video). */
export function holdLastWord<W extends CaptionWord>(words: readonly W[], until: number): W[] {
  const last = words.at(-1);
  return last && last.end < until ? [...words.slice(0, -1), { ...last, end: until }] : [...words];
}

/**
 * The length of a narrated video: END_HOLD_SECONDS after its last spoken word, on a frame; a recording
 * without word times (or none) ends its hold after the recording.
 */
export function narratedDuration(words: readonly CaptionWord[], recordingSeconds: number): number {
  const lastWord = words.reduce((end, w) => Math.max(end, w.end), 0);
  const spoken = lastWord > 0 ? Math.min(lastWord, recordingSeconds || lastWord) : recordingSeconds;
  return Math.ceil((spoken + END_HOLD_SECONDS) * FPS) / FPS;
}
