/**
 * A contact sheet of every built-in background loop (three frames each, 6 s apart) into
 * docs/backgrounds.png, and a short small preview per category (a few seconds of each of its loops) into
 * docs/backgrounds/<slug>.mp4. Run after the loops exist: bun scripts/generate-media.ts.
 */
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { ffmpegBytes, ffmpegToFile } from "../render/ffmpeg.ts";
import { FOOTAGE_RECIPES } from "../render/footage/recipes.ts";
import { generatedMediaDir } from "../render/media/generated-dir.ts";
import { loadConfig } from "../src/kernel/config.ts";

const root = generatedMediaDir(loadConfig().mediaCacheDir);
const docs = join(import.meta.dir, "..", "docs");
const TIMES = [2, 8, 14];
const TILE_W = 160;
const TILE_H = 284;
const LABEL_H = 34;
const GAP = 6;

const clipOf = (slug: string, name: string) => join(root, "backgrounds", slug, `${name}.mp4`);
const missing = FOOTAGE_RECIPES.filter((r) => !existsSync(clipOf(r.slug, r.name)));
// --allow-missing draws what exists (while scenes are being written); the committed sheet has every loop.
const allowMissing = process.argv.includes("--allow-missing");
if (missing.length > 0 && !allowMissing) throw new Error(`missing loops (run bun scripts/generate-media.ts): ${missing.map((r) => `${r.slug}/${r.name}`).join(", ")}`);

// A category per row, its loops side by side.
const slugs = [...new Set(FOOTAGE_RECIPES.map((r) => r.slug))];
const perRow = Math.max(...slugs.map((slug) => FOOTAGE_RECIPES.filter((r) => r.slug === slug).length));
const loopWidth = TIMES.length * TILE_W + (TIMES.length - 1) * GAP;
const width = perRow * loopWidth + (perRow + 1) * GAP * 3;
const rowHeight = LABEL_H + TILE_H + GAP * 2;
const height = slugs.length * rowHeight;
const tiles: { input: Buffer; left: number; top: number }[] = [];
const labels: string[] = [];
for (const [row, slug] of slugs.entries()) {
  const loops = FOOTAGE_RECIPES.filter((r) => r.slug === slug);
  for (const [column, recipe] of loops.entries()) {
    const left = GAP * 3 + column * (loopWidth + GAP * 3);
    const top = row * rowHeight;
    labels.push(`<text x="${left}" y="${top + LABEL_H - 10}" font-family="Inter, sans-serif" font-size="20" font-weight="600" fill="#ffffff">${slug} / ${recipe.name}</text>`);
    if (!existsSync(clipOf(slug, recipe.name))) continue;
    for (const [i, at] of TIMES.entries()) {
      const png = await ffmpegBytes(["-ss", String(at), "-i", clipOf(slug, recipe.name), "-frames:v", "1", "-vf", `scale=${TILE_W}:${TILE_H}:flags=area`, "-f", "image2pipe", "-c:v", "png", "-"]);
      tiles.push({ input: Buffer.from(png), left: left + i * (TILE_W + GAP), top: top + LABEL_H });
    }
  }
}
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${labels.join("")}</svg>`;
const sheet = await sharp({ create: { width, height, channels: 3, background: "#111111" } })
  .composite([...tiles, { input: Buffer.from(svg), left: 0, top: 0 }])
  .png()
  .toBuffer();
await sharp(sheet).png({ palette: true, compressionLevel: 9, quality: 90 }).toFile(join(docs, "backgrounds.png"));
console.error(`docs/backgrounds.png written (${FOOTAGE_RECIPES.length - missing.length} of ${FOOTAGE_RECIPES.length} loops)`);

// Previews: 3 s of each loop of the category at 270x480, small enough to keep in the repository.
mkdirSync(join(docs, "backgrounds"), { recursive: true });
for (const slug of slugs) {
  const loops = FOOTAGE_RECIPES.filter((r) => r.slug === slug && existsSync(clipOf(r.slug, r.name)));
  if (loops.length === 0) continue;
  const inputs = loops.flatMap((r) => ["-ss", "4", "-t", "3", "-i", clipOf(slug, r.name)]);
  const chain = loops.map((_, i) => `[${i}:v]scale=270:480:flags=area,setsar=1,fps=30[v${i}]`).join(";");
  const graph = `${chain};${loops.map((_, i) => `[v${i}]`).join("")}concat=n=${loops.length}:v=1:a=0[out]`;
  const out = join(docs, "backgrounds", `${slug}.mp4`);
  await ffmpegToFile(out, (path) => [...inputs, "-filter_complex", graph, "-map", "[out]", "-c:v", "libx264", "-preset", "slow", "-crf", "30", "-pix_fmt", "yuv420p", "-an", "-movflags", "+faststart", path]);
  console.error(`docs/backgrounds/${slug}.mp4 written`);
}
