import { elements } from "chemical-elements";
import { asksFor, worded } from "./phrasing.ts";
import { askEach, type Difficulty, type Phrasing, type QuestionSource, withDistractors } from "./question.ts";

interface Element {
  number: number;
  symbol: string;
  name: string;
  mass: number | null;
}

const ELEMENTS: Element[] = (elements as Element[]).filter((e) => e.number >= 1 && e.number <= 118);
const BY_NUMBER = new Map(ELEMENTS.map((e) => [e.number, e]));
const CREDIT = "Element data: chemical-elements (MIT)";
const POOL: Record<Difficulty, number> = { easy: 30, medium: 56, hard: 118 };
/** The atomic numbers that close each period of the table: the noble gases (and oganesson). */
const PERIOD_ENDS = [2, 10, 18, 36, 54, 86, 118];
/** Symbols that come from an element's Latin (or, for tungsten, German) name, not its English one. */
const SYMBOL_ORIGINS: Record<string, string> = {
  Na: "natrium",
  K: "kalium",
  Fe: "ferrum",
  Cu: "cuprum",
  Ag: "argentum",
  Sn: "stannum",
  Sb: "stibium",
  W: "wolfram",
  Au: "aurum",
  Hg: "hydrargyrum",
  Pb: "plumbum",
};

/** Other elements, nearest atomic number first (neighbours in the table are the hard distractors). */
function nearest(e: Element): Element[] {
  return ELEMENTS.filter((x) => x !== e).sort((a, b) => Math.abs(a.number - e.number) - Math.abs(b.number - e.number));
}

type ElementFact = "number" | "protons" | "electrons" | "mass" | "between" | "after" | "next" | "symbol" | "letters" | "period" | "shells" | "hydrogen" | "noble" | "origin" | "first-twenty";

function elementFacts(e: Element, skip: ElementFact[]): Phrasing[] {
  const before = BY_NUMBER.get(e.number - 1);
  const after = BY_NUMBER.get(e.number + 1);
  const period = PERIOD_ENDS.findIndex((end) => e.number <= end) + 1;
  const lines: Record<ElementFact, string | null> = {
    number: `${e.name} is element number ${e.number}.`,
    protons: `Every atom of ${e.name} has ${e.number} protons in its nucleus.`,
    electrons: `A neutral atom of ${e.name} carries ${e.number} electrons.`,
    mass: typeof e.mass === "number" ? `${e.name} has an atomic mass of about ${e.mass.toFixed(1)}.` : null,
    between: before && after ? `${e.name} sits between ${before.name} and ${after.name} in the periodic table.` : null,
    after: before ? `${e.name} comes right after ${before.name} in the periodic table.` : null,
    next: after ? `${after.name} follows ${e.name} in the periodic table.` : null,
    symbol: `${e.name} is written ${e.symbol} in chemical formulas.`,
    letters: `The symbol for ${e.name} has ${e.symbol.length === 1 ? "a single letter" : "two letters"}.`,
    shells: `Electrons in an atom of ${e.name} fill ${period === 1 ? "one shell" : `${period} shells`}.`,
    hydrogen: typeof e.mass === "number" && e.number > 1 ? `An atom of ${e.name} is about ${Math.round(e.mass / 1.008)} times as heavy as one of hydrogen.` : null,
    period: `${e.name} is in period ${period} of the periodic table.`,
    noble: PERIOD_ENDS.includes(e.number) && e.number !== 118 ? `${e.name} is a noble gas, closing period ${period}.` : null,
    origin: SYMBOL_ORIGINS[e.symbol] ? `The symbol ${e.symbol} comes from ${SYMBOL_ORIGINS[e.symbol]}, an old name for ${e.name.toLowerCase()}.` : null,
    "first-twenty": e.number <= 20 ? `${e.name} is one of the twenty lightest elements.` : null,
  };
  return (Object.keys(lines) as ElementFact[]).filter((k) => !skip.includes(k) && lines[k]).map((k) => ({ pattern: `element:${k}`, text: lines[k]! }));
}

interface Ask {
  kind: string;
  thing: string;
  asks: string[];
  correct: string;
  ranked: string[];
  skip: ElementFact[];
}

function source(id: string, kinds: string[], ask: (e: Element) => Ask): QuestionSource {
  return {
    // The data's answer for the subject is the marked option, and no other option is that answer.
    verify: (q) => {
      const e = ELEMENTS.find((x) => x.name === q.subject);
      if (!e) return `no element named ${q.subject}`;
      const correct = ask(e).correct;
      const right = q.options.filter((o) => o === correct);
      return right.length === 1 && q.options[q.answerIndex] === correct && new Set(q.options).size === 4 ? null : `marked ${q.options[q.answerIndex]}, data says ${correct}`;
    },
    id,
    categories: ["science", "general-knowledge"],
    keywords: ["element", "elements", "chemistry", "chemical", "periodic", "table", "symbol", "symbols", "atomic", "atoms", "atom", "number", "numbers"],
    kinds,
    credit: CREDIT,
    questions: (difficulty, rng) =>
      askEach(ELEMENTS.slice(0, POOL[difficulty]), (e) => e.name, (e) => {
        const a = ask(e);
        const o = withDistractors(a.correct, a.ranked, difficulty, rng);
        return o && worded(o, asksFor(a.kind, a.thing, a.asks), elementFacts(e, a.skip));
      }),
  };
}

export const elementSources: QuestionSource[] = [
  source("element-symbol", ["symbol", "symbols"], (e) => ({
    kind: "element-symbol",
    thing: `the chemical symbol for ${e.name}`,
    asks: [`What is the chemical symbol for ${e.name}?`, `Which symbol stands for ${e.name} on the periodic table?`, `How is ${e.name} written in chemical shorthand?`],
    correct: e.symbol,
    // Hard distractors look alike: symbols sharing the first letter come first.
    ranked: nearest(e).sort((a, b) => Number(b.symbol[0] === e.symbol[0]) - Number(a.symbol[0] === e.symbol[0])).map((x) => x.symbol),
    skip: ["symbol", "letters"],
  })),
  source("symbol-element", ["symbol", "symbols"], (e) => ({
    kind: "symbol-element",
    thing: `the element with the symbol ${e.symbol}`,
    asks: [`Which element has the symbol ${e.symbol}?`, `The symbol ${e.symbol} stands for which element?`, `On the periodic table, ${e.symbol} is which element?`],
    correct: e.name,
    ranked: nearest(e).map((x) => x.name),
    skip: ["symbol"],
  })),
  source("number-element", ["number", "numbers"], (e) => ({
    kind: "number-element",
    thing: `the element with atomic number ${e.number}`,
    asks: [`Which element has atomic number ${e.number}?`, `Element number ${e.number} on the periodic table is which?`, `Which element has ${e.number} protons in its nucleus?`],
    correct: e.name,
    ranked: nearest(e).map((x) => x.name),
    skip: ["number", "protons", "electrons"],
  })),
];
