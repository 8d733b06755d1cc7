/** The 17 caption presets of the spec, in the spec's order; the API offers exactly the ones drawn here. */
export const CAPTION_PRESETS = [
  { id: "hormozi", name: "Hormozi" },
  { id: "beast", name: "Beast" },
  { id: "ali", name: "Ali" },
  { id: "iman", name: "Iman" },
  { id: "devin", name: "Devin" },
  { id: "matt", name: "Matt" },
  { id: "kendrick", name: "Kendrick" },
  { id: "laura", name: "Laura" },
  { id: "doug", name: "Doug" },
  { id: "carlos", name: "Carlos" },
  { id: "nick", name: "Nick" },
  { id: "fire", name: "Fire" },
  { id: "neon", name: "Neon" },
  { id: "william", name: "William" },
  { id: "leon", name: "Leon" },
  { id: "luke", name: "Luke" },
  { id: "classicWhite", name: "Classic White" },
] as const;

export type CaptionPresetId = (typeof CAPTION_PRESETS)[number]["id"];
export const CAPTION_PRESET_IDS = CAPTION_PRESETS.map((p) => p.id) as CaptionPresetId[];

/**
 * The look of each caption preset. Fonts are OFL/Apache fonts shipped by npm packages (render/fonts.ts);
 * colours are #rrggbb.
 */
export interface CaptionStyle {
  font: string;
  /** Pixels at 1080x1920. */
  size: number;
  bold: boolean;
  case: "upper" | "lower" | "as-is";
  text: string;
  /** How the spoken word stands out: its colour, a coloured box behind it, or only a size change. */
  highlight: { mode: "color" | "box" | "scale" | "opacity"; color: string };
  outline: number;
  outlineColor: string;
  shadow: number;
  shadowColor: string;
  /** Soft glow (\blur on the outline). */
  glow: number;
  /** Longest caption line, in words. */
  wordsPerLine: number;
  /** Average glyph width as a fraction of the size: condensed faces fit more letters on a line. */
  glyphWidth: number;
  animation: "pop" | "bounce" | "none";
}

const base: Omit<CaptionStyle, "font" | "text" | "highlight"> = {
  size: 126,
  bold: false,
  case: "upper",
  outline: 7,
  outlineColor: "#000000",
  shadow: 0,
  shadowColor: "#000000",
  glow: 0,
  wordsPerLine: 3,
  glyphWidth: 0.62,
  animation: "pop",
};

const CONDENSED = 0.44;
const WIDE = 0.72;

export const CAPTION_STYLES: Record<CaptionPresetId, CaptionStyle> = {
  hormozi: { ...base, font: "Montserrat Black", size: 138, text: "#ffffff", highlight: { mode: "color", color: "#ffe600" }, outline: 9 },
  beast: { ...base, font: "Luckiest Guy", glyphWidth: WIDE, size: 156, text: "#ffffff", highlight: { mode: "color", color: "#ff2e2e" }, outline: 10, shadow: 6, wordsPerLine: 2, animation: "bounce" },
  ali: { ...base, font: "Poppins SemiBold", size: 108, case: "as-is", text: "#ffffff", highlight: { mode: "box", color: "#7c3aed" }, outline: 0, shadow: 3, wordsPerLine: 4, animation: "none" },
  iman: { ...base, font: "Montserrat ExtraBold", size: 128, text: "#ffffff", highlight: { mode: "color", color: "#22c55e" }, outline: 7 },
  devin: { ...base, font: "Oswald", glyphWidth: CONDENSED, bold: true, size: 144, text: "#ffffff", highlight: { mode: "color", color: "#00e5ff" }, outline: 6, animation: "none" },
  matt: { ...base, font: "Bebas Neue", glyphWidth: CONDENSED, size: 180, text: "#ffd400", highlight: { mode: "color", color: "#ffffff" }, outline: 7, wordsPerLine: 2, animation: "bounce" },
  kendrick: { ...base, font: "Permanent Marker", size: 132, case: "as-is", text: "#ffffff", highlight: { mode: "color", color: "#ff8a00" }, outline: 6, shadow: 4 },
  laura: { ...base, font: "Poppins", bold: true, size: 112, case: "as-is", text: "#ffffff", highlight: { mode: "box", color: "#e0358a" }, outline: 0, shadow: 2, wordsPerLine: 4, animation: "pop" },
  doug: { ...base, font: "Anton", glyphWidth: CONDENSED, size: 164, text: "#ffffff", highlight: { mode: "color", color: "#b6ff00" }, outline: 8, wordsPerLine: 2 },
  // Bungee's tall vertical metrics draw it small for its nominal size.
  carlos: { ...base, font: "Bungee", glyphWidth: 0.9, size: 196, text: "#ffffff", highlight: { mode: "color", color: "#3b82f6" }, outline: 7, wordsPerLine: 2, animation: "bounce" },
  nick: { ...base, font: "Montserrat Black", size: 132, case: "lower", text: "#ffffff", highlight: { mode: "scale", color: "#ffffff" }, outline: 6, shadow: 5 },
  fire: { ...base, font: "Luckiest Guy", glyphWidth: WIDE, size: 150, text: "#ff7a00", highlight: { mode: "color", color: "#ffe600" }, outline: 8, outlineColor: "#b00000", glow: 4, wordsPerLine: 2, animation: "bounce" },
  neon: { ...base, font: "Bebas Neue", glyphWidth: CONDENSED, size: 174, text: "#ff2bd6", highlight: { mode: "color", color: "#00f0ff" }, outline: 10, outlineColor: "#3b0038", glow: 8, animation: "none" },
  william: { ...base, font: "Oswald", glyphWidth: CONDENSED, size: 124, case: "as-is", text: "#ffffff", highlight: { mode: "color", color: "#ffc400" }, outline: 6, shadow: 2, wordsPerLine: 4, animation: "none" },
  leon: { ...base, font: "Anton", glyphWidth: CONDENSED, size: 144, text: "#ffffff", highlight: { mode: "box", color: "#e11d48" }, outline: 0, shadow: 4, animation: "pop" },
  luke: { ...base, font: "Poppins ExtraBold", size: 126, text: "#ffffff", highlight: { mode: "color", color: "#a855f7" }, outline: 7 },
  classicWhite: { ...base, font: "Poppins SemiBold", size: 104, case: "as-is", text: "#ffffff", highlight: { mode: "opacity", color: "#ffffff" }, outline: 6, shadow: 2, wordsPerLine: 5, animation: "none" },
};

/** Width the captions may use: the frame less the side margins (see ass.ts). */
export const CAPTION_LINE_WIDTH = 840;

/** How many characters of this style fit on one caption line. */
export function maxLineChars(style: CaptionStyle): number {
  return Math.max(6, Math.floor(CAPTION_LINE_WIDTH / (style.size * style.glyphWidth)));
}
