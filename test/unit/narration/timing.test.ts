import { describe, expect, test } from "bun:test";
import { alignTokens, timeWords } from "../../../src/narration/align.ts";
import { parseLoudness, planShaping, shapeFilters } from "../../../src/narration/audio-plan.ts";
import { chunkScript } from "../../../src/narration/engines/engine.ts";
import { assignEvents } from "../../../src/narration/engines/espeak.ts";
import { parseFestivalOutput } from "../../../src/narration/engines/festival.ts";
import { engineSpelling } from "../../../src/narration/normalize.ts";
import { splitForRequests, wordsFromAlignment } from "../../../src/narration/providers/elevenlabs.ts";
import { retime, splitWords, tidyTimings } from "../../../src/narration/words.ts";

describe("script words", () => {
  test("words keep their offsets in the script", () => {
    const text = "  Hello,  world!\nBye ";
    const words = splitWords(text);
    expect(words.map((w) => w.text)).toEqual(["Hello,", "world!", "Bye"]);
    for (const w of words) expect(text.slice(w.charStart, w.charEnd)).toBe(w.text);
  });

  test("engines hear plain ASCII; captions keep the original", () => {
    expect(engineSpelling("café's")).toBe("cafe's");
    expect(engineSpelling("“Straße”")).toBe('"Strasse"');
    expect(engineSpelling("50%")).toBe("50 percent");
    expect(engineSpelling("🔥")).toBe("");
    expect(engineSpelling("naïve—really")).toBe("naive-really");
  });

  test("timings are tidied: ordered, no zero-length words, inside the audio, gaps filled", () => {
    const w = (text: string, start: number, end: number) => ({ text, charStart: 0, charEnd: 0, start, end });
    const tidy = tidyTimings([w("a", 0.5, 0.5), w("b", Number.NaN, Number.NaN), w("c", 0.4, 1.0), w("d", 2.5, 3.5)], 3);
    for (let i = 0; i < tidy.length; i++) {
      expect(tidy[i]!.end).toBeGreaterThan(tidy[i]!.start);
      expect(tidy[i]!.end).toBeLessThanOrEqual(3);
      if (i > 0) expect(tidy[i]!.start).toBeGreaterThanOrEqual(tidy[i - 1]!.end);
    }
    expect(tidy[3]!.end).toBe(3);
  });

  test("retiming follows a trim and a tempo change", () => {
    const [w] = retime([{ text: "x", charStart: 0, charEnd: 1, start: 2, end: 3 }], 1, 2, 0.5);
    expect([w!.start, w!.end]).toEqual([1, 1.5]);
  });

  test("chunks end at sentence ends, not at abbreviations", () => {
    const words = splitWords(`${"word ".repeat(25)}end. Mr. Smith went ${"on ".repeat(20)}. Last one.`);
    const chunks = chunkScript(words, 60);
    expect(chunks.length).toBeGreaterThan(1);
    for (const c of chunks.slice(0, -1)) expect(c.words.at(-1)!.word.text).not.toBe("Mr.");
    expect(chunks.flatMap((c) => c.words).length).toBe(words.length);
  });
});

describe("token alignment", () => {
  test("one token per word maps straight", () => {
    expect(alignTokens(["Hello,", "world!"], ["hello", "world"])).toEqual([[0], [1]]);
  });

  test("a word the engine split, and a token the engine dropped", () => {
    expect(alignTokens(["well-known", "fact"], ["well", "known", "fact"])).toEqual([[0, 1], [2]]);
    expect(alignTokens(["a", "—", "b"], ["a", "b"])).toEqual([[0], [], [1]]);
  });

  test("timeWords spans the aligned tokens", () => {
    const words = splitWords("In 1995, we");
    const timed = timeWords(words, ["In", "1995,", "we"], [
      { text: "In", start: 0.1, end: 0.2 },
      { text: "1995", start: 0.2, end: 1.1 },
      { text: "we", start: 1.2, end: 1.4 },
    ]);
    expect(timed.map((t) => [t.start, t.end])).toEqual([[0.1, 0.2], [0.2, 1.1], [1.2, 1.4]]);
  });
});

