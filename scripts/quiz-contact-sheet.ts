/**
 * Draws quiz frames as videos draw them (the same card SVGs, positions and safe area) over a frame of a
 * generated background: for every theme and font, the question while its options are read (two of
 * four shown), the countdown halfway (every option, the timer's disc and its bar half empty) and the
 * reveal; and for each theme the intro card and the outro card a quiz ends on, into docs/quiz-frames.jpg.
 * Run: bun scripts/quiz-contact-sheet.ts (after scripts/setup.sh).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { runFfmpeg } from "../render/ffmpeg.ts";
import { generatedMediaDir } from "../render/media/generated-dir.ts";
import { safeCardX } from "../render/safe-area.ts";
import { loadConfig } from "../src/kernel/config.ts";
import { buildOfflinePack } from "../src/content/quiz/pack.ts";
import {
  CARD_MARGIN,
  CARD_WIDTH,
  introCardSvg,
  optionBox,
  optionSvg,
  outroCardSvg,
  type QuizFont,
  type QuizTheme,
  questionCardSvg,
  revealCardSvg,
  TIMER_BAR,
  TIMER_SIZE,
  timerBarSvg,
  timerDigitSvg,
} from "../src/templates/quiz-video/cards.ts";
import { cardTop, shortFact } from "../src/templates/quiz-video/quiz-plan.ts";

const work = mkdtempSync(join(tmpdir(), "quiz-sheet-"));
const backgroundFrame = join(work, "background.png");
await runFfmpeg(["-ss", "2", "-i", join(generatedMediaDir(loadConfig().mediaCacheDir), "backgrounds", "satisfying", "ring-balls.mp4"), "-frames:v", "1", "-vf", "scale=1080:1920:flags=bilinear", backgroundFrame]).catch(() =>
  runFfmpeg(["-f", "lavfi", "-i", "color=c=0x334455:s=1080x1920", "-frames:v", "1", backgroundFrame]),
);

const pack = buildOfflinePack({ topic: "general knowledge", difficulty: "medium", count: 10, seed: 7 });
const logoQuestion = buildOfflinePack({ topic: "brand logos", difficulty: "easy", count: 5, seed: 2 }).questions[0]!;
const cardX = safeCardX(CARD_WIDTH);
const top = cardTop(false);
const x = cardX - CARD_MARGIN;
const y = top - CARD_MARGIN;
const timerY = top - TIMER_SIZE - 30;
const tiles: Buffer[] = [];
const labels: string[] = [];
let k = 0;
for (const theme of ["neon", "sunset", "classic"] as QuizTheme[]) {
  for (const font of ["anton", "bangers", "bebas-neue", "poppins"] as QuizFont[]) {
    const style = { theme, font };
    const q = k % 4 === 3 ? logoQuestion : pack.questions[k % pack.questions.length]!;
    const question = { input: Buffer.from(questionCardSvg(q, k % 10, 10, style)), left: x, top: y };
    const options = q.options.map((_, i) => ({ input: Buffer.from(optionSvg(q, i, style)), left: cardX + optionBox(q, i).x, top: top + optionBox(q, i).y }));
    // The bar's window halfway through its sweep.
    const bar = await sharp(Buffer.from(timerBarSvg(style))).extract({ left: Math.round(TIMER_BAR.width / 2), top: 0, width: TIMER_BAR.width, height: TIMER_BAR.height }).png().toBuffer();
    const timer = [
      { input: Buffer.from(timerDigitSvg(3, style)), left: cardX - CARD_MARGIN, top: timerY - CARD_MARGIN },
      { input: bar, left: cardX + TIMER_BAR.x, top: timerY + TIMER_BAR.y },
    ];
    const frames = [[question, ...options.slice(0, 2)], [question, ...options, ...timer], [{ input: Buffer.from(revealCardSvg(q, k % 10, 10, style, shortFact(q) || q.fact)), left: x, top: y }]];
    for (const [i, layers] of frames.entries()) {
      const frame = await sharp(backgroundFrame).composite(layers).png().toBuffer();
      tiles.push(await sharp(frame).resize(240, 427).png().toBuffer());
      labels.push(`${theme} · ${font} · ${["question", "countdown", "reveal"][i]}`);
    }
    k++;
  }
}
for (const [theme, font] of [["neon", "anton"], ["sunset", "bangers"], ["classic", "poppins"]] as [QuizTheme, QuizFont][]) {
  const style = { theme, font };
  for (const [name, svg] of [["intro", introCardSvg("General knowledge", 10, "medium", style)], ["outro", outroCardSvg(pack.credits, style)]]) {
    const frame = await sharp(backgroundFrame).composite([{ input: Buffer.from(svg!), left: x, top: y }]).png().toBuffer();
    tiles.push(await sharp(frame).resize(240, 427).png().toBuffer());
    labels.push(`${theme} · ${font} · ${name}`);
  }
}
const columns = 6;
const tileHeight = 467;
const rows = Math.ceil(tiles.length / columns);
const width = columns * 240;
const height = rows * tileHeight;
const text = labels
  .map((l, i) => `<text x="${(i % columns) * 240 + 120}" y="${Math.floor(i / columns) * tileHeight + 452}" font-family="DejaVu Sans" font-size="13" fill="#ffffff" text-anchor="middle">${l}</text>`)
  .join("");
await sharp({ create: { width, height, channels: 3, background: "#111111" } })
  .composite([
    ...tiles.map((input, i) => ({ input, left: (i % columns) * 240, top: Math.floor(i / columns) * tileHeight })),
    { input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${text}</svg>`), left: 0, top: 0 },
  ])
  .jpeg({ quality: 85 })
  .toFile(join(import.meta.dir, "..", "docs", "quiz-frames.jpg"));
rmSync(work, { recursive: true, force: true });
console.error("docs/quiz-frames.jpg written");
