import { SAFE_WIDTH } from "../../../render/safe-area.ts";
import { svgTextLine } from "../svg-emoji.ts";
import { wrapToWidth } from "../svg-text.ts";

/** Cards over the background around the chat: the hook before it, captions beside it, the end card after it. */

const FONT = "Inter, 'Noto Color Emoji', 'DejaVu Sans', sans-serif";
/** As wide as the platforms' safe area: placed in it, no word of a card hides under their buttons. */
const MAX_WIDTH = SAFE_WIDTH;

export interface Card {
  svg: string;
  width: number;
  height: number;
}

/** Bold text on a white rounded panel, as creators title their clips. */
export function hookCardSvg(text: string): Card {
  const size = 64;
  const lines = wrapToWidth(text, MAX_WIDTH - 2 * 56, size * 1.08);
  const lineHeight = size * 1.25;
  const height = Math.round(lines.length * lineHeight + 2 * 48);
  const body = lines
    .map((l, i) => svgTextLine(l, { x: MAX_WIDTH / 2, y: Math.round(48 + i * lineHeight + size * 0.95), size, anchor: "middle", attrs: ` font-weight="800" fill="#111111"`, font: { family: FONT, weight: 800 } }))
    .join("");
  return {
    svg: `<svg xmlns="http://www.w3.org/2000/svg" width="${MAX_WIDTH}" height="${height}" font-family="${FONT}"><rect width="${MAX_WIDTH}" height="${height}" rx="36" fill="#ffffff"/>${body}</svg>`,
    width: MAX_WIDTH,
    height,
  };
}

/** White text with a dark outline, readable over any footage. */
export function captionCardSvg(text: string): Card {
  const size = 54;
  const lines = wrapToWidth(text, MAX_WIDTH - 40, size * 1.08);
  const lineHeight = size * 1.22;
  const height = Math.round(lines.length * lineHeight + 30);
  const body = lines
    .map(
      (l, i) =>
        svgTextLine(l, {
          x: MAX_WIDTH / 2,
          y: Math.round(10 + i * lineHeight + size * 0.95),
          size,
          anchor: "middle",
          attrs: ` font-weight="800" fill="#ffffff" stroke="#000000" stroke-width="9" stroke-linejoin="round" paint-order="stroke"`,
          font: { family: FONT, weight: 800 },
        }),
    )
    .join("");
  return { svg: `<svg xmlns="http://www.w3.org/2000/svg" width="${MAX_WIDTH}" height="${height}" font-family="${FONT}">${body}</svg>`, width: MAX_WIDTH, height };
}

/** The closing card: a big first line and an optional smaller second one on a dark panel. */
export function endCardSvg(line1: string, line2: string | undefined): Card {
  const big = 76;
  const small = 46;
  const first = wrapToWidth(line1, MAX_WIDTH - 112, big * 1.08);
  const second = line2 ? wrapToWidth(line2, MAX_WIDTH - 112, small * 1.05) : [];
  const height = Math.round(64 + first.length * big * 1.2 + (second.length ? 24 + second.length * small * 1.3 : 0) + 56);
  let y = 64;
  const parts: string[] = [];
  for (const l of first) {
    parts.push(svgTextLine(l, { x: MAX_WIDTH / 2, y: Math.round(y + big * 0.95), size: big, anchor: "middle", attrs: ` font-weight="800" fill="#ffffff"`, font: { family: FONT, weight: 800 } }));
    y += big * 1.2;
  }
  y += 24;
  for (const l of second) {
    parts.push(svgTextLine(l, { x: MAX_WIDTH / 2, y: Math.round(y + small * 0.95), size: small, anchor: "middle", attrs: ` font-weight="500" fill="#d0d0d0"`, font: { family: FONT, weight: 500 } }));
    y += small * 1.3;
  }
  return {
    svg: `<svg xmlns="http://www.w3.org/2000/svg" width="${MAX_WIDTH}" height="${height}" font-family="${FONT}"><rect width="${MAX_WIDTH}" height="${height}" rx="40" fill="#111111" fill-opacity="0.88"/>${parts.join("")}</svg>`,
    width: MAX_WIDTH,
    height,
  };
}
