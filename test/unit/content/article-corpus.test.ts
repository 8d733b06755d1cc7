import { describe, expect, test } from "bun:test";
import { posterTime } from "../../../render/plan/stills.ts";
import { insideSafeArea } from "../../../render/safe-area.ts";
import { timelineProblems } from "../../../render/timeline.ts";
import { type ScriptLength, wordBudget } from "../../../src/content/extractive-writer.ts";
import { checkFidelity, namesIn, numbersIn } from "../../../src/content/fidelity.ts";
import { sourceFromText } from "../../../src/content/ingest.ts";
import { splitSentences } from "../../../src/content/sentences.ts";
import { createContentWriter } from "../../../src/content/writer.ts";
import { silentLogger } from "../../../src/kernel/logger.ts";
import { articleVideo } from "../../../src/templates/article-video/index.ts";
import { CARD_MAX_BOTTOM, headlineCardSvg } from "../../../src/templates/article-video/headline-card.ts";
import { articleTimeline, silentNarration } from "../../../src/templates/article-video/production.ts";
import { withDefaults } from "../../../src/templates/validate.ts";
import { OPEN_ARTICLES } from "../../fixtures/open-articles.ts";

/** The lines the writer used to put between and after the source's sentences. None may come back. */
const OLD_STOCK_LINES = ["Here is how it works.", "And that is the short version.", "Here's the deal.", "Wild, right?", "Here are the facts.", "That is where things stand."];

/** First person outside quotation marks: a narrator saying "we" speaks as the article's writers. */
function unattributedFirstPerson(script: string): string[] {
  const plain = script.replace(/"[^"]*"|\u201c[^\u201d]*\u201d/g, " ");
  return [...plain.matchAll(/\b(we|we're|we've|we'll|us|our|ours|ourselves|my|me|mine|myself)\b|(?<![A-Z]\w*\s)\bI\b(?!\/)/gi)].map((m) => m[0]).filter((w) => w !== "US");
}

const writer = createContentWriter(null, silentLogger);
const LENGTHS: ScriptLength[] = ["short", "standard", "deep"];

describe("article scripts from a corpus of openly licensed articles", () => {
  test("the corpus: at least five real articles of 400-900 words, each with its source and licence", () => {
    expect(OPEN_ARTICLES.length).toBeGreaterThanOrEqual(5);
    for (const a of OPEN_ARTICLES) {
      expect(a.url).toMatch(/^https:\/\//);
      expect(a.licence).toMatch(/CC BY|MIT|Apache|GPL/);
      const words = a.text.split(/\s+/).length;
      expect(words, a.id).toBeGreaterThanOrEqual(400);
      expect(words, a.id).toBeLessThanOrEqual(900);
    }
  });

  for (const article of OPEN_ARTICLES) {
    test(`${article.id}: a hook first, the subject named early, no stock line, no unattributed first person, every fact from the source`, async () => {
      const source = sourceFromText(article.text);
      for (const length of LENGTHS) {
        const script = await writer.articleScript(source, { length, tone: "explainer" });
        const sentences = splitSentences(script.text);
        const label = `${article.id} ${length}: ${script.text}`;
        const budget = wordBudget(length);
        expect(Math.abs(script.wordCount - budget) / budget, label).toBeLessThanOrEqual(0.2);
        // The hook states a figure or names someone or something of the source.
        expect(numbersIn(sentences[0]!).values.size + namesIn(sentences[0]!).length, label).toBeGreaterThan(0);
        expect(sentences.slice(0, 2).some((s) => article.subject.test(s)), label).toBe(true);
        for (const line of OLD_STOCK_LINES) expect(script.text, label).not.toContain(line);
        expect(unattributedFirstPerson(script.text), label).toEqual([]);
        expect(checkFidelity(script.text, article.text).unverified, label).toEqual([]);
        expect(checkFidelity(script.headline.text, article.text).unverified, label).toEqual([]);
        expect(script.hookWords).toBe(sentences[0]!.split(/\s+/).length);
      }
    });

    test(`${article.id}: the headline card is the title, opens the video inside the safe area and is its poster`, async () => {
      const source = sourceFromText(article.text);
      const script = await writer.articleScript(source, { length: "standard", tone: "punchy" });
      expect(script.headline.text).toBe(source.title!);
      const card = headlineCardSvg(script.headline);
      expect(insideSafeArea(card.box)).toBe(true);
      expect(card.box.y + card.box.height).toBeLessThanOrEqual(CARD_MAX_BOTTOM);
      expect(card.svg).toContain(">" + card.lines[0]!.replace(/&/g, "&amp;").replace(/"/g, "&quot;") + "<");
      const inputs = withDefaults(articleVideo, { source: { kind: "text", text: article.text } });
      const media = { backgroundPath: "bg.mp4", fitted: true, musicPath: null };
      const narration = silentNarration(script.text);
      const timeline = articleTimeline(inputs, media, narration, { path: "card.png", x: card.x, y: card.y, hookWords: script.hookWords });
      expect(timelineProblems(timeline)).toEqual([]);
      const [layer] = timeline.layers;
      expect(layer).toMatchObject({ path: "card.png", start: 0, x: card.x, y: card.y });
      // It stays while the hook is read, then gives the frame back to the footage.
      expect(layer!.end).toBeGreaterThanOrEqual(Math.min(narration.words[script.hookWords - 1]!.end, 7));
      expect(layer!.end).toBeLessThan(timeline.duration);
      const poster = posterTime(timeline);
      expect(poster).toBeGreaterThanOrEqual(layer!.start + 0.25);
      expect(poster).toBeLessThan(layer!.end);
    });
  }

  test("first person is reported as the article's writers: the Go team, the Rust team, the Debian project", async () => {
    const expected: Record<string, RegExp> = { "go-15": /the Go team (says|adds|notes|writes)/i, "rust-1.0": /the Rust team (says|adds|notes|writes)/i, "debian-12": /the Debian project/i };
    for (const article of OPEN_ARTICLES.filter((a) => expected[a.id])) {
      const script = await writer.articleScript(sourceFromText(article.text), { length: "deep", tone: "explainer" });
      expect(script.text, article.id).toMatch(expected[article.id]!);
    }
  });
});
