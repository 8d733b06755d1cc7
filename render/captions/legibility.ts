import { ffmpegBytes } from "../ffmpeg.ts";
import { fontsDir } from "../fonts.ts";
import { escapeFilterPath } from "../plan/filter-path.ts";
import { VIDEO_HEIGHT, VIDEO_WIDTH } from "../timeline.ts";
import { CAPTION_Y, assColor, buildAss } from "./ass.ts";
import { CAPTION_PRESET_IDS, CAPTION_STYLES, type CaptionPresetId, type CaptionStyle } from "./presets.ts";

/**
 * Is the spoken word readable over busy footage? WCAG contrast (1:1 to 21:1) of the highlighted word's fill
 * against what surrounds its glyphs: the outline, shadow or box where the preset draws one, the footage where
 * it does not. Footage can be any colour, so only a backdrop the preset draws itself can be relied on.
 */

/** WCAG's floor for large text, and the spoken word is always large. */
export const MIN_CONTRAST = 3;
/**
 * Pixels (at 1080x1920) around a glyph that make its backdrop: about half the thinnest stem of any preset,
 * so a hairline outline does not count as a backdrop while the footage shows through right beside it.
 */
export const BACKDROP_RING = 6;

type Rgb = readonly [number, number, number];

export function hexRgb(hex: string): Rgb {
  const h = hex.replace("#", "");
  return [Number.parseInt(h.slice(0, 2), 16), Number.parseInt(h.slice(2, 4), 16), Number.parseInt(h.slice(4, 6), 16)];
}

