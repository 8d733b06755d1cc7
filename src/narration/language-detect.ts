import type * as Tinyld from "tinyld";
import { onFirstUse } from "../kernel/on-first-use.ts";

/**
 * The language each message of a conversation is written in, so each is voiced in its own language. tinyld
 * (n-grams of 62 languages from Tatoeba and UDHR, pure JS, no data fetched) guesses; a guess is taken only
 * among the languages this deployment speaks. Short messages ("ok", "jaja", "😂 sí") say too little: they
 * take the conversation's language, found from all its messages together, unless they are written in
 * another script than the conversation.
 */

const tinyld = onFirstUse(() => require("tinyld") as typeof Tinyld);

/** A message with fewer letters than this is voiced in the conversation's language unless tinyld is sure. */
const SHORT_LETTERS = 12;
/** tinyld's accuracy at or above which a guess on a short message is trusted ("はい" is ja at 1). */
const SURE = 0.9;
/** Below this accuracy even a long message's guess is not trusted. */
const LIKELY = 0.3;

function letters(text: string): number {
  return (text.match(/\p{L}/gu) ?? []).length;
}

function best(text: string, only: string[]): { lang: string; accuracy: number } | undefined {
  return tinyld().detectAll(text, { only })[0];
}

/** Scripts with the language a lone word in them is most likely in (when tinyld cannot tell). */
const SCRIPTS: [script: string, letters: RegExp, language: string][] = [
  ["Kana", /[\p{Script=Hiragana}\p{Script=Katakana}]/gu, "ja"],
  ["Hangul", /\p{Script=Hangul}/gu, "ko"],
  ["Han", /\p{Script=Han}/gu, "zh"],
  ["Arabic", /\p{Script=Arabic}/gu, "ar"],
  ["Hebrew", /\p{Script=Hebrew}/gu, "he"],
  ["Cyrillic", /\p{Script=Cyrillic}/gu, "ru"],
  ["Devanagari", /\p{Script=Devanagari}/gu, "hi"],
  ["Thai", /\p{Script=Thai}/gu, "th"],
  ["Greek", /\p{Script=Greek}/gu, "el"],
  ["Latin", /\p{Script=Latin}/gu, "en"],
];

/** The script most of a text's letters are in (kana wins over Han: Japanese mixes both), and its likeliest language. */
function dominantScript(text: string): { script: string; language: string } | undefined {
  let top: { script: string; language: string; count: number } | undefined;
  for (const [script, letters, language] of SCRIPTS) {
    const count = (text.match(letters) ?? []).length * (script === "Kana" ? 3 : 1);
    if (count > 0 && (!top || count > top.count)) top = { script, language, count };
  }
  return top;
}

/**
 * ISO 639-1 language of each text (undefined for a missing text). `spoken`: the languages that can be
 * voiced; `fallback`: the conversation's language when nothing can be told (English).
 */
export function detectMessageLanguages(texts: readonly (string | undefined)[], spoken: readonly string[], fallback = "en"): (string | undefined)[] {
  const only = [...spoken];
  const all = texts.filter((t): t is string => t !== undefined && letters(t) > 0).join("\n");
  const conversation = (all && best(all, only)?.lang) || fallback;
  const conversationScript = dominantScript(all)?.script;
  return texts.map((text) => {
    if (text === undefined) return undefined;
    const guess = best(text, only);
    const trusted = guess && (letters(text) >= SHORT_LETTERS ? guess.accuracy >= LIKELY : guess.accuracy >= SURE);
    if (trusted) return guess.lang;
    // A short message in another script than the conversation's ("Привет" in an English chat) cannot be
    // read in the conversation's language: tinyld's best guess, else the script's likeliest language. Latin
    // words ("ok" in an Arabic chat) are not: every voice reads Latin letters.
    const own = dominantScript(text);
    if (own && own.script !== "Latin" && own.script !== conversationScript) {
      const fallbackLanguage = guess?.lang ?? own.language;
      return spoken.includes(fallbackLanguage) ? fallbackLanguage : conversation;
    }
    return conversation;
  });
}

/**
 * The language to narrate a text in when the caller asked for `requested`. English is the default, and
 * callers write in their own language whatever the field says: an "en" text whose letters are mostly not
 * Latin (Cyrillic, Arabic, CJK, Devanagari, ...), which no English voice can read, is narrated in the
 * language tinyld finds. Any other request is taken as asked.
 */
export function narrationLanguage(requested: string, text: string): string {
  if (!/^en(-|$)/i.test(requested)) return requested;
  const all = letters(text);
  const latin = (text.match(/\p{Script=Latin}/gu) ?? []).length;
  if (all === 0 || latin / all >= 0.5) return requested;
  const guess = tinyld().detectAll(text)[0];
  return guess && guess.lang !== "en" ? guess.lang : requested;
}
