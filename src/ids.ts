import { randomBytes } from "node:crypto";

export type IdPrefix = "acct" | "key" | "prj" | "vid" | "evt" | "med" | "use" | "req" | "exp";

const CROCKFORD = "0123456789abcdefghjkmnpqrstvwxyz";

// Random bytes are drawn 4 KiB at a time: every request gets an id, and one call for 16 bytes cost
// more than the rest of making the id.
const POOL_BYTES = 4096;
let pool = new Uint8Array(0);
let used = 0;

function randomPart(): Uint8Array {
  if (used + 16 > pool.length) {
    pool = randomBytes(POOL_BYTES);
    used = 0;
  }
  used += 16;
  return pool.subarray(used - 16, used);
}

/**
 * `<prefix>_<10 time chars><16 random chars>`: lower-case Crockford base32, so ids of one type sort by
 * creation time as plain strings (list cursors rely on that) and survive case-folding.
 */
export function newId(prefix: IdPrefix, now: number = Date.now()): string {
  let time = "";
  let ms = Math.floor(now);
  for (let i = 0; i < 10; i++) {
    time = CROCKFORD[ms % 32] + time;
    ms = Math.floor(ms / 32);
  }
  let rand = "";
  for (const b of randomPart()) rand += CROCKFORD[b % 32];
  return `${prefix}_${time}${rand}`;
}
