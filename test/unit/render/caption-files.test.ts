import { describe, expect, test } from "bun:test";
import { parseSync } from "subtitle";
// @ts-expect-error webvtt-parser ships no types
import { WebVTTParser } from "webvtt-parser";
import { buildAss } from "../../../render/captions/ass.ts";
import { captionTimings, toSrt, toTimingsJson, toVtt } from "../../../render/captions/caption-files.ts";
import { CAPTION_PRESET_IDS } from "../../../render/captions/presets.ts";
import type { CaptionWord, Captions } from "../../../render/timeline.ts";

/** Words spoken one after another, with a long pause before `after`. */
function spoken(text: string, from = 0.4): CaptionWord[] {
  let t = from;
  return text.split(" ").map((word) => {
    if (word === "after") t += 1.2;
    const w = { text: word, start: Math.round(t * 1000) / 1000, end: Math.round((t + 0.27) * 1000) / 1000 };
    t += 0.34;
    return w;
  });
}

const STORY = spoken('So I finally told my landlord the truth. He said "no way" and laughed, then after three weeks the rent went up & nobody <knew> why.');

interface BurnedLine {
  text: string;
  start: number;
  end: number;
  eventStarts: number[];
}

const assSeconds = (t: string) => {
  const [h, m, s] = t.split(":");
  return Number(h) * 3600 + Number(m) * 60 + Number(s);
};

/**
 * What libass burns in, read back from the ASS script: each word's event shows its whole line, so
 * consecutive events with the same text (override tags removed) are one line on screen.
 */
function burnedLines(ass: string): BurnedLine[] {
  const lines: BurnedLine[] = [];
  for (const event of ass.split("\n").filter((l) => l.startsWith("Dialogue:"))) {
    const [, start, end] = event.split(",");
    const text = event.split(",,0,0,0,,")[1]!.replace(/\{[^}]*\}/g, "");
    const last = lines.at(-1);
    if (last && last.text === text && Math.abs(last.end - assSeconds(start!)) < 0.011) {
      last.end = assSeconds(end!);
      last.eventStarts.push(assSeconds(start!));
    } else lines.push({ text, start: assSeconds(start!), end: assSeconds(end!), eventStarts: [assSeconds(start!)] });
  }
  return lines;
}

/** ASS times are centiseconds; the files keep milliseconds. */
const CS = 0.0051;

