import { advances } from "../../../render/text/metrics.ts";
import { SAFE_AREA, SAFE_WIDTH, safeCardX } from "../../../render/safe-area.ts";
import { svgTextLine } from "../svg-emoji.ts";
import { textWidth, wrapBalanced } from "../svg-text.ts";

/**
 * The headline card that opens an article video and is its poster: where the piece is from, its headline
 * and byline, on an opaque card across the platforms' safe area. Pure, so its layout is unit-tested
 * without drawing; the caller draws the SVG to a PNG (render/pool.ts) as the other templates' cards.
 */

export const CARD_WIDTH = SAFE_WIDTH;
/** Room around the card in its PNG for the drop shadow. */
export const CARD_MARGIN = 24;
/** The card's top edge in the frame: under the platforms' top bar. */
export const CARD_TOP = SAFE_AREA.top + 30;
/**
 * The card's bottom edge stays above the captions: the article's captions are centred on y = 960 in
 * letters up to ~160 px tall, so they start near y = 880.
 */
export const CARD_MAX_BOTTOM = 850;

const PAD = 56;
const FONT = "Poppins";
const HEADLINE_SIZES = [88, 80, 72, 64, 58, 52];
const MAX_LINES = 5;
const KICKER_SIZE = 30;
const BYLINE_SIZE = 30;
const ACCENT = "#ffcc29";
const INK = "#ffffff";
const MUTED = "#b4bdd0";

export interface HeadlineCardText {
  text: string;
  kicker: string | null;
  byline: string | null;
}

export interface HeadlineCard {
  svg: string;
  /** The PNG's size, margin included. */
  width: number;
  height: number;
  /** Where the PNG goes in the frame (its top-left corner). */
  x: number;
  y: number;
  /** The card itself in the frame, for the safe-area check. */
  box: { x: number; y: number; width: number; height: number };
  lines: string[];
  size: number;
}

/** How wide a line is drawn in the card's font, from the font's own widths where they are known. */
function drawnWidth(line: string, size: number, weight: number): number {
  const measured = advances(line, FONT, weight, size);
  if (!measured) return textWidth(line, size) * 1.12;
  return [...line].reduce((sum, c, i) => sum + (measured[i] ?? textWidth(c, size) * 1.12), 0);
}

/** The largest size whose balanced lines all fit the width, in at most MAX_LINES lines, and the card's height. */
function fitHeadline(text: string, maxWidth: number, room: number): { lines: string[]; size: number } {
  for (const size of HEADLINE_SIZES) {
    // Poppins runs about 1.12 times as wide as the estimate the wrapping is made for.
    const lines = wrapBalanced(text, maxWidth / 1.12, size);
    if (lines.length <= MAX_LINES && lines.every((l) => drawnWidth(l, size, 800) <= maxWidth) && lines.length * lineHeight(size) <= room) return { lines, size };
  }
  const size = HEADLINE_SIZES.at(-1)!;
  const lines = wrapBalanced(text, maxWidth / 1.12, size);
  return { lines: lines.length <= MAX_LINES ? lines : [...lines.slice(0, MAX_LINES - 1), `${lines[MAX_LINES - 1]}\u2026`], size };
}

const lineHeight = (size: number) => Math.round(size * 1.14);

/** A line cut to a width with an ellipsis: a kicker or byline never wraps. */
function oneLine(text: string, size: number, weight: number, maxWidth: number): string {
  if (drawnWidth(text, size, weight) <= maxWidth) return text;
  let cut = text;
  while (cut.length > 1 && drawnWidth(`${cut}\u2026`, size, weight) > maxWidth) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}\u2026`;
}

export function headlineCardSvg(card: HeadlineCardText): HeadlineCard {
  const inner = CARD_WIDTH - 2 * PAD;
  const kicker = card.kicker ? oneLine(card.kicker.toUpperCase(), KICKER_SIZE, 700, inner) : null;
  const byline = card.byline ? oneLine(card.byline, BYLINE_SIZE, 400, inner) : null;
  const fixed = PAD + (kicker ? KICKER_SIZE + 34 : 0) + 30 + 8 + (byline ? 24 + BYLINE_SIZE * 1.2 : 0) + PAD;
  const { lines, size } = fitHeadline(card.text, inner, CARD_MAX_BOTTOM - CARD_TOP - fixed);
  const parts: string[] = [];
  let y = PAD;
  if (kicker) {
    parts.push(`<rect x="${PAD}" y="${y + 4}" width="10" height="${KICKER_SIZE - 8}" rx="3" fill="${ACCENT}"/>`);
    parts.push(svgTextLine(kicker, { x: PAD + 24, y, size: KICKER_SIZE, baseline: "hanging", attrs: ` font-family="${FONT}" font-weight="700" letter-spacing="2" fill="${ACCENT}"`, font: { family: FONT, weight: 700 } }));
    y += KICKER_SIZE + 34;
  }
  for (const line of lines) {
    parts.push(svgTextLine(line, { x: PAD, y, size, baseline: "hanging", attrs: ` font-family="${FONT}" font-weight="800" fill="${INK}"`, font: { family: FONT, weight: 800 } }));
    y += lineHeight(size);
  }
  y += 30;
  parts.push(`<rect x="${PAD}" y="${y}" width="120" height="8" rx="4" fill="${ACCENT}"/>`);
  y += 8;
  if (byline) {
    y += 24;
    parts.push(svgTextLine(byline, { x: PAD, y, size: BYLINE_SIZE, baseline: "hanging", attrs: ` font-family="${FONT}" font-weight="400" fill="${MUTED}"`, font: { family: FONT, weight: 400 } }));
    y += BYLINE_SIZE * 1.2;
  }
  const height = Math.round(y + PAD);
  const m = CARD_MARGIN;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH + 2 * m}" height="${height + 2 * m}" viewBox="${-m} ${-m} ${CARD_WIDTH + 2 * m} ${height + 2 * m}">` +
    `<defs><linearGradient id="card" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#18233f"/><stop offset="1" stop-color="#0c1222"/></linearGradient>` +
    `<filter id="shadow" x="-10%" y="-10%" width="120%" height="130%"><feGaussianBlur in="SourceAlpha" stdDeviation="10"/><feOffset dy="8" result="blur"/><feComponentTransfer><feFuncA type="linear" slope="0.5"/></feComponentTransfer><feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter></defs>` +
    `<rect width="${CARD_WIDTH}" height="${height}" rx="40" fill="url(#card)" filter="url(#shadow)"/>` +
    `<rect x="1.5" y="1.5" width="${CARD_WIDTH - 3}" height="${height - 3}" rx="38.5" fill="none" stroke="#ffffff" stroke-opacity="0.12" stroke-width="3"/>` +
    parts.join("") +
    `</svg>`;
  const boxX = safeCardX(CARD_WIDTH);
  return {
    svg,
    width: CARD_WIDTH + 2 * m,
    height: height + 2 * m,
    x: boxX - m,
    y: CARD_TOP - m,
    box: { x: boxX, y: CARD_TOP, width: CARD_WIDTH, height },
    lines,
    size,
  };
}
