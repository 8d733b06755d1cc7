import { describe, expect, test } from "bun:test";
import { DISPLAY_PREFIX_LENGTH, KEY_PREFIX, generateApiKey, hashApiKey, newSigningSecret, readBearer } from "../../../src/auth/api-keys.ts";

describe("API keys", () => {
  test("a key is the live prefix plus 40 base62 characters; only its hash and prefix are kept", () => {
    const { key, hash, prefix } = generateApiKey();
    expect(key).toMatch(/^svk_live_[0-9A-Za-z]{40}$/);
    expect(hash).toBe(hashApiKey(key));
    expect(hash).not.toContain(key.slice(KEY_PREFIX.length));
    expect(prefix).toBe(key.slice(0, DISPLAY_PREFIX_LENGTH));
  });

  test("keys do not repeat and use the whole alphabet", () => {
    const keys = Array.from({ length: 500 }, () => generateApiKey().key);
    expect(new Set(keys).size).toBe(500);
    const chars = new Set(keys.join("").replaceAll(KEY_PREFIX, ""));
    expect(chars.size).toBe(62);
  });

  test("the signing secret is whsec_ and 64 hex digits", () => {
    expect(newSigningSecret()).toMatch(/^whsec_[0-9a-f]{64}$/);
  });
});

describe("reading the Authorization header", () => {
  const key = generateApiKey().key;
  test.each([
    [null, "missing"],
    ["", "missing"],
    ["Basic dXNlcjpwYXNz", "missing"],
    ["Bearer", "missing"],
    [`Token ${key}`, "missing"],
    ["Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig", "unsupported"],
    ["Bearer sk-proj-abc", "unsupported"],
    ["Bearer svk_live_short", "malformed_key"],
    [`Bearer ${key}`, "key"],
    [`bearer ${key}`, "key"],
    [`BEARER   ${key}  `, "key"],
  ])("%p is %s", (header, kind) => {
    expect(readBearer(header).kind).toBe(kind as never);
  });
});
