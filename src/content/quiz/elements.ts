import { elements } from "chemical-elements";
import { askEach, type Difficulty, type QuestionSource, type QuizQuestion, type Rng, withDistractors } from "./question.ts";

interface Element {
  number: number;
  symbol: string;
  name: string;
  mass: number | null;
}

const ELEMENTS: Element[] = (elements as Element[]).filter((e) => e.number >= 1 && e.number <= 118);
const CREDIT = "Element data: chemical-elements (MIT)";
const POOL: Record<Difficulty, number> = { easy: 30, medium: 56, hard: 118 };

/** Other elements, nearest atomic number first (neighbours in the table are the hard distractors). */
function nearest(e: Element): Element[] {
  return ELEMENTS.filter((x) => x !== e).sort((a, b) => Math.abs(a.number - e.number) - Math.abs(b.number - e.number));
}

function fact(e: Element): string {
  const mass = typeof e.mass === "number" ? `, with an atomic mass of about ${e.mass.toFixed(1)}` : "";
  return `${e.name}, symbol ${e.symbol}, is element number ${e.number}${mass}.`;
}

function source(id: string, kinds: string[], ask: (e: Element, d: Difficulty, rng: Rng) => Omit<QuizQuestion, "fact"> | null): QuestionSource {
  return {
    id,
    categories: ["science", "general-knowledge"],
    keywords: ["element", "elements", "chemistry", "chemical", "periodic", "table", "symbol", "symbols", "atomic", "atoms", "atom", "number", "numbers"],
    kinds,
    credit: CREDIT,
    questions: (difficulty, rng) =>
      askEach(ELEMENTS.slice(0, POOL[difficulty]), (e) => e.name, (e) => {
        const q = ask(e, difficulty, rng);
        return q && { ...q, fact: fact(e) };
      }),
  };
}

export const elementSources: QuestionSource[] = [
  source("element-symbol", ["symbol", "symbols"], (e, d, rng) => {
    // Hard distractors look alike: symbols sharing the first letter come first.
    const ranked = nearest(e).sort((a, b) => Number(b.symbol[0] === e.symbol[0]) - Number(a.symbol[0] === e.symbol[0])).map((x) => x.symbol);
    const o = withDistractors(e.symbol, ranked, d, rng);
    return o && { question: `What is the chemical symbol for ${e.name}?`, ...o };
  }),
  source("symbol-element", ["symbol", "symbols"], (e, d, rng) => {
    const o = withDistractors(e.name, nearest(e).map((x) => x.name), d, rng);
    return o && { question: `Which element has the symbol ${e.symbol}?`, ...o };
  }),
  source("number-element", ["number", "numbers"], (e, d, rng) => {
    const o = withDistractors(e.name, nearest(e).map((x) => x.name), d, rng);
    return o && { question: `Which element has atomic number ${e.number}?`, ...o };
  }),
];
