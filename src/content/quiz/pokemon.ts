import type * as Pkmn from "@pkmn/dex";
import { onFirstUse } from "../../kernel/on-first-use.ts";
import { asksFor, worded } from "./phrasing.ts";
import { askEach, type Difficulty, type Phrasing, type QuestionSource, type QuizQuestion, type Rng, withDistractors } from "./question.ts";

interface Species {
  name: string;
  num: number;
  gen: number;
  types: string[];
  weightkg: number;
  ability: string | undefined;
  hidden: string | undefined;
  stats: { hp: number; atk: number; spe: number };
  evos: string[];
  prevo: string | undefined;
}

/** Base forms of the National Pokédex (no megas, regional forms or cosmetic variants). */
const species = onFirstUse((): Species[] =>
  (require("@pkmn/dex") as typeof Pkmn).Dex.species
    .all()
    .filter((s) => s.exists && !s.forme && s.num >= 1 && s.num <= 1025 && s.isNonstandard === null)
    .map((s) => ({
      name: s.name,
      num: s.num,
      gen: s.gen,
      types: [...s.types],
      weightkg: s.weightkg,
      ability: s.abilities["0"],
      hidden: s.abilities.H,
      stats: { hp: s.baseStats.hp, atk: s.baseStats.atk, spe: s.baseStats.spe },
      evos: [...(s.evos ?? [])],
      prevo: s.prevo || undefined,
    })),
);
const CREDIT = "Pokémon data: @pkmn/dex (MIT); Pokémon is a trademark of Nintendo, Creatures and Game Freak";
const MAX_GEN: Record<Difficulty, number> = { easy: 1, medium: 4, hard: 9 };
const typeLabel = (types: string[]) => types.join("/");
const byNumber = onFirstUse(() => new Map(species().map((s) => [s.num, s])));
const perGeneration = onFirstUse(() => {
  const counts = new Map<number, number>();
  for (const s of species()) counts.set(s.gen, (counts.get(s.gen) ?? 0) + 1);
  return counts;
});
const allTypes = onFirstUse(() => [...new Set(species().map((s) => typeLabel(s.types)))]);

/** Fact lines about a species, each after its own pattern; `skip` leaves out what the question asked. */
function facts(s: Species, skip: string): Phrasing[] {
  const before = byNumber().get(s.num - 1);
  const peers = perGeneration().get(s.gen) ?? 0;
  const lines: Record<string, string | null> = {
    number: `${s.name} is number ${s.num} in the National Pokédex.`,
    generation: `${s.name} first appeared in generation ${s.gen}.`,
    type: s.types.length > 1 ? `${s.name} is a dual ${typeLabel(s.types)} type.` : `${s.name} is a pure ${s.types[0]} type.`,
    weight: s.weightkg > 0 ? `${s.name} weighs about ${s.weightkg} kilograms.` : null,
    ability: s.ability ? `${s.name} can have the ability ${s.ability}.` : null,
    hidden: s.hidden ? `${s.name}'s hidden ability is ${s.hidden}.` : null,
    hp: `${s.name} has a base HP of ${s.stats.hp}.`,
    attack: `${s.name}'s base Attack stat is ${s.stats.atk}.`,
    speed: `${s.name} moves with a base Speed of ${s.stats.spe}.`,
    dex: s.num <= 151 ? `${s.name} is one of the original 151 Pokémon.` : null,
    evolves: s.evos[0] ? `${s.name} evolves into ${s.evos[0]}.` : null,
    prevo: s.prevo ? `${s.name} evolves from ${s.prevo}.` : null,
    after: before ? `${s.name} comes right after ${before.name} in the Pokédex.` : null,
    peers: `${s.name} is one of ${peers} Pokémon introduced in generation ${s.gen}.`,
  };
  return Object.keys(lines).filter((k) => k !== skip && !(skip === "generation" && (k === "peers" || k === "dex")) && lines[k]).map((k) => ({ pattern: `pokemon:${k}`, text: lines[k]! }));
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

/** The data's answer for a species, by kind of question: what `verify` holds each question to. */
const ANSWER: Record<string, (s: Species) => string> = {
  "pokemon-type": (s) => typeLabel(s.types),
  "pokemon-generation": (s) => `Generation ${s.gen}`,
};

function source(id: string, kinds: string[], ask: (s: Species, d: Difficulty, rng: Rng) => QuizQuestion | null): QuestionSource {
  return {
    id,
    categories: ["video-games"],
    keywords: KEYWORDS,
    kinds,
    credit: CREDIT,
    large: true,
    questions: (d, rng) => askEach(pool(d), (s) => s.name, (s) => ask(s, d, rng)),
    verify: (q) => {
      const s = species().find((x) => x.name === q.subject);
      if (!s) return `no Pokémon named ${q.subject}`;
      const answer = ANSWER[id]!(s);
      return q.options[q.answerIndex] === answer && q.options.filter((o) => o === answer).length === 1 && new Set(q.options).size === 4 ? null : `marked ${q.options[q.answerIndex]}, data says ${answer}`;
    },
  };
}

export const pokemonSources: QuestionSource[] = [
  source("pokemon-type", ["type", "types"], (s, d, rng) => {
    const o = withDistractors(typeLabel(s.types), nearTypes(s.types), d, rng);
    const asks = [`What type is ${s.name}?`, `Which type does ${s.name} belong to?`, `${s.name} is which type of Pokémon?`];
    return o && worded(o, asksFor("pokemon-type", `the type of ${s.name}`, asks), facts(s, "type"));
  }),
  source("pokemon-generation", ["generation", "generations", "gen"], (s, d, rng) => {
    const gens = [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((g) => g !== s.gen).sort((a, b) => Math.abs(a - s.gen) - Math.abs(b - s.gen));
    const o = withDistractors(`Generation ${s.gen}`, gens.map((g) => `Generation ${g}`), d, rng);
    const asks = [`In which generation did ${s.name} first appear?`, `${s.name} debuted in which generation?`, `Which generation introduced ${s.name}?`];
    return o && worded(o, asksFor("pokemon-generation", `the generation ${s.name} first appeared in`, asks), facts(s, "generation"));
  }),
];
