import { hasProfanity } from "./safety.ts";
import { quotesBalanced, splitSentences } from "./sentences.ts";
import { contentStems, countWords, dice } from "./text.ts";

export const SCRIPT_LENGTHS = ["short", "standard", "deep"] as const;
export type ScriptLength = (typeof SCRIPT_LENGTHS)[number];
export const TONES = ["explainer", "punchy", "authority"] as const;
export type Tone = (typeof TONES)[number];

export const LENGTH_SECONDS: Record<ScriptLength, number> = { short: 30, standard: 60, deep: 90 };
/** Narration pace of an average voice; a narrator that knows its own pace passes it instead. */
export const DEFAULT_WORDS_PER_SECOND = 2.5;

export function wordBudget(length: ScriptLength, wordsPerSecond = DEFAULT_WORDS_PER_SECOND): number {
  return Math.round(LENGTH_SECONDS[length] * wordsPerSecond);
}

export interface ArticleSource {
  title: string | null;
  paragraphs: string[];
}

export interface ScriptOptions {
  length: ScriptLength;
  tone: Tone;
  wordsPerSecond?: number;
}

export interface Script {
  text: string;
  wordCount: number;
}

interface Candidate {
  index: number;
  text: string;
  words: number;
  stems: Set<string>;
  score: number;
  hook: number;
}

/**
 * Connective phrases the writer may add. They carry no figures, names or quotes, so they can never make a
 * script unfaithful; a test holds them to that.
 */
export const CONNECTIVES: Record<Tone, { bridge: string; close: string }> = {
  explainer: { bridge: "Here is how it works.", close: "And that is the short version." },
  punchy: { bridge: "Here's the deal.", close: "Wild, right?" },
  authority: { bridge: "Here are the facts.", close: "That is where things stand." },
};

const ANAPHORA = /^(this|that|these|those|it|its|he|she|they|them|his|her|their|but|however|also|and|so|then|yet|still|meanwhile|instead)\b/i;
const EXPLAINS = /\b(because|means|which|so that|is a|are a|is the|works?|how|why|called|known as|in other words|for example)\b/i;
const EVIDENCE = /\b(according to|said|says|study|studies|research|report|survey|data|found|percent|per cent)\b|["\u201c%]|\d/i;
/** A hook is heard first, so it must not lean on a person or thing named only later. */
const DANGLING = /\b(he|she|him|his|her|they|them|their|it|this|these|those)\b/i;
const HOOKY = /\?|\b(most|biggest|largest|first|only|never|highest|lowest|record|every|secret|surprising)\b|\d/i;

function toneWeight(tone: Tone, text: string, words: number): number {
  switch (tone) {
    case "explainer":
      return (EXPLAINS.test(text) ? 1.3 : 1) * (words >= 10 && words <= 30 ? 1.1 : 0.9);
    case "punchy":
      return (words <= 16 ? 1.35 : words <= 24 ? 1 : 0.7) * (/[!?]|\d/.test(text) ? 1.15 : 1);
    case "authority":
      return EVIDENCE.test(text) ? 1.4 : 0.95;
  }
}

/** Pure: PageRank over a weighted similarity graph. */
export function textRank(similarity: number[][], damping = 0.85, iterations = 40): number[] {
  const n = similarity.length;
  if (n === 0) return [];
  const outSum = similarity.map((row) => row.reduce((a, b) => a + b, 0));
  let rank = new Array<number>(n).fill(1 / n);
  for (let it = 0; it < iterations; it++) {
    const next = new Array<number>(n).fill((1 - damping) / n);
    for (let j = 0; j < n; j++) {
      if (outSum[j] === 0) {
        for (let i = 0; i < n; i++) next[i]! += (damping * rank[j]!) / n;
        continue;
      }
      for (let i = 0; i < n; i++) if (similarity[j]![i]) next[i]! += (damping * rank[j]! * similarity[j]![i]!) / outSum[j]!;
    }
    rank = next;
  }
  return rank;
}

function cleanSentence(s: string): string {
  return s
    .replace(/\[\d+\]|\[citation needed\]/gi, "")
    .replace(/https?:\/\/\S+/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** Sentences worth narrating, with their scores; pure. */
export function rankSentences(source: ArticleSource, tone: Tone): Candidate[] {
  const all: { text: string; paragraphStart: boolean }[] = [];
  for (const p of source.paragraphs) splitSentences(p).forEach((s, i) => all.push({ text: cleanSentence(s), paragraphStart: i === 0 }));
  const usable = all
    .map((s, index) => ({ ...s, index, words: countWords(s.text) }))
    // A sentence that leaves a quotation open (or closes one it never opened) would be read as someone's
    // words with no end or no speaker, and show a lone quote mark in the captions.
    .filter((s) => s.words >= 5 && s.words <= 45 && /[.!?]["\u201d')]?$/.test(s.text) && quotesBalanced(s.text) && !hasProfanity(s.text));
  const stems = usable.map((s) => contentStems(s.text));
  const sim = stems.map((a, i) => stems.map((b, j) => (i === j ? 0 : dice(a, b))));
  const ranks = textRank(sim);
  const top = Math.max(...ranks, 1e-9);
  return usable.map((s, k) => {
    const lead = s.index === 0 ? 1.3 : s.paragraphStart ? 1.1 : 1;
    const anaphora = ANAPHORA.test(s.text) ? 0.6 : 1;
    const score = (ranks[k]! / top) * lead * anaphora * toneWeight(tone, s.text, s.words);
    return { index: s.index, text: s.text, words: s.words, stems: stems[k]!, score, hook: score * (HOOKY.test(s.text) ? 1.3 : 1) * (anaphora < 1 ? 0.3 : 1) * (s.index > 0 && DANGLING.test(s.text) ? 0.4 : 1) };
  });
}

/**
 * The offline script writer: a hook first, then the best-ranked sentences (penalised for repeating what is
 * already chosen) in source order, filled to the word budget. Every sentence is the source's own, so every
 * figure, quote and name comes from the source.
 */
export function writeExtractiveScript(source: ArticleSource, options: ScriptOptions): Script {
  const budget = wordBudget(options.length, options.wordsPerSecond);
  const candidates = rankSentences(source, options.tone);
  if (candidates.length === 0) return { text: "", wordCount: 0 };
  const hook = candidates.reduce((a, b) => (b.hook > a.hook ? b : a));
  const connective = CONNECTIVES[options.tone];
  const reserve = countWords(connective.bridge) + countWords(connective.close);
  const chosen: Candidate[] = [hook];
  let total = hook.words;
  const rest = candidates.filter((c) => c !== hook);
  while (total < budget * 0.92) {
    let best: Candidate | undefined;
    let bestValue = -Infinity;
    for (const c of rest) {
      if (chosen.includes(c) || total + c.words > budget * 1.08 - reserve) continue;
      const redundancy = Math.max(...chosen.map((s) => dice(s.stems, c.stems)));
      const value = c.score - 0.7 * redundancy;
      if (value > bestValue) {
        bestValue = value;
        best = c;
      }
    }
    if (!best) break;
    chosen.push(best);
    total += best.words;
  }
  const body = chosen.slice(1).sort((a, b) => a.index - b.index).map((c) => c.text);
  const parts = [hook.text];
  // Connectives only where there is room and a body to bridge to; they never carry facts.
  const withConnectives = body.length >= 2 && total + reserve <= budget * 1.1;
  if (withConnectives) parts.push(connective.bridge);
  parts.push(...body);
  if (withConnectives) parts.push(connective.close);
  const text = parts.join(" ");
  return { text, wordCount: countWords(text) };
}
