import { describe, expect, test } from "bun:test";
import { newId } from "../../src/kernel/ids.ts";

describe("ids", () => {
  test("a prefix, ten time characters and sixteen random ones, in lower-case Crockford base32", () => {
    const id = newId("req");
    expect(id).toMatch(/^req_[0-9a-hjkmnp-tv-z]{26}$/);
    // 32^10 ms: the time part of the epoch and of a known moment.
    expect(newId("vid", 0).slice(4, 14)).toBe("0000000000");
    expect(newId("vid", 33).slice(4, 14)).toBe("0000000011");
  });

  test("ids of one type sort by creation time as plain strings, also within one millisecond", () => {
    const times = [1_700_000_000_000, 1_700_000_000_001, 1_700_000_000_032, 1_800_000_000_000];
    const ids = times.map((t) => newId("vid", t));
    expect([...ids].sort()).toEqual(ids);
    const sameMs = Array.from({ length: 1000 }, () => newId("req", 1_700_000_000_000));
    expect(new Set(sameMs.map((id) => id.slice(0, 14))).size).toBe(1);
    expect(new Set(sameMs).size).toBe(1000);
  });

  test("the random part spreads over the whole alphabet", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 500; i++) for (const c of newId("req").slice(14)) seen.add(c);
    expect(seen.size).toBe(32);
  });
});
