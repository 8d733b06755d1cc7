/**
 * What drawn text needs to know about writing systems, shared by the captions (libass), the SVG cards
 * (librsvg) and the narration's word split: where words are in scripts written without spaces, which way
 * a line runs, and how wide a character roughly is. Pure; segmentation comes from `Intl.Segmenter`
 * (ICU's dictionaries for Chinese, Japanese, Thai, Lao, Khmer and Burmese).
 */

/** Scripts written without spaces between words, and the punctuation that sits among them. */
const NO_SPACE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\u3000-\u303f\uff01-\uff0f\uff1a-\uff20\uff5b-\uff65\u30fc]/u;
const RTL = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Adlam}]/u;
const STRONG = /[\p{L}]/u;

/** Whether a character belongs to a script written without spaces between words (or its punctuation). */
export function isNoSpaceChar(char: string): boolean {
  return NO_SPACE.test(char);
}

/**
 * The direction a paragraph runs, from its first strong letter (HTML's `dir=auto`, Unicode's rule P2):
 * "rtl" for Arabic, Hebrew and their kin, "ltr" otherwise (also for text with no letters).
 */
export function textDirection(text: string): "ltr" | "rtl" {
  for (const ch of text) {
    if (STRONG.test(ch)) return RTL.test(ch) ? "rtl" : "ltr";
  }
  return "ltr";
}

export interface TextPiece {
  text: string;
  /** UTF-16 offsets into the source text. */
  start: number;
  end: number;
  /** Whether whitespace separates it from the piece before (false inside a run written without spaces). */
  spaced: boolean;
}

let segmenter: Intl.Segmenter | undefined;

/**
 * The text's words: whitespace-separated tokens, and inside a token written without spaces ("今日は良い天気"),
 * the words the ICU dictionary finds. Punctuation that is not a word ("。", "，") stays with the word before,
 * so a line or a caption never starts with it.
 */
export function splitPieces(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  for (const match of text.matchAll(/\S+/g)) {
    const token = match[0];
    const at = match.index!;
    if (!NO_SPACE.test(token)) {
      pieces.push({ text: token, start: at, end: at + token.length, spaced: true });
      continue;
    }
    segmenter ??= new Intl.Segmenter("und", { granularity: "word" });
    const own: TextPiece[] = [];
    let lead: { text: string; start: number } | undefined;
    for (const seg of segmenter.segment(token)) {
      const start = at + seg.index;
      const end = start + seg.segment.length;
      const last = own.at(-1);
      if (seg.isWordLike) {
        own.push({ text: (lead?.text ?? "") + seg.segment, start: lead?.start ?? start, end, spaced: own.length === 0 });
        lead = undefined;
      } else if (last) {
        // Closing punctuation ("。", "，", "」") stays with the word before it.
        last.text += seg.segment;
        last.end = end;
      } else {
        // Opening punctuation ("「") goes with the word after it.
        lead = { text: (lead?.text ?? "") + seg.segment, start: lead?.start ?? start };
      }
    }
    if (lead) own.push({ text: lead.text, start: lead.start, end: at + token.length, spaced: own.length === 0 });
    pieces.push(...own);
  }
  return pieces;
}

/** The separator between two adjacent words: none between words of a script written without spaces. */
export function separator(before: string, after: string): string {
  const last = [...before].at(-1) ?? "";
  const next = [...after][0] ?? "";
  return isNoSpaceChar(last) && isNoSpaceChar(next) ? "" : " ";
}

/** Words joined as they are written: spaces between words, none inside Chinese, Japanese or Thai runs. */
export function joinWords(words: readonly string[]): string {
  let out = "";
  for (const w of words) {
    if (w === "") continue;
    out += out === "" ? w : separator(out, w) + w;
  }
  return out;
}

/** Whether a character is drawn full-width (one em): CJK ideographs, kana, Hangul and full-width forms. */
export function isWideChar(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return (
    (code >= 0x1100 && code <= 0x115f) ||
    (code >= 0x2e80 && code <= 0xa4cf) ||
    (code >= 0xac00 && code <= 0xd7a3) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xfe30 && code <= 0xfe4f) ||
    (code >= 0xff00 && code <= 0xff60) ||
    (code >= 0xffe0 && code <= 0xffe6) ||
    (code >= 0x20000 && code <= 0x3fffd)
  );
}
