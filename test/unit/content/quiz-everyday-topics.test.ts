import { describe, expect, test } from "bun:test";
import { ContentError } from "../../../src/content/errors.ts";
import { checkText } from "../../../src/content/safety.ts";
import { countryNamed } from "../../../src/content/quiz/countries.ts";
import { OFFLINE_TOPICS } from "../../../src/content/quiz/coverage.ts";
import { buildOfflinePack, offlineRefusal, planOfflineTopic, QUESTION_SOURCES } from "../../../src/content/quiz/pack.ts";
import { seededRandom } from "../../../render/seeded-random.ts";
import type { QuizQuestion } from "../../../src/content/quiz/question.ts";
import { packProblems } from "../../../src/content/writer.ts";

/**
 * Everyday topics people ask a quiz about (school subjects, decades, sports, foods, animals, places,
 * science), written down before the offline data was: the ones it cannot cover are named.
 */
const EVERYDAY_TOPICS = [
  "the solar system", "world war 2", "WWII", "90s movies", "80s music", "famous painters", "football world cup", "summer olympics",
  "italian food", "japanese food", "human body", "flags of europe", "baby animals", "animals", "musical instruments", "classical music",
  "English vocabulary", "world history", "capitals of Asia", "chemistry", "geography", "biology", "dinosaurs", "Harry Potter", "maths",
];
const NOT_COVERED = ["dinosaurs", "Harry Potter", "maths"];

const SOURCES = new Map(QUESTION_SOURCES.map((s) => [s.id, s]));

/** Why a pack question is wrong by its source's data, or null (every offline source can check its own questions). */
function wrongByData(q: QuizQuestion): string | null {
  const source = SOURCES.get(q.source!);
  if (!source?.verify) return `source ${q.source} cannot check its questions`;
  return source.verify(q);
}

/**
 * A wording with what varies from question to question taken out: capitalised names, numbers, quoted
 * words and the options. Two questions with one skeleton are the same pattern, however the pack labels them.
 */
