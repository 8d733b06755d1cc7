import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { scenePath } from "./bundle.ts";
import { CHROMIUM_FLAGS } from "./chromium.ts";
import { loopEncodeArgs } from "./encode.ts";
import { FOOTAGE_FPS, LOOP_SECONDS, RENDER_HEIGHT, RENDER_WIDTH, type FootageRecipe } from "./recipes.ts";
import { CAPTURE_QUALITY } from "./render-loop.ts";

/**
 * What a stored loop depends on, hashed: the scene's source and every local module it imports, the
 * versions of the packages it imports (three.js), the page host, the browser flags and the encoding.
 * Read synchronously from the sources (the service computes its media folder at start), it names exactly
 * what the bundle would contain.
 */
const HOST_SOURCES = [join(import.meta.dir, "host.ts"), join(import.meta.dir, "scene.ts")];
const transpiler = new Bun.Transpiler({ loader: "ts" });

function packageVersion(name: string, from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const manifest = join(dir, "node_modules", name, "package.json");
    if (existsSync(manifest)) return `${name}@${JSON.parse(readFileSync(manifest, "utf8")).version}`;
    if (dirname(dir) === dir) return `${name}@missing`;
  }
}

/** What a module imports; none when it does not parse (being edited): its text is hashed all the same. */
function importsOf(code: string): { path: string }[] {
  try {
    return transpiler.scanImports(code);
  } catch {
    return [];
  }
}

/** Hash of a scene's code and everything it imports; null when the scene does not exist yet. */
export function sceneSourceHash(slug: string): string | null {
  const entry = scenePath(slug);
  if (!existsSync(entry)) return null;
  const hasher = new Bun.CryptoHasher("sha256");
  const seen = new Set<string>();
  const queue = [entry, ...HOST_SOURCES];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    // A scene importing a file that is not there yet still gets a key (its bundle will fail and say
    // why); the service computes these at start and must not fail on a scene being written.
    const code = existsSync(file) ? readFileSync(file, "utf8") : "";
    hasher.update(`${file.slice(import.meta.dir.length)}\n${existsSync(file) ? code : "(missing)"}\n`);
    for (const { path } of importsOf(code)) {
      if (path.startsWith(".")) queue.push(resolve(dirname(file), path));
      else hasher.update(packageVersion(path.startsWith("@") ? path.split("/").slice(0, 2).join("/") : path.split("/")[0]!, dirname(file)));
    }
  }
  return hasher.digest("hex").slice(0, 16);
}

const PIPELINE = JSON.stringify({
  fps: FOOTAGE_FPS,
  loopSeconds: LOOP_SECONDS,
  size: [RENDER_WIDTH, RENDER_HEIGHT],
  quality: CAPTURE_QUALITY,
  flags: CHROMIUM_FLAGS,
  periodic: loopEncodeArgs({ frames: 2, crossfadeFrames: 0, grain: 0, seed: 0 }, "out.mp4"),
  crossfade: loopEncodeArgs({ frames: 4, crossfadeFrames: 2, grain: 1, seed: 1 }, "out.mp4"),
});

/** Identity of one stored loop: equal keys mean an identical clip, wherever it was made. */
export function loopKey(recipe: FootageRecipe): string | null {
  const scene = sceneSourceHash(recipe.slug);
  if (!scene) return null;
  return new Bun.CryptoHasher("sha256").update(JSON.stringify([recipe, scene, PIPELINE])).digest("hex").slice(0, 16);
}
