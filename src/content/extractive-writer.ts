import { type Attribution, attributionFor } from "./article-header.ts";
import { attributeSentences, hasFirstPerson } from "./first-person.ts";
import { hasProfanity } from "./safety.ts";
import { hasFigure, hasPreciseFigure, mentionsSubject, namedWords, subjectTerms } from "./salience.ts";
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
  /** Who wrote it, as its byline says ("Austin Clements, for the Go team"). */
  byline?: string | null;
  /** The site or publication ("The Go Blog"). */
  site?: string | null;
}

export interface ScriptOptions {
  length: ScriptLength;
  tone: Tone;
  wordsPerSecond?: number;
}

export interface Script {
  text: string;
  wordCount: number;
  /** Words of the first sentence, the hook: what the headline card shows over. */
  hookWords: number;
}

export interface Candidate {
  index: number;
  text: string;
  words: number;
  stems: Set<string>;
  score: number;
  /** How well the sentence opens the video: the most striking fact, figure or claim. */
  hook: number;
  /** It states a figure or names someone or something: a hook must. */
  concrete: boolean;
  subject: boolean;
  firstPerson: boolean;
}

const ANAPHORA = /^(this|that|these|those|it|its|he|she|they|them|his|her|their|but|however|also|and|so|then|yet|still|meanwhile|instead|here)\b/i;
const EXPLAINS = /\b(because|means|which|so that|is a|are a|is the|works?|how|why|called|known as|in other words|for example)\b/i;
const EVIDENCE = /\b(according to|said|says|study|studies|research|report|survey|data|found|percent|per cent)\b|["\u201c%]|\d/i;
/** A hook is heard first, so it must not lean on a person or thing named only later. */
const DANGLING = /\b(he|she|him|his|her|they|them|their|it|this|these|those)\b/i;
const STRIKING = /\?|\b(the most|biggest|largest|fastest|first|only|never|highest|lowest|record|more than|tripled|doubled|grown|grew|millions?|billions?)\b/i;
/** A claim that something is the first, the only or the most of its kind. */
const SUPERLATIVE = /\b(first|only|largest|biggest|fastest|longest|highest|record|never before|first ever)\b/i;
/** Greetings, thanks and sign-offs: true to the post, but they carry nothing a viewer learns. */
const CEREMONY = /^(happy|thank|thanks|congratulations|cheers|here's to|stay tuned|we want to thank|we wish to thank)\b|\bthank(s| you)\b/i;

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

/**
 * Sentences worth narrating, with their scores; pure. TextRank finds what the article keeps coming back
 * to; bonuses favour what a viewer takes away (figures, names, the title's subject), not where a sentence
 * sits: a paragraph's lead is often a scene-setter ("From its beginnings...").
 */
export function rankSentences(source: ArticleSource, tone: Tone): Candidate[] {
  const all: string[] = source.paragraphs.flatMap((p) => splitSentences(p).map(cleanSentence));
  const usable = all
    .map((text, index) => ({ text, index, words: countWords(text) }))
    // A sentence that leaves a quotation open (or closes one it never opened) would be read as someone's
    // words with no end or no speaker, and show a lone quote mark in the captions.
    .filter((s) => s.words >= 5 && s.words <= 45 && /[.!?]["\u201d')]?$/.test(s.text) && quotesBalanced(s.text) && !hasProfanity(s.text));
  const stems = usable.map((s) => contentStems(s.text));
  const sim = stems.map((a, i) => stems.map((b, j) => (i === j ? 0 : dice(a, b))));
  const ranks = textRank(sim);
  const top = Math.max(...ranks, 1e-9);
  const terms = subjectTerms(source.title, source.paragraphs);
  const titleStems = contentStems(source.title ?? "");
  return usable.map((s, k) => {
    const figure = hasFigure(s.text);
    const names = namedWords(s.text).length;
    const subject = mentionsSubject(s.text, terms);
    const anaphora = ANAPHORA.test(s.text);
    const ceremony = CEREMONY.test(s.text);
    const carries = (figure ? 1.3 : 1) * (1 + Math.min(0.3, 0.1 * names)) * (1 + 0.6 * dice(titleStems, stems[k]!)) * (subject ? 1.15 : 1);
    const score = (ranks[k]! / top) * carries * (anaphora ? 0.6 : 1) * (ceremony ? 0.3 : 1) * toneWeight(tone, s.text, s.words);
    const firstPerson = hasFirstPerson(s.text);
    // The hook is chosen for what it states more than for how central it is: a striking figure in a short
    // sentence beats the article's summary sentence.
    const hook =
      (0.5 + (0.5 * ranks[k]!) / top) *
      carries *
      (hasPreciseFigure(s.text) ? 1.5 : figure ? 1.15 : 1) *
      (SUPERLATIVE.test(s.text) ? 1.3 : 1) *
      (STRIKING.test(s.text) ? 1.4 : 1) *
      (subject ? 1.3 : 1) *
      (s.words <= 22 ? 1.15 : s.words > 32 ? 0.7 : 1) *
      // Reported speech ("The Go team says...") opens more slowly than the fact itself.
      (firstPerson ? 0.8 : 1) *
      (anaphora ? 0.3 : 1) *
      (ceremony ? 0.2 : 1) *
      (s.index > 0 && DANGLING.test(s.text) ? 0.5 : 1);
    return { index: s.index, text: s.text, words: s.words, stems: stems[k]!, score, hook, concrete: figure || names > 0, subject, firstPerson };
  });
}

/** Words a sentence has once it is read out: a reported one gains its "The Go team says". */
function spokenWords(c: Candidate, who: Attribution): number {
  return c.words + (c.firstPerson ? countWords(who.full) + 1 : 0);
}

/**
 * The offline script writer: the most striking concrete sentence first (the hook), the subject named by
 * the second sentence at the latest, then the best-ranked sentences (penalised for repeating what is
 * already chosen) in source order, filled to the word budget. The words are the source's own but for
 * first person, which is reported ("the Go team says they..."), so every figure, quote and name comes
 * from the source; nothing is added that says nothing.
 */
export function writeExtractiveScript(source: ArticleSource, options: ScriptOptions): Script {
  const budget = wordBudget(options.length, options.wordsPerSecond);
  const ranked = rankSentences(source, options.tone);
  // A lone "us" in a report ("the Moon is slowly leaving us") is everyone, not a writer to attribute: such
  // asides are left out. An article written as "we" (a project's post) is reported instead.
  const candidates = ranked.filter((c) => c.firstPerson).length >= 2 ? ranked : ranked.filter((c) => !c.firstPerson);
  if (candidates.length === 0) return { text: "", wordCount: 0, hookWords: 0 };
  const who = attributionFor(source, candidates.some((c) => /\b(we|our|us)\b/i.test(c.text)));
  const hookable = candidates.some((c) => c.concrete) ? candidates.filter((c) => c.concrete) : candidates;
  const hook = hookable.reduce((a, b) => (b.hook > a.hook ? b : a));
  const chosen: Candidate[] = [hook];
  let total = spokenWords(hook, who);
  // A hook about a detail leaves the viewer asking what the piece is about: the next sentence says.
  let second: Candidate | undefined;
  if (!hook.subject) {
    const naming = candidates.filter((c) => c !== hook && c.subject && spokenWords(c, who) + total <= budget * 0.7);
    second = naming.reduce<Candidate | undefined>((a, b) => (!a || b.score > a.score ? b : a), undefined);
    if (second) {
      chosen.push(second);
      total += spokenWords(second, who);
    }
  }
  while (total < budget * 0.92) {
    let best: Candidate | undefined;
    let bestValue = -Infinity;
    for (const c of candidates) {
      if (chosen.includes(c) || total + spokenWords(c, who) > budget * 1.08) continue;
      const redundancy = Math.max(...chosen.map((s) => dice(s.stems, c.stems)));
      const value = c.score - 0.7 * redundancy;
      if (value > bestValue) {
        bestValue = value;
        best = c;
      }
    }
    if (!best) break;
    chosen.push(best);
    total += spokenWords(best, who);
  }
  const opening = second ? [hook, second] : [hook];
  const body = chosen.filter((c) => !opening.includes(c)).sort((a, b) => a.index - b.index);
  const sentences = attributeSentences([...opening, ...body].map((c) => c.text), who);
  const text = sentences.join(" ");
  return { text, wordCount: countWords(text), hookWords: countWords(sentences[0]!) };
}