function channel(c: number): number {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

/** WCAG 2 relative luminance of an sRGB colour. */
export function luminance([r, g, b]: Rgb): number {
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrastFromLuminance(a: number, b: number): number {
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

export function contrastRatio(a: string | Rgb, b: string | Rgb): number {
  const [x, y] = [typeof a === "string" ? hexRgb(a) : a, typeof b === "string" ? hexRgb(b) : b];
  return contrastFromLuminance(luminance(x), luminance(y));
}

/**
 * The part of an outline that stays nearly opaque: `\blur` (the glow) fades it from its outer edge inwards
 * by about half its strength (measured: outline 8 under blur 4 still backs the word, outline 5 under blur 8
 * lets the footage through), so a glow wider than the outline leaves the footage right at the glyph.
 */
export function solidOutline(style: CaptionStyle): number {
  return Math.max(0, style.outline - style.glow / 2);
}

export interface HighlightBackdrop {
  /** Fill colour of the spoken word. */
  fill: string;
  /** The colour drawn right around its glyphs, or null where that is the footage. */
  backdrop: string | null;
  /** Fill against backdrop; 1 (unknown, any footage colour) where the backdrop is the footage. */
  contrast: number;
}

/** The spoken word's colours as the preset defines them (see activeTags in ass.ts). */
export function highlightBackdrop(style: CaptionStyle): HighlightBackdrop {
  const { mode, color } = style.highlight;
  const fill = mode === "color" ? color : style.text;
  // A box is the outline grown to 16 px in the highlight colour (ass.ts), so it is always wide enough.
  const backdrop = mode === "box" ? color : solidOutline(style) >= BACKDROP_RING ? style.outlineColor : null;
  return { fill, backdrop, contrast: backdrop ? contrastRatio(fill, backdrop) : 1 };
}

/**
 * What anti-aliasing leaves of the colours' contrast: glyph edges blend fill into backdrop, and over the
 * 3D footage the measured contrast (below) came out at 0.75 to 0.92 of the colours' for every preset.
 */
export const EDGE_LOSS = 0.75;

/** Presets whose spoken word, by their colours, would not keep MIN_CONTRAST once drawn. */
export function illegiblePresets(styles: Record<CaptionPresetId, CaptionStyle> = CAPTION_STYLES): CaptionPresetId[] {
  return CAPTION_PRESET_IDS.filter((id) => highlightBackdrop(styles[id]).contrast * EDGE_LOSS < MIN_CONTRAST);
}

// ---- Measured on rendered frames ----

/** The spoken word of the measurement line ("bowl"), as buildAss highlights it. */
const PROBE_WORDS = "she said a bowl is".split(" ");
const PROBE_INDEX = 3;

/**
 * One caption line with PROBE_WORDS[PROBE_INDEX] spoken, shown from 0 s on for hours at the three caption
 * positions at once; `probeFill` recolours only the spoken word's fill, which is how its glyphs are found.
 */
export function probeAss(preset: CaptionPresetId, probeFill?: string): string {
  const words = PROBE_WORDS.map((text, i) => ({ text, start: i * 0.4, end: i * 0.4 + 0.38 }));
  const ass = buildAss({ words, preset, position: "middle" }).split("\n");
  const events = ass.filter((line) => line.startsWith("Dialogue:"));
  const spoken = events[PROBE_INDEX];
  if (!spoken || events.length !== PROBE_WORDS.length) throw new Error(`${preset}: expected one caption line of ${PROBE_WORDS.length} events`);
  // Dialogue: layer,start,end,... -> from 0 s on; the measured frames come at 1 s and later, after every entrance.
  let line = spoken.replace(/^Dialogue: (\d+),[^,]*,[^,]*,/, "Dialogue: $1,0:00:00.00,9:00:00.00,");
  if (probeFill) {
    const before = line;
    line = line.replace(/\{([^{}]*)\}([^{}]*)\{\\r\}/, (_m, tags: string, word: string) => `{${tags}\\1c${assColor(probeFill)}\\1a&H00&}${word}{\\r}`);
    if (line === before) throw new Error(`${preset}: spoken word not found in ${before}`);
  }
  const placed = Object.values(CAPTION_Y).map((y) => line.replace(/\\pos\((\d+),\d+\)/, `\\pos($1,${y})`));
  return [...ass.filter((l) => !l.startsWith("Dialogue:")), ...placed].join("\n");
}

/** Half the height of the rows measured around each caption line: the tallest line, popped, and its ring fit. */
const LINE_HALF = 170;
/** Rows of the frame that hold the three caption lines: the only ones read back. */
const ROWS = { from: CAPTION_Y.top - LINE_HALF, to: CAPTION_Y.bottom + LINE_HALF } as const;

/** The footage frames (any size, scaled to 1080x1920 as the renderer does) with the probe ASS drawn on each, as RGB rows ROWS. */
async function drawOver(frames: readonly string[], assPath: string): Promise<Uint8Array> {
  const inputs = frames.flatMap((f) => ["-i", f]);
  const scaled = frames.map((_, i) => `[${i}:v]scale=${VIDEO_WIDTH}:${VIDEO_HEIGHT}:flags=lanczos,format=rgb24,setsar=1[f${i}]`);
  const joined = `${frames.map((_, i) => `[f${i}]`).join("")}concat=n=${frames.length}:v=1:a=0,settb=1,setpts=N+1`;
  const draw = `subtitles=filename='${escapeFilterPath(assPath)}':fontsdir='${escapeFilterPath(fontsDir())}',crop=${VIDEO_WIDTH}:${ROWS.to - ROWS.from}:0:${ROWS.from},format=rgb24`;
  return ffmpegBytes([...inputs, "-filter_complex", `${scaled.join(";")};${joined},${draw}`, "-fps_mode", "passthrough", "-frames:v", String(frames.length), "-f", "rawvideo", "pipe:1"]);
}

export interface FrameContrast {
  frame: string;
  /** The contrast at each caption position; `contrast` is the lowest. */
  positions: Record<keyof typeof CAPTION_Y, number>;
  /** Median colour of the spoken word's fill as drawn. */
  fill: Rgb;
  /** Pixels of the backdrop ring measured. */
  ringPixels: number;
  /** The 2nd percentile of fill-against-ring contrast: the worst of the backdrop, short of stray anti-aliased pixels. */
  contrast: number;
}

/**
 * Per-pixel contrast of the spoken word against its surround in one drawn frame. `drawn` is the frame as the
 * preset draws it, `probed` the same with only the word's fill recoloured: pixels that differ are the glyphs,
 * and the pixels within BACKDROP_RING of them that do not differ are what the eye reads them against.
 */
export function measureFrame(drawn: Uint8Array, probed: Uint8Array, width: number, height: number): Omit<FrameContrast, "frame" | "positions"> {
  const n = width * height;
  const touched = new Uint8Array(n);
  let maxDiff = 0;
  const diff = new Uint16Array(n);
  for (let p = 0; p < n; p++) {
    const o = p * 3;
    const d = Math.abs(drawn[o]! - probed[o]!) + Math.abs(drawn[o + 1]! - probed[o + 1]!) + Math.abs(drawn[o + 2]! - probed[o + 2]!);
    diff[p] = d;
    if (d > maxDiff) maxDiff = d;
  }
  if (maxDiff < 60) throw new Error("the spoken word was not found: recolouring its fill changed nothing");
  const core: number[] = [];
  for (let p = 0; p < n; p++) {
    // A pixel at least a quarter covered by the fill: the glyph's edge to within a quarter pixel.
    if (diff[p]! > maxDiff * 0.25) touched[p] = 1;
    if (diff[p]! >= maxDiff * 0.9) core.push(p);
  }
  const median = (c: number) => {
    const values = core.map((p) => drawn[p * 3 + c]!).sort((a, b) => a - b);
    return values[Math.floor(values.length / 2)]!;
  };
  const fill: Rgb = [median(0), median(1), median(2)];
  const fillLum = luminance(fill);
  // The ring: pixels closer than BACKDROP_RING to a glyph, by a disc stamped on every edge pixel of the glyphs.
  const near = new Uint8Array(n);
  const r = BACKDROP_RING;
  const disc: Array<readonly [number, number]> = [];
  for (let dy = -r; dy <= r; dy++) for (let dx = -r; dx <= r; dx++) if (dx * dx + dy * dy < r * r) disc.push([dx, dy]);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      if (!touched[p]) continue;
      const edge = (x > 0 && !touched[p - 1]) || (x < width - 1 && !touched[p + 1]) || (y > 0 && !touched[p - width]) || (y < height - 1 && !touched[p + width]);
      if (!edge) continue;
      for (const [dx, dy] of disc) {
        const [nx, ny] = [x + dx, y + dy];
        if (nx >= 0 && nx < width && ny >= 0 && ny < height) near[ny * width + nx] = 1;
      }
    }
  }
  const contrasts: number[] = [];
  for (let p = 0; p < n; p++) {
    if (!near[p] || touched[p]) continue;
    const o = p * 3;
    contrasts.push(contrastFromLuminance(fillLum, luminance([drawn[o]!, drawn[o + 1]!, drawn[o + 2]!])));
  }
  contrasts.sort((a, b) => a - b);
  return { fill, ringPixels: contrasts.length, contrast: contrasts[Math.floor(contrasts.length * 0.02)] ?? 1 };
}

/** A colour far from the fill in every channel, so the glyphs stand out in the difference. */
function farFrom(hex: string): string {
  return `#${hexRgb(hex).map((c) => (c < 128 ? 255 : 0).toString(16).padStart(2, "0")).join("")}`;
}

/** Draws the preset's spoken word at the three caption positions over each footage frame and measures it. */
export async function measurePreset(preset: CaptionPresetId, frames: readonly string[], workDir: string): Promise<FrameContrast[]> {
  const { fill } = highlightBackdrop(CAPTION_STYLES[preset]);
  const [drawnAss, probedAss] = [`${workDir}/${preset}.ass`, `${workDir}/${preset}.probe.ass`];
  await Bun.write(drawnAss, probeAss(preset));
  await Bun.write(probedAss, probeAss(preset, farFrom(fill)));
  const [drawn, probed] = await Promise.all([drawOver(frames, drawnAss), drawOver(frames, probedAss)]);
  const [width, height] = [VIDEO_WIDTH, ROWS.to - ROWS.from];
  const size = width * height * 3;
  if (drawn.length !== size * frames.length || probed.length !== drawn.length) throw new Error(`${preset}: expected ${frames.length} frames of ${width}x${height}, got ${drawn.length} bytes`);
  const rowBytes = width * 3;
  return frames.map((frame, i) => {
    const measured = Object.entries(CAPTION_Y).map(([position, y]) => {
      const from = i * size + (y - LINE_HALF - ROWS.from) * rowBytes;
      const to = from + 2 * LINE_HALF * rowBytes;
      return [position, measureFrame(drawn.subarray(from, to), probed.subarray(from, to), width, 2 * LINE_HALF)] as const;
    });
    const worst = measured.reduce((a, b) => (b[1].contrast < a[1].contrast ? b : a))[1];
    const positions = Object.fromEntries(measured.map(([position, m]) => [position, m.contrast])) as FrameContrast["positions"];
    return { frame, positions, ...worst };
  });
}
