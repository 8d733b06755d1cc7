import { FOOTAGE_RECIPES } from "../footage/recipes.ts";
import { loopKey } from "../footage/version.ts";

/**
 * The built-in footage: background loops rendered from the 3D scenes of render/footage (two per category,
 * see FOOTAGE_RECIPES), stored in a folder of the media cache named by their version. Music and sound
 * effects live in their own folder (generated-audio.ts), so a new sound never moves this one.
 */
let version: string | undefined;

/**
 * Changes whenever what set-up would produce changes (a scene's code or what it imports, a recipe, the
 * capture or encoding settings), so the cache folder is regenerated rather than reused. A
 * scene not written yet counts as missing, so its arrival also moves the folder; loops whose own key
 * did not change are then linked from the previous folder, not rendered again.
 */
export function recipesVersion(): string {
  version ??= new Bun.CryptoHasher("sha256")
    .update(JSON.stringify([FOOTAGE_RECIPES.map((recipe) => loopKey(recipe) ?? "missing")]))
    .digest("hex")
    .slice(0, 10);
  return version;
}

export function thumbnailArgs(videoPath: string, outPath: string): string[] {
  return ["-ss", "1", "-i", videoPath, "-frames:v", "1", "-vf", "scale=270:480", "-q:v", "4", outPath];
}