describe("engine outputs", () => {
  test("festival lines fold words back into tokens", () => {
    const out = "noise\nW|0|1|In|0.17|0.30\nW|0|1|1995|0.30|0.76\nW|0|0|1995|0.76|1.16\nW|0|0|1995|1.16|1.71\nW|1|1|Dr|0.2|0.5\n";
    expect(parseFestivalOutput(out)).toEqual([
      { chunk: 0, name: "In", start: 0.17, end: 0.3 },
      { chunk: 0, name: "1995", start: 0.3, end: 1.71 },
      { chunk: 1, name: "Dr", start: 0.2, end: 0.5 },
    ]);
  });

  test("espeak events go to the word holding them, or the next word; silent words take none", () => {
    const spans = [{ from: 0, to: 3 }, { from: 4, to: 7 }, { from: -1, to: 0 }, { from: 10, to: 18 }];
    const times = assignEvents(spans, [{ position: 0, ms: 0 }, { position: 8, ms: 900 }, { position: 0, ms: 50 }]);
    expect(times[0]).toBe(0);
    expect(times[1]).toBeNaN();
    expect(times[2]).toBeNaN();
    expect(times[3]).toBe(900);
  });

  test("ElevenLabs characters become word times; astral characters count once", () => {
    const text = "Hi 🔥 there";
    const words = splitWords(text);
    const chars = [...text];
    const alignment = {
      characters: chars,
      character_start_times_seconds: chars.map((_, i) => i * 0.1),
      character_end_times_seconds: chars.map((_, i) => i * 0.1 + 0.1),
    };
    const timed = wordsFromAlignment(words, 0, text.length, alignment);
    expect(timed.map((w) => [w.text, Math.round(w.start * 10) / 10, Math.round(w.end * 10) / 10])).toEqual([
      ["Hi", 0, 0.2],
      ["🔥", 0.3, 0.4],
      ["there", 0.5, 1],
    ]);
  });

  test("long scripts are cut for requests at sentence ends, keeping offsets", () => {
    const text = "One two three. ".repeat(300).trim();
    const pieces = splitForRequests(text, 1000);
    expect(pieces.length).toBeGreaterThan(3);
    for (const p of pieces) {
      expect(p.text.length).toBeLessThanOrEqual(1000);
      expect(text.slice(p.offset, p.offset + p.text.length)).toBe(p.text);
      expect(p.text.endsWith(".")).toBe(true);
    }
  });
});

describe("post-processing plan", () => {
  test("no shaping filters for a neutral shape; formant then pitch otherwise", () => {
    expect(shapeFilters({ formant: 1, pitch: 1, tempo: 1 })).toEqual([]);
    expect(shapeFilters({ formant: 0.95, pitch: 0.9, tempo: 1.1 })).toEqual([
      "rubberband=pitch=0.95:formant=shifted",
      "rubberband=tempo=1.1:pitch=0.9474:formant=preserved:pitchq=quality",
    ]);
  });

  test("segments are joined, trimmed around the speech, and times follow", () => {
    const words = (offset: number) => [{ text: "a", charStart: 0, charEnd: 1, start: offset + 0.2, end: offset + 0.6 }];
    const plan = planShaping(
      [
        { wavPath: "/a.wav", duration: 1, words: words(0) },
        { wavPath: "/b.wav", duration: 1, words: words(0) },
      ],
      { formant: 1, pitch: 1, tempo: 2 },
      "/out.wav",
    );
    expect(plan.args.join(" ")).toContain("concat=n=2:v=0:a=1,atrim=start=0.15:end=1.8");
    expect(plan.words.flatMap((w) => [w.start, w.end]).map((t) => Math.round(t * 1000) / 1000)).toEqual([0.025, 0.225, 0.525, 0.725]);
    expect(plan.duration).toBeCloseTo(0.825, 5);
  });

  test("the ebur128 summary is read", () => {
    const stderr = "[Parsed_ebur128_0] Summary:\n\n  Integrated loudness:\n    I:         -23.4 LUFS\n\n  True peak:\n    Peak:       -3.2 dBFS";
    expect(parseLoudness(stderr)).toEqual({ integrated: -23.4, truePeak: -3.2 });
  });
});
