import { SAFE_WIDTH } from "../../../render/safe-area.ts";
import { svgTextLine } from "../svg-emoji.ts";
import { lineAnchor, wrapToWidth } from "../svg-text.ts";

/**
 * The Reddit-style title card as SVG: pure, so its layout is unit-tested without drawing. As wide as the
 * platforms' safe area, so no part of it runs under their right-hand buttons.
 */
export const CARD_WIDTH = SAFE_WIDTH;
const PADDING = 48;
const TITLE_SIZE = 52;
const LINE_HEIGHT = 66;
/** DejaVu Sans Bold runs about 1.2 times as wide as the UI sans the wrapping estimate is made for. */
const WIDTH_SCALE = 1.2;
const FONT = "DejaVu Sans, Arial, sans-serif";

export interface TitleCard {
  svg: string;
  width: number;
  height: number;
}

export function titleCardSvg(title: string, author: string, theme: "dark" | "light"): TitleCard {
  const colors = theme === "dark" ? { bg: "#1a1a1b", text: "#d7dadc", muted: "#818384" } : { bg: "#ffffff", text: "#1a1a1b", muted: "#787c7e" };
  const lines = wrapToWidth(title, CARD_WIDTH - 2 * PADDING, TITLE_SIZE * WIDTH_SCALE);
  const titleTop = 150;
  const height = titleTop + lines.length * LINE_HEIGHT + 90;
  const titleLines = lines
    .map((l, i) => {
      // An Arabic or Hebrew title runs from the card's right edge.
      const { x, attrs } = lineAnchor(l, PADDING, CARD_WIDTH - PADDING);
      return svgTextLine(l, { x, y: titleTop + i * LINE_HEIGHT + TITLE_SIZE, size: TITLE_SIZE, attrs: ` font-weight="bold" fill="${colors.text}"${attrs}`, font: { family: FONT, weight: 700 }, direction: attrs.includes("rtl") ? "rtl" : "ltr" });
    })
    .join("");
  const footerY = height - 40;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${height}" font-family="${FONT}">` +
    `<rect width="${CARD_WIDTH}" height="${height}" rx="36" fill="${colors.bg}"/>` +
    `<circle cx="${PADDING + 36}" cy="80" r="36" fill="#ff4500"/>` +
    `<circle cx="${PADDING + 36}" cy="80" r="14" fill="#ffffff"/>` +
    svgTextLine(author, { x: PADDING + 92, y: 72, size: 34, attrs: ` font-weight="bold" fill="${colors.text}"`, font: { family: FONT, weight: 700 } }) +
    `<text x="${PADDING + 92}" y="110" font-size="26" fill="${colors.muted}">r/stories</text>` +
    titleLines +
    svgTextLine("\u2191 99+    \u{1F4AC} 99+    Share", { x: PADDING, y: footerY, size: 30, attrs: ` fill="${colors.muted}"`, font: { family: FONT } }) +
    `</svg>`;
  return { svg, width: CARD_WIDTH, height };
}
