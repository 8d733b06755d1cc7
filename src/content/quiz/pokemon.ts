import type * as Pkmn from "@pkmn/dex";
import { onFirstUse } from "../../on-first-use.ts";
import { askEach, type Difficulty, type QuestionSource, type Rng, withDistractors } from "./question.ts";

interface Species {
  name: string;
  num: number;
  gen: number;
  types: string[];
}

/** Base forms of the National Pokédex (no megas, regional forms or cosmetic variants). */
const species = onFirstUse((): Species[] =>
  (require("@pkmn/dex") as typeof Pkmn).Dex.species
    .all()
    .filter((s) => s.exists && !s.forme && s.num >= 1 && s.num <= 1025 && s.isNonstandard === null)
    .map((s) => ({ name: s.name, num: s.num, gen: s.gen, types: [...s.types] })),
);
const CREDIT = "Pokémon data: @pkmn/dex (MIT); Pokémon is a trademark of Nintendo, Creatures and Game Freak";
const MAX_GEN: Record<Difficulty, number> = { easy: 1, medium: 4, hard: 9 };
const typeLabel = (types: string[]) => types.join("/");
const allTypes = onFirstUse(() => [...new Set(species().map((s) => typeLabel(s.types)))]);

function fact(s: Species): string {
  return `${s.name} is number ${s.num} in the National Pokédex and first appeared in generation ${s.gen}.`;
}

function pool(d: Difficulty): Species[] {
  return species().filter((s) => s.gen <= MAX_GEN[d]);
}

/** Type labels ranked by how many types they share with the answer (shared first: harder). */
function nearTypes(types: string[]): string[] {
  const shared = (label: string) => label.split("/").filter((t) => types.includes(t)).length;
  return allTypes().filter((l) => l !== typeLabel(types)).sort((a, b) => shared(b) - shared(a));
}

const KEYWORDS = ["pokemon", "pokémon", "pokedex", "pokédex", "pikachu", "type", "types", "generation", "generations", "gen"];

function source(id: string, kinds: string[], ask: (s: Species, d: Difficulty, rng: Rng) => { question: string; options: string[]; answerIndex: number } | null): QuestionSource {
  return {
    id,
    categories: ["video-games"],
    keywords: KEYWORDS,
    kinds,
    credit: CREDIT,
    questions: (d, rng) =>
      askEach(pool(d), (s) => s.name, (s) => {
        const q = ask(s, d, rng);
        return q && { ...q, fact: fact(s) };
      }),
  };
}

export const pokemonSources: QuestionSource[] = [
  source("pokemon-type", ["type", "types"], (s, d, rng) => {
    const o = withDistractors(typeLabel(s.types), nearTypes(s.types), d, rng);
    return o && { question: `What type is ${s.name}?`, ...o };
  }),
  source("pokemon-generation", ["generation", "generations", "gen"], (s, d, rng) => {
    const gens = [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((g) => g !== s.gen).sort((a, b) => Math.abs(a - s.gen) - Math.abs(b - s.gen));
    const o = withDistractors(`Generation ${s.gen}`, gens.map((g) => `Generation ${g}`), d, rng);
    return o && { question: `In which generation did ${s.name} first appear?`, ...o };
  }),
];
