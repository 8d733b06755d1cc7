/**
 * The built-in loops: three per background category, each a scene module (`scenes/<slug>.ts`) run with a
 * variant and a seed. A video plays its category's loops one after another (three 20 s loops: a 60 s
 * video shows no stretch twice). The asset id is `bg_<slug>_<name>`, so these names are stable.
 */
export interface FootageRecipe {
  /** Category slug, also the scene module's file name. */
  slug: string;
  /** Loop name, in the asset id. */
  name: string;
  /** The look the scene draws (`ctx.variant`) when it is not the name: a third loop is another world of a look. */
  variant?: string;
  seed: number;
}

export const FOOTAGE_RECIPES: readonly FootageRecipe[] = [
  { slug: "subway-surfers", name: "rails", seed: 2 },
  { slug: "subway-surfers", name: "subway-dash", seed: 4 },
  { slug: "subway-surfers", name: "depot-run", variant: "rails", seed: 6 },
  { slug: "minecraft", name: "grass-run", seed: 11 },
  { slug: "minecraft", name: "plains-run", seed: 77 },
  { slug: "minecraft", name: "hill-run", variant: "grass-run", seed: 31 },
  { slug: "mario-kart", name: "star-circuit", seed: 25 },
  // The world this loop has always shown: seeds 5 and up drew tracks where the chase camera sees the road from below on the descents.
  { slug: "mario-kart", name: "rainbow-road", seed: 387276917 },
  { slug: "mario-kart", name: "lake-circuit", variant: "star-circuit", seed: 38 },
  { slug: "gta-v", name: "downtown", seed: 59 },
  { slug: "gta-v", name: "night-drive", seed: 13 },
  { slug: "gta-v", name: "uptown", variant: "downtown", seed: 71 },
  { slug: "satisfying", name: "ring-balls", seed: 3 },
  { slug: "satisfying", name: "marble-run", seed: 31 },
  { slug: "satisfying", name: "ring-cascade", variant: "ring-balls", seed: 17 },
  { slug: "backrooms", name: "yellow-halls", seed: 7 },
  { slug: "backrooms", name: "flicker", seed: 22 },
  { slug: "backrooms", name: "long-halls", variant: "yellow-halls", seed: 19 },
  { slug: "roblox", name: "studs", seed: 9 },
  { slug: "roblox", name: "block-party", seed: 44 },
  { slug: "roblox", name: "obby", variant: "studs", seed: 27 },
];

/** Frames per second of the stored loops and of the capture (one capture per frame). */
export const FOOTAGE_FPS = 30;
/** Length of every loop; a category's three loops together cover a 60 s video. */
export const LOOP_SECONDS = 20;
/**
 * Size the scenes are drawn at and the loops are stored at; the render doubles them to 1080x1920 (bilinear)
 * as it composes, which costs less than decoding a stored 1080x1920 loop.
 */
export const RENDER_WIDTH = 540;
export const RENDER_HEIGHT = 960;

export function findRecipe(slug: string, name: string): FootageRecipe | undefined {
  return FOOTAGE_RECIPES.find((recipe) => recipe.slug === slug && recipe.name === name);
}

/** The look a recipe's scene draws. */
export const sceneVariant = (recipe: FootageRecipe) => recipe.variant ?? recipe.name;
