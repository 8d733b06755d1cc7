/**
 * Draws quiz frames as videos draw them (the same card SVGs and positions) over a frame of a generated
 * background: for every theme and font, the question, the countdown and the reveal, into
 * docs/quiz-frames.jpg. Run: bun scripts/quiz-contact-sheet.ts (after scripts/setup.sh).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { runFfmpeg } from "../render/ffmpeg.ts";
import { generatedMediaDir } from "../render/media/generated-dir.ts";
import { VIDEO_WIDTH } from "../render/timeline.ts";
import { loadConfig } from "../src/config.ts";
import { buildOfflinePack } from "../src/content/quiz/pack.ts";
import { CARD_WIDTH, countdownBadgeSvg, type QuizFont, type QuizTheme, questionCardSvg, revealCardSvg } from "../src/templates/quiz-video/cards.ts";
import { cardTop } from "../src/templates/quiz-video/quiz-plan.ts";

const work = mkdtempSync(join(tmpdir(), "quiz-sheet-"));
const backgroundFrame = join(work, "background.png");
await runFfmpeg(["-ss", "2", "-i", join(generatedMediaDir(loadConfig().mediaCacheDir), "backgrounds", "satisfying", "ring-balls.mp4"), "-frames:v", "1", backgroundFrame]).catch(() =>
  runFfmpeg(["-f", "lavfi", "-i", "color=c=0x334455:s=1080x1920", "-frames:v", "1", backgroundFrame]),
);

const pack = buildOfflinePack({ topic: "general knowledge", difficulty: "medium", count: 10, seed: 7 });
const logoQuestion = buildOfflinePack({ topic: "brand logos", difficulty: "easy", count: 5, seed: 2 }).questions[0]!;
const x = Math.round((VIDEO_WIDTH - CARD_WIDTH) / 2) - 20;
const y = cardTop(false) - 20;
const tiles: Buffer[] = [];
const labels: string[] = [];
let k = 0;
for (const theme of ["neon", "sunset", "classic"] as QuizTheme[]) {
  for (const font of ["anton", "bangers", "bebas-neue", "poppins"] as QuizFont[]) {
    const style = { theme, font };
    const q = k % 4 === 3 ? logoQuestion : pack.questions[k % pack.questions.length]!;
    const question = Buffer.from(questionCardSvg(q, k % 10, 10, style));
    const frames = [
      [{ input: question, left: x, top: y }],
      [{ input: question, left: x, top: y }, { input: Buffer.from(countdownBadgeSvg(3, style)), left: x + CARD_WIDTH - 130, top: y - 60 }],
      [{ input: Buffer.from(revealCardSvg(q, k % 10, 10, style)), left: x, top: y }],
    ];
    for (const [i, layers] of frames.entries()) {
      const frame = await sharp(backgroundFrame).composite(layers).png().toBuffer();
      tiles.push(await sharp(frame).resize(240, 427).png().toBuffer());
      labels.push(`${theme} · ${font} · ${["question", "countdown", "reveal"][i]}`);
    }
    k++;
  }
}
const columns = 6;
const tileHeight = 467;
const rows = Math.ceil(tiles.length / columns);
const width = columns * 240;
const height = rows * tileHeight;
const text = labels
  .map((l, i) => `<text x="${(i % columns) * 240 + 120}" y="${Math.floor(i / columns) * tileHeight + 452}" font-family="DejaVu Sans" font-size="15" fill="#ffffff" text-anchor="middle">${l}</text>`)
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
