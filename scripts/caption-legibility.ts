/**
 * Measures every caption preset's spoken word over footage frames and prints the lowest contrast per preset
 * and per category (render/captions/legibility.ts says how). Frames: PNG or JPEG files named
 * <slug>-<loop>-<frame>.png as `bun scripts/footage-frames.ts <slug> <loop> --out DIR` writes them.
 * Run: bun scripts/caption-legibility.ts DIR [preset...]   (exits 1 if a preset falls under 3:1)
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { MIN_CONTRAST, highlightBackdrop, measurePreset } from "../render/captions/legibility.ts";
import { CAPTION_PRESET_IDS, CAPTION_STYLES, type CaptionPresetId } from "../render/captions/presets.ts";
import { BACKGROUND_CATEGORIES, categorySlug } from "../render/media/background-categories.ts";

const [dirArg, ...presetArgs] = Bun.argv.slice(2);
if (!dirArg) {
  console.error("usage: bun scripts/caption-legibility.ts FRAMES_DIR [preset...]");
  process.exit(2);
}
const dir = resolve(dirArg);
const frames = readdirSync(dir).filter((f) => /\.(png|jpe?g)$/.test(f)).sort().map((f) => join(dir, f));
if (frames.length === 0) throw new Error(`no frames in ${dir}`);
const presets = (presetArgs.length > 0 ? presetArgs : CAPTION_PRESET_IDS) as CaptionPresetId[];
const unknown = presets.filter((p) => !CAPTION_PRESET_IDS.includes(p));
if (unknown.length > 0) throw new Error(`unknown presets: ${unknown.join(", ")}`);

const slugs = BACKGROUND_CATEGORIES.map(categorySlug);
const slugOf = (frame: string) => slugs.find((s) => frame.split("/").pop()!.startsWith(`${s}-`)) ?? "other";
const covered = slugs.filter((s) => frames.some((f) => slugOf(f) === s));
console.log(`${frames.length} frames; categories: ${covered.join(", ")}${covered.length < slugs.length ? ` (missing: ${slugs.filter((s) => !covered.includes(s)).join(", ")})` : ""}`);
console.log(["preset".padEnd(13), "colours", "measured", "worst frame".padEnd(36), ...covered.map((s) => s.slice(0, 10).padStart(10))].join(" "));

const work = mkdtempSync(join(tmpdir(), "legibility-"));
let failed = 0;
try {
  for (const preset of presets) {
    const measured = await measurePreset(preset, frames, work);
    const worst = measured.reduce((a, b) => (b.contrast < a.contrast ? b : a));
    const perCategory = covered.map((s) => Math.min(...measured.filter((m) => slugOf(m.frame) === s).map((m) => m.contrast)));
    if (worst.contrast < MIN_CONTRAST) failed++;
    const where = `${worst.frame.split("/").pop()} ${Object.entries(worst.positions).find(([, c]) => c === worst.contrast)?.[0] ?? ""}`;
    console.log([preset.padEnd(13), highlightBackdrop(CAPTION_STYLES[preset]).contrast.toFixed(2).padStart(7), worst.contrast.toFixed(2).padStart(8), where.padEnd(36), ...perCategory.map((c) => c.toFixed(2).padStart(10))].join(" "));
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
if (failed > 0) {
  console.error(`${failed} preset(s) under ${MIN_CONTRAST}:1`);
  process.exit(1);
}
