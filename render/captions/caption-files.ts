import { joinWords } from "../text/scripts.ts";
import type { Timeline } from "../timeline.ts";
import { type CaptionLine, layoutCaptions } from "./ass.ts";

/**
 * The captions handed out with a video, written from the same lines the ASS script burns in
 * (`layoutCaptions`): SRT and WebVTT cues are the burned-in lines with their time on screen; the JSON
 * holds every shown word with its spoken time, and the lines. Words keep their written case (a preset's
 * capitals are styling); a word shown as nothing (a lone quote mark) is left out, as it is on screen.
 */

export interface TimedWord {
  text: string;
  startMs: number;
  endMs: number;
}

export interface TimedLine {
  text: string;
  startMs: number;
  endMs: number;
  words: TimedWord[];
}

export interface CaptionTimings {
  words: TimedWord[];
  lines: TimedLine[];
}

const ms = (seconds: number) => Math.round(seconds * 1000);

/**
 * The burned-in lines in milliseconds; for a video that burns none in, its transcript's cues (one a spoken
 * line); none when it has neither. Nothing shows past the end of the video, whatever the script asks for.
 */
export function captionTimings(timeline: Pick<Timeline, "captions" | "transcript" | "duration">): CaptionTimings {
  const { captions, duration } = timeline;
  const until = (seconds: number) => ms(Math.min(seconds, duration));
  const lines: TimedLine[] = [];
  const shown: CaptionLine[] = captions && captions.words.length > 0 ? layoutCaptions(captions) : (timeline.transcript ?? []);
  for (const line of shown) {
    const words = line.words.filter((w) => w.text !== "" && until(w.start) < until(duration)).map((w) => ({ text: w.text, startMs: until(w.start), endMs: until(w.end) }));
    // A line with nothing to show, or no time on screen, is not drawn.
    if (words.length === 0 || until(line.end) <= until(line.start)) continue;
    lines.push({ text: joinWords(words.map((w) => w.text)), startMs: until(line.start), endMs: until(line.end), words });
  }
  return { words: lines.flatMap((l) => l.words), lines };
}

function clock(msTotal: number, separator: "," | "."): string {
  const h = Math.floor(msTotal / 3_600_000);
  const m = Math.floor((msTotal % 3_600_000) / 60_000);
  const s = Math.floor((msTotal % 60_000) / 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, "0");
  return `${pad(h)}:${pad(m)}:${pad(s)}${separator}${pad(msTotal % 1000, 3)}`;
}

/** SubRip: numbered cues, `HH:MM:SS,mmm` times. An arrow in a word would read as a timing line. */
export function toSrt(timings: CaptionTimings): string {
  return timings.lines
    .map((l, i) => `${i + 1}\n${clock(l.startMs, ",")} --> ${clock(l.endMs, ",")}\n${l.text.replace(/-->/g, "->")}\n`)
    .join("\n");
}

/** WebVTT: cue text escapes `&`, `<` and `>` (which also breaks any `-->`). */
export function toVtt(timings: CaptionTimings): string {
  const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  const cues = timings.lines.map((l, i) => `${i + 1}\n${clock(l.startMs, ".")} --> ${clock(l.endMs, ".")}\n${escape(l.text)}\n`);
  return ["WEBVTT\n", ...cues].join("\n");
}

export function toTimingsJson(timings: CaptionTimings): string {
  return JSON.stringify(timings);
}
