import { randomBytes } from "node:crypto";

/** Every key starts with this fixed live prefix; the rest is 40 base62 characters (~238 bits). */
export const KEY_PREFIX = "svk_live_";
const SECRET_LENGTH = 40;
const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
/** How much of a key is safe to store and show: the prefix plus four secret characters. */
export const DISPLAY_PREFIX_LENGTH = KEY_PREFIX.length + 4;

export interface NewKey {
  key: string;
  hash: string;
  prefix: string;
}

export function generateApiKey(): NewKey {
  let secret = "";
  while (secret.length < SECRET_LENGTH) {
    for (const byte of randomBytes(64)) {
      // 248 = 4 * 62: rejecting the top bytes keeps every character equally likely.
      if (byte < 248 && secret.length < SECRET_LENGTH) secret += BASE62[byte % 62];
    }
  }
  const key = KEY_PREFIX + secret;
  return { key, hash: hashApiKey(key), prefix: key.slice(0, DISPLAY_PREFIX_LENGTH) };
}

/**
 * Keys are high-entropy, so a fast hash is enough: nobody can brute-force 238 bits. Bun's one-shot SHA-256
 * is the same digest at a fifth of node:crypto's cost, and every authenticated request takes one.
 */
export function hashApiKey(key: string): string {
  return Bun.SHA256.hash(key, "hex");
}

export type BearerToken =
  | { kind: "missing"; reason: string }
  | { kind: "unsupported" }
  | { kind: "malformed_key" }
  | { kind: "key"; key: string };

const KEY_SHAPE = new RegExp(`^${KEY_PREFIX}[0-9A-Za-z]{${SECRET_LENGTH}}$`);

const STANDARD_SCHEME = "Bearer ";
const STANDARD_LENGTH = STANDARD_SCHEME.length + KEY_PREFIX.length + SECRET_LENGTH;

/** Classifies an Authorization header without touching the database. */
export function readBearer(header: string | null): BearerToken {
  // The form clients send, checked without the general pattern: every authenticated request comes here.
  if (header !== null && header.length === STANDARD_LENGTH && header.startsWith(STANDARD_SCHEME)) {
    const token = header.slice(STANDARD_SCHEME.length);
    if (KEY_SHAPE.test(token)) return { kind: "key", key: token };
  }
  if (header === null || header.trim() === "") return { kind: "missing", reason: "No Authorization header was sent." };
  const match = /^\s*bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) return { kind: "missing", reason: "The Authorization header must be `Bearer <API_KEY>`." };
  const token = match[1]!;
  if (!token.startsWith(KEY_PREFIX)) return { kind: "unsupported" };
  return KEY_SHAPE.test(token) ? { kind: "key", key: token } : { kind: "malformed_key" };
}

export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString("hex")}`;
}
