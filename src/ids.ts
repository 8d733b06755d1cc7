import { randomBytes } from "node:crypto";

export type IdPrefix = "acct" | "key" | "prj" | "vid" | "evt" | "med" | "use" | "req" | "exp";

const CROCKFORD = "0123456789abcdefghjkmnpqrstvwxyz";

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
  const bytes = randomBytes(16);
  let rand = "";
  for (const b of bytes) rand += CROCKFORD[b % 32];
  return `${prefix}_${time}${rand}`;
}
