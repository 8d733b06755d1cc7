import { describe, expect, test } from "bun:test";
import { ContentError } from "../../../src/content/errors.ts";
import { buildOfflinePack } from "../../../src/content/quiz/pack.ts";

/** The kind of an offline question, read from its wording (each source words its questions one way). */
const KIND_OF: [string, RegExp][] = [
  ["capital", /^What is the capital of|is the capital of which country/],
  ["currency", /^Which currency is used in/],
  ["language", /is an official language of/],
  ["neighbour", /shares a border with/],
  ["region", /^In which part of the world is/],
  ["symbol", /^What is the chemical symbol for|^Which element has the symbol/],
  ["atomic-number", /^Which element has atomic number/],
  ["logo", /^Which brand does this logo belong to/],
  ["pokemon-type", /^What type is/],
  ["pokemon-generation", /^In which generation did/],
];
const COUNTRY_KINDS = ["capital", "currency", "language", "neighbour", "region"];
const ELEMENT_KINDS = ["symbol", "atomic-number"];

function kindOf(question: string): string {
  const hit = KIND_OF.find(([, pattern]) => pattern.test(question));
  if (!hit) throw new Error(`no kind for "${question}"`);
  return hit[0];
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
        const kinds = pack.questions.map((q) => kindOf(q.question));
        const off = kinds.filter((k) => !only.includes(k));
        expect(off, `seed ${seed}: ${pack.questions.map((q) => q.question).join(" | ")}`).toEqual([]);
        if (all) expect(new Set(kinds)).toEqual(new Set(only));
      }
    });
  }

  test("a kind the offline data does not ask (flags) fails rather than giving other kinds", () => {
    for (const topic of ["world flags", "Flags of Europe", "country flags"]) {
      let error: unknown;
      try {
        buildOfflinePack({ topic, difficulty: "medium", count: 5, seed: 1 });
      } catch (e) {
        error = e;
      }
      expect(error, topic).toBeInstanceOf(ContentError);
      expect((error as ContentError).code).toBe("PACK_FAILED");
      expect((error as ContentError).message).toContain("flags");
    }
  });
});
