import { describe, expect, test } from "bun:test";
import { seededRandom } from "../../../render/seeded-random.ts";
import { noise } from "../../../render/media/synth.ts";
import { shuffle } from "../../../src/content/quiz/question.ts";

const take = (seed: number, n: number) => {
  const next = seededRandom(seed);
  return Array.from({ length: n }, () => next());
};

describe("the seeded random generator", () => {
  test("gives mulberry32's sequence: the numbers the built-in sounds and offline packs were made with", () => {
    // Pinned from the copies it replaced: a change here changes every built-in sound and offline quiz pack.
    expect(take(1, 3)).toEqual([0.6270739405881613, 0.002735721180215478, 0.5274470399599522]);
    expect(take(42, 3)).toEqual([0.6011037519201636, 0.44829055899754167, 0.8524657934904099]);
    expect(take(-7, 3)).toEqual([0.43306733411736786, 0.32539576734416187, 0.5442695003002882]);
  });

  test("the same seed gives the same numbers, in [0, 1); the seed counts as an unsigned 32-bit integer", () => {
    const numbers = take(2026, 10_000);
    expect(take(2026, 10_000)).toEqual(numbers);
    expect(numbers.every((x) => x >= 0 && x < 1)).toBe(true);
    // Spread over the interval, not stuck in one part of it.
    expect(numbers.filter((x) => x < 0.5).length / numbers.length).toBeCloseTo(0.5, 1);
    expect(take(5 + 2 ** 32, 3)).toEqual(take(5, 3));
    expect(take(6, 3)).not.toEqual(take(5, 3));
  });

  test("the sounds' noise and the packs' shuffles draw from it", () => {
    const next = seededRandom(9);
    expect([...noise(4, 9)]).toEqual([...Float32Array.from({ length: 4 }, () => next() * 2 - 1)]);
    expect(shuffle([1, 2, 3, 4, 5, 6], seededRandom(3))).toEqual(shuffle([1, 2, 3, 4, 5, 6], seededRandom(3)));
  });
});
