import { isWideChar, joinWords, splitPieces, textDirection } from "../../render/text/scripts.ts";

/**
 * Text in drawn SVG cards: escaping, wrapping by estimated width (no font metrics in pure code) at the
 * break opportunities of each script, and the direction of right-to-left lines. librsvg lays text out with
 * Pango (HarfBuzz shaping, FriBidi ordering) and falls back through fontconfig to the Noto fonts for
 * scripts the card's font lacks.
 */

export function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);
}

/** Greedy word wrap to `maxChars` per line (a full-width character counts as two); a longer word is broken. */
export function wrapText(text: string, maxChars: number): string[] {
  const columns = (t: string) => [...t].reduce((n, c) => n + (isWideChar(c) ? 2 : 1), 0);
  const lines: string[] = [];
  let line = "";
  for (const piece of splitPieces(text)) {
    let word = piece.text;
    while (columns(word) > maxChars) {
      if (line) lines.push(line);
      const chars = [...word];
      let cut = 0;
      while (cut < chars.length && columns(chars.slice(0, cut + 1).join("")) <= maxChars) cut++;
      lines.push(chars.slice(0, Math.max(1, cut)).join(""));
      word = chars.slice(Math.max(1, cut)).join("");
      line = "";
    }
    if (!word) continue;
    const candidate = joinWords([line, word]);
    if (!line || columns(candidate) <= maxChars) line = candidate;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

const INDIC = /[\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Gurmukhi}\p{Script=Gujarati}\p{Script=Oriya}\p{Script=Tamil}\p{Script=Telugu}\p{Script=Kannada}\p{Script=Malayalam}\p{Script=Sinhala}]/u;

/** Estimated advance of one character in ems, for a UI sans (Inter, Roboto); close enough to wrap. */
export function charEm(char: string): number {
  const code = char.codePointAt(0) ?? 0;
  if (/[\p{Mn}\p{Me}]/u.test(char)) return 0; // marks drawn over or under a letter (Thai tones, harakat, accents)
  if (/\p{Mc}/u.test(char)) return 0.34; // spacing vowel signs (Devanagari ा ी, ...)
  if (isWideChar(char)) return 1; // CJK, kana, Hangul: one em
  // Measured against librsvg with Noto's fonts at 50 px (within ~5% on sentences).
  if (INDIC.test(char)) return 0.73; // Devanagari, Bengali, Tamil, ... letters are wide
  if (/[\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u.test(char)) return 0.52;
  if (/[\p{Script=Hebrew}]/u.test(char)) return 0.58;
  if (/[\p{Script=Cyrillic}]/u.test(char) && char === char.toLowerCase()) return 0.57;
  if (code > 0x2fff) return 1.15; // emoji
  if (" .,:;'!|il".includes(char)) return 0.28;
  if ("fjrtI()[]{}\"-".includes(char)) return 0.36;
  if ("mwMW".includes(char)) return 0.84;
  if (char >= "A" && char <= "Z") return 0.66;
  if (char >= "0" && char <= "9") return 0.58;
  return 0.53;
}

export function textWidth(text: string, fontSize: number): number {
  let em = 0;
  for (const c of text) em += charEm(c);
  return em * fontSize;
}

const graphemes = new Intl.Segmenter("und", { granularity: "grapheme" });

/** Greedy word wrap to a width in pixels; a word wider than a line is broken by characters. */
export function wrapToWidth(text: string, maxWidth: number, fontSize: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split("\n")) {
    let line = "";
    for (const { text: word } of splitPieces(paragraph)) {
      const candidate = joinWords([line, word]);
      if (textWidth(candidate, fontSize) <= maxWidth) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = "";
      // Broken between grapheme clusters, so a Thai tone mark or an accent stays on its letter.
      for (const { segment: c } of graphemes.segment(word)) {
        if (line && textWidth(line + c, fontSize) > maxWidth) {
          lines.push(line);
          line = "";
        }
        line += c;
      }
    }
    lines.push(line);
  }
  return lines.filter((l, i) => l !== "" || (i > 0 && i < lines.length - 1));
}

/**
 * Word wrap into as few lines as wrapToWidth gives, each as short as that allows: the narrowest width
 * that keeps the line count, so a centred heading reads as even lines instead of a full line and an
 * orphan ("WHICH ELEMENT HAS ATOMIC NUMBER" over "7?").
 */
export function wrapBalanced(text: string, maxWidth: number, fontSize: number): string[] {
  const greedy = wrapToWidth(text, maxWidth, fontSize);
  if (greedy.length < 2 || text.includes("\n")) return greedy;
  let low = maxWidth / greedy.length;
  let high = maxWidth;
  // Half a pixel apart is as close as the width estimate means anything.
  while (high - low > 0.5) {
    const mid = (low + high) / 2;
    if (wrapToWidth(text, mid, fontSize).length <= greedy.length) high = mid;
    else low = mid;
  }
  return wrapToWidth(text, high, fontSize);
}

/**
 * Attributes of one line of SVG text placed in a box from `left` to `right`: left-to-right lines start at
 * the left edge, right-to-left lines (Arabic, Hebrew) run from the right edge, with `direction="rtl"` so
 * librsvg orders and anchors them as right-to-left text.
 */
export function lineAnchor(line: string, left: number, right: number): { x: number; attrs: string } {
  return textDirection(line) === "rtl" ? { x: right, attrs: ` direction="rtl" text-anchor="start"` } : { x: left, attrs: "" };
}
