import type { CaptionPresetId } from "../../src/catalog/caption-presets.ts";

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
  animation: "pop" | "bounce" | "none";
}

const base: Omit<CaptionStyle, "font" | "text" | "highlight"> = {
  size: 84,
  bold: false,
  case: "upper",
  outline: 7,
  outlineColor: "#000000",
  shadow: 0,
  shadowColor: "#000000",
  glow: 0,
  wordsPerLine: 3,
  animation: "pop",
};

export const CAPTION_STYLES: Record<CaptionPresetId, CaptionStyle> = {
  hormozi: { ...base, font: "Montserrat Black", size: 92, text: "#ffffff", highlight: { mode: "color", color: "#ffe600" }, outline: 9 },
  beast: { ...base, font: "Luckiest Guy", size: 104, text: "#ffffff", highlight: { mode: "color", color: "#ff2e2e" }, outline: 10, shadow: 6, wordsPerLine: 2, animation: "bounce" },
  ali: { ...base, font: "Poppins SemiBold", size: 72, case: "as-is", text: "#ffffff", highlight: { mode: "box", color: "#7c3aed" }, outline: 0, shadow: 3, wordsPerLine: 4, animation: "none" },
  iman: { ...base, font: "Montserrat ExtraBold", size: 86, text: "#ffffff", highlight: { mode: "color", color: "#22c55e" }, outline: 7 },
  devin: { ...base, font: "Oswald", bold: true, size: 96, text: "#ffffff", highlight: { mode: "color", color: "#00e5ff" }, outline: 6, animation: "none" },
  matt: { ...base, font: "Bebas Neue", size: 120, text: "#ffd400", highlight: { mode: "color", color: "#ffffff" }, outline: 7, wordsPerLine: 2, animation: "bounce" },
  kendrick: { ...base, font: "Permanent Marker", size: 88, case: "as-is", text: "#ffffff", highlight: { mode: "color", color: "#ff8a00" }, outline: 5, shadow: 4 },
  laura: { ...base, font: "Poppins", bold: true, size: 74, case: "as-is", text: "#ffffff", highlight: { mode: "box", color: "#ff4fa3" }, outline: 0, shadow: 2, wordsPerLine: 4, animation: "pop" },
  doug: { ...base, font: "Anton", size: 110, text: "#ffffff", highlight: { mode: "color", color: "#b6ff00" }, outline: 8, wordsPerLine: 2 },
  carlos: { ...base, font: "Bungee", size: 80, text: "#ffffff", highlight: { mode: "color", color: "#3b82f6" }, outline: 7, wordsPerLine: 2, animation: "bounce" },
  nick: { ...base, font: "Montserrat Black", size: 88, case: "lower", text: "#ffffff", highlight: { mode: "scale", color: "#ffffff" }, outline: 6, shadow: 5 },
  fire: { ...base, font: "Luckiest Guy", size: 100, text: "#ff7a00", highlight: { mode: "color", color: "#ffe600" }, outline: 8, outlineColor: "#b00000", glow: 4, wordsPerLine: 2, animation: "bounce" },
  neon: { ...base, font: "Bebas Neue", size: 116, text: "#ff2bd6", highlight: { mode: "color", color: "#00f0ff" }, outline: 5, outlineColor: "#3b0038", glow: 8, animation: "none" },
  william: { ...base, font: "Oswald", size: 82, case: "as-is", text: "#ffffff", highlight: { mode: "color", color: "#ffc400" }, outline: 4, shadow: 2, wordsPerLine: 4, animation: "none" },
  leon: { ...base, font: "Anton", size: 96, text: "#ffffff", highlight: { mode: "box", color: "#e11d48" }, outline: 0, shadow: 4, animation: "pop" },
  luke: { ...base, font: "Poppins ExtraBold", size: 84, text: "#ffffff", highlight: { mode: "color", color: "#a855f7" }, outline: 7 },
  classicWhite: { ...base, font: "Poppins SemiBold", size: 70, case: "as-is", text: "#ffffff", highlight: { mode: "opacity", color: "#ffffff" }, outline: 4, shadow: 2, wordsPerLine: 5, animation: "none" },
};
