/** Background categories of the spec; footage for each is provided by the media library. */
export const BACKGROUND_CATEGORIES = [
  "Minecraft",
  "Mario Kart",
  "GTA V",
  "Subway Surfers",
  "Satisfying",
  "Backrooms",
  "Roblox",
] as const;

export type BackgroundCategory = (typeof BACKGROUND_CATEGORIES)[number];

export const DEFAULT_BACKGROUND_CATEGORY: BackgroundCategory = "Subway Surfers";

/** Stable slug used in asset ids and folder names: "Mario Kart" -> "mario-kart". */
export function categorySlug(category: string): string {
  return category.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
}
