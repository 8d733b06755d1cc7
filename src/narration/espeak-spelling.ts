import { dirname, join } from "node:path";
import kuromoji, { type IpadicFeatures, type Tokenizer } from "kuromoji";
import { separator } from "../../render/text/scripts.ts";
import { nativeSpelling } from "./normalize.ts";
import { primaryLanguage } from "./narrator.ts";
import type { ScriptWord } from "./words.ts";

/**
 * What espeak-ng hears for each script word of a language other than English: the word in its own script,
 * except in Japanese. espeak-ng's Japanese voice reads kana but says "Chinese letter" (in English) for every
 * kanji, so Japanese words are given their pronunciation in katakana from kuromoji (a morphological
 * analyser with the IPADIC dictionary, shipped inside its npm package and loaded from disk once).
 */
export async function espeakSpellings(language: string, words: readonly ScriptWord[]): Promise<string[]> {
  if (primaryLanguage(language) !== "ja") return words.map((w) => nativeSpelling(w.text));
  return japaneseReadings(words);
}

let tokenizer: Promise<Tokenizer<IpadicFeatures>> | undefined;

function japaneseTokenizer(): Promise<Tokenizer<IpadicFeatures>> {
  tokenizer ??= new Promise((resolve, reject) => {
    const dicPath = join(dirname(Bun.resolveSync("kuromoji/package.json", import.meta.dir)), "dict");
    kuromoji.builder({ dicPath }).build((error, built) => (error ? reject(error) : resolve(built)));
  });
  return tokenizer;
}

/**
 * Each word's katakana pronunciation. The text is analysed as a whole (readings depend on context) and each
 * morpheme's pronunciation goes to the word where the morpheme starts (words the dictionary does not know,
 * Latin or digits, keep their spelling); a word whose morphemes all started earlier hears nothing, and
 * shares the earlier word's time in the captions.
 */
export async function japaneseReadings(words: readonly ScriptWord[]): Promise<string[]> {
  // The words as written (no spaces inside Japanese runs), so the analysis sees the sentence as it is.
  let text = "";
  const starts: number[] = [];
  for (const w of words) {
    if (text) text += separator(text, w.text);
    starts.push(text.length);
    text += w.text;
  }
  const readings = words.map(() => "");
  for (const token of (await japaneseTokenizer()).tokenize(text)) {
    const position = token.word_position - 1;
    let owner = starts.length - 1;
    while (owner > 0 && starts[owner]! > position) owner--;
    const surface = token.surface_form;
    // The pronunciation, not the reading: the particles は and を are said "wa" and "o".
    const spoken = token.pronunciation && token.pronunciation !== "*" ? token.pronunciation : surface;
    readings[owner] += spoken.trim();
  }
  return readings.map((r) => nativeSpelling(r));
}
