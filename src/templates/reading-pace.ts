import type { CaptionWord } from "../../render/timeline.ts";

/** A silent video shows its words at an easy reading pace. */
const READING_WORDS_PER_SECOND = 2.6;

/** Pure: word-by-word times for reading text without narration, and how long that takes. */
export function readingTimes(text: string): { duration: number; words: CaptionWord[] } {
  const words = text.split(/\s+/).filter(Boolean);
  const step = 1 / READING_WORDS_PER_SECOND;
  return { duration: words.length * step, words: words.map((w, i) => ({ text: w, start: i * step, end: (i + 1) * step })) };
}
