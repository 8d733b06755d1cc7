import { randomBytes } from "node:crypto";

export type IdPrefix = "acct" | "key" | "prj" | "vid" | "evt" | "med" | "use" | "req" | "exp";

const CROCKFORD = "0123456789abcdefghjkmnpqrstvwxyz";

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

function randomPart(): string {
  if (used + 16 > pool.length) {
    pool = randomBytes(POOL_BYTES);
    used = 0;
  }
  const p = pool;
  const i = used;
  used += 16;
  // One expression: building the string a character at a time in a loop cost several times more.
  return (
    CROCKFORD[p[i]! & 31]! + CROCKFORD[p[i + 1]! & 31] + CROCKFORD[p[i + 2]! & 31] + CROCKFORD[p[i + 3]! & 31] +
    CROCKFORD[p[i + 4]! & 31] + CROCKFORD[p[i + 5]! & 31] + CROCKFORD[p[i + 6]! & 31] + CROCKFORD[p[i + 7]! & 31] +
    CROCKFORD[p[i + 8]! & 31] + CROCKFORD[p[i + 9]! & 31] + CROCKFORD[p[i + 10]! & 31] + CROCKFORD[p[i + 11]! & 31] +
    CROCKFORD[p[i + 12]! & 31] + CROCKFORD[p[i + 13]! & 31] + CROCKFORD[p[i + 14]! & 31] + CROCKFORD[p[i + 15]! & 31]
  );
}

/**
 * `<prefix>_<10 time chars><16 random chars>`: lower-case Crockford base32, so ids of one type sort by
 * creation time as plain strings (list cursors rely on that) and survive case-folding.
 */
export function newId(prefix: IdPrefix, now: number = Date.now()): string {
  return `${prefix}_${timePart(now)}${randomPart()}`;
}
