import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runFfmpeg } from "../../../render/ffmpeg.ts";
import { planAudioMix, VOICE_LUFS, withMusicLevels } from "../../../render/plan/audio-mix.ts";
import { DUCK_DB, DUCK_LEAD, duckExpression, duckGainDb, PHRASE_GAP, RISE_DELAY, RISE_SECONDS, speechPhrases } from "../../../render/plan/ducking.ts";
import type { Timeline } from "../../../render/timeline.ts";
import { bedVolume, DEFAULT_MUSIC_VOLUME } from "../../../src/templates/music-bed.ts";
import { readPcm, rms } from "../../helpers/audio.ts";

const dir = mkdtempSync(join(tmpdir(), "ducking-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Words of 0.3 s with 0.1 s between them; phrases of five words, 1.2 s between phrases. */
const WORDS = Array.from({ length: 15 }, (_, k) => {
  const start = 1 + Math.floor(k / 5) * 3.1 + (k % 5) * 0.4;
  return { start, end: start + 0.3 };
});

describe("the planned bed", () => {
  test("words closer than PHRASE_GAP are one phrase; a longer pause starts another", () => {
    const round = (w: { start: number; end: number }) => ({ start: Math.round(w.start * 1000) / 1000, end: Math.round(w.end * 1000) / 1000 });
    expect(speechPhrases(WORDS).map(round)).toEqual([
      { start: 1, end: 2.9 },
      { start: 4.1, end: 6 },
      { start: 7.2, end: 9.1 },
    ]);
    expect(speechPhrases([{ start: 2, end: 3 }, { start: 0, end: 1 }, { start: 1 + PHRASE_GAP - 0.01, end: 1.8 }, { start: 5, end: 5 }])).toEqual([{ start: 0, end: 3 }]);
    expect(speechPhrases([])).toEqual([]);
  });

  test("down DUCK_DB under a phrase, already down at its first word, up after it, steady through its word gaps", () => {
    const [p] = speechPhrases(WORDS);
    expect(DUCK_DB).toBeGreaterThanOrEqual(7);
    expect(duckGainDb(WORDS, p!.start - DUCK_LEAD - 0.01)).toBe(0);
    expect(duckGainDb(WORDS, p!.start)).toBeCloseTo(-DUCK_DB, 6);
    // Inside the phrase, between words: no swell.
    for (let t = p!.start; t <= p!.end + RISE_DELAY; t += 0.05) expect(duckGainDb(WORDS, t)).toBeCloseTo(-DUCK_DB, 6);
    expect(duckGainDb(WORDS, p!.end + RISE_DELAY + RISE_SECONDS / 2)).toBeCloseTo(-DUCK_DB / 2, 6);
    expect(duckGainDb(WORDS, p!.end + RISE_DELAY + RISE_SECONDS)).toBeCloseTo(0, 6);
    // Fully up in every pause the bed comes up in, before it goes down again.
    expect(PHRASE_GAP).toBeGreaterThan(DUCK_LEAD + RISE_DELAY + RISE_SECONDS);
    expect(duckGainDb(WORDS, 3.9)).toBe(0);
    expect(duckGainDb([], 1)).toBe(0);
  });

  test("the bed's volume: 30 puts it 9 dB under the voice between phrases (17 dB under it while it speaks); 0 is none; in proportion", () => {
    const db = (v: number) => 20 * Math.log10(v);
    expect(db(bedVolume(DEFAULT_MUSIC_VOLUME))).toBeCloseTo(-9, 2);
    expect(db(bedVolume(DEFAULT_MUSIC_VOLUME)) - DUCK_DB).toBeGreaterThanOrEqual(-20);
    expect(db(bedVolume(DEFAULT_MUSIC_VOLUME)) - DUCK_DB).toBeLessThanOrEqual(-15);
    expect(bedVolume(0)).toBe(0);
    expect(bedVolume(60) / bedVolume(30)).toBeCloseTo(2, 3);
  });

  test("music tracks are brought to the voice's loudness before their volume applies; narration, silence and unmeasured tracks are left", () => {
    const timeline: Timeline = {
      duration: 5,
      background: { kind: "color", color: "#000000" },
      layers: [],
      audio: [
        { path: "n.wav", start: 0, volume: 1, kind: "narration" },
        { path: "loud.mp3", start: 0, volume: 0.4, kind: "music", loop: true },
        { path: "quiet.wav", start: 0, volume: 0.4, kind: "music", loop: true },
        { path: "silent.wav", start: 0, volume: 0.4, kind: "music", loop: true },
      ],
    };
    const levelled = withMusicLevels(timeline, new Map([[0, -30], [1, VOICE_LUFS + 10], [2, VOICE_LUFS - 6], [3, Number.NEGATIVE_INFINITY]]));
    expect(levelled.audio.map((a) => a.volume)).toEqual([1, Math.round(0.4 * 10 ** (-10 / 20) * 1e4) / 1e4, Math.round(0.4 * 10 ** (6 / 20) * 1e4) / 1e4, 0.4]);
    expect(withMusicLevels(timeline, new Map()).audio).toEqual(timeline.audio);
  });
});

describe("the envelope in ffmpeg", () => {
  beforeAll(async () => {
    await runFfmpeg(["-f", "lavfi", "-i", "sine=f=440:r=48000:d=11", "-c:a", "pcm_s16le", join(dir, "tone.wav")]);
  }, 60_000);

  test("a steady tone under the mix follows the planned gain within 0.5 dB, every 50 ms", async () => {
    expect(duckExpression([])).toBe("1");
    const timeline: Timeline = {
      duration: 11,
      background: { kind: "color", color: "#000000" },
      layers: [],
      audio: [{ path: join(dir, "tone.wav"), start: 0, volume: 1, kind: "music", loop: true }],
      speech: WORDS,
    };
    const mix = planAudioMix(timeline, 0);
    expect(mix.filters.join(";")).not.toContain("sidechaincompress");
    const out = join(dir, "bed.wav");
    await runFfmpeg([...mix.inputs, "-filter_complex", mix.filters.join(";"), "-map", `[${mix.label}]`, "-ac", "1", "-c:a", "pcm_s16le", out]);
    const { samples, rate } = await readPcm(out);
    const reference = 20 * Math.log10(rms(samples, rate, 0.2, 0.6));
    let worst = 0;
    for (let t = 0.2; t < 10.8; t += 0.05) {
      const heard = 20 * Math.log10(rms(samples, rate, t, t + 0.01)) - reference;
      // The 10 ms measured against the plan over those 10 ms (the gain moves within them on a ramp).
      const planned = (duckGainDb(WORDS, t) + duckGainDb(WORDS, t + 0.01)) / 2;
      worst = Math.max(worst, Math.abs(heard - planned));
    }
    console.log(`planned envelope: largest gap between the plan and the tone heard ${worst.toFixed(2)} dB`);
    expect(worst).toBeLessThan(0.5);
  }, 60_000);
});
