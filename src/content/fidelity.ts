import type Compromise from "compromise";
import { onFirstUse } from "../kernel/on-first-use.ts";
import { fold, plainWords, stem } from "./text.ts";

/**
 * The fidelity check every script passes before it is narrated: each number (digits or words), quoted
 * span and named person, place or organisation in the script must occur in the source.
 */

export type UnverifiedKind = "number" | "quote" | "name";

export interface Unverified {
  kind: UnverifiedKind;
  text: string;
}

export interface FidelityReport {
  ok: boolean;
  unverified: Unverified[];
}

const SCALES: Record<string, number> = { thousand: 1e3, k: 1e3, million: 1e6, m: 1e6, mn: 1e6, billion: 1e9, bn: 1e9, b: 1e9, trillion: 1e12, tn: 1e12 };

const round = (x: number) => Math.round(x * 1e6) / 1e6;

type Doc = ReturnType<typeof Compromise>;
const nlp = onFirstUse(() => require("compromise") as typeof Compromise);

/** Every value a text states, in digits ("12,000", "2.5%", "$3.2bn") or words ("twelve thousand"). */
export function numbersIn(text: string, parsed?: Doc): { values: Set<number>; spans: Map<number, string> } {
  const values = new Set<number>();
  const spans = new Map<number, string>();
  const add = (value: number, span: string) => {
    if (!Number.isFinite(value)) return;
    values.add(round(value));
    if (!spans.has(round(value))) spans.set(round(value), span.trim());
  };
  for (const m of text.matchAll(/(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?(?:\s*-?\s*(thousand|million|billion|trillion|bn|mn|tn|k|m|b)\b)?/gi)) {
    const base = Number(`${m[1]!.replace(/,/g, "")}${m[2] ? `.${m[2]}` : ""}`);
    add(base, m[0]);
    if (m[3]) add(base * SCALES[m[3].toLowerCase()]!, m[0]);
  }
  // Word forms; "one" and "a" stand for 1 in ordinary prose, so 0 and 1 are not treated as figures.
  const doc = parsed ?? nlp()(text);
  for (const found of doc.numbers().json() as { text: string; number?: { num?: number } }[]) {
    const num = found.number?.num;
    if (typeof num === "number" && num > 1 && !/\d/.test(found.text)) add(num, found.text);
  }
  return { values, spans };
}

/** Quoted spans of two or more words. */
export function quotesIn(text: string): string[] {
  const out: string[] = [];
  for (const m of fold(text).matchAll(/"([^"]{3,400})"/g)) {
    if (m[1]!.trim().split(/\s+/).length >= 2) out.push(m[1]!.trim());
  }
  return out;
}

const SENTENCE_START = /(^|[.!?:;"\u201c\u201d(]\s*|\n\s*)$/;
const NOT_NAMES = new Set(["i", "i'm", "i've", "i'd", "i'll", "ok", "tv"]);

/** A full stop after a name ends the sentence; dots inside ("U.S.") belong to the name. */
const trimName = (word: string) => (word.indexOf(".") === word.length - 1 ? word.slice(0, -1) : word);

/** Capitalised words that are not sentence openers, and the words of entities compromise finds. */
export function namesIn(text: string, parsed?: Doc): string[] {
  const names = new Set<string>();
  for (const m of text.matchAll(/[\p{Lu}][\p{L}\p{N}'\u2019.-]*/gu)) {
    const before = text.slice(0, m.index);
    // A capital inside a token ("67P", "iOS") is part of a code or a brand, not a name's first letter.
    if (SENTENCE_START.test(before) || /[\p{L}\p{N}]$/u.test(before)) continue;
    names.add(trimName(m[0]));
  }
  const doc = parsed ?? nlp()(text);
  for (const entity of [...doc.people().out("array"), ...doc.places().out("array"), ...doc.organizations().out("array")] as string[]) {
    for (const word of entity.split(/\s+/)) if (/^[\p{Lu}]/u.test(word)) names.add(trimName(word.replace(/[,;:!?)"]+$/, "")));
  }
  return [...names].filter((n) => !NOT_NAMES.has(fold(n)));
}

interface SourceFacts {
  numbers: Set<number>;
  text: string;
  words: Set<string>;
  stems: Set<string>;
}

// A source is checked against several drafts (a model's retries, then the offline writer): parse it once.
const sourceCache = new Map<string, SourceFacts>();

function sourceFacts(source: string): SourceFacts {
  const cached = sourceCache.get(source);
  if (cached) return cached;
  const words = new Set(plainWords(source));
  const facts = { numbers: numbersIn(source).values, text: ` ${plainWords(source).join(" ")} `, words, stems: new Set([...words].map(stem)) };
  if (sourceCache.size >= 16) sourceCache.delete(sourceCache.keys().next().value!);
  sourceCache.set(source, facts);
  return facts;
}

/** Checks a script against its source (pure but for a small cache of parsed sources). */
export function checkFidelity(script: string, source: string): FidelityReport {
  const unverified: Unverified[] = [];
  const facts = sourceFacts(source);
  const sourceNumbers = facts.numbers;
  const doc = nlp()(script);
  const scriptNumbers = numbersIn(script, doc);
  for (const value of scriptNumbers.values) {
    if (sourceNumbers.has(value)) continue;
    const span = scriptNumbers.spans.get(value) ?? String(value);
    // "3.2bn" states both 3.2 and 3.2e9: a figure is unverified only when no form of it is in the source.
    if ([...numbersIn(span).values].some((v) => sourceNumbers.has(v))) continue;
    unverified.push({ kind: "number", text: span });
  }

  for (const quote of quotesIn(script)) {
    if (!facts.text.includes(` ${plainWords(quote).join(" ")} `)) unverified.push({ kind: "quote", text: quote });
  }

  const sourceWords = facts.words;
  const sourceStems = facts.stems;
  for (const name of namesIn(script, doc)) {
    const words = plainWords(name.replace(/\./g, ""));
    const known = words.every((w) => sourceWords.has(w) || sourceStems.has(stem(w)) || /^\d+$/.test(w));
    // Acronyms written with dots ("U.S.") fold to letters the source may spell either way.
    const dotted = plainWords(name).every((w) => sourceWords.has(w));
    if (!known && !dotted && !unverified.some((u) => u.kind === "name" && u.text === name)) unverified.push({ kind: "name", text: name });
  }
  return { ok: unverified.length === 0, unverified };
}

/** A short human list of what could not be verified, for error messages. */
export function describeUnverified(items: Unverified[]): string {
  return items
    .slice(0, 5)
    .map((u) => `${u.kind} "${u.text}"`)
    .join(", ")
    .concat(items.length > 5 ? ` and ${items.length - 5} more` : "");
}
