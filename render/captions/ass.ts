import type { Captions, CaptionWord } from "../timeline.ts";
import { VIDEO_HEIGHT, VIDEO_WIDTH } from "../timeline.ts";
import { isWideChar, joinWords, separator, textDirection } from "../text/scripts.ts";
import { CAPTION_LINE_WIDTH, CAPTION_STYLES, type CaptionStyle, maxLineChars } from "./presets.ts";

/**
 * Word-synced captions as an ASS script for libass: a few words per line, the spoken word highlighted,
 * inside the area the platforms' own buttons and text leave free.
 */

/** Caption centre lines: clear of the status/top bar, and above the bottom caption and buttons. */
export const CAPTION_Y = { top: 460, middle: 960, bottom: 1300 } as const;
/** Horizontal margins: the right side holds the like/comment/share column. */
const MARGIN_LEFT = 90;
const MARGIN_RIGHT = VIDEO_WIDTH - MARGIN_LEFT - CAPTION_LINE_WIDTH;
const CENTRE_X = Math.round((MARGIN_LEFT + VIDEO_WIDTH - MARGIN_RIGHT) / 2);

/** Words that should not end a line: a line ending in them reads as a broken phrase. */
const WEAK_ENDINGS = new Set(["a", "an", "the", "of", "to", "and", "or", "but", "in", "on", "at", "for", "with", "my", "your", "his", "her", "their", "our", "is", "was", "i"]);
const HOLD_GAP = 0.6;

/** #rrggbb -> ASS &HAABBGGRR (alpha 00 = opaque). */
export function assColor(hex: string, alpha = 0): string {
  const h = hex.replace("#", "");
  const [r, g, b] = [h.slice(0, 2), h.slice(2, 4), h.slice(4, 6)];
  return `&H${alpha.toString(16).padStart(2, "0").toUpperCase()}${b}${g}${r}`.toUpperCase();
}

