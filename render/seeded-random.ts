/**
 * The seeded pseudo-random source (mulberry32) for everything that must come out the same on every run
 * and machine: the footage scenes' worlds, the built-in sounds' noise, an offline quiz pack's picks.
 * Numbers in [0, 1); the seed is taken as an unsigned 32-bit integer. The footage scenes run it in the
 * browser too (it imports nothing), and a change to it is a change to every loop's recipe.
 */
export type Random = () => number;

export function seededRandom(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
