import { describe, expect, test } from "bun:test";
import { ApiError } from "../../../src/kernel/errors.ts";
import { BODY_LIMITS, type BodyLimits, checkJsonText } from "../../../src/http/body-shape.ts";

const UNBOUNDED: BodyLimits = { maxDepth: 1e9, maxArrayItems: 1e9, maxObjectFields: 1e9, maxFields: 1e9, maxValues: 1e9 };

/** The issue checkJsonText refuses `text` with, or undefined when it passes. */
function refusal(text: string, limits: Partial<BodyLimits> = {}): { path: string; code: string; message: string } | undefined {
  try {
    checkJsonText(text, { ...UNBOUNDED, ...limits });
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe("INVALID_INPUT");
    return (error as ApiError).extras.errors![0] as { path: string; code: string; message: string };
  }
}

/** Field names, values, deepest nesting and largest array and object of a parsed value, counted by walking it. */
function measure(value: unknown, depth = 0): { fields: number; values: number; depth: number; items: number; members: number } {
  const total = { fields: 0, values: 1, depth: 0, items: 0, members: 0 };
  if (value === null || typeof value !== "object") return total;
  total.depth = depth + 1;
  const children = Array.isArray(value) ? value : Object.values(value);
  if (Array.isArray(value)) total.items = value.length;
  else total.members = total.fields = children.length;
  for (const child of children) {
    const inner = measure(child, depth + 1);
    total.fields += inner.fields;
    total.values += inner.values;
    total.depth = Math.max(total.depth, inner.depth);
    total.items = Math.max(total.items, inner.items);
    total.members = Math.max(total.members, inner.members);
  }
  return total;
}

const SAMPLES = [
  { template: "fake_text_message", inputs: { contact: { name: "Mom" }, messages: [{ sender: "them", text: "Dinner at 8?" }, { sender: "me", text: 'Sure, "8" it is' }] } },
  { "a\\\"b": ["}", "]", "{", "[", ",", ":", '"'], "c:d,e": { "{": { "[": [[], {}, [[1, -2.5e3, true, false, null]]] } }, empty: "" },
  [1, "two", { three: [3, { four: 4 }] }, [], {}, "\\", "\u00e9\ud83c\udf89"],
  "just a string",
  42,
];

describe("bounding a JSON text before it is parsed", () => {
  test("counts field names, values, nesting, items and members exactly, whatever the strings hold", () => {
    for (const sample of SAMPLES) {
      for (const text of [JSON.stringify(sample), JSON.stringify(sample, null, 2)]) {
        const exact = measure(sample);
        expect(refusal(text, { maxFields: exact.fields, maxValues: exact.values, maxDepth: exact.depth, maxArrayItems: exact.items, maxObjectFields: exact.members })).toBeUndefined();
        if (exact.fields > 0) expect(refusal(text, { maxFields: exact.fields - 1 })?.code).toBe("too_many");
        expect(refusal(text, { maxValues: exact.values - 1 })?.code).toBe("too_many");
        if (exact.depth > 0) expect(refusal(text, { maxDepth: exact.depth - 1 })?.code).toBe("too_deep");
        if (exact.items > 0) expect(refusal(text, { maxArrayItems: exact.items - 1 })?.message).toBe(`must have at most ${exact.items - 1} items`);
        if (exact.members > 0) expect(refusal(text, { maxObjectFields: exact.members - 1 })?.message).toBe(`must have at most ${exact.members - 1} fields`);
      }
    }
  });

  test("names the array, object or value over its bound as errors[] paths are written; totals name the whole body", () => {
    const body = JSON.stringify({ inputs: { messages: [{ text: "a" }, { text: "b", tags: [1, 2, 3] }], "we\u0001ird": { deep: [[[]]] } } });
    expect(refusal(body, { maxArrayItems: 2 })).toEqual({ path: "inputs.messages[1].tags", code: "too_many", message: "must have at most 2 items" });
    expect(refusal(body, { maxObjectFields: 1 })).toEqual({ path: "inputs.messages[1]", code: "too_many", message: "must have at most 1 fields" });
    expect(refusal(body, { maxDepth: 5 })).toEqual({ path: "inputs.we\\u0001ird.deep[0][0]", code: "too_deep", message: "must not nest deeper than 5 levels" });
    expect(refusal(body, { maxFields: 3 })).toEqual({ path: "", code: "too_many", message: "must have at most 3 field names in all" });
    expect(refusal(body, { maxValues: 4 })).toEqual({ path: "", code: "too_many", message: "must have at most 4 values in all" });
  });

  test("the service's bounds pass a long chat and a long article, and stop a hostile body after reading a small part of it", () => {
    const messages = Array.from({ length: 80 }, (_, i) => ({ sender: i % 2 ? "me" : "them", text: `message ${i} `.repeat(20), image: null, gapLabel: null }));
    const chat = { template: "fake_text_message", inputs: { contact: { name: "Sam", avatarId: null }, messages, voices: { enabled: true, me: "a", them: "b" } } };
    expect(() => checkJsonText(JSON.stringify(chat))).not.toThrow();
    expect(() => checkJsonText(JSON.stringify({ template: "article_video", inputs: { text: "An article sentence. ".repeat(90_000) } }))).not.toThrow();

    const fields = Array.from({ length: 150_000 }, (_, i) => `"k${i.toString(36)}":0`);
    const hostile = `{"inputs":{${fields.join(",")}}}`;
    expect(refusal(hostile, BODY_LIMITS)?.path).toBe("inputs");
    // The verdict needs only the text's first 1% (the check stops at the bound; the rest is never read).
    expect(refusal(hostile.slice(0, Math.ceil(hostile.length / 100)), BODY_LIMITS)).toEqual(refusal(hostile, BODY_LIMITS));
  });
});
