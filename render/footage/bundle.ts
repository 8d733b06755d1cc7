import { existsSync } from "node:fs";
import { join } from "node:path";

/**
 * Bundles one scene module with the page host and three.js into a single classic script for the browser,
 * so the page loads nothing from anywhere. The bundle's hash names what the scene draws: it changes with
 * the scene's code, three.js or the host, and goes into the recipe version.
 */
export const SCENES_DIR = join(import.meta.dir, "scenes");
const HOST_PATH = join(import.meta.dir, "host.ts");

export interface SceneBundle {
  code: string;
  hash: string;
}

export function scenePath(slug: string): string {
  return join(SCENES_DIR, `${slug}.ts`);
}

const cache = new Map<string, Promise<SceneBundle>>();

export function bundleScene(slug: string): Promise<SceneBundle> {
  let bundle = cache.get(slug);
  if (!bundle) {
    bundle = build(slug);
    cache.set(slug, bundle);
    bundle.catch(() => cache.delete(slug));
  }
  return bundle;
}

async function build(slug: string): Promise<SceneBundle> {
  const path = scenePath(slug);
  if (!existsSync(path)) throw new Error(`footage: no scene for "${slug}" (expected ${path})`);
  const entry = `import factory from ${JSON.stringify(path)};\nimport { installHost } from ${JSON.stringify(HOST_PATH)};\ninstallHost(factory);\n`;
  const result = await Bun.build({
    entrypoints: ["footage-entry"],
    target: "browser",
    format: "iife",
    minify: true,
    plugins: [
      {
        name: "footage-entry",
        setup(builder) {
          builder.onResolve({ filter: /^footage-entry$/ }, () => ({ path: "footage-entry", namespace: "footage" }));
          builder.onLoad({ filter: /.*/, namespace: "footage" }, () => ({ contents: entry, loader: "ts", resolveDir: import.meta.dir }));
        },
      },
    ],
  });
  if (!result.success) throw new Error(`footage: bundling ${slug} failed: ${result.logs.map(String).join("\n")}`);
  const code = await result.outputs[0]!.text();
  return { code, hash: new Bun.CryptoHasher("sha256").update(code).digest("hex").slice(0, 12) };
}