describe("caption files hold exactly what was burned in", () => {
  test.each([...CAPTION_PRESET_IDS])("%s: SRT and WebVTT (read by independent parsers) and the JSON match the ASS lines and word times", (preset) => {
    const captions: Captions = { words: STORY, preset, position: "middle" };
    const burned = burnedLines(buildAss(captions));
    const timings = captionTimings({ captions, duration: 60 });

    const srt = parseSync(toSrt(timings)).filter((n) => n.type === "cue");
    const vtt = new WebVTTParser().parse(toVtt(timings), "metadata");
    expect(vtt.errors).toEqual([]);
    expect(srt).toHaveLength(burned.length);
    expect(vtt.cues).toHaveLength(burned.length);
    burned.forEach((line, i) => {
      const srtCue = srt[i]!.data as { start: number; end: number; text: string };
      const vttCue = vtt.cues[i] as { startTime: number; endTime: number; text: string };
      // The burned line is cased by the preset; the files keep the written case.
      expect(srtCue.text.toUpperCase()).toBe(line.text.toUpperCase());
      expect(vttCue.text.replace(/&amp;/g, "&").replace(/&lt;/g, "<").replace(/&gt;/g, ">").toUpperCase()).toBe(line.text.toUpperCase());
      expect(Math.abs(srtCue.start / 1000 - line.start)).toBeLessThan(CS);
      expect(Math.abs(srtCue.end / 1000 - line.end)).toBeLessThan(CS);
      expect(Math.abs(vttCue.startTime - line.start)).toBeLessThan(CS);
      expect(Math.abs(vttCue.endTime - line.end)).toBeLessThan(CS);
      // Each burned event starts as its word is spoken: the JSON's words, in order.
      const words = timings.lines[i]!.words;
      expect(words.map((w) => w.startMs / 1000).every((s, k) => Math.abs(s - line.eventStarts[k]!) < CS)).toBe(true);
      expect(words).toHaveLength(line.eventStarts.length);
    });

    const json = JSON.parse(toTimingsJson(timings));
    expect(json.words).toEqual(json.lines.flatMap((l: { words: unknown[] }) => l.words));
    // Quote marks stay only on a line that holds the whole quotation, as on screen.
    expect(json.words.map((w: { text: string }) => w.text.replace(/"/g, ""))).toEqual(STORY.map((w) => w.text.replace(/"/g, "")));
    expect(json.words[0]).toEqual({ text: "So", startMs: 400, endMs: 670 });
  });

  test("the written text survives each format: & < > in WebVTT are escaped, an arrow in SubRip cannot open a timing line", () => {
    const timings = captionTimings({ captions: { words: spoken("a --> b & <c>"), preset: "ali", position: "bottom" }, duration: 60 });
    const vtt = toVtt(timings);
    for (const escaped of ["--&gt;", "&amp;", "&lt;c&gt;"]) expect(vtt).toContain(escaped);
    const srt = toSrt(timings);
    expect(srt.split("\n").filter((l) => l.includes("-->"))).toHaveLength(timings.lines.length);
    expect(parseSync(srt).filter((n) => n.type === "cue")).toHaveLength(timings.lines.length);
  });

  test("nothing outlasts the video: the last line, held past the end in the script, ends with the video", () => {
    const words = spoken("the very last words");
    const end = words.at(-1)!.end;
    const timings = captionTimings({ captions: { words, preset: "ali", position: "middle" }, duration: end + 0.1 });
    expect(timings.lines.at(-1)!.endMs).toBe(Math.round((end + 0.1) * 1000));
    expect(captionTimings({ captions: { words, preset: "ali", position: "middle" }, duration: 60 }).lines.at(-1)!.endMs).toBe(Math.round((end + 0.25) * 1000));
    expect(captionTimings({ captions: { words, preset: "ali", position: "middle" }, duration: words[1]!.start }).words.map((w) => w.text)).toEqual(["the"]);
  });

  test("a video without captions has empty, valid caption files", () => {
    const none = captionTimings({ captions: undefined, duration: 60 });
    expect(none).toEqual({ words: [], lines: [] });
    expect(toSrt(none)).toBe("");
    expect(new WebVTTParser().parse(toVtt(none), "metadata").errors).toEqual([]);
    expect(JSON.parse(toTimingsJson(none))).toEqual({ words: [], lines: [] });
  });

  test("a video that burns no captions in gets its transcript's cues: one a spoken line, words at their spoken times", () => {
    const first = spoken("hey are you up", 1);
    const second = spoken("yes why", 4);
    const transcript = [
      { text: "hey are you up?", start: 1, end: 2.5, words: first },
      { text: "yes, why", start: 4, end: 4.9, words: second },
    ];
    const timings = captionTimings({ transcript, duration: 4.5 });
    expect(timings.lines.map((l) => [l.text, l.startMs, l.endMs])).toEqual([
      ["hey are you up", 1000, 2500],
      ["yes why", 4000, 4500],
    ]);
    expect(timings.words.map((w) => w.text)).toEqual(["hey", "are", "you", "up", "yes", "why"]);
    const srt = parseSync(toSrt(timings)).filter((n) => n.type === "cue");
    expect(srt.map((c) => (c.data as { text: string }).text)).toEqual(["hey are you up", "yes why"]);
    // Burned-in captions, when there are any, are what the files hold.
    expect(captionTimings({ captions: { words: STORY, preset: "ali", position: "middle" }, transcript, duration: 60 }).words[0]!.text).toBe("So");
  });

  test("a word that is only a quote mark shows nothing on screen and is left out of the files", () => {
    const words = spoken('she said " hello there');
    const timings = captionTimings({ captions: { words, preset: "ali", position: "middle" }, duration: 60 });
    expect(timings.words.map((w) => w.text)).toEqual(["she", "said", "hello", "there"]);
    expect(buildAss({ words, preset: "ali", position: "middle" })).not.toContain('"');
  });
});
