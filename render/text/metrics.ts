import { existsSync, readFileSync } from "node:fs";
import { fontFile } from "../fonts.ts";

/**
 * How wide text is drawn, from the advance widths in the font files librsvg draws cards with (`hmtx`
 * through `cmap`; no kerning, which moves a line by a pixel or two). Pure reads of installed files, each
 * parsed once; a family or character that is not here is left to the caller's estimate.
 */

interface Font {
  unitsPerEm: number;
  glyphOf: Map<number, number>;
  advances: number[];
}

const SYSTEM = "/usr/share/fonts";
/** Files by family and CSS weight, as fontconfig and Pango pick them for the cards' font lists. */
const FAMILIES: Record<string, Record<number, () => string>> = {
  inter: Object.fromEntries(
    ([[400, "Regular"], [500, "Medium"], [600, "SemiBold"], [700, "Bold"], [800, "ExtraBold"], [900, "Black"]] as const).map(([w, n]) => [w, () => `${SYSTEM}/opentype/inter/Inter-${n}.otf`]),
  ),
  roboto: Object.fromEntries(
    ([[400, "Regular"], [500, "Medium"], [700, "Bold"], [900, "Black"]] as const).map(([w, n]) => [w, () => `${SYSTEM}/truetype/roboto/unhinted/RobotoTTF/Roboto-${n}.ttf`]),
  ),
  "dejavu sans": { 400: () => `${SYSTEM}/truetype/dejavu/DejaVuSans.ttf`, 700: () => `${SYSTEM}/truetype/dejavu/DejaVuSans-Bold.ttf` },
  anton: { 400: () => fontFile("anton", "400Regular/Anton_400Regular.ttf") },
  bangers: { 400: () => fontFile("bangers", "400Regular/Bangers_400Regular.ttf") },
  "bebas neue": { 400: () => fontFile("bebas-neue", "400Regular/BebasNeue_400Regular.ttf") },
  poppins: {
    400: () => fontFile("poppins", "400Regular/Poppins_400Regular.ttf"),
    600: () => fontFile("poppins", "600SemiBold/Poppins_600SemiBold.ttf"),
    700: () => fontFile("poppins", "700Bold/Poppins_700Bold.ttf"),
    800: () => fontFile("poppins", "800ExtraBold/Poppins_800ExtraBold.ttf"),
  },
};

/** The weight CSS font matching picks among those a family has: above 500, the nearest heavier first. */
function nearestWeight(weights: number[], wanted: number): number {
  const heavier = weights.filter((w) => w >= wanted).sort((a, b) => a - b);
  const lighter = weights.filter((w) => w < wanted).sort((a, b) => b - a);
  if (wanted > 500) return heavier[0] ?? lighter[0]!;
  return weights.includes(wanted) ? wanted : (lighter[0] ?? heavier[0]!);
}

function parseFont(data: Buffer): Font {
  const tables = new Map<string, number>();
  for (let i = 0; i < data.readUInt16BE(4); i++) tables.set(data.toString("latin1", 12 + 16 * i, 16 + 16 * i), data.readUInt32BE(20 + 16 * i));
  const at = (tag: string) => {
    const offset = tables.get(tag);
    if (offset === undefined) throw new Error(`no ${tag} table`);
    return offset;
  };
  const unitsPerEm = data.readUInt16BE(at("head") + 18);
  const metrics = data.readUInt16BE(at("hhea") + 34);
  const advances = Array.from({ length: metrics }, (_, i) => data.readUInt16BE(at("hmtx") + 4 * i));
  const glyphOf = new Map<number, number>();
  const cmap = at("cmap");
  const subtables = Array.from({ length: data.readUInt16BE(cmap + 2) }, (_, i) => ({
    platform: data.readUInt16BE(cmap + 4 + 8 * i),
    encoding: data.readUInt16BE(cmap + 6 + 8 * i),
    offset: cmap + data.readUInt32BE(cmap + 8 + 8 * i),
  }));
  const full = subtables.find((t) => t.platform === 3 && t.encoding === 10 && data.readUInt16BE(t.offset) === 12);
  const bmp = subtables.find((t) => (t.platform === 3 && t.encoding === 1) || t.platform === 0);
  if (full) {
    const groups = data.readUInt32BE(full.offset + 12);
    for (let g = 0; g < groups; g++) {
      const base = full.offset + 16 + 12 * g;
      const [start, end, glyph] = [data.readUInt32BE(base), data.readUInt32BE(base + 4), data.readUInt32BE(base + 8)];
      for (let c = start; c <= end && c - start < 0x10000; c++) glyphOf.set(c, glyph + c - start);
    }
  } else if (bmp && data.readUInt16BE(bmp.offset) === 4) {
    const o = bmp.offset;
    const segments = data.readUInt16BE(o + 6) / 2;
    const ends = o + 14;
    const starts = ends + 2 * segments + 2;
    const deltas = starts + 2 * segments;
    const ranges = deltas + 2 * segments;
    for (let s = 0; s < segments; s++) {
      const [end, start, delta, range] = [data.readUInt16BE(ends + 2 * s), data.readUInt16BE(starts + 2 * s), data.readInt16BE(deltas + 2 * s), data.readUInt16BE(ranges + 2 * s)];
      for (let c = start; c <= end && c !== 0xffff; c++) {
        let glyph: number;
        if (range === 0) glyph = (c + delta) & 0xffff;
        else {
          const g = data.readUInt16BE(ranges + 2 * s + range + 2 * (c - start));
          glyph = g === 0 ? 0 : (g + delta) & 0xffff;
        }
        if (glyph !== 0) glyphOf.set(c, glyph);
      }
    }
  }
  return { unitsPerEm, glyphOf, advances };
}

const fonts = new Map<string, Font | null>();

function fontFor(family: string, weight: number): Font | null {
  const faces = FAMILIES[family.trim().replace(/^['"]|['"]$/g, "").toLowerCase()];
  if (!faces) return null;
  const path = faces[nearestWeight(Object.keys(faces).map(Number), weight)]!();
  if (!fonts.has(path)) {
    try {
      fonts.set(path, existsSync(path) ? parseFont(readFileSync(path)) : null);
    } catch {
      fonts.set(path, null);
    }
  }
  return fonts.get(path)!;
}

/**
 * The advance of each character of `text` at `size` px in the first family of a CSS font list that this
 * module knows (undefined where the font lacks the character: a fallback font draws it), or undefined
 * when it knows none of the families.
 */
export function advances(text: string, fontFamily: string, weight: number, size: number): (number | undefined)[] | undefined {
  const font = fontFamily
    .split(",")
    .map((f) => fontFor(f, weight))
    .find((f) => f !== null);
  if (!font) return undefined;
  const last = font.advances.length - 1;
  return [...text].map((c) => {
    const glyph = font.glyphOf.get(c.codePointAt(0)!);
    return glyph === undefined ? undefined : ((font.advances[Math.min(glyph, last)] ?? 0) * size) / font.unitsPerEm;
  });
}
