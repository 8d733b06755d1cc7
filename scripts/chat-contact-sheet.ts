/**
 * Draws one chat frame per platform and theme, exactly as videos draw them (the same planner, SVG and
 * place on the frame), over a frame of a generated background, with the platforms' safe area dashed
 * (render/safe-area.ts), into docs/chat-platforms.png; the third row shows a reply popping in and the
 * typing dots, two frames of each strip, and the last the hook card the video opens on and the end card
 * it closes on. The last reply carries an emoji, drawn in colour as in videos.
 * Run: bun scripts/chat-contact-sheet.ts (after scripts/setup.sh generated the media).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp, { type OverlayOptions } from "sharp";
import { runFfmpeg } from "../render/ffmpeg.ts";
import { SAFE_AREA, safeCardX } from "../render/safe-area.ts";
import { generatedMediaDir } from "../render/media/generated-dir.ts";
import { loadConfig } from "../src/kernel/config.ts";
import { newestRowStrip } from "../src/templates/fake-text-message/chat-motion.ts";
import { chatScreenSvg } from "../src/templates/fake-text-message/chat-screen.ts";
import { chatStyle } from "../src/templates/fake-text-message/chat-styles.ts";
import { planConversation } from "../src/templates/fake-text-message/conversation.ts";
import { endCardSvg, hookCardSvg } from "../src/templates/fake-text-message/overlay-cards.ts";
import { fakeTextMessage } from "../src/templates/fake-text-message/index.ts";
import { cardTopOf, chatScreenOf } from "../src/templates/fake-text-message/production.ts";
import { withDefaults } from "../src/templates/validate.ts";

const work = mkdtempSync(join(tmpdir(), "chat-sheet-"));
const backgroundFrame = join(work, "background.png");
await runFfmpeg(["-ss", "2", "-i", join(generatedMediaDir(loadConfig().mediaCacheDir), "backgrounds", "minecraft", "plains-run.mp4"), "-frames:v", "1", "-vf", "scale=1080:1920:flags=bilinear", backgroundFrame]).catch(() =>
  runFfmpeg(["-f", "lavfi", "-i", "color=c=0x335533:s=1080x1920", "-frames:v", "1", backgroundFrame]),
);

const inputs = withDefaults(fakeTextMessage, fakeTextMessage.examples.full);
inputs.messages.push({ sender: "me", text: "ok now I'm scared 😱 coming over", receipt: "Delivered" });
const plan = planConversation(inputs, inputs.messages.map(() => 1.5));
const top = cardTopOf(inputs);
const rows = plan.states.at(-1)!.rows;
const safeArea = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="1080" height="1920"><rect x="${SAFE_AREA.left}" y="${SAFE_AREA.top}" width="${SAFE_AREA.right - SAFE_AREA.left}" height="${SAFE_AREA.bottom - SAFE_AREA.top}" fill="none" stroke="#ffdd00" stroke-width="4" stroke-dasharray="18 12"/></svg>`,
);
const tiles: Buffer[] = [];
const labels: string[] = [];
const tile = async (layers: OverlayOptions[]) => {
  const frame = await sharp(backgroundFrame).composite([...layers, { input: safeArea, left: 0, top: 0 }]).png().toBuffer();
  return sharp(frame).resize(360, 640).png().toBuffer();
};
for (const platform of ["imessage", "whatsapp", "instagram", "tinder"] as const) {
  for (const theme of ["dark", "light"] as const) {
    const screen = { ...chatScreenOf({ ...inputs, platform, theme, layout: { ...inputs.layout, cardWidthPct: 80 } }, { avatar: null, images: {} }), ...chatStyle(platform, theme) };
    const card = chatScreenSvg(screen, rows);
    tiles.push(await tile([{ input: Buffer.from(card.svg), left: screen.x, top }]));
    labels.push(`${platform} ${theme}`);
  }
}
// A reply popping in (frames 1 and 4 of its strip) and the typing dots (two frames of their cycle).
const screen = chatScreenOf({ ...inputs, platform: "imessage", theme: "dark", layout: { ...inputs.layout, cardWidthPct: 80 } }, { avatar: null, images: {} });
const moments: [string, number][] = [["pop", 0], ["pop", 3], ["typing", 0], ["typing", 4]];
for (const [kind, k] of moments) {
  const state = kind === "pop" ? plan.states.at(-1)! : plan.states.find((s) => s.rows.at(-1)?.kind === "typing")!;
  const card = chatScreenSvg(screen, state.rows);
  const strip = newestRowStrip(card.newest!);
  const frame = await sharp(Buffer.from(strip.svg)).extract({ left: 0, top: k * strip.height, width: strip.width, height: strip.height }).png().toBuffer();
  tiles.push(await tile([{ input: Buffer.from(card.svg), left: screen.x, top }, { input: frame, left: screen.x + strip.x, top: top + strip.y }]));
  labels.push(kind === "pop" ? `reply pops in, frame ${k + 1}` : `typing dots, frame ${k + 1}`);
}
// The hook card the video opens on and the end card it closes on, each over the footage alone (the chat
// comes after the hook and is gone under the end card), placed as chatTimeline places them.
for (const [card, y, name] of [
  [hookCardSvg(inputs.hookText!.text), -120, "hook card"],
  [endCardSvg(inputs.endCard!.line1, inputs.endCard!.line2), 0, "end card, to the last frame"],
] as const) {
  tiles.push(await tile([{ input: Buffer.from(card.svg), left: safeCardX(card.width), top: Math.round((1920 - card.height) / 2 + y) }]));
  labels.push(name);
}
const label = (text: string, x: number, y: number) =>
  `<text x="${x + 180}" y="${y + 672}" font-family="Inter, sans-serif" font-size="24" font-weight="600" fill="#ffffff" text-anchor="middle">${text}</text>`;
const columns = 4;
const width = columns * 360;
const height = Math.ceil(tiles.length / columns) * 690;
const svgLabels = labels.map((l, i) => label(l, (i % columns) * 360, Math.floor(i / columns) * 690)).join("");
const sheet = await sharp({ create: { width, height, channels: 3, background: "#111111" } })
  .composite([
    ...tiles.map((input, i) => ({ input, left: (i % columns) * 360, top: Math.floor(i / columns) * 690 })),
    { input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${svgLabels}</svg>`), left: 0, top: 0 },
  ])
  .png()
  .toBuffer();
await sharp(sheet).png({ palette: true, compressionLevel: 9 }).toFile(join(import.meta.dir, "..", "docs", "chat-platforms.png"));
rmSync(work, { recursive: true, force: true });
console.error("docs/chat-platforms.png written");
