import type { QuizQuestion } from "../../content/quiz/question.ts";
import { svgTextLine } from "../svg-emoji.ts";
import { escapeXml, wrapBalanced, wrapToWidth } from "../svg-text.ts";

export type QuizTheme = "neon" | "sunset" | "classic";
export type QuizFont = "anton" | "bangers" | "bebas-neue" | "poppins";

/** As wide as the platforms' safe area (render/safe-area.ts): nothing on the card hides under their buttons. */
export const CARD_WIDTH = 870;
export const CARD_HEIGHT = 1000;
/** The card's PNG has this much room around the card for its stroke and glow. */
export const CARD_MARGIN = 20;
const PAD = 50;
const LETTERS = ["A", "B", "C", "D"];

interface Palette {
  cardFill: string;
  cardStroke: string;
  text: string;
  muted: string;
  optionFill: string;
  optionStroke: string;
  optionText: string;
  accent: string;
  accentText: string;
  correct: string;
  correctText: string;
  glow: boolean;
}

const THEMES: Record<QuizTheme, Palette> = {
  neon: {
    cardFill: "#0d0221",
    cardStroke: "#00f0ff",
    text: "#ffffff",
    muted: "#b8a9ff",
    optionFill: "#1b0b44",
    optionStroke: "#ff2bd6",
    optionText: "#ffffff",
    accent: "#ff2bd6",
    accentText: "#ffffff",
    correct: "#39ff14",
    correctText: "#06140a",
    glow: true,
  },
  sunset: {
    cardFill: "url(#sunset)",
    cardStroke: "#ffffff",
    text: "#ffffff",
    muted: "#fff1e0",
    optionFill: "#fff7ef",
    optionStroke: "#ffffff",
    optionText: "#7a1f00",
    accent: "#7a1f00",
    accentText: "#ffffff",
    correct: "#1fab5e",
    correctText: "#ffffff",
    glow: false,
  },
  classic: {
    cardFill: "#ffffff",
    cardStroke: "#1b2a49",
    text: "#1b2a49",
    muted: "#5b6b8c",
    optionFill: "#eef2f8",
    optionStroke: "#c9d3e6",
    optionText: "#1b2a49",
    accent: "#f5b700",
    accentText: "#1b2a49",
    correct: "#2e9d4f",
    correctText: "#ffffff",
    glow: false,
  },
};

/** Font family, weight, how wide it runs next to a UI sans (for wrapping), and whether it is caps only. */
const FONTS: Record<QuizFont, { family: string; weight: number; width: number; caps: boolean }> = {
  anton: { family: "Anton", weight: 400, width: 0.86, caps: false },
  bangers: { family: "Bangers", weight: 400, width: 0.95, caps: false },
  "bebas-neue": { family: "Bebas Neue", weight: 400, width: 0.78, caps: true },
  poppins: { family: "Poppins", weight: 700, width: 1.12, caps: false },
};

export interface CardStyle {
  theme: QuizTheme;
  font: QuizFont;
}

function defs(style: CardStyle): string {
  const glow = '<filter id="glow" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="9" result="b"/><feMerge><feMergeNode in="b"/><feMergeNode in="SourceGraphic"/></feMerge></filter>';
  const sunset = '<linearGradient id="sunset" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ff5f6d"/><stop offset="1" stop-color="#ffa443"/></linearGradient>';
  return `<defs>${style.theme === "neon" ? glow : ""}${style.theme === "sunset" ? sunset : ""}</defs>`;
}

function wrap(text: string, style: CardStyle, maxWidth: number, size: number): string[] {
  return wrapBalanced(text, maxWidth / FONTS[style.font].width, size);
}

/** The largest size (of the given ones) at which text fits in `maxLines`. */
function fit(text: string, style: CardStyle, maxWidth: number, sizes: number[], maxLines: number): { lines: string[]; size: number } {
  for (const size of sizes) {
    const lines = wrap(text, style, maxWidth, size);
    if (lines.length <= maxLines) return { lines, size };
  }
  const size = sizes.at(-1)!;
  const lines = wrap(text, style, maxWidth, size);
  return { lines: [...lines.slice(0, maxLines - 1), `${lines[maxLines - 1]}…`], size };
}

function textBlock(lines: string[], x: number, y: number, size: number, fill: string, style: CardStyle, anchor: "start" | "middle" = "middle"): string {
  const f = FONTS[style.font];
  return lines
    .map((line, i) =>
      svgTextLine(f.caps ? line.toUpperCase() : line, {
        x,
        y: y + i * Math.round(size * 1.18),
        size,
        anchor,
        baseline: "hanging",
        attrs: ` font-family="${f.family}" font-weight="${f.weight}" fill="${fill}"`,
        font: { family: f.family, weight: f.weight },
        widthScale: f.width,
      }),
    )
    .join("");
}