function skeleton(text: string, q: QuizQuestion): string {
  let out = text;
  for (const o of [...q.options, q.subject ?? ""].filter(Boolean).sort((a, b) => b.length - a.length)) out = out.split(o).join(" _ ");
  return out
    .replace(/"[^"]*"/g, " _ ")
    .replace(/(?<!^)\b[A-Z][\p{L}'.-]*/gu, " _ ")
    .replace(/\d[\d,.]*/g, " _ ")
    .replace(/[^\p{L}_ ]/gu, " ")
    .replace(/(_\s*)+/g, "_ ")
    .trim()
    .toLowerCase();
}

function expectVaried(questions: QuizQuestion[], label: string) {
  const patterns = questions.map((q) => q.pattern);
  const factPatterns = questions.map((q) => q.factPattern);
  expect(new Set(patterns).size, `${label}: ${patterns.join(" ")}`).toBe(questions.length);
  expect(new Set(factPatterns).size, `${label}: ${factPatterns.join(" ")}`).toBe(questions.length);
  const asked = questions.map((q) => skeleton(q.question, q));
  expect(new Set(asked).size, `${label}: ${asked.join(" | ")}`).toBe(questions.length);
  const told = questions.map((q) => skeleton(q.fact, q));
  expect(new Set(told).size, `${label}: ${told.join(" | ")}`).toBe(questions.length);
}

describe("offline packs for everyday topics", () => {
  test(`at least 20 of ${EVERYDAY_TOPICS.length} everyday topics get packs whose every answer checks against the data`, () => {
    expect(EVERYDAY_TOPICS).toHaveLength(25);
    const covered: string[] = [];
    const refused: string[] = [];
    for (const topic of EVERYDAY_TOPICS) {
      try {
        for (const seed of [1, 2, 3]) {
          const pack = buildOfflinePack({ topic, difficulty: "medium", count: 5, seed });
          expect(packProblems(pack.questions, 5)).toBeNull();
          for (const q of pack.questions) expect(wrongByData(q), `${topic}: ${q.question}`).toBeNull();
          expectVaried(pack.questions, topic);
        }
        covered.push(topic);
      } catch (error) {
        if (!(error instanceof ContentError)) throw error;
        expect(error.code).toBe("PACK_FAILED");
        expect(error.message).toContain("LLM_BASE_URL");
        refused.push(topic);
      }
    }
    expect(covered.length).toBeGreaterThanOrEqual(20);
    expect(refused).toEqual(NOT_COVERED);
  });

  test("every topic the guides list builds packs of 5 at every difficulty, and of 10 where the guides' data allows", () => {
    for (const { category, topics } of OFFLINE_TOPICS) {
      for (const topic of topics) {
        for (const difficulty of ["easy", "medium", "hard"] as const) {
          const pack = buildOfflinePack({ topic, categoryId: category, difficulty, count: 5, seed: 7 });
          for (const q of pack.questions) expect(wrongByData(q), `${topic}: ${q.question}`).toBeNull();
          expect(offlineRefusal({ topic, categoryId: category, difficulty, count: 5 })).toBeNull();
        }
      }
    }
    for (const topic of ["the solar system", "world war 2", "90s movies", "famous painters", "football world cup", "italian food", "human body", "flags of europe", "world capitals", "Pokémon types"]) {
      for (const seed of [1, 2, 3, 4]) expectVaried(buildOfflinePack({ topic, difficulty: "hard", count: 10, seed }).questions, `${topic} #${seed}`);
    }
  });

  test("every question any source can ask is right by its data and clean, at every difficulty", () => {
    for (const source of QUESTION_SOURCES.filter((s) => s.verify && !s.large)) {
      for (const difficulty of ["easy", "medium", "hard"] as const) {
        for (const q of source.questions(difficulty, seededRandom(5), { regions: [] })) {
          expect(wrongByData({ ...q, source: source.id }), `${source.id}: ${q.question}`).toBeNull();
          for (const text of [...(q.asks ?? []), ...(q.facts ?? [])].map((p) => p.text)) expect(checkText(text), text).toBeNull();
        }
      }
    }
  });
});

/** Facts looked up again for this test, independently of the data files: [source, subject, answer]. */
const SPOT_CHECKS: [string, string, string][] = [
  ["sport-winner", "the 2010 World Cup", "Spain"],
  ["sport-winner", "the 1966 World Cup", "England"],
  ["sport-winner", "the 2014 World Cup", "Germany"],
  ["sport-winner", "the 2022 World Cup", "Argentina"],
  ["sport-host", "the 2002 World Cup", "South Korea and Japan"],
  ["sport-host-city", "the 1992 Summer Olympics", "Barcelona"],
  ["planet-order", "Earth", "Earth"],
  ["planet-moon", "Titan", "Saturn"],
  ["planet-moon", "Ganymede", "Jupiter"],
  ["planet-moon-count", "Mars", "2"],
  ["art-painter", "The Starry Night", "Van Gogh"],
  ["art-painter", "Girl with a Pearl Earring", "Vermeer"],
  ["history-year", "Germany invaded Poland", "1939"],
  ["history-year", "the D-Day landings took place", "1944"],
  ["history-year", "the Berlin Wall fell", "1989"],
  ["body-bone", "Femur", "Femur"],
  ["body-count", "bones are in an adult human skeleton", "206"],
  ["music-composer", "The Four Seasons", "Vivaldi"],
  ["film-director", "Jurassic Park", "Spielberg"],
  ["film-year", "Titanic", "1997"],
  ["song-artist", "Wonderwall", "Oasis"],
  ["food-country", "Paella", "Spain"],
  ["country-flag", "Canada", "Canada"],
  ["animal-baby", "kangaroo", "Joey"],
];

describe("the hand-written data", () => {
  test("agrees with facts looked up again for this test", () => {
    for (const [id, subject, answer] of SPOT_CHECKS) {
      const q = SOURCES.get(id)!.questions("hard", seededRandom(1), { regions: [] }).find((x) => x.subject === subject);
      expect(q, `${id} ${subject}`).toBeDefined();
      expect(q!.options[q!.answerIndex], `${id} ${subject}`).toBe(answer);
    }
  });

  test("names countries as the country data does, so that region words and capitals find them", () => {
    for (const id of ["country-flag", "food-country", "art-country", "music-origin"]) {
      const named = new Set(SOURCES.get(id)!.questions("hard", seededRandom(1), { regions: [] }).flatMap((q) => q.options));
      expect(named.size, id).toBeGreaterThan(4);
      for (const name of named) expect(countryNamed(name), `${id}: ${name}`).toBeDefined();
    }
  });

  test("a question's wordings all ask the same thing: the same options and answer, whichever the pack picks", () => {
    const q = SOURCES.get("sport-winner")!.questions("hard", seededRandom(2), { regions: [] }).find((x) => x.subject === "the 1998 World Cup")!;
    expect(q.asks!.length).toBeGreaterThanOrEqual(10);
    for (const ask of q.asks!) expect(ask.text).toContain("1998");
    expect(q.options[q.answerIndex]).toBe("France");
    expect(q.options).not.toContain("Germany");
  });
});

describe("topic matching", () => {
  const plan = (topic: string) => planOfflineTopic(topic, undefined);
  const ids = (topic: string) => plan(topic).sources.map((s) => s.id).sort();

  test("wordings of one subject map to one source and filter", () => {
    for (const topic of ["world war 2", "World War II", "WWII", "ww2", "the second world war", "World War Two"]) {
      expect(plan(topic).tags, topic).toEqual(["ww2"]);
      expect(ids(topic), topic).toEqual(["history-figure", "history-year"]);
    }
    for (const topic of ["90s movies", "1990s films", "movies of the nineties", "the 90's movies"]) {
      expect(plan(topic).tags, topic).toEqual(["1990s"]);
      expect(ids(topic), topic).toEqual(["film-director", "film-year"]);
    }
    expect(plan("flags of europe").regions).toEqual(["europe"]);
    expect(ids("flags of europe")).toEqual(["country-flag"]);
    expect(ids("the solar system").every((id) => id.startsWith("planet-"))).toBe(true);
    expect(plan("italian food").tags).toEqual(["italy"]);
    expect(ids("italian food")).toEqual(["food-country", "food-dish"]);
    expect(ids("football world cup")).toEqual(["sport-host", "sport-winner"]);
    expect(plan("science quiz").sources.every((s) => s.categories[0] === "science")).toBe(true);
    expect(new Set(ids("science quiz").map((id) => id.split("-")[0]))).toEqual(new Set(["planet", "body", "animal", "element", "symbol", "number"]));
  });

  test("a word that only widens a topic does not pull in the country data", () => {
    expect(ids("world history").every((id) => id.startsWith("history-"))).toBe(true);
    expect(ids("food around the world").every((id) => id.startsWith("food-"))).toBe(true);
    expect(ids("world capitals")).toEqual(["capital-country", "country-capital"]);
  });

  test("strict: one word the data does not know refuses the topic, naming the word and what is covered", () => {
    for (const [topic, word] of [["Taylor Swift songs", "taylor"], ["dinosaurs", "dinosaurs"], ["90s cartoons", "cartoons"], ["planets of Star Wars", "star"]] as const) {
      const message = offlineRefusal({ topic, difficulty: "medium", count: 5 });
      expect(message, topic).toContain(word);
      expect(message).toContain("the solar system");
      expect(message).toContain("LLM_BASE_URL");
    }
    expect(offlineRefusal({ topic: "Pokémon of the 90s", difficulty: "medium", count: 5 })).toContain("1990s");
    expect(offlineRefusal({ topic: "Currencies of Scandinavia", difficulty: "medium", count: 5 })).toContain("distinct questions");
  });
});
