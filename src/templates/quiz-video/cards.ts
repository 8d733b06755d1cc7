import type { QuizQuestion } from "../../content/quiz/question.ts";
import { escapeXml, wrapToWidth } from "../svg-text.ts";

export type QuizTheme = "neon" | "sunset" | "classic";
export type QuizFont = "anton" | "bangers" | "bebas-neue" | "poppins";

export const CARD_WIDTH = 960;
export const CARD_HEIGHT = 1000;
export const BADGE_SIZE = 170;
const PAD = 56;
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
  return wrapToWidth(text, maxWidth / FONTS[style.font].width, size);
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

function textBlock(lines: string[], x: number, y: number, size: number, fill: string, style: CardStyle, anchor = "middle"): string {
  const f = FONTS[style.font];
  return lines
    .map(
      (line, i) =>
        `<text x="${x}" y="${y + i * Math.round(size * 1.18)}" font-family="${f.family}" font-weight="${f.weight}" font-size="${size}" fill="${fill}" text-anchor="${anchor}" dominant-baseline="hanging">${escapeXml(f.caps ? line.toUpperCase() : line)}</text>`,
    )
    .join("");
}

function card(style: CardStyle, inner: string): string {
  const p = THEMES[style.theme];
  const filter = p.glow ? ' filter="url(#glow)"' : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH + 40}" height="${CARD_HEIGHT + 40}" viewBox="-20 -20 ${CARD_WIDTH + 40} ${CARD_HEIGHT + 40}">${defs(style)}<rect x="0" y="0" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" rx="48" fill="${p.cardFill}" fill-opacity="0.94" stroke="${p.cardStroke}" stroke-width="6"${filter}/>${inner}</svg>`;
}

type OptionState = "plain" | "correct" | "dimmed";

function options(q: QuizQuestion, top: number, style: CardStyle, states: OptionState[]): string {
  const p = THEMES[style.theme];
  const height = 100;
  const gap = 20;
  return q.options
    .map((option, i) => {
      const y = top + i * (height + gap);
      const state = states[i]!;
      const fill = state === "correct" ? p.correct : p.optionFill;
      const text = state === "correct" ? p.correctText : p.optionText;
      const opacity = state === "dimmed" ? 0.35 : 1;
      const { lines, size } = fit(option, style, CARD_WIDTH - 2 * PAD - 150, [48, 40, 34], 1);
      const badgeFill = state === "correct" ? p.correctText : p.accent;
      const badgeText = state === "correct" ? p.correct : p.accentText;
      return `<g opacity="${opacity}"><rect x="${PAD}" y="${y}" width="${CARD_WIDTH - 2 * PAD}" height="${height}" rx="${height / 2}" fill="${fill}" stroke="${p.optionStroke}" stroke-width="3"/><circle cx="${PAD + 52}" cy="${y + height / 2}" r="34" fill="${badgeFill}"/>${textBlock([LETTERS[i]!], PAD + 52, y + height / 2 - 22, 44, badgeText, style)}${textBlock(lines, PAD + 118, y + (height - size) / 2, size, text, style, "start")}${state === "correct" ? textBlock(["✓"], CARD_WIDTH - PAD - 50, y + 22, 56, text, { ...style, font: "poppins" }) : ""}</g>`;
    })
    .join("");
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

/** The card while the question is read and the countdown runs. */
export function questionCardSvg(q: QuizQuestion, index: number, total: number, style: CardStyle): string {
  const p = THEMES[style.theme];
  const text = fit(q.question, style, CARD_WIDTH - 2 * PAD, q.logo ? [58, 50] : [64, 56, 48, 42], q.logo ? 2 : 4);
  const body = textBlock(text.lines, CARD_WIDTH / 2, 140, text.size, p.text, style) + logo(q, 290);
  return card(style, header(`QUESTION ${index + 1} / ${total}`, style) + body + options(q, optionsTop(q), style, q.options.map(() => "plain")));
}

/** The card after the countdown: the correct option highlighted, the fact line where the question was. */
export function revealCardSvg(q: QuizQuestion, index: number, total: number, style: CardStyle): string {
  const p = THEMES[style.theme];
  const room = q.logo ? 2 : 5;
  const fact = fit(q.fact, style, CARD_WIDTH - 2 * PAD, [54, 48, 42, 36], room);
  const body = textBlock(fact.lines, CARD_WIDTH / 2, 140, fact.size, p.text, style) + logo(q, 290);
  const states: OptionState[] = q.options.map((_, i) => (i === q.answerIndex ? "correct" : "dimmed"));
  return card(style, header(`ANSWER ${index + 1} / ${total}`, style) + body + options(q, optionsTop(q), style, states));
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
      textBlock(["Tell us in the comments"], CARD_WIDTH / 2, 560, 50, p.muted, style) +
      credit,
  );
}

/** One second of the countdown: a round badge with the number. */
export function countdownBadgeSvg(n: number, style: CardStyle): string {
  const p = THEMES[style.theme];
  const r = BADGE_SIZE / 2;
  const filter = p.glow ? ' filter="url(#glow)"' : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${BADGE_SIZE + 40}" height="${BADGE_SIZE + 40}" viewBox="-20 -20 ${BADGE_SIZE + 40} ${BADGE_SIZE + 40}">${defs(style)}<circle cx="${r}" cy="${r}" r="${r - 4}" fill="${p.accent}" stroke="${p.cardStroke}" stroke-width="8"${filter}/>${textBlock([String(n)], r, r - 52, 104, p.accentText, style)}</svg>`;
}
