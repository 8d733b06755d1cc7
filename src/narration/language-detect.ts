import { detectAll } from "tinyld";

/**
 * The language each message of a conversation is written in, so each is voiced in its own language. tinyld
 * (n-grams of 62 languages from Tatoeba and UDHR, pure JS, no data fetched) guesses; a guess is taken only
 * among the languages this deployment speaks. Short messages ("ok", "jaja", "😂 sí") say too little: they
 * take the conversation's language, found from all its messages together.
 */

/** A message with fewer letters than this is voiced in the conversation's language unless tinyld is sure. */
const SHORT_LETTERS = 12;
/** tinyld's accuracy at or above which a guess on a short message is trusted (it answers 1 for a lone script). */
const SURE = 0.9;
/** Below this accuracy even a long message's guess is not trusted. */
const LIKELY = 0.3;

function letters(text: string): number {
  return (text.match(/\p{L}/gu) ?? []).length;
}

function best(text: string, only: string[]): { lang: string; accuracy: number } | undefined {
  return detectAll(text, { only })[0];
}

/**
 * ISO 639-1 language of each text (undefined for a missing text). `spoken`: the languages that can be
 * voiced; `fallback`: the conversation's language when nothing can be told (English).
 */
export function detectMessageLanguages(texts: readonly (string | undefined)[], spoken: readonly string[], fallback = "en"): (string | undefined)[] {
  const only = [...spoken];
  const all = texts.filter((t): t is string => t !== undefined && letters(t) > 0).join("\n");
  const conversation = (all && best(all, only)?.lang) || fallback;
  return texts.map((text) => {
    if (text === undefined) return undefined;
    const guess = best(text, only);
    if (!guess) return conversation;
    const trusted = letters(text) >= SHORT_LETTERS ? guess.accuracy >= LIKELY : guess.accuracy >= SURE;
    return trusted ? guess.lang : conversation;
  });
}

/**
 * The language to narrate a text in when the caller asked for `requested`. English is the default, and
 * callers write in their own language whatever the field says: an "en" text whose letters are mostly not
 * Latin (Cyrillic, Arabic, CJK, Devanagari, ...), which no English voice can read, is narrated in the
 * language tinyld finds. Any other request is taken as asked.
 */
export function narrationLanguage(requested: string, text: string, spoken?: readonly string[]): string {
  if (!/^en(-|$)/i.test(requested)) return requested;
  const all = letters(text);
  const latin = (text.match(/\p{Script=Latin}/gu) ?? []).length;
  if (all === 0 || latin / all >= 0.5) return requested;
  const guess = detectAll(text, spoken ? { only: [...spoken] } : {})[0];
  return guess && guess.lang !== "en" ? guess.lang : requested;
}
