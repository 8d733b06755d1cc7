import { expect, test } from "bun:test";
import sharp from "sharp";
import { buildOfflinePack } from "../../../src/content/quiz/pack.ts";
import { CARD_HEIGHT, CARD_MARGIN, CARD_WIDTH, type QuizTheme, questionCardSvg, revealCardSvg } from "../../../src/templates/quiz-video/cards.ts";
import { shortFact } from "../../../src/templates/quiz-video/quiz-plan.ts";

/** The card drawn over a flat colour, as raw RGB. */
async function over(svg: string, background: string): Promise<Buffer> {
  const size = { width: CARD_WIDTH + 2 * CARD_MARGIN, height: CARD_HEIGHT + 2 * CARD_MARGIN };
  return sharp({ create: { ...size, channels: 3, background } })
    .composite([{ input: Buffer.from(svg) }])
    .removeAlpha()
    .raw()
    .toBuffer();
}

test("every theme's question and reveal cards are opaque: the footage never shows through the text or the options", async () => {
  const q = buildOfflinePack({ topic: "World capitals", difficulty: "easy", count: 5, seed: 4 }).questions[0]!;
  for (const theme of ["neon", "sunset", "classic"] as QuizTheme[]) {
    const style = { theme, font: "anton" as const };
    for (const svg of [questionCardSvg(q, 0, 5, style), revealCardSvg(q, 0, 5, style, shortFact(q))]) {
      const [black, white] = await Promise.all([over(svg, "#000000"), over(svg, "#ffffff")]);
      // Inside the card's rounded edge, what is behind it must not change a single pixel.
      let worst = 0;
      const width = CARD_WIDTH + 2 * CARD_MARGIN;
      for (let y = CARD_MARGIN + 60; y < CARD_MARGIN + CARD_HEIGHT - 60; y += 3) {
        for (let x = CARD_MARGIN + 60; x < CARD_MARGIN + CARD_WIDTH - 60; x += 3) {
          const i = (y * width + x) * 3;
          worst = Math.max(worst, Math.abs(black[i]! - white[i]!), Math.abs(black[i + 1]! - white[i + 1]!), Math.abs(black[i + 2]! - white[i + 2]!));
        }
      }
      expect({ theme, worst }).toEqual({ theme, worst: 0 });
    }
  }
});
