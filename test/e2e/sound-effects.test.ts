import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runFfmpeg } from "../../render/ffmpeg.ts";
import { generateAudio, generatedAudioDir, musicFile, soundEffectFile } from "../../render/media/generated-audio.ts";
import { MUSIC_RECIPES } from "../../render/media/music-loops.ts";
import type { SoundEffect } from "../../render/media/sound-effects.ts";
import { libx264Settings } from "../../render/plan/encoder.ts";
import { renderTimeline } from "../../render/renderer.ts";
import type { Timeline } from "../../render/timeline.ts";
import { loadConfig } from "../../src/kernel/config.ts";
import { soundCueTracks } from "../../src/templates/sound-cues.ts";
import { readPcm, rms } from "../helpers/audio.ts";
import { integratedLoudness } from "../helpers/media.ts";
import { longestSilence } from "../helpers/silence.ts";

const dir = mkdtempSync(join(tmpdir(), "sound-effects-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
// The sounds set-up made in the media cache (made here if set-up has not run): synthesising them again
// for this file took over a minute on a busy machine.
const cacheDir = loadConfig().mediaCacheDir;
const root = generatedAudioDir(cacheDir);

beforeAll(() => {
  generateAudio(cacheDir);
}, 300_000);

/** Each effect at its time, over a quiet music bed, as a template places them. */
const CUES: { effect: SoundEffect; at: number }[] = [
  { effect: "whoosh", at: 0.6 },
  { effect: "send", at: 1.8 },
  { effect: "receive", at: 2.8 },
  { effect: "typing", at: 3.8 },
  { effect: "tick", at: 5.4 },
  { effect: "tick", at: 6.4 },
  { effect: "chime", at: 7.4 },
  { effect: "pop", at: 9 },
];

describe("built-in sounds in a render", () => {
  test("set-up writes every effect and two music loops per mood, in their own folder", () => {
    expect(root).toMatch(/audio-[0-9a-f]{10}$/);
    for (const cue of CUES) expect(Bun.file(soundEffectFile(root, cue.effect)).size).toBeGreaterThan(1000);
    expect(MUSIC_RECIPES.every((r) => Bun.file(musicFile(root, r.mood, r.name)).size > 100_000)).toBe(true);
  });

  test("each effect is heard at its time: its loudest 20 ms at least 8 dB over the music just before it (median 20 ms)", async () => {
    const library = { soundEffect: (name: SoundEffect) => soundEffectFile(root, name) };
    const timeline: Timeline = {
      duration: 10,
      background: { kind: "color", color: "#202020" },
      layers: [],
      audio: [{ path: musicFile(root, "chill", "lofi-pad"), start: 0, volume: 0.2, kind: "music", loop: true }, ...soundCueTracks(library, CUES, 10)],
    };
    const out = join(dir, "effects.mp4");
    await renderTimeline(timeline, out, { encoder: libx264Settings("ultrafast") });
    await runFfmpeg(["-i", out, "-ac", "1", "-c:a", "pcm_s16le", join(dir, "effects.wav")]);
    const { samples, rate } = await readPcm(join(dir, "effects.wav"));
    const db = (x: number) => 20 * Math.log10(Math.max(x, 1e-9));
    const heard = CUES.map(({ effect, at }) => {
      // The loudest 20 ms of the effect's first half second against the bed's typical 20 ms just before it.
      const windows = (from: number, to: number) => Array.from({ length: Math.round((to - from) / 0.01) }, (_, k) => rms(samples, rate, from + k * 0.01, from + k * 0.01 + 0.02));
      const before = windows(at - 0.3, at - 0.02).sort((a, b) => a - b);
      const rise = db(Math.max(...windows(at, at + 0.5))) - db(before[Math.floor(before.length / 2)]!);
      console.log(`${effect} at ${at} s: +${rise.toFixed(1)} dB over the moment before`);
      return { effect, at, heard: rise > 8 };
    });
    expect(heard.filter((h) => !h.heard)).toEqual([]);
    const loud = await integratedLoudness(out);
    expect(loud.truePeak).toBeLessThanOrEqual(-1);
    expect((await longestSilence(out)).seconds).toBeLessThan(0.5);
  }, 180_000);

  test("a music loop repeats without a dip at its seam in a render", async () => {
    const recipe = MUSIC_RECIPES.find((r) => r.name === "soft-keys")!;
    const path = musicFile(root, recipe.mood, recipe.name);
    const seconds = (recipe.bars * 4 * 60) / recipe.bpm;
    const timeline: Timeline = { duration: seconds + 3, background: { kind: "color", color: "#202020" }, layers: [], audio: [{ path, start: 0, volume: 1, kind: "music", loop: true }] };
    const out = join(dir, "loop.mp4");
    await renderTimeline(timeline, out, { encoder: libx264Settings("ultrafast") });
    await runFfmpeg(["-i", out, "-ac", "1", "-c:a", "pcm_s16le", join(dir, "loop.wav")]);
    const { samples, rate } = await readPcm(join(dir, "loop.wav"));
    // The 100 ms across the seam against the same 100 ms of the first pass (the loop's start and end).
    const seam = rms(samples, rate, seconds - 0.05, seconds + 0.05);
    const around = (rms(samples, rate, seconds - 0.3, seconds - 0.05) + rms(samples, rate, seconds + 0.05, seconds + 0.3)) / 2;
    console.log(`seam of ${recipe.name}: ${(20 * Math.log10(seam / around)).toFixed(1)} dB against the quarter seconds either side`);
    expect(seam).toBeGreaterThan(around * 0.7);
  }, 180_000);
});
