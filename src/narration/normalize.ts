/**
 * Engine-safe spelling of one script word. Offline engines mangle non-ASCII letters and some symbols; the
 * captions keep the original word, only the engine hears this. Numbers, currency and abbreviations are
 * left to the engines, which expand them better in context than a rule here would.
 */
const SPECIAL: Record<string, string> = {
  ß: "ss", æ: "ae", Æ: "AE", œ: "oe", Œ: "OE", ø: "o", Ø: "O", ł: "l", Ł: "L", đ: "d", Đ: "D", þ: "th", ð: "d",
  "‘": "'", "’": "'", "‚": "'", "“": '"', "”": '"', "„": '"', "–": "-", "—": "-", "…": "...", "€": " euros ", "£": " pounds ",
  "%": " percent ", "&": " and ", "+": " plus ", "@": " at ", "#": " number ",
};

export function engineSpelling(word: string): string {
  let out = "";
  for (const ch of word.normalize("NFKC")) out += SPECIAL[ch] ?? ch;
  // Strip combining marks after decomposition (é -> e), then anything still outside printable ASCII.
  out = out.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
  out = out.replace(/[^\x20-\x7e]/g, "");
  // Currency and percent expansions above must not glue to digits: "$5" stays for the engine, "5%" -> "5 percent".
  return out.replace(/\s+/g, " ").trim();
}

/**
 * What espeak-ng hears for one script word in a language other than English: the word in its own script
 * (espeak reads Cyrillic, Arabic, Devanagari, CJK, ... itself), without emoji and pictographs, which it
 * would spell out by name in English.
 */
export function nativeSpelling(word: string): string {
  return word
    .normalize("NFC")
    .replace(/[\p{Extended_Pictographic}\p{So}\u200d\ufe0f]/gu, "")
    .replace(/[\u2018\u2019\u201a]/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}

/** Lower-case letters and digits only: how engine tokens and script words are compared. */
export function comparable(text: string): string {
  return engineSpelling(text).toLowerCase().replace(/[^a-z0-9]/g, "");
}