/** The card is opaque: footage never shows through its text or options. */
function card(style: CardStyle, inner: string): string {
  const p = THEMES[style.theme];
  const filter = p.glow ? ' filter="url(#glow)"' : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH + 40}" height="${CARD_HEIGHT + 40}" viewBox="-20 -20 ${CARD_WIDTH + 40} ${CARD_HEIGHT + 40}">${defs(style)}<rect x="0" y="0" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" rx="48" fill="${p.cardFill}" stroke="${p.cardStroke}" stroke-width="6"${filter}/>${inner}</svg>`;
}

type OptionState = "plain" | "correct" | "dimmed";

const OPTION_HEIGHT = 100;
const OPTION_GAP = 20;

/** #rrggbb mixed toward another colour by `amount` (0-1). */
function mix(from: string, to: string, amount: number): string {
  const channel = (hex: string, i: number) => Number.parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16);
  return `#${[0, 1, 2].map((i) => Math.round(channel(from, i) + (channel(to, i) - channel(from, i)) * amount).toString(16).padStart(2, "0")).join("")}`;
}

/** The solid colour under an option: the card's own, or the middle of the sunset gradient. */
const cardBase = (p: Palette) => (p.cardFill.startsWith("#") ? p.cardFill : "#ff8258");

/** One option row at its place on the card. A dimmed option is drawn in colours faded toward the card, never translucent. */
function option(q: QuizQuestion, i: number, style: CardStyle, state: OptionState): string {
  const p = THEMES[style.theme];
  const y = optionsTop(q) + i * (OPTION_HEIGHT + OPTION_GAP);
  const fade = (c: string) => (state === "dimmed" ? mix(c, cardBase(p), 0.65) : c);
  const fill = fade(state === "correct" ? p.correct : p.optionFill);
  const text = fade(state === "correct" ? p.correctText : p.optionText);
  const { lines, size } = fit(q.options[i]!, style, CARD_WIDTH - 2 * PAD - 150, [48, 40, 34], 1);
  const badgeFill = fade(state === "correct" ? p.correctText : p.accent);
  const badgeText = fade(state === "correct" ? p.correct : p.accentText);
  return `<rect x="${PAD}" y="${y}" width="${CARD_WIDTH - 2 * PAD}" height="${OPTION_HEIGHT}" rx="${OPTION_HEIGHT / 2}" fill="${fill}" stroke="${fade(p.optionStroke)}" stroke-width="3"/><circle cx="${PAD + 52}" cy="${y + OPTION_HEIGHT / 2}" r="34" fill="${badgeFill}"/>${textBlock([LETTERS[i]!], PAD + 52, y + OPTION_HEIGHT / 2 - 22, 44, badgeText, style)}${textBlock(lines, PAD + 118, y + (OPTION_HEIGHT - size) / 2, size, text, style, "start")}${state === "correct" ? textBlock(["✓"], CARD_WIDTH - PAD - 50, y + 22, 56, text, { ...style, font: "poppins" }) : ""}`;
}

/** Where option `i` is drawn on its own (card coordinates, its stroke included): it pops in as it is read. */
export function optionBox(q: QuizQuestion, i: number): { x: number; y: number; width: number; height: number } {
  return { x: PAD - 4, y: optionsTop(q) + i * (OPTION_HEIGHT + OPTION_GAP) - 4, width: CARD_WIDTH - 2 * PAD + 8, height: OPTION_HEIGHT + 8 };
}

/** Option `i` alone, for the layer that shows it while the question is read. */
export function optionSvg(q: QuizQuestion, i: number, style: CardStyle): string {
  const box = optionBox(q, i);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${box.width}" height="${box.height}" viewBox="${box.x} ${box.y} ${box.width} ${box.height}">${option(q, i, style, "plain")}</svg>`;
}

function logo(q: QuizQuestion, y: number): string {
  if (!q.logo) return "";
  const size = 170;
  return `<rect x="${(CARD_WIDTH - size - 40) / 2}" y="${y - 20}" width="${size + 40}" height="${size + 40}" rx="32" fill="#ffffff"/><g transform="translate(${(CARD_WIDTH - size) / 2} ${y}) scale(${size / 24})"><path d="${q.logo.path}" fill="#${q.logo.hex}"/></g>`;
}

function header(label: string, style: CardStyle): string {
  return textBlock([label], PAD, 46, 44, THEMES[style.theme].muted, style, "start");
}

const optionsTop = (q: QuizQuestion) => (q.logo ? 500 : 460);

/** The card while the question is read and the countdown runs; its options are layers of their own. */
export function questionCardSvg(q: QuizQuestion, index: number, total: number, style: CardStyle): string {
  const p = THEMES[style.theme];
  const text = fit(q.question, style, CARD_WIDTH - 2 * PAD, q.logo ? [58, 50] : [64, 56, 48, 42], q.logo ? 2 : 4);
  const body = textBlock(text.lines, CARD_WIDTH / 2, 140, text.size, p.text, style) + logo(q, 290);
  return card(style, header(`QUESTION ${index + 1} / ${total}`, style) + body);
}

