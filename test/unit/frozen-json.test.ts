import { describe, expect, test } from "bun:test";
import { bodyJson, deepFreeze } from "../../src/kernel/frozen-json.ts";

describe("frozen answers", () => {
  test("deepFreeze makes a value and everything in it read-only", () => {
    const value = deepFreeze({ a: { b: [1, { c: 2 }] }, d: null });
    expect(Object.isFrozen(value.a.b[1])).toBe(true);
    expect(() => {
      (value.a.b as unknown[]).push(3);
    }).toThrow();
  });

  test("a frozen body's JSON is taken once; an unfrozen body is serialized as it is each time", () => {
    const frozen = deepFreeze({ n: 1 });
    const first = bodyJson(frozen);
    expect(first).toBe('{"n":1}');
    expect(bodyJson(frozen)).toBe(first);
    const open = { n: 1 };
    expect(bodyJson(open)).toBe('{"n":1}');
    open.n = 2;
    expect(bodyJson(open)).toBe('{"n":2}');
    expect(bodyJson("text")).toBe('"text"');
    expect(bodyJson(null)).toBe("null");
  });
});
