import { describe, expect, test } from "bun:test";
import { ContentError } from "../../../src/content/errors.ts";
import { extractArticle, MAX_SOURCE_WORDS, sourceFromText } from "../../../src/content/ingest.ts";
import { articlePage, BEES, TIDES } from "../../fixtures/articles.ts";

describe("article ingest", () => {
  test("readability finds the article's paragraphs and title, not the page's navigation or footer", () => {
    const source = extractArticle(articlePage("How tides work", TIDES), "https://news.example/tides");
    expect(source.title).toContain("How tides work");
    expect(source.paragraphs.join(" ")).toContain("Bay of Fundy");
    expect(source.paragraphs.join(" ")).not.toContain("Cookie settings");
    expect(source.paragraphs.join(" ")).not.toContain("Celebrity spotted");
    expect(source.wordCount).toBeGreaterThan(350);
  });

  test("a thin page falls back to JSON-LD articleBody; nothing readable is INGEST_FAILED; under 90 words SOURCE_TOO_SHORT", () => {
    const ld = `<html><head><script type="application/ld+json">${JSON.stringify({ "@type": "NewsArticle", articleBody: BEES })}</script></head><body><div id="app"></div></body></html>`;
    expect(extractArticle(ld, "https://spa.example/").paragraphs.join(" ")).toContain("waggle dance");
    const code = (run: () => unknown) => {
      try {
        run();
        return "none";
      } catch (error) {
        return (error as ContentError).code;
      }
    };
    expect(code(() => extractArticle("<html><body></body></html>", "https://empty.example/"))).toBe("INGEST_FAILED");
    expect(code(() => extractArticle(articlePage("Short", "Only a few words here."), "https://short.example/"))).toBe("SOURCE_TOO_SHORT");
    expect(code(() => sourceFromText("word ".repeat(89)))).toBe("SOURCE_TOO_SHORT");
  });

  test("text over 4000 words is cut to 4000, keeping paragraphs", () => {
    const long = Array.from({ length: 50 }, (_, i) => `Paragraph ${i} has exactly ten words in it, no more.`.repeat(10)).join("\n\n");
    const source = sourceFromText(long);
    expect(source.truncated).toBe(true);
    expect(source.wordCount).toBe(MAX_SOURCE_WORDS);
    expect(source.paragraphs.join(" ").split(/\s+/)).toHaveLength(MAX_SOURCE_WORDS);
    expect(source.paragraphs.length).toBeGreaterThan(30);
  });
});