function bare(word: string): string {
  return word.toLowerCase().replace(/[^a-z0-9']/g, "");
}

const DOUBLE_QUOTES = /["\u201c\u201d\u201e\u00ab\u00bb]/g;
const QUOTE_ONLY = /^["'\u2018\u2019\u201c\u201d\u201e\u00ab\u00bb]+$/;

/** Whether every double quotation opened in the text closes in it (straight ones pair in order). */
function quotesPaired(text: string): boolean {
  let depth = 0;
  for (const ch of text) {
    if (ch === "\u201c" || ch === "\u201e" || ch === "\u00ab") depth++;
    else if ((ch === "\u201d" || ch === "\u00bb") && --depth < 0) return false;
  }
  return depth === 0 && (text.match(/"/g) ?? []).length % 2 === 0;
}

/**
 * The text each word of a caption line shows. A line holds a few words of a sentence, so a quotation that
 * opens on one line and closes on a later one would leave a lone quote mark on each: quote marks stay only
 * on a line that holds the whole quotation, and a word that is nothing but quote marks shows nothing.
 */
export function shownWords(line: readonly CaptionWord[]): string[] {
  const paired = quotesPaired(line.map((w) => w.text).join(" "));
  return line.map((w) => {
    if (QUOTE_ONLY.test(w.text)) return "";
    return paired ? w.text : w.text.replace(DOUBLE_QUOTES, "");
  });
}

/** Sentence and clause ends in the scripts captions show (Latin, CJK, Arabic, Devanagari). */
const PUNCTUATED = /[.!?,;:…。！？、，،؛؟।]["')\]」』]*$/u;

/**
 * Width of a caption line in the style's average glyphs: a full-width character (CJK, kana, Hangul) is one
 * em, about `wide` average Latin glyphs.
 */
export function lineColumns(text: string, wide = 1.6): number {
  let n = 0;
  for (const ch of text) n += isWideChar(ch) ? wide : 1;
  return n;
}

/**
 * Splits words into caption lines: at most `wordsPerLine` words and `maxChars` characters, broken after
 * punctuation and long pauses, never after a weak word. `wide`: how many average glyphs a full-width
 * character takes in this style.
 */
export function groupWords(words: readonly CaptionWord[], wordsPerLine: number, maxChars = 22, wide = 1.6): CaptionWord[][] {
  const lines: CaptionWord[][] = [];
  let line: CaptionWord[] = [];
  const flush = () => {
    if (line.length > 0) lines.push(line);
    line = [];
  };
  words.forEach((word, i) => {
    const next = words[i + 1];
    line.push(word);
    const punctuated = PUNCTUATED.test(word.text);
    const pause = next ? next.start - word.end > HOLD_GAP : true;
    const nextChars = next ? lineColumns(joinWords([...line.map((w) => w.text), next.text]), wide) : 0;
    const full = line.length >= wordsPerLine || nextChars > maxChars;
    const weak = WEAK_ENDINGS.has(bare(word.text)) && next !== undefined;
    if (punctuated || pause) flush();
    else if (full && weak && line.length > 1) {
      // "a bowl is a" -> "a bowl is" / "a ...": the weak word opens the next line instead.
      const carried = line.pop()!;
      flush();
      line.push(carried);
    } else if (full) flush();
  });
  flush();
  return lines;
}

/**
 * A caller's word as libass text, shown literally. libass has no escape for a backslash (`\\` shows two
 * and `\N` breaks the line), so a word joiner (U+2060, drawn as nothing) follows every backslash: the
 * backslash is then never followed by N, n or h. Braces would open override blocks and become parentheses.
 */
function escapeText(text: string): string {
  return text.replace(/\\/g, "\\\u2060").replace(/\{/g, "(").replace(/\}/g, ")").replace(/\n/g, " ");
}

function cased(text: string, style: CaptionStyle): string {
  return style.case === "upper" ? text.toUpperCase() : style.case === "lower" ? text.toLowerCase() : text;
}

export function assTime(seconds: number): string {
  const cs = Math.max(0, Math.round(seconds * 100));
  const h = Math.floor(cs / 360000);
  const m = Math.floor((cs % 360000) / 6000);
  const s = Math.floor((cs % 6000) / 100);
  return `${h}:${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}.${String(cs % 100).padStart(2, "0")}`;
}

/** Override tags of the spoken word. */
function activeTags(style: CaptionStyle): string {
  const { mode, color } = style.highlight;
  const pop = style.animation === "pop" ? "\\fscx86\\fscy86\\t(0,90,\\fscx112\\fscy112)\\t(90,170,\\fscx106\\fscy106)" : "";
  switch (mode) {
    case "color":
      return `\\1c${assColor(color)}${pop}`;
    case "box":
      return `\\3c${assColor(color)}\\bord16\\shad0${pop}`;
    case "scale":
      return `\\fscx118\\fscy118`;
    case "opacity":
      return `\\1a&H00&${pop}`;
  }
}

function idleTags(style: CaptionStyle): string {
  return style.highlight.mode === "opacity" ? "\\1a&H70&" : "";
}

/** One burned-in caption line: its words as shown, with their spoken times, and its time on screen. */
export interface CaptionLine {
  /** The Timeline's words of the line, each with the text it shows ("" for a word shown as nothing). */
  words: CaptionWord[];
  start: number;
  /** The last word is held through a short gap, never over the next line. */
  end: number;
}

/**
 * The caption lines a Timeline's captions burn in. The ASS script and the caption files handed out with
 * the video are both written from this, so the files hold exactly what was burned in.
 */
export function layoutCaptions(captions: Captions): CaptionLine[] {
  const style = CAPTION_STYLES[captions.preset];
  const lines = groupWords(captions.words, style.wordsPerLine, maxLineChars(style), 1 / style.glyphWidth);
  return lines.map((line, li) => {
    const nextLineStart = lines[li + 1]?.[0]?.start ?? Number.POSITIVE_INFINITY;
    const shown = shownWords(line);
    return { words: line.map((w, k) => ({ text: shown[k]!, start: w.start, end: w.end })), start: line[0]!.start, end: Math.min(line.at(-1)!.end + 0.25, nextLineStart) };
  });
}

export function buildAss(captions: Captions): string {
  const style = CAPTION_STYLES[captions.preset];
  const y = CAPTION_Y[captions.position];
  const header = [
    "[Script Info]",
    "ScriptType: v4.00+",
    `PlayResX: ${VIDEO_WIDTH}`,
    `PlayResY: ${VIDEO_HEIGHT}`,
    "WrapStyle: 0",
    "ScaledBorderAndShadow: yes",
    "",
    "[V4+ Styles]",
    "Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding",
    // Encoding -1 (libass): the line's base direction comes from its text (FriBidi) and the line is laid
    // out as a whole, so an Arabic or Hebrew line reads right to left across the spoken word's tags.
    ...(
      [
        ["Caption", 1],
        ["CaptionRtl", -1],
      ] as const
    ).map(
      ([name, encoding]) =>
        `Style: ${name},${style.font},${style.size},${assColor(style.text)},${assColor(style.text)},${assColor(style.outlineColor)},${assColor(style.shadowColor, 0x60)},${style.bold ? -1 : 0},0,0,0,100,100,2,0,1,${style.outline},${style.shadow},5,${MARGIN_LEFT},${MARGIN_RIGHT},0,${encoding}`,
    ),
    "",
    "[Events]",
    "Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text",
  ];
  const events: string[] = [];
  for (const line of layoutCaptions(captions)) {
    const entrance = style.animation === "bounce" ? "\\fscx70\\fscy70\\t(0,120,\\fscx108\\fscy108)\\t(120,200,\\fscx100\\fscy100)" : "";
    const glow = style.glow > 0 ? `\\blur${style.glow}` : "";
    const words = line.words;
    const styleName = textDirection(joinWords(words.map((w) => w.text))) === "rtl" ? "CaptionRtl" : "Caption";
    words.forEach((word, k) => {
      const start = word.start;
      const end = k + 1 < words.length ? words[k + 1]!.start : line.end;
      if (end <= start) return;
      let text = "";
      let before = "";
      words.forEach((w, j) => {
        if (w.text === "") return;
        const t = escapeText(cased(w.text, style));
        if (before !== "") text += separator(before, w.text);
        text += j === k ? `{${activeTags(style)}}${t}{\\r}${idle(style)}` : t;
        before = w.text;
      });
      const lead = `{\\an5\\pos(${CENTRE_X},${y})${glow}${idleTags(style)}${k === 0 ? entrance : ""}}`;
      events.push(`Dialogue: 0,${assTime(start)},${assTime(end)},${styleName},,0,0,0,,${lead}${text}`);
    });
  }
  return [...header, ...events, ""].join("\n");
}

/** After `{\r}` the style resets; restore the idle look for the words that follow. */
function idle(style: CaptionStyle): string {
  const tags = `${style.glow > 0 ? `\\blur${style.glow}` : ""}${idleTags(style)}`;
  return tags ? `{${tags}}` : "";
}
