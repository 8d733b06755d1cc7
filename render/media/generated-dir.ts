import { join } from "node:path";
import { recipesVersion } from "./generated-backgrounds.ts";

/** The folder of the current recipes' output inside the media cache. */
export function generatedMediaDir(cacheDir: string): string {
  return join(cacheDir, recipesVersion());
}
