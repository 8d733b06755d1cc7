import { escapeXml, lineAnchor, wrapText } from "../svg-text.ts";

/** The Reddit-style title card as SVG: pure, so its layout is unit-tested without drawing. */
export const CARD_WIDTH = 940;
const PADDING = 48;
const TITLE_SIZE = 52;
const LINE_HEIGHT = 66;
/** Average advance of a bold sans glyph, in ems; wrapping only needs to be close. */
const CHAR_EM = 0.56;

export interface TitleCard {
  svg: string;
  width: number;
  height: number;
}

export function titleCardSvg(title: string, author: string, theme: "dark" | "light"): TitleCard {
  const colors = theme === "dark" ? { bg: "#1a1a1b", text: "#d7dadc", muted: "#818384" } : { bg: "#ffffff", text: "#1a1a1b", muted: "#787c7e" };
  const maxChars = Math.floor((CARD_WIDTH - 2 * PADDING) / (TITLE_SIZE * CHAR_EM));
  const lines = wrapText(title, maxChars);
  const titleTop = 150;
  const height = titleTop + lines.length * LINE_HEIGHT + 90;
  const font = "DejaVu Sans, Arial, sans-serif";
  const titleLines = lines
    .map((l, i) => {
      // An Arabic or Hebrew title runs from the card's right edge.
      const { x, attrs } = lineAnchor(l, PADDING, CARD_WIDTH - PADDING);
      return `<text x="${x}" y="${titleTop + i * LINE_HEIGHT + TITLE_SIZE}" font-size="${TITLE_SIZE}" font-weight="bold" fill="${colors.text}"${attrs}>${escapeXml(l)}</text>`;
    })
    .join("");
  const footerY = height - 40;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${height}" font-family="${font}">` +
    `<rect width="${CARD_WIDTH}" height="${height}" rx="36" fill="${colors.bg}"/>` +
    `<circle cx="${PADDING + 36}" cy="80" r="36" fill="#ff4500"/>` +
    `<circle cx="${PADDING + 36}" cy="80" r="14" fill="#ffffff"/>` +
    `<text x="${PADDING + 92}" y="72" font-size="34" font-weight="bold" fill="${colors.text}">${escapeXml(author)}</text>` +
    `<text x="${PADDING + 92}" y="110" font-size="26" fill="${colors.muted}">r/stories</text>` +
    titleLines +
    `<text x="${PADDING}" y="${footerY}" font-size="30" fill="${colors.muted}">&#x2191; 99+    &#x1F4AC; 99+    Share</text>` +
    `</svg>`;
  return { svg, width: CARD_WIDTH, height };
}
