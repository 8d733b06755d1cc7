import { describe, expect, test } from "bun:test";
import { loopLength, MUSIC_RECIPES, synthesizeMusic } from "../../../render/media/music-loops.ts";
import { SOUND_EFFECTS, synthesizeEffect } from "../../../render/media/sound-effects.ts";
import { energyAbove, peak, RATE } from "../../../render/media/synth.ts";

const rmsOf = (x: Float32Array, from: number, to: number) => {
  const end = Math.min(to, x.length);
  let sum = 0;
  for (let i = from; i < end; i++) sum += x[i]! ** 2;
  return Math.sqrt(sum / Math.max(1, end - from));
};

describe("sound effects", () => {
  const effects = SOUND_EFFECTS.map((name) => ({ name, samples: synthesizeEffect(name) }));

  test("there is one of each kind a template places", () => {
    expect([...SOUND_EFFECTS].sort()).toEqual(["chime", "pop", "receive", "send", "tick", "typing", "whoosh"]);
  });

  test.each(SOUND_EFFECTS.map((n) => [n]))("%s sits in the range a phone plays: 90%+ of its energy above 300 Hz", (name) => {
    const { samples } = effects.find((e) => e.name === name)!;
    expect(energyAbove(samples, 300)).toBeGreaterThan(0.9);
  });

  test.each(SOUND_EFFECTS.map((n) => [n]))("%s is heard at once and starts and ends at zero (no click), peaking at -6 dBFS", (name) => {
    const { samples } = effects.find((e) => e.name === name)!;
    expect(peak(samples)).toBeCloseTo(0.5, 3);
    expect(Math.abs(samples[0]!)).toBeLessThan(0.005);
    expect(Math.abs(samples.at(-1)!)).toBeLessThan(0.005);
    // Loud within its first 120 ms (a whoosh swells, the rest strike): half its peak RMS by then.
    const window = Math.round(0.02 * RATE);
    let loudest = 0;
    for (let i = 0; i + window <= samples.length; i += window) loudest = Math.max(loudest, rmsOf(samples, i, i + window));
    const early = Math.max(...Array.from({ length: 6 }, (_, k) => rmsOf(samples, k * window, (k + 1) * window)));
    expect(early).toBeGreaterThan(loudest * (name === "whoosh" ? 0.3 : 0.5));
    expect(samples.length / RATE).toBeLessThanOrEqual(1.25);
  });
});

describe("music loops", () => {
  const loops = MUSIC_RECIPES.map((recipe) => ({ recipe, channels: synthesizeMusic(recipe) }));

  test("at least two loops in each mood", () => {
    for (const mood of ["chill", "upbeat", "suspense"]) expect(MUSIC_RECIPES.filter((r) => r.mood === mood).length).toBeGreaterThanOrEqual(2);
  });

  test.each(MUSIC_RECIPES.map((r) => [r.name]))("%s is audible on a phone: most of its energy above 200 Hz", (name) => {
    const { channels } = loops.find((l) => l.recipe.name === name)!;
    const share = energyAbove(channels[0], 200);
    console.log(`${name}: ${(share * 100).toFixed(0)}% of the energy above 200 Hz`);
    expect(share).toBeGreaterThan(0.7);
  });

  test.each(MUSIC_RECIPES.map((r) => [r.name]))("%s loops without a dip or a step at the seam", (name) => {
    const { recipe, channels } = loops.find((l) => l.recipe.name === name)!;
    const [left] = channels;
    expect(left.length).toBe(loopLength(recipe));
    const w = Math.round(0.05 * RATE);
    // The 100 ms across the seam, played as a loop plays it: the end, then the start.
    const seam = new Float32Array([...left.subarray(left.length - w), ...left.subarray(0, w)]);
    const windows: number[] = [];
    for (let i = 0; i + 2 * w <= left.length; i += w) windows.push(rmsOf(left, i, i + 2 * w));
    const median = windows.sort((a, b) => a - b)[Math.floor(windows.length / 2)]!;
    expect(rmsOf(seam, 0, seam.length)).toBeGreaterThan(median * 0.7);
    // The step from the last sample to the first is no bigger than steps inside the loop.
    let largest = 0;
    for (let i = 1; i < left.length; i++) largest = Math.max(largest, Math.abs(left[i]! - left[i - 1]!));
    expect(Math.abs(left[0]! - left.at(-1)!)).toBeLessThanOrEqual(largest);
  });

  test("loops sit near -20 dBFS RMS with headroom", () => {
    for (const { channels } of loops) {
      const rms = rmsOf(channels[0], 0, channels[0].length);
      expect(20 * Math.log10(rms)).toBeGreaterThan(-24);
      expect(Math.max(peak(channels[0]), peak(channels[1]))).toBeLessThanOrEqual(0.7001);
    }
  });
});
