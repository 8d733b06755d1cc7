import { splitPieces } from "../../render/text/scripts.ts";

/** A word of the script as the captions show it, with where it sits in the script. */
export interface ScriptWord {
  text: string;
  charStart: number;
  charEnd: number;
}

/** A timed word: the script's own text, seconds from the start of the narration audio. */
export interface WordTiming extends ScriptWord {
  start: number;
  end: number;
}

/**
 * The script's words with their character offsets (UTF-16 indices into the script): whitespace-separated,
 * and in Chinese, Japanese or Thai text the words `Intl.Segmenter` finds, so captions follow word by word.
 */
export function splitWords(text: string): ScriptWord[] {
  return splitPieces(text).map((p) => ({ text: p.text, charStart: p.start, charEnd: p.end }));
}

const MIN_WORD_SECONDS = 0.04;

/**
 * Makes any engine's times safe for captions: in order, never overlapping, no zero-length words, inside
 * [0, duration]. Words an engine did not time (NaN) take the gap between their timed neighbours.
 */
export function tidyTimings(words: WordTiming[], duration: number): WordTiming[] {
  const out = words.map((w) => ({ ...w }));
  // Fill untimed words by sharing the span between the previous end and the next start.
  for (let i = 0; i < out.length; i++) {
    if (Number.isFinite(out[i]!.start) && Number.isFinite(out[i]!.end)) continue;
    let j = i;
    while (j < out.length && !(Number.isFinite(out[j]!.start) && Number.isFinite(out[j]!.end))) j++;
    const from = i === 0 ? 0 : out[i - 1]!.end;
    const to = j < out.length ? out[j]!.start : duration;
    const step = Math.max(0, to - from) / (j - i);
    for (let k = i; k < j; k++) {
      out[k]!.start = from + step * (k - i);
      out[k]!.end = from + step * (k - i + 1);
    }
    i = j - 1;
  }
  let cursor = 0;
  for (let i = 0; i < out.length; i++) {
    const w = out[i]!;
    w.start = Math.min(Math.max(w.start, cursor), duration);
    w.end = Math.min(Math.max(w.end, w.start + MIN_WORD_SECONDS), duration);
    if (w.end - w.start < MIN_WORD_SECONDS) {
      // At the very end of the audio: borrow from the previous word rather than run past the end.
      w.start = Math.max(0, w.end - MIN_WORD_SECONDS);
      if (i > 0) out[i - 1]!.end = Math.min(out[i - 1]!.end, w.start);
    }
    cursor = w.end;
  }
  return out.map((w) => ({ ...w, start: round(w.start), end: round(w.end) }));
}

function round(s: number): number {
  return Math.round(s * 1000) / 1000;
}

/** Times after the audio was cut at `trimStart` and played `tempo` times faster. */
export function retime(words: WordTiming[], trimStart: number, tempo: number, offset = 0): WordTiming[] {
  return words.map((w) => ({ ...w, start: offset + (w.start - trimStart) / tempo, end: offset + (w.end - trimStart) / tempo }));
}