/** The card after the countdown: the correct option highlighted, the (short) fact line where the question was. */
export function revealCardSvg(q: QuizQuestion, index: number, total: number, style: CardStyle, fact: string): string {
  const p = THEMES[style.theme];
  const room = q.logo ? 2 : 5;
  const shown = fit(fact, style, CARD_WIDTH - 2 * PAD, [54, 48, 42, 36], room);
  const body = textBlock(shown.lines, CARD_WIDTH / 2, 140, shown.size, p.text, style) + logo(q, 290);
  const options = q.options.map((_, i) => option(q, i, style, i === q.answerIndex ? "correct" : "dimmed")).join("");
  return card(style, header(`ANSWER ${index + 1} / ${total}`, style) + body + options);
}

/** The opening card: the title, how many questions, and the difficulty. */
export function introCardSvg(title: string, count: number, difficulty: string, style: CardStyle): string {
  const p = THEMES[style.theme];
  const t = fit(title, style, CARD_WIDTH - 2 * PAD, [110, 96, 84, 72], 4);
  const top = 380 - (t.lines.length * t.size * 1.18) / 2;
  return card(
    style,
    textBlock(["QUIZ TIME"], CARD_WIDTH / 2, 70, 56, p.accent, style) +
      textBlock(t.lines, CARD_WIDTH / 2, top, t.size, p.text, style) +
      textBlock([`${count} questions · ${difficulty}`], CARD_WIDTH / 2, 760, 52, p.muted, style) +
      textBlock(["Can you get them all?"], CARD_WIDTH / 2, 850, 48, p.text, style),
  );
}

/** The closing card, with the credits of the data the questions came from. */
export function outroCardSvg(credits: string[], style: CardStyle): string {
  const p = THEMES[style.theme];
  const creditLines = credits.flatMap((c) => wrapToWidth(c, CARD_WIDTH - 2 * PAD, 26)).slice(0, 6);
  const credit = creditLines
    .map((line, i) => `<text x="${CARD_WIDTH / 2}" y="${820 + i * 32}" font-family="DejaVu Sans" font-size="26" fill="${p.muted}" text-anchor="middle" dominant-baseline="hanging">${escapeXml(line)}</text>`)
    .join("");
  return card(
    style,
    textBlock(["How many did", "you get right?"], CARD_WIDTH / 2, 260, 100, p.text, style) +
      textBlock(["Comment below!"], CARD_WIDTH / 2, 560, 50, p.muted, style) +
      credit,
  );
}

/**
 * The countdown, above the card: a big disc with the seconds left and a bar that empties over the
 * countdown. The timer spans the card's width; the disc is `TIMER_SIZE` across.
 */
export const TIMER_SIZE = 150;
const BAR_HEIGHT = 46;
export const TIMER_BAR = { x: TIMER_SIZE + 24, y: (TIMER_SIZE - BAR_HEIGHT) / 2, width: CARD_WIDTH - TIMER_SIZE - 24, height: BAR_HEIGHT };

/** One second of the countdown: the disc with the number (its PNG has CARD_MARGIN around it for the glow). */
export function timerDigitSvg(n: number, style: CardStyle): string {
  const p = THEMES[style.theme];
  const r = TIMER_SIZE / 2;
  const filter = p.glow ? ' filter="url(#glow)"' : "";
  const size = TIMER_SIZE + 2 * CARD_MARGIN;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="${-CARD_MARGIN} ${-CARD_MARGIN} ${size} ${size}">${defs(style)}<circle cx="${r}" cy="${r}" r="${r - 5}" fill="${p.accent}" stroke="${p.cardStroke}" stroke-width="10"${filter}/>${textBlock([String(n)], r, r - 50, 100, p.accentText, style)}</svg>`;
}

/**
 * The timer bar twice: full, then empty, side by side. A sweep of the window across it (render/timeline.ts)
 * empties the bar from the right over the countdown.
 */
export function timerBarSvg(style: CardStyle): string {
  const p = THEMES[style.theme];
  const { width: w, height: h } = TIMER_BAR;
  const track = (x: number, fill: string) =>
    `<rect x="${x + 3}" y="3" width="${w - 6}" height="${h - 6}" rx="${(h - 6) / 2}" fill="${fill}" stroke="${p.cardStroke}" stroke-width="6"/>`;
  // The emptied part is the accent faded toward the card (toward white on the sunset gradient).
  const empty = mix(p.accent, p.cardFill.startsWith("#") ? p.cardFill : "#ffffff", 0.72);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${2 * w}" height="${h}">${track(0, p.accent)}${track(w, empty)}</svg>`;
}
