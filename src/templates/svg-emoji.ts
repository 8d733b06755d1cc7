import { readFileSync } from "node:fs";
import { advances } from "../../render/text/metrics.ts";
import { charEm, escapeXml, textWidth } from "./svg-text.ts";

/**
 * Text with emoji in drawn SVG cards. librsvg cannot paint colour emoji fonts (Noto Color Emoji is a bitmap
 * font: it draws an outline or nothing), so each emoji is drawn as a picture from Twemoji (CC BY 4.0,
 * the `@iconify-json/twemoji` package, read from disk the first time an emoji is drawn) and the text
 * around it as ordinary SVG text, each piece placed after the one before by the advance widths of the
 * card's font (render/text/metrics.ts; librsvg ignores `textLength`, so the widths must be right). A font
 * it does not know falls back to the wrapping estimate (svg-text.ts).
 */

/** An emoji is drawn this many ems wide, as the wrapping estimates (svg-text.ts `charEm`). */
const EMOJI_EM = 1.15;
/** The picture's size in ems and its top above the baseline (its middle on the capitals' middle). */
const EMOJI_SIZE = 1.05;
const EMOJI_ASCENT = 0.88;

interface IconSet {
  icons: Record<string, { body: string }>;
  aliases?: Record<string, { parent: string }>;
}

let twemoji: { chars: Record<string, string>; set: IconSet } | undefined;

function emojiSet(): { chars: Record<string, string>; set: IconSet } {
  if (!twemoji) {
    const read = (file: string) => JSON.parse(readFileSync(Bun.resolveSync(`@iconify-json/twemoji/${file}`, import.meta.dir), "utf8"));
    twemoji = { chars: read("chars.json"), set: read("icons.json") };
  }
  return twemoji;
}

/** Graphemes that show as emoji: emoji presentation, or an emoji variation, keycap, skin tone or flag. */
const EMOJI = /\p{Emoji_Presentation}|\uFE0F|\u20E3|\p{Emoji_Modifier}|\p{Regional_Indicator}/u;

/** The Twemoji picture of one grapheme (its SVG body in a 36x36 box), or undefined when it is not an emoji. */
export function emojiBody(grapheme: string): string | undefined {
  if (!EMOJI.test(grapheme)) return undefined;
  const key = [...grapheme]
    .map((c) => c.codePointAt(0)!)
    .filter((cp) => cp !== 0xfe0f)
    .map((cp) => cp.toString(16).padStart(4, "0"))
    .join("-");
  const { chars, set } = emojiSet();
  const name = chars[key] ?? chars[key.replace(/^0+/, "")];
  if (!name) return undefined;
  return (set.icons[name] ?? set.icons[set.aliases?.[name]?.parent ?? ""])?.body;
}

const graphemes = new Intl.Segmenter("und", { granularity: "grapheme" });

/** Whether a text holds an emoji that is drawn as a picture. */
export function hasEmoji(text: string): boolean {
  return emojiPieces(text).some((p) => p.kind === "emoji");
}

export type Piece = { kind: "text"; text: string } | { kind: "emoji"; body: string };

/** A line cut into runs of text and single emoji, in reading order. */
export function emojiPieces(line: string): Piece[] {
  const pieces: Piece[] = [];
  for (const { segment } of graphemes.segment(line)) {
    const body = emojiBody(segment);
    const last = pieces.at(-1);
    if (body) pieces.push({ kind: "emoji", body });
    else if (last?.kind === "text") last.text += segment;
    else pieces.push({ kind: "text", text: segment });
  }
  return pieces;
}

export interface TextLineOptions {
  x: number;
  /** The baseline, or the top of the line with `baseline: "hanging"`. */
  y: number;
  size: number;
  anchor?: "start" | "middle" | "end";
  baseline?: "alphabetic" | "hanging";
  /** Attributes of the text elements (fill, font, stroke...), written as they are. */
  attrs?: string;
  /** The font the text is drawn in (the CSS font list and weight), for its advance widths. */
  font: { family: string; weight?: number };
  /** Without the font's widths: how wide the text runs next to the estimate (a narrow display font is under 1). */
  widthScale?: number;
  /** Right-to-left lines lay their pieces out from the right. */
  direction?: "ltr" | "rtl";
}

const n = (v: number) => Math.round(v * 10) / 10;

/** How wide a run of text is drawn, spaces collapsed as SVG collapses them. */
function runWidth(text: string, o: TextLineOptions): number {
  const collapsed = text.replace(/\s+/g, " ");
  const measured = advances(collapsed, o.font.family, o.font.weight ?? 400, o.size);
  if (!measured) return textWidth(collapsed, o.size) * (o.widthScale ?? 1);
  return [...collapsed].reduce((sum, c, i) => sum + (measured[i] ?? charEm(c) * o.size), 0);
}

/**
 * One line of text as SVG: a single `<text>` when it has no emoji, else its text runs and emoji pictures
 * side by side, placed by their estimated widths from the anchor.
 */
export function svgTextLine(line: string, o: TextLineOptions): string {
  const attrs = o.attrs ?? "";
  const baselineAttr = o.baseline === "hanging" ? ' dominant-baseline="hanging"' : "";
  const pieces = emojiPieces(line);
  if (!pieces.some((p) => p.kind === "emoji")) {
    const anchor = o.anchor && o.anchor !== "start" ? ` text-anchor="${o.anchor}"` : "";
    return `<text x="${n(o.x)}" y="${n(o.y)}" font-size="${n(o.size)}"${anchor}${baselineAttr}${attrs}>${escapeXml(line)}</text>`;
  }
  const widths = pieces.map((p) => (p.kind === "emoji" ? EMOJI_EM * o.size : runWidth(p.text, o)));
  const total = widths.reduce((a, b) => a + b, 0);
  const rtl = o.direction === "rtl";
  // The left edge of the whole line.
  const anchor = o.anchor ?? "start";
  const left = anchor === "middle" ? o.x - total / 2 : (anchor === "end") !== rtl ? o.x - total : o.x;
  // Centred on the capitals: their middle is ~0.36 em above the baseline, ~0.35 em below a hanging top.
  const top = o.baseline === "hanging" ? o.y + (0.35 - EMOJI_SIZE / 2) * o.size : o.y - EMOJI_ASCENT * o.size;
  const order = rtl ? [...pieces.keys()].reverse() : [...pieces.keys()];
  let cursor = left;
  const parts: string[] = [];
  for (const i of order) {
    const piece = pieces[i]!;
    const width = widths[i]!;
    if (piece.kind === "emoji") {
      const size = EMOJI_SIZE * o.size;
      parts.push(`<svg x="${n(cursor + (width - size) / 2)}" y="${n(top)}" width="${n(size)}" height="${n(size)}" viewBox="0 0 36 36">${piece.body}</svg>`);
    } else if (piece.text.trim()) {
      // Spaces at a run's ends count in its width but would be dropped by the renderer: the visible text
      // starts after the leading one.
      const lead = piece.text.trimStart().length < piece.text.length ? runWidth(" ", o) : 0;
      const shown = piece.text.trim().replace(/\s+/g, " ");
      // A right-to-left run (direction="rtl" in attrs) starts at its right edge.
      const x = rtl ? cursor + width - lead : cursor + lead;
      parts.push(`<text x="${n(x)}" y="${n(o.y)}" font-size="${n(o.size)}"${baselineAttr}${attrs}>${escapeXml(shown)}</text>`);
    }
    cursor += width;
  }
  return parts.join("");
}
