import { describe, expect, test } from "bun:test";
import { ContentError } from "../../../src/content/errors.ts";
import { buildOfflinePack, OFFLINE_CATEGORIES, planOfflineTopic as planTopic, QUESTION_SOURCES } from "../../../src/content/quiz/pack.ts";
import { seededRandom } from "../../../render/seeded-random.ts";
import { type QuizQuestion, withDistractors } from "../../../src/content/quiz/question.ts";
import { packProblems } from "../../../src/content/writer.ts";
import { QUIZ_CATEGORIES } from "../../../src/content/quiz/categories.ts";

function expectValid(q: QuizQuestion) {
  expect(q.options).toHaveLength(4);
  expect(new Set(q.options.map((o) => o.toLowerCase())).size).toBe(4);
  expect(q.answerIndex).toBeGreaterThanOrEqual(0);
  expect(q.answerIndex).toBeLessThan(4);
  expect(q.fact.length).toBeGreaterThan(10);
}

function failure(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ContentError);
    expect((error as ContentError).code).toBe("PACK_FAILED");
    return (error as ContentError).message;
  }
  throw new Error("expected PACK_FAILED");
}

describe("offline quiz packs", () => {
  test("every category the offline data covers yields at least 50 distinct valid questions at every difficulty", () => {
    expect([...OFFLINE_CATEGORIES].sort()).toEqual([...QUIZ_CATEGORIES].sort());
    for (const category of OFFLINE_CATEGORIES) {
      for (const difficulty of ["easy", "medium", "hard"] as const) {
        const questions = QUESTION_SOURCES.filter((s) => s.categories.includes(category)).flatMap((s) => s.questions(difficulty, seededRandom(1), { regions: [] }));
        const distinct = new Set(questions.map((q) => `${q.question}|${q.options[q.answerIndex]}`));
        expect(distinct.size, `${category} ${difficulty}`).toBeGreaterThanOrEqual(50);
        for (const q of questions) expectValid(q);
      }
    }
  });

  test("the correct option is the only true one: no distractor is another right answer", () => {
    const currencies = QUESTION_SOURCES.find((s) => s.id === "country-currency")!.questions("hard", seededRandom(3), { regions: ["europe"] });
    const euro = currencies.filter((q) => q.options[q.answerIndex] === "euro");
    expect(euro.length).toBeGreaterThan(5);
    for (const q of euro) expect(q.options.filter((o) => o === "euro")).toHaveLength(1);
    const neighbours = QUESTION_SOURCES.find((s) => s.id === "country-neighbour")!.questions("hard", seededRandom(3), { regions: [] });
    const france = neighbours.find((q) => q.subject === "France")!;
    const wrong = france.options.filter((_, i) => i !== france.answerIndex);
    for (const w of wrong) expect(["Spain", "Belgium", "Germany", "Italy", "Switzerland", "Luxembourg", "Andorra", "Monaco"]).not.toContain(w);
  });

  test("packs match the topic: region, kind of question, each subject once, credits from the data used", () => {
    const europe = buildOfflinePack({ topic: "Capital cities of Europe", difficulty: "medium", count: 10, seed: 1 });
    expect(europe.questions).toHaveLength(10);
    expect(europe.questions.every((q) => /capital/i.test(q.question))).toBe(true);
    expect(new Set(europe.questions.map((q) => q.subject)).size).toBe(10);
    expect(europe.credits).toEqual(["Country data: world-countries by Mohammed Le Doze, ODbL-1.0"]);
    expect(packProblems(europe.questions, 10)).toBeNull();
    const elements = buildOfflinePack({ topic: "Chemical elements", categoryId: "science", difficulty: "hard", count: 7, seed: 2 });
    expect(elements.questions.every((q) => ["element-symbol", "symbol-element", "number-element"].includes(q.source!))).toBe(true);
    const logos = buildOfflinePack({ topic: "Famous brand logos", difficulty: "easy", count: 5, seed: 3 });
    expect(logos.questions.every((q) => q.logo && /^[0-9A-Fa-f]{6}$/.test(q.logo.hex))).toBe(true);
    expect(planTopic("Pokémon types", "video-games").sources.every((s) => s.id.startsWith("pokemon"))).toBe(true);
    expect(planTopic("general knowledge", "geography").sources.every((s) => s.id.includes("capital") || s.id.startsWith("country"))).toBe(true);
    const fun = buildOfflinePack({ topic: "fun trivia", categoryId: "music", difficulty: "medium", count: 5, seed: 1 });
    expect(fun.questions.every((q) => q.source?.startsWith("music") || q.source?.startsWith("song"))).toBe(true);
  });

  test("a topic the data cannot cover fails with PACK_FAILED naming what is covered; never filler", () => {
    const songs = failure(() => buildOfflinePack({ topic: "Taylor Swift songs", categoryId: "music", difficulty: "medium", count: 5, seed: 1 }));
    expect(songs).toContain("taylor");
    expect(songs).toContain("chemical elements");
    expect(songs).toContain("LLM_BASE_URL");
    const rome = failure(() => planTopic("Capital cities of ancient Rome", undefined));
    expect(rome).toContain("rome");
    const ancientCapitals = failure(() => planTopic("Ancient capitals", undefined));
    expect(ancientCapitals).toContain("ancient");
    const tooFew = failure(() => buildOfflinePack({ topic: "Currencies of Scandinavia", difficulty: "medium", count: 5, seed: 1 }));
    expect(tooFew).toContain("distinct questions");
    const needLlm = QUIZ_CATEGORIES.filter((c) => !OFFLINE_CATEGORIES.includes(c));
    expect(needLlm).toEqual([]);
  });

  test("difficulty picks distractors: hard ones are the closest, easy ones the farthest", () => {
    const ranked = Array.from({ length: 30 }, (_, i) => `option ${i}`);
    const hard = withDistractors("answer", ranked, "hard", seededRandom(1))!;
    const easy = withDistractors("answer", ranked, "easy", seededRandom(1))!;
    const indexes = (o: { options: string[] }) => o.options.filter((x) => x !== "answer").map((x) => Number(x.split(" ")[1]));
    expect(Math.max(...indexes(hard))).toBeLessThan(10);
    expect(Math.min(...indexes(easy))).toBeGreaterThanOrEqual(20);
    expect(withDistractors("answer", ["a", "b"], "easy", seededRandom(1))).toBeNull();
  });

  test("pack problems: duplicate options, wrong count and profanity are refused", () => {
    const good: QuizQuestion = { question: "What is 1+1?", options: ["1", "2", "3", "4"], answerIndex: 1, fact: "Two is the only even prime." };
    expect(packProblems([good], 1)).toBeNull();
    expect(packProblems([good], 2)).toContain("1 questions");
    expect(packProblems([{ ...good, options: ["1", "2", "2", "4"] }], 1)).toContain("four distinct");
    expect(packProblems([{ ...good, fact: "A shitty fact about numbers." }], 1)).toContain("refused");
  });
});
