/**
 * Bundles the Studio (studio/src, Preact in TSX) into dist/studio/ with Bun's bundler: content-hashed
 * JS and CSS (served with a year's cache), an index.html naming them, and manifest.json listing every
 * file so the server serves exactly those and nothing else from the folder. Run by scripts/setup.sh; the
 * folder is rebuilt from scratch each time so no stale hashed file lingers.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";

const ROOT = resolve(import.meta.dir, "..");
export const STUDIO_OUT_DIR = join(ROOT, "dist", "studio");

export interface StudioBuild {
  outDir: string;
  /** File names under outDir/assets, hashed. */
  assets: string[];
  script: string;
  stylesheet: string;
}

/** The page shell: no inline script or style, so the CSP can forbid both. */
function indexHtml(script: string, stylesheet: string): string {
  return [
    "<!doctype html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    "<title>Shortvid Studio</title>",
    // An empty icon: otherwise the browser asks for /favicon.ico, a path the service does not serve.
    '<link rel="icon" href="data:,">',
    `<link rel="stylesheet" href="/studio/assets/${stylesheet}">`,
    `<script type="module" src="/studio/assets/${script}"></script>`,
    "</head>",
    "<body>",
    '<div id="app"><p class="boot">Loading the Studio…</p></div>',
    '<noscript><p>The Studio needs JavaScript. The API works without it: see <a href="/v1/llms.txt">/v1/llms.txt</a>.</p></noscript>',
    "</body>",
    "</html>",
    "",
  ].join("\n");
}

export async function buildStudio(outDir = STUDIO_OUT_DIR): Promise<StudioBuild> {
  rmSync(outDir, { recursive: true, force: true });
  const assetsDir = join(outDir, "assets");
  mkdirSync(assetsDir, { recursive: true });
  const result = await Bun.build({
    entrypoints: [join(ROOT, "studio/src/main.tsx")],
    outdir: assetsDir,
    target: "browser",
    minify: true,
    splitting: true,
    naming: { entry: "[name]-[hash].[ext]", chunk: "chunk-[hash].[ext]", asset: "[name]-[hash].[ext]" },
    define: { "process.env.NODE_ENV": '"production"' },
  });
  if (!result.success) throw new AggregateError(result.logs, "the Studio failed to build");
  const assets = readdirSync(assetsDir).sort();
  const script = assets.find((name) => /^main-.*\.js$/.test(name));
  const stylesheet = assets.find((name) => name.endsWith(".css"));
  if (!script || !stylesheet) throw new Error(`the Studio build made no entry script or stylesheet: ${assets.join(", ")}`);
  writeFileSync(join(outDir, "index.html"), indexHtml(script, stylesheet));
  const build: StudioBuild = { outDir, assets, script: basename(script), stylesheet: basename(stylesheet) };
  writeFileSync(join(outDir, "manifest.json"), JSON.stringify({ assets, script, stylesheet }, null, 2));
  return build;
}

if (import.meta.main) {
  const build = await buildStudio(process.argv[2] ? resolve(process.argv[2]) : undefined);
  console.error(`studio: built ${build.assets.length} files into ${build.outDir}`);
}
