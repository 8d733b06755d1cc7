import { existsSync, mkdirSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";

/** Open-licensed fonts (OFL / Apache-2.0) installed as npm packages: never fetched at run time. */
const FONT_FILES = [
  ["montserrat", "900Black/Montserrat_900Black.ttf"],
  ["montserrat", "800ExtraBold/Montserrat_800ExtraBold.ttf"],
  ["poppins", "400Regular/Poppins_400Regular.ttf"],
  ["poppins", "600SemiBold/Poppins_600SemiBold.ttf"],
  ["poppins", "700Bold/Poppins_700Bold.ttf"],
  ["poppins", "800ExtraBold/Poppins_800ExtraBold.ttf"],
  ["oswald", "400Regular/Oswald_400Regular.ttf"],
  ["oswald", "700Bold/Oswald_700Bold.ttf"],
  ["anton", "400Regular/Anton_400Regular.ttf"],
  ["bangers", "400Regular/Bangers_400Regular.ttf"],
  ["bebas-neue", "400Regular/BebasNeue_400Regular.ttf"],
  ["luckiest-guy", "400Regular/LuckiestGuy_400Regular.ttf"],
  ["permanent-marker", "400Regular/PermanentMarker_400Regular.ttf"],
  ["bungee", "400Regular/Bungee_400Regular.ttf"],
] as const;

export function fontFile(pkg: string, file: string): string {
  return join(dirname(Bun.resolveSync(`@expo-google-fonts/${pkg}/package.json`, import.meta.dir)), file);
}

let dir: string | undefined;

/** A folder holding every caption and card font, for libass's `fontsdir` (made once per process). */
export function fontsDir(): string {
  if (dir) return dir;
  const target = join(tmpdir(), `shortvid-fonts-${process.getuid?.() ?? 0}`);
  mkdirSync(target, { recursive: true });
  for (const [pkg, file] of FONT_FILES) {
    const link = join(target, basename(file));
    if (!existsSync(link)) {
      try {
        symlinkSync(fontFile(pkg, file), link);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      }
    }
  }
  dir = target;
  return target;
}
