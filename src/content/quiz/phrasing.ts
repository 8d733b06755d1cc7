import type { Phrasing, QuizQuestion } from "./question.ts";

/**
 * Wordings that fit any question once it is named as a noun phrase ("the capital of France", "the year
 * the Berlin Wall fell"). Every kind of question can use them, so even a pack of ten questions of one
 * kind finds ten wordings; their patterns are shared, so a mixed pack still uses each once.
 */
const GENERIC_ASKS: [string, (thing: string) => string][] = [
  // Short frames: each word is read aloud, and a pack of five must stay near a minute.
  ["what-is", (t) => `What is ${t}?`],
  ["which-is", (t) => `Which is ${t}?`],
  ["can-you-name", (t) => `Can you name ${t}?`],
  ["do-you-know", (t) => `Do you know ${t}?`],
  ["quick-one", (t) => `Quick one: ${t}?`],
  ["bare", (t) => `${t}?`],
  ["name", (t) => `Name ${t}.`],
  ["pick", (t) => `Pick ${t}.`],
  ["guess", (t) => `Guess ${t}.`],
  ["your-answer", (t) => `Your answer: ${t}?`],
];

const cap = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);

/**
 * A question's wordings: its own (keyed `kind:index`, most natural first) and then the generic ones
 * built from `thing`, the noun phrase for what is asked.
 */
export function asksFor(kind: string, thing: string, own: readonly string[]): Phrasing[] {
  const generic = GENERIC_ASKS.map(([key, frame]) => ({ pattern: `any:${key}`, text: cap(frame(thing)) }));
  // An own wording that a generic one spells the same way ("What is the capital of France?") is that pattern.
  const mine = own.filter((text) => !generic.some((g) => g.text === text)).map((text, i) => ({ pattern: `${kind}:${i}`, text }));
  return [...mine, ...generic];
}

/**
 * The shape of a hand-written line: its subject, names and figures taken out. Two notes of one shape
 * ("Paella comes from Valencia", "Gazpacho comes from Andalusia") are one pattern, so a pack says only one.
 */
function shapeOf(subject: string, text: string): string {
  return text
    .split(subject)
    .join(" _ ")
    .replace(/\b[\p{Lu}][\p{L}'.-]*/gu, " _ ")
    .replace(/\d[\d,.]*/g, " _ ")
    .replace(/[^\p{L}_ ]/gu, " ")
    .replace(/(_\s*)+/g, "_ ")
    .trim()
    .toLowerCase();
}

/** Fact lines from templates (`kind:index` patterns); a template that has nothing to say of a subject gives null. */
export function factsFrom(kind: string, lines: readonly (string | null | undefined)[]): Phrasing[] {
  return lines.flatMap((text, i) => (text ? [{ pattern: `${kind}:${i}`, text }] : []));
}

/** A hand-written fact line: a pattern of its own unless another note has its shape. */
export function note(subject: string, text: string | undefined): Phrasing[] {
  return text ? [{ pattern: `note:${shapeOf(subject, text)}`, text }] : [];
}

/** A question with its wordings; `question` and `fact` hold the first of each until a pack picks. */
export function worded(rest: Omit<QuizQuestion, "question" | "fact" | "asks" | "facts">, asks: Phrasing[], facts: Phrasing[]): QuizQuestion | null {
  if (asks.length === 0 || facts.length === 0) return null;
  return { ...rest, question: asks[0]!.text, fact: facts[0]!.text, asks, facts, pattern: asks[0]!.pattern, factPattern: facts[0]!.pattern };
}
