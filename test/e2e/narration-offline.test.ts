import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runFfmpeg } from "../../render/ffmpeg.ts";
import { VOICES, VOICE_SET_A, VOICE_SET_B } from "../../src/narration/voices.ts";
import { chunkScript, readWavInfo } from "../../src/narration/engines/engine.ts";
import { synthesizeWithEspeak } from "../../src/narration/engines/espeak.ts";
import { synthesizeWithFestival } from "../../src/narration/engines/festival.ts";
import { NarrationError, narrateLines } from "../../src/narration/narrator.ts";
import { offlineVoice } from "../../src/narration/offline-voices.ts";
import { createOfflineNarrator } from "../../src/narration/providers/offline.ts";
import { splitWords } from "../../src/narration/words.ts";
import { brightness, medianPitch, readPcm, rms } from "../helpers/audio.ts";

const dir = mkdtempSync(join(tmpdir(), "narration-e2e-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SCRIPT =
  "The museum opened in 1987, long before anyone expected crowds. Its first curator, Dr. Ana Ruiz, bought a whale skeleton for $12,000. " +
  "Visitors laughed at first. Then the school trips arrived, and the café ran out of sandwiches by noon! Today the whale hangs above the entrance.";

const festival = createOfflineNarrator({ engine: "auto" });
const espeak = createOfflineNarrator({ engine: "espeak" });

async function loudness(path: string): Promise<number> {
  const { stderr } = await runFfmpeg(["-i", path, "-af", "ebur128", "-f", "null", "-"]);
  return Number(/I:\s+(-?[\d.]+) LUFS/.exec(stderr.slice(stderr.lastIndexOf("Summary")))![1]);
}

/** Speech starts at a word's start: after a pause, the pause is much quieter than the 130 ms after the start. */
async function onsetsMatch(path: string, words: { start: number; end: number }[]): Promise<number> {
  const { samples, rate } = await readPcm(path);
  const gap = (i: number) => words[i]!.start - words[i - 1]!.end;
  const afterPause = words.map((w, i) => ({ w, i })).filter(({ i }) => i > 0 && gap(i) >= 0.08);
  const good = afterPause.filter(({ w, i }) => rms(samples, rate, w.start - gap(i) + 0.02, w.start - 0.02) * 2 < rms(samples, rate, w.start + 0.02, w.start + 0.15));
  expect(afterPause.length).toBeGreaterThanOrEqual(3);
  return good.length / afterPause.length;
}

describe.each([
  ["festival HTS (slt)", "EXAVITQu4vr4xnSDxMaL", festival, "slt"],
  ["festival diphone (kal or ked)", "pNInz6obpgDQGcFmaJgB", festival, offlineVoice("pNInz6obpgDQGcFmaJgB")!.festivalVoice],
  ["espeak-ng", "pNInz6obpgDQGcFmaJgB", espeak, "espeak"],
] as const)("%s", (_name, voiceId, narrator, engine) => {
  test("narrates the script with its own words timed, agreeing with the engine and the audio", async () => {
    const out = join(dir, `${engine}.wav`);
    const narration = await narrator.narrate({ text: SCRIPT, voiceId }, out);
    const info = await readWavInfo(out);
    expect([info.sampleRate, info.channels, info.bitsPerSample]).toEqual([48000, 1, 16]);
    expect(narration.duration).toBeCloseTo(info.duration, 3);
    expect(narration.words.map((w) => w.text)).toEqual(splitWords(SCRIPT).map((w) => w.text));
    for (const [i, w] of narration.words.entries()) {
      expect(w.end).toBeGreaterThan(w.start);
      expect(w.end).toBeLessThanOrEqual(narration.duration);
      if (i > 0) expect(w.start).toBeGreaterThanOrEqual(narration.words[i - 1]!.end);
      expect(SCRIPT.slice(w.charStart, w.charEnd)).toBe(w.text);
    }
    // The engine's own word starts, relative to the first word and scaled by the voice's tempo, survive
    // trimming and shaping (within 5 ms).
    const chunks = chunkScript(splitWords(SCRIPT));
    const raw = engine === "espeak"
      ? [await synthesizeWithEspeak({ name: "en-us+m3" }, chunks, join(dir, "raw.wav"))]
      : await synthesizeWithFestival(engine as "slt" | "kal" | "ked", chunks, dir);
    // The engine's chunks, laid end to end as the narrator joins them.
    let offset = 0;
    const truth = raw.flatMap((chunk) => {
      const shifted = chunk.words.map((w) => ({ start: w.start + offset }));
      offset += chunk.duration;
      return shifted;
    });
    expect(truth).toHaveLength(narration.words.length);
    const tempo = offlineVoice(voiceId)!.shape.tempo;
    const firstTruth = truth.find((w) => Number.isFinite(w.start))!.start;
    const firstOut = narration.words[truth.findIndex((w) => Number.isFinite(w.start))]!.start;
    truth.forEach((w, i) => {
      if (!Number.isFinite(w.start)) return;
      expect(Math.abs((w.start - firstTruth) / tempo - (narration.words[i]!.start - firstOut))).toBeLessThan(0.005);
    });
    expect(await onsetsMatch(out, narration.words)).toBeGreaterThanOrEqual(0.8);
    expect(Math.abs((await loudness(out)) + 16)).toBeLessThanOrEqual(1);
  }, 60_000);
});

describe("voices", () => {
  test("every voice id of both sets synthesizes", async () => {
    const ids = [...new Set([...VOICE_SET_A, ...VOICE_SET_B])];
    expect(ids).toHaveLength(49);
    for (const id of ids) {
      const narration = await festival.narrate({ text: "Testing one two.", voiceId: id }, join(dir, `v-${id}.wav`));
      expect(narration.words).toHaveLength(3);
      expect(narration.duration).toBeGreaterThan(0.5);
    }
  }, 180_000);

  test("voices that share an engine voice are spread apart in pitch, timbre or pace", () => {
    for (const a of VOICES) {
      for (const b of VOICES) {
        if (a.id >= b.id || a.gender !== b.gender) continue;
        const [x, y] = [offlineVoice(a.id)!, offlineVoice(b.id)!];
        if (x.festivalVoice !== y.festivalVoice) continue;
        const gap = Math.max(Math.abs(x.shape.pitch / y.shape.pitch - 1), Math.abs(x.shape.formant / y.shape.formant - 1), Math.abs(x.shape.tempo / y.shape.tempo - 1));
        expect(gap).toBeGreaterThan(0.025);
      }
    }
  });

  test("two ids of the same gender sound different (pitch or timbre)", async () => {
    const pairs = [
      ["EXAVITQu4vr4xnSDxMaL", "FGY2WhTYpPnrIDTdsKH5"],
      ["pNInz6obpgDQGcFmaJgB", "TxGEqnHWrfWFTfGW9XjX"],
    ];
    for (const [a, b] of pairs) {
      expect(VOICES.find((v) => v.id === a)!.gender).toBe(VOICES.find((v) => v.id === b)!.gender);
      const stats = [];
      for (const id of [a!, b!]) {
        const path = join(dir, `pair-${id}.wav`);
        await festival.narrate({ text: SCRIPT, voiceId: id }, path);
        const { samples, rate } = await readPcm(path);
        stats.push({ pitch: medianPitch(samples, rate), bright: brightness(samples, rate) });
      }
      const pitchGap = Math.abs(stats[0]!.pitch - stats[1]!.pitch) / stats[0]!.pitch;
      const brightGap = Math.abs(stats[0]!.bright - stats[1]!.bright) / stats[0]!.bright;
      expect(Math.max(pitchGap, brightGap)).toBeGreaterThan(0.04);
    }
  }, 60_000);

  test("speed and pitch requests apply and the timings follow", async () => {
    const base = await festival.narrate({ text: SCRIPT, voiceId: "EXAVITQu4vr4xnSDxMaL" }, join(dir, "base.wav"));
    const fast = await festival.narrate({ text: SCRIPT, voiceId: "EXAVITQu4vr4xnSDxMaL", speed: 1.25, pitch: 1.3 }, join(dir, "fast.wav"));
    expect(fast.duration / base.duration).toBeCloseTo(1 / 1.25, 1);
    expect(fast.words.at(-1)!.end / base.words.at(-1)!.end).toBeCloseTo(1 / 1.25, 1);
    const pitch = async (p: string) => {
      const { samples, rate } = await readPcm(p);
      return medianPitch(samples, rate);
    };
    expect((await pitch(join(dir, "fast.wav"))) / (await pitch(join(dir, "base.wav")))).toBeGreaterThan(1.15);
    expect(await onsetsMatch(join(dir, "fast.wav"), fast.words)).toBeGreaterThanOrEqual(0.8);
  }, 60_000);

  test("another language is spoken by espeak-ng; an unknown one is a clear error", async () => {
    const german = await festival.narrate({ text: "Guten Morgen, liebe Freunde. Wie geht es euch heute?", voiceId: "pNInz6obpgDQGcFmaJgB", language: "de" }, join(dir, "de.wav"));
    expect(german.words).toHaveLength(9);
    const error = await festival.narrate({ text: "Hello there.", voiceId: "pNInz6obpgDQGcFmaJgB", language: "xx" }, join(dir, "xx.wav")).catch((e) => e);
    expect(error).toBeInstanceOf(NarrationError);
    expect(error.message).toContain("language xx");
  }, 60_000);

  test("a sequence of lines gets one clip per line, each in its own voice and timed", async () => {
    const clips = await narrateLines(
      espeak,
      [
        { text: "are you awake", voiceId: "cgSgspJ2msm6clMCkdW9" },
        { text: "no. go to sleep!", voiceId: "TX3LPaxmHKxFdv7VOQHJ" },
      ],
      dir,
    );
    expect(clips.map((c) => c.words.map((w) => w.text))).toEqual([["are", "you", "awake"], ["no.", "go", "to", "sleep!"]]);
    expect(clips[0]!.audioPath).not.toBe(clips[1]!.audioPath);
    const pitches = [];
    for (const clip of clips) {
      const { samples, rate } = await readPcm(clip.audioPath);
      pitches.push(medianPitch(samples, rate));
    }
    expect(pitches[0]).toBeGreaterThan(pitches[1]! * 1.2); // a female voice, then a male one
  }, 30_000);
});
