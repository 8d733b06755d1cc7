import { describe, expect, test } from "bun:test";
import { buildAss, shownWords } from "../../../render/captions/ass.ts";
import type { CaptionWord } from "../../../render/timeline.ts";

function timed(text: string): CaptionWord[] {
  return text.split(" ").map((t, i) => ({ text: t, start: i * 0.4, end: i * 0.4 + 0.35 }));
}

/** The text of every caption event as drawn: override tags removed. */
function drawn(words: CaptionWord[]): string[] {
  return buildAss({ words, preset: "hormozi", position: "middle" })
    .split("\n")
    .filter((l) => l.startsWith("Dialogue:"))
    .map((l) => l.split(",,").at(-1)!.replace(/\{[^}]*\}/g, ""));
}

function lone(text: string): boolean {
  const straight = (text.match(/"/g) ?? []).length % 2 === 1;
  const curly = (text.match(/\u201c/g) ?? []).length !== (text.match(/\u201d/g) ?? []).length;
  return straight || curly || /(^|\s)["'\u2018\u2019\u201c\u201d](\s|$)/.test(text);
}

describe("captions never show a lone quote mark", () => {
  test("a quotation spread over several lines loses its marks; one held on one line keeps them", () => {
    const words = timed(`She said "It is the longest wave on the planet, and its crest is half the Earth away." Then: \u201cGo!\u201d Fine.`);
    const events = drawn(words);
    expect(events.length).toBeGreaterThan(5);
    for (const e of events) expect(lone(e), e).toBe(false);
    expect(events.some((e) => e.includes("\u201cGO!\u201d"))).toBe(true);
    expect(events.join(" ")).toContain("WAVE");
  });

  test("an unbalanced quote in the script and a quote mark standing alone show nothing", () => {
    const events = drawn(timed(`"But the inspection results were clear. He said " yes " and left.`));
    for (const e of events) expect(lone(e), e).toBe(false);
    expect(events.join(" ")).toContain("BUT THE");
    expect(shownWords(timed(`"But the`))).toEqual(["But", "the"]);
    expect(shownWords(timed(`" hi`))).toEqual(["", "hi"]);
    expect(shownWords(timed(`"Go!" now`))).toEqual([`"Go!"`, "now"]);
    // Apostrophes stay.
    expect(shownWords(timed("Mary's bees\u2019 dance"))).toEqual(["Mary's", "bees\u2019", "dance"]);
  });
});
