/**
 * docs/languages.png: for each script the service draws (scripts/language-samples.ts), a caption frame
 * burned in by libass exactly as videos burn them (the story's title card over it) and a chat frame drawn
 * exactly as videos draw them, both over a frame of a generated background.
 * Run: bun scripts/languages-contact-sheet.ts (after scripts/setup.sh generated the media).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { runFfmpeg } from "../render/ffmpeg.ts";
import { generatedMediaDir } from "../render/media/generated-dir.ts";
import { libx264Settings } from "../render/plan/encoder.ts";
import { renderTimeline } from "../render/renderer.ts";
import { loadConfig } from "../src/kernel/config.ts";
import { splitWords } from "../src/narration/words.ts";
import { chatScreenSvg } from "../src/templates/fake-text-message/chat-screen.ts";
import { planConversation } from "../src/templates/fake-text-message/conversation.ts";
import { fakeTextMessage } from "../src/templates/fake-text-message/index.ts";
import { CARD_TOP, chatScreenOf } from "../src/templates/fake-text-message/production.ts";
import { titleCardSvg } from "../src/templates/reddit-story/title-card.ts";
import { withDefaults } from "../src/templates/validate.ts";
import { LANGUAGE_SAMPLES } from "./language-samples.ts";

const TILE_W = 270;
const TILE_H = 480;
const LABEL_H = 40;
const GAP = 8;

const work = mkdtempSync(join(tmpdir(), "languages-sheet-"));
const loop = join(generatedMediaDir(loadConfig().mediaCacheDir), "backgrounds", "minecraft", "plains-run.mp4");
const backgroundFrame = join(work, "background.png");
await runFfmpeg(["-ss", "2", "-i", loop, "-frames:v", "1", "-vf", "scale=1080:1920:flags=bilinear", backgroundFrame]).catch(() =>
  runFfmpeg(["-f", "lavfi", "-i", "color=c=0x335533:s=1080x1920", "-frames:v", "1", backgroundFrame]),
);
const backgroundVideo = join(work, "background.mp4");
await runFfmpeg(["-loop", "1", "-i", backgroundFrame, "-t", "2", "-r", "30", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", backgroundVideo]);

/** A caption frame: the story's opening words timed 0.35 s apart, the second one spoken, with the title card above. */
async function captionFrame(index: number, title: string, text: string): Promise<Buffer> {
  const words = splitWords(text)
    .slice(0, 8)
    .map((w, i) => ({ text: w.text, start: 0.2 + i * 0.35, end: 0.5 + i * 0.35 }));
  const card = titleCardSvg(title, "u/bowl_keeper", "dark");
  const cardPath = join(work, `card-${index}.png`);
  await sharp(Buffer.from(card.svg)).png().toFile(cardPath);
  const out = join(work, `captions-${index}.mp4`);
  await renderTimeline(
    {
      duration: 1.5,
      background: { kind: "video", path: backgroundVideo },
      layers: [{ path: cardPath, x: 70, y: 260, start: 0, end: 1.5 }],
      captions: { words, preset: "hormozi", position: "middle" },
      audio: [],
    },
    out,
    { encoder: libx264Settings("ultrafast") },
  );
  const png = join(work, `captions-${index}.png`);
  await runFfmpeg(["-ss", "0.7", "-i", out, "-frames:v", "1", png]);
  return sharp(png).resize(TILE_W, TILE_H).png().toBuffer();
}

/** A chat frame: the sample conversation as the last state of a video shows it. */
async function chatFrame(messages: string[]): Promise<Buffer> {
  const inputs = withDefaults(fakeTextMessage, { contact: { name: "Mom" }, messages: messages.map((text, i) => ({ sender: i % 2 === 0 ? "them" : "me", text })) });
  const plan = planConversation(inputs, inputs.messages.map(() => 1.5));
  const card = chatScreenSvg(chatScreenOf(inputs, { avatar: null, images: {} }), plan.states.at(-1)!.rows);
  const frame = await sharp(backgroundFrame)
    .composite([{ input: Buffer.from(card.svg), left: Math.round((1080 - card.width) / 2), top: CARD_TOP }])
    .png()
    .toBuffer();
  return sharp(frame).resize(TILE_W, TILE_H).png().toBuffer();
}

const columns = Math.ceil(LANGUAGE_SAMPLES.length / 2);
const pairW = 2 * TILE_W + GAP;
const width = columns * (pairW + 3 * GAP) + 3 * GAP;
const rowH = LABEL_H + TILE_H + 2 * GAP;
const height = 2 * rowH;
const tiles: { input: Buffer; left: number; top: number }[] = [];
const labels: string[] = [];
for (const [i, s] of LANGUAGE_SAMPLES.entries()) {
  const left = 3 * GAP + (i % columns) * (pairW + 3 * GAP);
  const top = Math.floor(i / columns) * rowH;
  labels.push(`<text x="${left}" y="${top + LABEL_H - 12}" font-family="Inter, sans-serif" font-size="22" font-weight="600" fill="#ffffff">${s.language} · ${s.script}</text>`);
  tiles.push({ input: await captionFrame(i, s.title, s.text), left, top: top + LABEL_H });
  tiles.push({ input: await chatFrame(s.chat), left: left + TILE_W + GAP, top: top + LABEL_H });
}
const sheet = await sharp({ create: { width, height, channels: 3, background: "#111111" } })
  .composite([...tiles, { input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${labels.join("")}</svg>`), left: 0, top: 0 }])
  .png()
  .toBuffer();
await sharp(sheet).png({ palette: true, compressionLevel: 9 }).toFile(join(import.meta.dir, "..", "docs", "languages.png"));
rmSync(work, { recursive: true, force: true });
console.error(`docs/languages.png written (${LANGUAGE_SAMPLES.length} scripts)`);
