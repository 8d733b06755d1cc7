import { describe, expect, test } from "bun:test";
import { buildOfflinePack } from "../../../src/content/quiz/pack.ts";
import type { QuizQuestion } from "../../../src/content/quiz/question.ts";

/** The kind of an offline question, by the source that asked it. */
const KIND_OF: Record<string, string> = {
  "country-capital": "capital",
  "capital-country": "capital",
  "country-currency": "currency",
  "country-language": "language",
  "country-neighbour": "neighbour",
  "country-region": "region",
  "country-flag": "flag",
  "element-symbol": "symbol",
  "symbol-element": "symbol",
  "number-element": "atomic-number",
  "logo-brand": "logo",
  "pokemon-type": "pokemon-type",
  "pokemon-generation": "pokemon-generation",
};
const COUNTRY_KINDS = ["capital", "currency", "language", "neighbour", "region"];
const ELEMENT_KINDS = ["symbol", "atomic-number"];

function kindOf(q: QuizQuestion): string {
  const kind = KIND_OF[q.source ?? ""];
  if (!kind) throw new Error(`no kind for "${q.question}" (${q.source})`);
  return kind;
}

/** A topic, the kinds its questions may be, and whether all of them must show up in a long enough pack. */
const TOPICS: { topic: string; only: string[]; all?: boolean }[] = [
  { topic: "world capitals", only: ["capital"] },
  { topic: "World Capitals Quiz", only: ["capital"] },
  { topic: "capital cities of the world", only: ["capital"] },
  { topic: "Capital cities of Europe", only: ["capital"] },
  { topic: "Guess the capital of every country", only: ["capital"] },
  { topic: "African capitals", only: ["capital"] },
  { topic: "world currencies", only: ["currency"] },
  { topic: "Currencies of Asia", only: ["currency"] },
  { topic: "money around the world", only: ["currency"] },
  { topic: "languages of the world", only: ["language"] },
  { topic: "Languages spoken in Africa", only: ["language"] },
  { topic: "world languages", only: ["language"] },
  { topic: "country borders", only: ["neighbour"] },
  { topic: "Neighbouring countries in Europe", only: ["neighbour"] },
  { topic: "world neighbors", only: ["neighbour"] },
  { topic: "countries and their continents", only: ["region"] },
  { topic: "world regions", only: ["region"] },
  { topic: "capitals and currencies", only: ["capital", "currency"], all: true },
  { topic: "world languages and borders", only: ["language", "neighbour"], all: true },
  { topic: "world geography", only: COUNTRY_KINDS, all: true },
  { topic: "countries of the world", only: COUNTRY_KINDS, all: true },
  { topic: "Europe", only: COUNTRY_KINDS, all: true },
  { topic: "chemical symbols", only: ["symbol"] },
  { topic: "Element symbols", only: ["symbol"] },
  { topic: "periodic table symbols", only: ["symbol"] },
  { topic: "atomic numbers", only: ["atomic-number"] },
  { topic: "Atomic numbers of the elements", only: ["atomic-number"] },
  { topic: "periodic table", only: ELEMENT_KINDS, all: true },
  { topic: "chemistry", only: ELEMENT_KINDS, all: true },
  { topic: "Pokémon types", only: ["pokemon-type"] },
  { topic: "pokemon type quiz", only: ["pokemon-type"] },
  { topic: "Pokémon generations", only: ["pokemon-generation"] },
  { topic: "Which generation is this Pokémon from", only: ["pokemon-generation"] },
  { topic: "Pokémon", only: ["pokemon-type", "pokemon-generation"], all: true },
  { topic: "famous brand logos", only: ["logo"] },
  { topic: "Logos", only: ["logo"] },
];

describe("a topic that names a kind of question gets only that kind", () => {
  for (const { topic, only, all } of TOPICS) {
    test(`"${topic}": ${only.join(", ")}${all ? " (each of them)" : ""}`, () => {
      for (const seed of [1, 2, 3]) {
        const pack = buildOfflinePack({ topic, difficulty: "medium", count: 10, seed });
        const kinds = pack.questions.map(kindOf);
        const off = kinds.filter((k) => !only.includes(k));
        expect(off, `seed ${seed}: ${pack.questions.map((q) => q.question).join(" | ")}`).toEqual([]);
        if (all) expect(new Set(kinds)).toEqual(new Set(only));
      }
    });
  }

  test("flags: a topic that names them gets only flag questions, narrowed to its region", () => {
    for (const topic of ["world flags", "Flags of Europe", "country flags", "flags of the world"]) {
      const pack = buildOfflinePack({ topic, difficulty: "medium", count: 5, seed: 1 });
      expect(pack.questions.map(kindOf), topic).toEqual(Array(5).fill("flag"));
    }
    const european = ["France", "Italy", "Germany", "Belgium", "Ireland", "Netherlands", "Russia", "Spain", "Sweden", "Denmark", "Norway", "Finland", "Greece", "Switzerland", "Poland", "Ukraine", "United Kingdom", "Portugal", "Austria"];
    for (const seed of [1, 2, 3]) {
      const pack = buildOfflinePack({ topic: "Flags of Europe", difficulty: "hard", count: 10, seed });
      for (const q of pack.questions) expect(european).toContain(q.options[q.answerIndex]!);
    }
  });
});
