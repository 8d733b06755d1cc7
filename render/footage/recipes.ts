/**
 * The built-in loops: two per background category, each a scene module (`scenes/<slug>.ts`) run with a
 * variant name and a seed. The asset id is `bg_<slug>_<name>`, so these names are stable.
 */
export interface FootageRecipe {
  /** Category slug, also the scene module's file name. */
  slug: string;
  /** Loop name; the scene receives it as `ctx.variant`. */
  name: string;
  seed: number;
}

export const FOOTAGE_RECIPES: readonly FootageRecipe[] = [
  { slug: "subway-surfers", name: "rails", seed: 2 },
  { slug: "subway-surfers", name: "subway-dash", seed: 4 },
  { slug: "minecraft", name: "grass-run", seed: 11 },
  { slug: "minecraft", name: "plains-run", seed: 77 },
  { slug: "mario-kart", name: "star-circuit", seed: 25 },
  { slug: "mario-kart", name: "rainbow-road", seed: 5 },
  { slug: "gta-v", name: "downtown", seed: 59 },
  { slug: "gta-v", name: "night-drive", seed: 13 },
  { slug: "satisfying", name: "ring-balls", seed: 3 },
  { slug: "satisfying", name: "marble-run", seed: 31 },
  { slug: "backrooms", name: "yellow-halls", seed: 7 },
  { slug: "backrooms", name: "flicker", seed: 22 },
  { slug: "roblox", name: "studs", seed: 9 },
  { slug: "roblox", name: "block-party", seed: 44 },
];

/** Frames per second of the stored loops and of the capture (one capture per frame). */
export const FOOTAGE_FPS = 30;
/** Length of every loop: long enough that a 60 s video repeats it only twice. */
export const LOOP_SECONDS = 20;
/** Size the scenes are drawn at; ffmpeg scales it to 1080x1920 (lanczos). */
export const RENDER_WIDTH = 540;
export const RENDER_HEIGHT = 960;

export function findRecipe(slug: string, name: string): FootageRecipe | undefined {
  return FOOTAGE_RECIPES.find((recipe) => recipe.slug === slug && recipe.name === name);
}
