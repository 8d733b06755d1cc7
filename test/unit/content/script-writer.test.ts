import { describe, expect, test } from "bun:test";
import { rankSentences, textRank, wordBudget, writeExtractiveScript } from "../../../src/content/extractive-writer.ts";
import { checkFidelity } from "../../../src/content/fidelity.ts";
import { sourceFromText } from "../../../src/content/ingest.ts";
import { splitSentences } from "../../../src/content/sentences.ts";
import { ARTICLES, BEES } from "../../fixtures/articles.ts";

describe("sentence splitting", () => {
  test("abbreviations, initials, decimals and quotes stay inside their sentence", () => {
    const text = 'Dr. J. R. Smith said the U.S. economy grew 2.5% in 2023. "We are not done," he said. It costs $4.50 today. Prof. Lee works at St. Mary\'s Hospital.';
    expect(splitSentences(text)).toEqual([
      "Dr. J. R. Smith said the U.S. economy grew 2.5% in 2023.",
      '"We are not done," he said.',
      "It costs $4.50 today.",
      "Prof. Lee works at St. Mary's Hospital.",
    ]);
  });
});

describe("extractive writer", () => {
  test("TextRank favours the sentence most like the others", () => {
    const rank = textRank([
      [0, 0.5, 0.5],
      [0.5, 0, 0],
      [0.5, 0, 0],
    ]);
    expect(rank[0]).toBeGreaterThan(rank[1]!);
    expect(rank[1]).toBeCloseTo(rank[2]!, 6);
  });

  test("fills each length to its word budget within 20%, hook first, the rest in source order", () => {
    for (const [name, text] of Object.entries(ARTICLES)) {
      const source = sourceFromText(text);
      const sentences = source.paragraphs.flatMap(splitSentences);
      for (const length of ["short", "standard", "deep"] as const) {
        for (const tone of ["explainer", "punchy", "authority"] as const) {
          const script = writeExtractiveScript(source, { length, tone });
          const budget = wordBudget(length);
          expect(Math.abs(script.wordCount - budget) / budget, `${name} ${length} ${tone}`).toBeLessThanOrEqual(0.2);
          const used = splitSentences(script.text).filter((s) => sentences.includes(s));
          const positions = used.slice(1).map((s) => sentences.indexOf(s));
          expect(positions).toEqual([...positions].sort((a, b) => a - b));
          expect(checkFidelity(script.text, text).ok).toBe(true);
        }
      }
    }
  });

  test("tones choose differently: punchy prefers short sentences, authority figures and quotes", () => {
    const source = sourceFromText(BEES);
    const words = (tone: "punchy" | "authority") => {
      const picked = splitSentences(writeExtractiveScript(source, { length: "short", tone }).text);
      return picked.reduce((n, s) => n + s.split(/\s+/).length, 0) / picked.length;
    };
    expect(words("punchy")).toBeLessThan(words("authority"));
    const authority = writeExtractiveScript(source, { length: "short", tone: "authority" }).text;
    expect(/\d|"/.test(authority)).toBe(true);
  });

  test("a hook never opens on a pronoun, and profane sentences are never chosen", () => {
    const source = sourceFromText(`${BEES}\n\nThat was a shitty year for the hives of every beekeeper in the region.`);
    for (const tone of ["explainer", "punchy", "authority"] as const) {
      const text = writeExtractiveScript(source, { length: "deep", tone }).text;
      expect(text).not.toContain("shitty");
      expect(/^(he|she|they|it|this|that)\b/i.test(text)).toBe(false);
    }
    expect(rankSentences(source, "explainer").some((c) => c.text.includes("shitty"))).toBe(false);
  });

  test("every sentence is the source's own: no stock line is added between or after them", () => {
    for (const [name, text] of Object.entries(ARTICLES)) {
      const source = sourceFromText(text);
      const sentences = new Set(source.paragraphs.flatMap(splitSentences));
      for (const length of ["short", "standard", "deep"] as const) {
        for (const tone of ["explainer", "punchy", "authority"] as const) {
          const script = writeExtractiveScript(source, { length, tone });
          for (const s of splitSentences(script.text)) expect(sentences.has(s), `${name} ${length} ${tone}: ${s}`).toBe(true);
        }
      }
    }
  });
});
