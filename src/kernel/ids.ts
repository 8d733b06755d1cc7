import { randomBytes } from "node:crypto";

export type IdPrefix = "acct" | "key" | "prj" | "vid" | "evt" | "med" | "use" | "req" | "exp";

const CROCKFORD = "0123456789abcdefghjkmnpqrstvwxyz";
const CROCKFORD_CODES = Uint8Array.from(CROCKFORD, (c) => c.charCodeAt(0));

// Random bytes are drawn 4 KiB at a time: every request gets an id, and one call for 16 bytes cost
// more than the rest of making the id.
const POOL_BYTES = 4096;
let pool = new Uint8Array(0);
let used = 0;

// The time part changes once a millisecond; every request of that millisecond shares the string.
let lastMs = Number.NaN;
let lastTime = "";

function timePart(now: number): string {
  let ms = Math.floor(now);
  if (ms === lastMs) return lastTime;
  lastMs = ms;
  let time = "";
  for (let i = 0; i < 10; i++) {
    time = CROCKFORD[ms % 32] + time;
    ms = Math.floor(ms / 32);
  }
  lastTime = time;
  return time;
}

const letters = new Uint8Array(16);
const ascii = new TextDecoder("latin1");

function randomPart(): string {
  if (used + 16 > pool.length) {
    pool = randomBytes(POOL_BYTES);
    used = 0;
  }
  for (let k = 0; k < 16; k++) letters[k] = CROCKFORD_CODES[pool[used + k]! & 31]!;
  used += 16;
  // The letters' codes decoded at once: one flat string, where 16 concatenations made a chain of
  // partial strings to be flattened later (half the time, and less garbage, on every request).
  return ascii.decode(letters);
}

/**
 * `<prefix>_<10 time chars><16 random chars>`: lower-case Crockford base32, so ids of one type sort by
 * creation time as plain strings (list cursors rely on that) and survive case-folding.
 */
export function newId(prefix: IdPrefix, now: number = Date.now()): string {
  return `${prefix}_${timePart(now)}${randomPart()}`;
}
