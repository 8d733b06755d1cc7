import { contentStems, plainWords, STOPWORDS } from "./text.ts";

/**
 * What a sentence carries, read cheaply with patterns (the writer scores every sentence of the source;
 * the fidelity check's parser is kept for the chosen few): figures, names and the article's subject.
 */

const NUMBER_WORDS =
  "two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|hundreds|thousand|thousands|million|millions|billion|billions|dozen|dozens|half|twice|double|doubled|triple|tripled|quadrupled|fifteenth|tenth|twentieth|hundredth";
const FIGURE = new RegExp(`\\d|\\b(${NUMBER_WORDS})\\b|%|\\bper ?cent\\b`, "i");

export function hasFigure(sentence: string): boolean {
  return FIGURE.test(sentence);
}

/** A figure a viewer can repeat: digits or an exact number word, not "dozens" or "more than a dozen". */
const PRECISE = new RegExp(`\\d|\\b(${NUMBER_WORDS.split("|").filter((w) => !/^(dozens?|hundreds|thousands|millions|billions)$/.test(w)).join("|")})\\b`, "i");

export function hasPreciseFigure(sentence: string): boolean {
  return PRECISE.test(sentence);
}

/** Words of a title or header that name no subject. */
const GENERIC = new Set(["blog", "news", "announcing", "announces", "released", "release", "introducing", "update", "turns", "new", "how", "why", "what"]);

/** Capitalised words that do not open their sentence: people, places, organisations, products. */
export function namedWords(sentence: string): string[] {
  const out: string[] = [];
  for (const m of sentence.matchAll(/[\p{Lu}][\p{L}\p{N}'\u2019.+#-]*/gu)) {
    const before = sentence.slice(0, m.index);
    if (/(^|[.!?:;"\u201c(]\s*)$/.test(before)) continue;
    const word = m[0].replace(/['\u2019]s$|[.'\u2019-]+$/u, "");
    if (word === "I" || STOPWORDS.has(word.toLowerCase())) continue;
    out.push(word);
  }
  return out;
}

/**
 * The words that name what the article is about: the title's names ("Go" in "Go Turns 15", "Philae" in
 * "Philae lander touches down"), else its content words, else the word most of the body's paragraphs use.
 */
export function subjectTerms(title: string | null, paragraphs: string[]): string[] {
  if (title) {
    const words = title.split(/\s+/).map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}+#]+$/gu, ""));
    const names = words.filter((w) => /^\p{Lu}/u.test(w) && !STOPWORDS.has(w.toLowerCase()) && !GENERIC.has(w.toLowerCase()));
    // A title in title case capitalises everything: the names are the words the body capitalises too.
    const bodyNames = new Set(paragraphs.flatMap(namedWords));
    const named = names.filter((w) => bodyNames.has(w));
    if (named.length > 0) return named;
    const content = words.filter((w) => w && !STOPWORDS.has(w.toLowerCase()) && !GENERIC.has(w.toLowerCase()) && !/^\d+$/.test(w));
    if (content.length > 0) return content;
  }
  // Untitled text: the content word most paragraphs use ("bee", "tide") names what it is about.
  const counts = new Map<string, number>();
  for (const p of paragraphs) for (const stem of contentStems(p)) if (!/^\d+$/.test(stem)) counts.set(stem, (counts.get(stem) ?? 0) + 1);
  const top = [...counts.entries()].sort((a, b) => b[1] - a[1])[0];
  return top && top[1] >= 2 ? [top[0]] : [];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Whether a sentence names the subject: a name as written, other words by their stems. */
export function mentionsSubject(sentence: string, terms: string[]): boolean {
  if (terms.length === 0) return false;
  const stems = contentStems(sentence);
  const words = new Set(plainWords(sentence));
  return terms.some((t) => (/^\p{Lu}/u.test(t) ? new RegExp(`\\b${escapeRegExp(t)}\\b`, "u").test(sentence) : words.has(t.toLowerCase()) || [...contentStems(t)].some((s) => stems.has(s))));
}
