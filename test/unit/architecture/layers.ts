import { Glob } from "bun";
import { dirname, join, relative, resolve } from "node:path";

/**
 * The layers of the service. A file belongs to the first layer whose pattern matches its path (so the
 * catch-all `src/**` comes after the edge and the root); it may import files of the layers it lists (its
 * own included) and nothing else, and every layer it lists sits at its rank or below.
 * docs/architecture.md explains the table.
 */
export interface Layer {
  name: string;
  /** 0 is the bottom; layers of one rank are siblings. */
  rank: number;
  /** Globs relative to the repository root. */
  files: string[];
  mayImport: string[];
}

export const LAYERS: readonly Layer[] = [
  // Timeline, pure ffmpeg plans, the render pool: knows nothing of templates, accounts or the database.
  { name: "render", rank: 0, files: ["render/**"], mayImport: ["render"] },
  // Schema, client, repositories: the only queries.
  { name: "db", rank: 0, files: ["db/**"], mayImport: ["db"] },
  // Leaf modules every layer may use: error codes, ids, logging, configuration, schema names.
  {
    name: "kernel",
    rank: 0,
    files: ["src/errors.ts", "src/ids.ts", "src/frozen-json.ts", "src/and-then.ts", "src/on-first-use.ts", "src/logger.ts", "src/recorder.ts", "src/faults.ts", "src/config.ts", "src/http/components.ts"],
    mayImport: ["kernel"],
  },
  // The typed API client, its CLI and MCP server: a package of its own, knowing the service only by its API.
  { name: "client", rank: 0, files: ["client/**"], mayImport: ["client"] },
  // The Studio: the web app served at /, run in the browser. It knows the service only through the typed
  // client, as any other caller does.
  { name: "studio", rank: 1, files: ["studio/**"], mayImport: ["studio", "client"] },
  // Pure limit decisions, mailboxes, the limiter and where its windows are kept.
  { name: "actors", rank: 1, files: ["actors/**"], mayImport: ["actors", "db", "kernel"] },
  // Ports to the outside world and their adapters: network, storage, queue, narration, content, media.
  {
    name: "adapters",
    rank: 1,
    files: ["src/net/**", "src/storage/**", "src/queue/**", "src/narration/**", "src/content/**", "src/media/**", "src/catalog/voices.ts"],
    mayImport: ["adapters", "render", "db", "kernel"],
  },
  // The HTTP edge: routes, the router, guides and the OpenAPI document.
  // The MCP endpoint is the client's MCP server bound to this router.
  { name: "edge", rank: 3, files: ["src/app.ts", "src/routes.ts", "src/**/routes.ts", "src/http/**", "src/docs/**"], mayImport: ["edge", "features", "adapters", "actors", "render", "db", "kernel", "client"] },
  // The composition root: process start-up, wiring, the admin command.
  {
    name: "root",
    rank: 4,
    files: ["src/main.ts", "src/server.ts", "src/build-deps.ts", "src/process-lock.ts", "src/private-files.ts", "src/admin/**", "src/metrics/**"],
    mayImport: ["root", "edge", "features", "adapters", "actors", "render", "db", "kernel"],
  },
  // Feature services (videos, templates, estimate, billing, scripts, previews, webhooks, ...): plain
  // functions that never see the HTTP request.
  { name: "features", rank: 2, files: ["src/**"], mayImport: ["features", "adapters", "actors", "render", "db", "kernel"] },
  // Operator scripts and benchmarks sit beside the service and may use any of it.
  { name: "tools", rank: 5, files: ["scripts/**", "bench/**"], mayImport: ["tools", "root", "edge", "features", "adapters", "actors", "render", "db", "kernel", "client"] },
];

/**
 * Packages that only one layer may import: the database drivers and query builder belong to db/; the
 * metrics library to the composition root (features tell a Recorder, src/recorder.ts).
 */
export const PACKAGE_OWNERS: Record<string, string> = { "drizzle-orm": "db", postgres: "db", "@electric-sql/pglite": "db", "prom-client": "root" };

/** The directories whose .ts and .tsx files are checked (tests may import anything). */
export const LAYERED_DIRS = ["render", "db", "actors", "src", "scripts", "bench", "client/src", "studio"];

const globs = LAYERS.map((layer) => ({ layer, globs: layer.files.map((f) => new Glob(f)) }));

export function layerOf(path: string): Layer | undefined {
  return globs.find(({ globs }) => globs.some((g) => g.match(path)))?.layer;
}

/**
 * Every module specifier a TypeScript source imports, type-only imports and re-exports included. Import
 * and export statements start a line in this code base, so text inside strings does not count.
 */
export function importsOf(source: string): string[] {
  const specifiers: string[] = [];
  const patterns = [
    /^\s*(?:import|export)\b[^;'"`]*?\bfrom\s*["']([^"']+)["']/gm,
    /^\s*import\s*["']([^"']+)["']/gm,
    /\bimport\(\s*["']([^"']+)["']\s*\)/g,
  ];
  for (const pattern of patterns) for (const match of source.matchAll(pattern)) specifiers.push(match[1]!);
  return specifiers;
}

export interface Violation {
  file: string;
  imports: string;
  rule: string;
}

/** The package a bare specifier names ("drizzle-orm/pg-core" -> "drizzle-orm"). */
function packageOf(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!;
}

/** Checks one file's imports against the table; `file` is relative to the repository root. */
export function violationsOf(file: string, source: string): Violation[] {
  const from = layerOf(file);
  if (!from) return [];
  const out: Violation[] = [];
  for (const specifier of importsOf(source)) {
    if (!specifier.startsWith(".")) {
      const owner = PACKAGE_OWNERS[packageOf(specifier)];
      if (owner && owner !== from.name) out.push({ file, imports: specifier, rule: `${from.name} may not import ${specifier} (only ${owner} may)` });
      continue;
    }
    const target = relative(".", join(dirname(file), specifier));
    if (target.startsWith("test/") || target.startsWith("../")) {
      out.push({ file, imports: target, rule: `${from.name} may not import outside the service's source` });
      continue;
    }
    const to = layerOf(target);
    if (!to) out.push({ file, imports: target, rule: `${target} belongs to no layer` });
    else if (!from.mayImport.includes(to.name)) out.push({ file, imports: target, rule: `${from.name} may not import ${to.name}` });
  }
  return out;
}

/** What only one module does: start ffmpeg (render/ffmpeg.ts) and open transactions (db/, through withTransaction). */
export function usageViolationsOf(file: string, source: string): Violation[] {
  const out: Violation[] = [];
  if (file !== "render/ffmpeg.ts" && /spawn(?:Sync)?\(\s*\[\s*["'](?:ffmpeg|ffprobe)["']/.test(source)) {
    out.push({ file, imports: "ffmpeg", rule: "only render/ffmpeg.ts spawns ffmpeg or ffprobe" });
  }
  if (!file.startsWith("db/") && /\.transaction\(/.test(source)) {
    out.push({ file, imports: "transaction", rule: "transactions open through withTransaction (db/client.ts)" });
  }
  return out;
}

/** Every violation in the tree at `root`. */
export async function checkTree(root: string): Promise<Violation[]> {
  const out: Violation[] = [];
  for (const dir of LAYERED_DIRS) {
    for await (const file of new Glob(`${dir}/**/*.{ts,tsx}`).scan({ cwd: root })) {
      const source = await Bun.file(resolve(root, file)).text();
      out.push(...violationsOf(file, source), ...usageViolationsOf(file, source));
    }
  }
  return out.sort((a, b) => a.file.localeCompare(b.file));
}
