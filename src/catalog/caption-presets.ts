/** The 17 caption presets of the spec, in the spec's order. Their looks live with the renderer. */
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
