import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { App } from "./app.ts";

/** Where scripts/build-studio.ts leaves the bundle (an ignored folder). */
export const STUDIO_DIR = resolve(import.meta.dir, "../../dist/studio");

/** The built Studio, read once at start: its page and every hashed asset by name. */
export interface StudioAssets {
  html: string;
  assets: Map<string, { body: Uint8Array<ArrayBuffer>; type: string }>;
}

const TYPES: Record<string, string> = {
  js: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  map: "application/json; charset=utf-8",
  svg: "image/svg+xml",
  png: "image/png",
  woff2: "font/woff2",
};

/** The built Studio in `dir`, or undefined when it was never built (set-up builds it). */
export function loadStudio(dir = STUDIO_DIR): StudioAssets | undefined {
  const manifestPath = join(dir, "manifest.json");
  if (!existsSync(manifestPath)) return undefined;
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as { assets: string[] };
  const assets = new Map<string, { body: Uint8Array<ArrayBuffer>; type: string }>();
  for (const name of manifest.assets) {
    const extension = name.slice(name.lastIndexOf(".") + 1);
    assets.set(name, { body: new Uint8Array(readFileSync(join(dir, "assets", name))), type: TYPES[extension] ?? "application/octet-stream" });
  }
  return { html: readFileSync(join(dir, "index.html"), "utf8"), assets };
}

/**
 * The page's policy. Scripts and styles only from this origin (no inline code, so an injected string
 * can never run); the API is called on this origin only. Videos, posters and teaser audio come through
 * the service's own download links, which may name PUBLIC_BASE_URL's origin and redirect to a bucket.
 */
export function contentSecurityPolicy(mediaOrigins: readonly string[]): string {
  const media = ["'self'", ...new Set(mediaOrigins)].join(" ");
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "connect-src 'self'",
    `img-src ${media} data:`,
    `media-src ${media}`,
    "font-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** A problem body like the API's own 404, so an unknown asset reads like any unknown path. */
function notFound(path: string): Response {
  const body = { type: "about:blank", title: "Not found", status: 404, detail: `No Studio asset at ${path}.`, code: "NOT_FOUND" };
  return new Response(JSON.stringify(body), { status: 404, headers: { "content-type": "application/problem+json; charset=utf-8" } });
}

/**
 * Adds the Studio's two static routes to the app: the page at `/` and its hashed assets under
 * `/studio/assets/`. They sit outside the API's route table, so the OpenAPI document, the guides and
 * the request metrics never list them.
 */
export function mountStudio(app: App, studio: StudioAssets, mediaOrigins: readonly string[]): App {
  const pageHeaders = {
    "content-type": "text/html; charset=utf-8",
    "content-security-policy": contentSecurityPolicy(mediaOrigins),
    // The page names the current hashed assets, so it is checked again on every visit.
    "cache-control": "no-cache",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
  };
  app.get("/", () => new Response(studio.html, { headers: pageHeaders }));
  app.get("/studio/assets/:name", ({ params }) => {
    const asset = studio.assets.get(params.name);
    if (!asset) return notFound(`/studio/assets/${params.name}`);
    // Names carry their content's hash: a changed file is a new name, so each can be kept for a year.
    return new Response(asset.body, { headers: { "content-type": asset.type, "cache-control": "public, max-age=31536000, immutable", "x-content-type-options": "nosniff" } });
  });
  return app;
}
