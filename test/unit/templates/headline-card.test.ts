import { describe, expect, test } from "bun:test";
import { insideSafeArea } from "../../../render/safe-area.ts";
import { sourceFromText } from "../../../src/content/ingest.ts";
import { splitSentences } from "../../../src/content/sentences.ts";
import { createContentWriter } from "../../../src/content/writer.ts";
import { silentLogger } from "../../../src/kernel/logger.ts";
import { CARD_MAX_BOTTOM, headlineCardSvg } from "../../../src/templates/article-video/headline-card.ts";
import { articleHeadline } from "../../../src/templates/article-video/production.ts";
import { TIDES } from "../../fixtures/articles.ts";

const expectPlaced = (card: ReturnType<typeof headlineCardSvg>) => {
  expect(insideSafeArea(card.box)).toBe(true);
  // Clear of the platforms' right-hand buttons (the last ~150 px) and of the captions below.
  expect(card.box.x + card.box.width).toBeLessThanOrEqual(930);
  expect(card.box.y + card.box.height).toBeLessThanOrEqual(CARD_MAX_BOTTOM);
};

describe("headline card", () => {
  test("a short title is set large; a long one smaller, in at most five lines, the card still clear of captions and buttons", () => {
    const short = headlineCardSvg({ text: "Go Turns 15", kicker: "The Go Blog", byline: "Austin Clements, for the Go team" });
    expect(short.lines).toEqual(["Go Turns 15"]);
    expectPlaced(short);
    const long = headlineCardSvg({
      text: "Beekeepers in the United States lost 48 percent of their colonies between April 2022 and April 2023, according to a survey by the Bee Informed Partnership",
      kicker: "A publication with a very long name that would never fit on one line of the card",
      byline: "By a great many authors, editors and fact-checkers working together across several newsrooms",
    });
    expect(long.size).toBeLessThan(short.size);
    expect(long.lines.length).toBeLessThanOrEqual(5);
    expectPlaced(long);
    expect(long.svg).toContain("\u2026</text>");
  });

  test("text is escaped for the SVG", () => {
    const svg = headlineCardSvg({ text: "Rust & Go: <fast> \"safe\"", kicker: null, byline: null }).svg;
    expect(svg).toContain(">Rust &amp; Go:</text>");
    expect(svg).toContain(">&lt;fast&gt; &quot;safe&quot;</text>");
  });

  test("untitled text gets a hook line from its script's first sentence, in the source's own words", async () => {
    const script = await createContentWriter(null, silentLogger).articleScript(sourceFromText(TIDES), { length: "short", tone: "explainer" });
    const first = splitSentences(script.text)[0]!;
    expect(script.headline.text.replace(/\u2026$/, "").length).toBeGreaterThan(10);
    expect(first.toLowerCase()).toContain(script.headline.text.replace(/\u2026$/, "").toLowerCase());
    expect(TIDES.toLowerCase()).toContain(script.headline.text.replace(/\u2026$/, "").toLowerCase());
  });

  test("a script saved before cards existed gets its card from its title, else its first sentence", () => {
    const saved = { kind: "article_script", title: "How tides work", sourceUrl: "https://example.com/tides", sourceWords: 400, truncated: false, length: "short", tone: "explainer", text: "Tides rise twice a day. The Moon pulls.", wordCount: 8, generator: "offline" } as const;
    expect(articleHeadline(saved)).toEqual({ text: "How tides work", kicker: "example.com", byline: null });
    expect(articleHeadline({ ...saved, title: null, sourceUrl: null }).text).toBe("Tides rise twice a day");
  });
});
